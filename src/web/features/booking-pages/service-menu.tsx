import { useLingui } from "@lingui/react";
import type { ServiceMenuView, ServiceSummary } from "../../../app/pages/public-pages.ts";
import { MessageNaming, useBusinessLang } from "../../components/locale.tsx";

export function ServiceMenu({ menu, selected }: { menu: ServiceMenuView; selected?: ServiceSummary }) {
  const { i18n } = useLingui();
  const lang = useBusinessLang();
  return (
    <section aria-labelledby="menu-title">
      <h1 id="menu-title" lang={lang}>
        {menu.name}
      </h1>
      {menu.description ? <p lang={lang}>{menu.description}</p> : null}
      {selected ? (
        <p className="notice">
          <MessageNaming id="serviceMenu.selected" name="name" text={selected.name} />
        </p>
      ) : null}
      <h2>{i18n._("serviceMenu.services")}</h2>
      <ul className="choice-list">
        {menu.services.map((service) => (
          <li key={service.id} className="choice-list__item">
            <span className="choice-list__name" lang={lang}>
              {service.name}
            </span>
            <span className="choice-list__meta">
              {i18n._("calendar.duration", { minutes: service.durationMinutes })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

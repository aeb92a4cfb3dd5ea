import { useLingui } from "@lingui/react";
import type { ServiceMenuView, ServiceSummary } from "../../../app/pages/public-pages.ts";

export function ServiceMenu({ menu, selected }: { menu: ServiceMenuView; selected?: ServiceSummary }) {
  const { i18n } = useLingui();
  return (
    <section aria-labelledby="menu-title">
      <h1 id="menu-title">{menu.name}</h1>
      {menu.description ? <p>{menu.description}</p> : null}
      {selected ? <p className="notice">{i18n._("serviceMenu.selected", { name: selected.name })}</p> : null}
      <h2>{i18n._("serviceMenu.services")}</h2>
      <ul className="choice-list">
        {menu.services.map((service) => (
          <li key={service.id} className="choice-list__item">
            <span className="choice-list__name">{service.name}</span>
            <span className="choice-list__meta">
              {i18n._("calendar.duration", { minutes: service.durationMinutes })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

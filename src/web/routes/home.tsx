import { useLingui } from "@lingui/react";
import { LocaleLink } from "../components/locale.tsx";
import { requireFound } from "../features/errors/route-errors.ts";
import type { Route } from "./+types/home";
import { useBusinessLang } from "../components/locale.tsx";

export async function loader({ context, request }: Route.LoaderArgs) {
  const business = requireFound(await context.business(), request);
  return context.pages.home(business);
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.business.name ?? "" }];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const businessLang = useBusinessLang();
  const { business, calendars, groups, serviceMenus, pages } = loaderData;
  return (
    <div className="home">
      <h1>{i18n._("home.title", { business: business.name })}</h1>
      <p>{i18n._("home.intro")}</p>
      <h2 id="calendars">{i18n._("home.calendars")}</h2>
      <ul className="choice-list">
        {calendars.map((c) => (
          <li key={c.id}>
            <LocaleLink className="choice-list__item" to={`/widget/booking/${c.id}`}>
              <span className="choice-list__name" lang={businessLang}>
                {c.name}
              </span>
              <span className="choice-list__meta">{i18n._(`calendar.type.${c.type}`)}</span>
            </LocaleLink>
          </li>
        ))}
      </ul>
      <h2 id="groups">{i18n._("home.groups")}</h2>
      <ul>
        {groups.map((g) => (
          <li key={g.id}>
            <LocaleLink to={`/widget/groups/${g.slug}`} lang={businessLang}>
              {g.name}
            </LocaleLink>
          </li>
        ))}
      </ul>
      <h2 id="service-menus">{i18n._("home.serviceMenus")}</h2>
      <ul>
        {serviceMenus.map((m) => (
          <li key={m.id}>
            <LocaleLink to={`/widget/service-menus/${m.slug}`} lang={businessLang}>
              {m.name}
            </LocaleLink>
          </li>
        ))}
      </ul>
      <h2 id="pages">{i18n._("home.content")}</h2>
      <ul>
        {pages.map((p) => (
          <li key={p.path}>
            <LocaleLink to={`/${p.path}`} lang={businessLang}>
              {p.title}
            </LocaleLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

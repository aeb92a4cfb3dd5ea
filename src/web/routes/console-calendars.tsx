import { useLingui } from "@lingui/react";
import { useMemo } from "react";
import { Link } from "react-router";
import type { CalendarView } from "../../app/business/ports.ts";
import { languageTag } from "../../i18n/locales.ts";
import { callApi } from "../features/console/console-api.ts";
import { consolePath, consoleMeta, requireOwner, type OwnerData } from "../features/console/console-session.ts";
import { NotAllowed } from "../features/console/not-allowed.tsx";
import { CopyButton } from "../features/console/copy-button.tsx";
import type { Route } from "./+types/console-calendars";

type CalendarWithUrl = CalendarView & { readonly url: string };

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const entered = await requireOwner(request);
  if (!entered.allowed) return entered;
  const { locale } = entered;
  const calendars = await callApi<CalendarWithUrl[]>(locale, "GET", "/business/calendars");
  return { allowed: true as const, locale, calendars };
}
clientLoader.hydrate = true as const;

export const meta: Route.MetaFunction = ({ matches }) => consoleMeta(matches, "console.calendars.title");

/** Every calendar of the business, of every type, with its public link to copy and the way to its settings. */
export default function ConsoleCalendars({ loaderData }: Route.ComponentProps) {
  if (!loaderData.allowed) return <NotAllowed session={loaderData.session} locale={loaderData.locale} />;
  return <CalendarList loaderData={loaderData} />;
}

function CalendarList({ loaderData }: { loaderData: OwnerData<Route.ComponentProps["loaderData"]> }) {
  const { i18n } = useLingui();
  const { locale, calendars } = loaderData;
  const minutes = useMemo(
    () => new Intl.NumberFormat(languageTag(locale), { style: "unit", unit: "minute", unitDisplay: "long" }),
    [locale],
  );
  return (
    <section aria-labelledby="calendars-title" className="console-screen">
      <div className="console-screen__head">
        <h1 id="calendars-title">{i18n._("console.calendars.title")}</h1>
        <Link className="console-button" to={consolePath("/console/calendars/new", locale)}>
          {i18n._("console.calendars.new")}
        </Link>
      </div>
      {calendars.length === 0 ? (
        <p className="console-empty">{i18n._("console.calendars.none")}</p>
      ) : (
        <ul className="console-list">
          {calendars.map((calendar) => (
            <li key={calendar.id}>
              <article
                className={`console-card${calendar.isActive ? "" : " console-card--inactive"}`}
                aria-labelledby={`calendar-${calendar.id}`}
              >
                <div className="console-card__main">
                  <h2 id={`calendar-${calendar.id}`}>
                    <Link to={consolePath(`/console/calendars/${calendar.id}`, locale)}>{calendar.name}</Link>
                  </h2>
                  <p className="console-muted">
                    {i18n._(`console.calendars.type.${calendar.type}`)}
                    {" · "}
                    {minutes.format(calendar.settings.durationMinutes)}
                    {" · "}
                    <span className={`console-state console-state--${calendar.isActive ? "on" : "off"}`}>
                      {i18n._(calendar.isActive ? "console.calendars.active" : "console.calendars.inactive")}
                    </span>
                  </p>
                  <p className="console-link-line">
                    <a href={calendar.url} target="_blank" rel="noreferrer">
                      {calendar.url}
                    </a>
                  </p>
                </div>
                <div className="console-card__actions">
                  <CopyButton
                    text={calendar.url}
                    label={i18n._("console.calendars.copyLinkOf", { name: calendar.name })}
                  />
                  <Link
                    className="console-button console-button--quiet"
                    to={consolePath(`/console/calendars/${calendar.id}`, locale)}
                    aria-label={i18n._("console.calendars.editOf", { name: calendar.name })}
                  >
                    {i18n._("console.calendars.edit")}
                  </Link>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

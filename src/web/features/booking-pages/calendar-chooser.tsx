import { useLingui } from "@lingui/react";
import { useLocation } from "react-router";
import { LocaleLink, stripLocalePrefix } from "../../components/locale.tsx";
import { LOCALE_ROUTING } from "../../../i18n/routing/config.ts";
import type { CalendarSummary } from "../../../app/pages/public-pages.ts";
import { chooserReturnPath, FROM_PARAM } from "../../components/chooser-return.ts";
import { useBusinessLang } from "../../components/locale.tsx";

/** A list of calendars to choose from (groups, multi-calendar links). */
export function CalendarChooser({
  title,
  isOwnTitle = false,
  description,
  calendars,
}: {
  title: string;
  /** The title is the business's (a group's name), not the product's. */
  isOwnTitle?: boolean;
  description?: string;
  calendars: CalendarSummary[];
}) {
  const { i18n } = useLingui();
  const lang = useBusinessLang();
  // Each calendar's page offers the way back here (chooser-return.ts).
  const from = chooserReturnPath(stripLocalePrefix(useLocation().pathname, LOCALE_ROUTING));
  const back = from ? `?${FROM_PARAM}=${encodeURIComponent(from)}` : "";
  return (
    <section className="calendar-chooser" aria-labelledby="chooser-title">
      <h1 id="chooser-title" lang={isOwnTitle ? lang : undefined}>
        {title}
      </h1>
      {description ? <p lang={lang}>{description}</p> : null}
      <ul className="choice-list">
        {calendars.map((calendar) => (
          <li key={calendar.id}>
            <LocaleLink className="choice-list__item" to={`/widget/booking/${calendar.id}${back}`}>
              <span className="choice-list__name" lang={lang}>
                {calendar.name}
              </span>
              <span className="choice-list__meta">
                {i18n._(`calendar.type.${calendar.type}`)} ·{" "}
                {i18n._("calendar.duration", { minutes: calendar.durationMinutes })}
              </span>
            </LocaleLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

import { useLingui } from "@lingui/react";
import type { CalendarSummary } from "../../../app/pages/public-pages.ts";
import { useBusinessLang } from "../../components/locale.tsx";

/** The calendar's name and description: the head of every booking page. */
export function CalendarIntro({ calendar, headingLevel = 1 }: { calendar: CalendarSummary; headingLevel?: 1 | 2 }) {
  const { i18n } = useLingui();
  const Heading = headingLevel === 1 ? "h1" : "h2";
  const lang = useBusinessLang();
  return (
    <section className="calendar-intro" aria-labelledby={`calendar-${calendar.id}`}>
      <p className="calendar-intro__type">{i18n._(`calendar.type.${calendar.type}`)}</p>
      <Heading id={`calendar-${calendar.id}`} lang={lang}>
        {calendar.name}
      </Heading>
      <p className="calendar-intro__meta">{i18n._("calendar.duration", { minutes: calendar.durationMinutes })}</p>
      {calendar.description ? (
        <p className="calendar-intro__description" lang={lang}>
          {calendar.description}
        </p>
      ) : null}
    </section>
  );
}

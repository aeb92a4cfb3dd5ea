/**
 * Hours and instants as the console shows and edits them: times of day in the page's language, and
 * `datetime-local` values read and written in a staff member's own time zone (core/shared/time.ts).
 */
import type { TimeInterval } from "../../../core/calendar/calendar.ts";
import { localDateTimeToEpochMs, parseTimeOfDay } from "../../../core/shared/time.ts";
import { languageTag, type LocaleCode } from "../../../i18n/locales.ts";

export function hoursFormatters(locale: LocaleCode, timeZone: string) {
  const tag = languageTag(locale);
  const time = new Intl.DateTimeFormat(tag, { timeZone: "UTC", hour: "numeric", minute: "2-digit" });
  const date = new Intl.DateTimeFormat(tag, {
    timeZone: "UTC",
    weekday: "short",
    day: "numeric",
    month: "long",
    year: "numeric",
  });
  const instant = new Intl.DateTimeFormat(tag, { timeZone, dateStyle: "medium", timeStyle: "short" });
  const timeOfDay = (value: string) => {
    const minutes = parseTimeOfDay(value) ?? 0;
    return time.format(new Date(Date.UTC(2024, 0, 1, 0, minutes)));
  };
  return {
    /** "9:00 AM – 5:00 PM, 6:00 – 8:00 PM" (times of day, no zone involved). */
    intervals: (list: readonly TimeInterval[]) =>
      list.map((i) => `${timeOfDay(i.start)} – ${timeOfDay(i.end)}`).join(", "),
    /** A local date `YYYY-MM-DD`, spelled out. */
    date: (value: string) => date.format(new Date(`${value}T00:00:00Z`)),
    /** Two instants, as the staff member's own clock shows them. */
    span: (startIso: string, endIso: string) => instant.formatRange(new Date(startIso), new Date(endIso)),
  };
}

const LOCAL_INPUT = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/;

/** A `datetime-local` value in `zone` as an ISO instant; null when incomplete. */
export function instantOfLocalInput(value: string, zone: string): string | null {
  const match = LOCAL_INPUT.exec(value);
  const minutes = match ? parseTimeOfDay(match[2]!) : null;
  if (!match || minutes === null) return null;
  return new Date(localDateTimeToEpochMs(match[1]!, minutes, zone)).toISOString();
}

/** An ISO instant as a `datetime-local` value in `zone`. */
export function localInputOfInstant(iso: string, zone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone: zone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

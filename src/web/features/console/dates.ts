/**
 * Dates on the console's screens: the business's own calendar days, in its time zone, formatted
 * with Intl in the page's language (no date library in the console's bundle either).
 */
import { formatMoney } from "../../../core/payments/money.ts";
import { languageTag, type LocaleCode } from "../../../i18n/locales.ts";

/** Today's date (`YYYY-MM-DD`) in a time zone. */
export const todayIn = (timeZone: string, now = new Date()): string =>
  new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);

/** A calendar date `days` later (dates, not instants: DST does not apply). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function formatters(locale: LocaleCode, timeZone: string) {
  const tag = languageTag(locale);
  const day = new Intl.DateTimeFormat(tag, { timeZone, weekday: "long", day: "numeric", month: "long" });
  const time = new Intl.DateTimeFormat(tag, { timeZone, hour: "numeric", minute: "2-digit" });
  const dateKey = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
  const shortDay = new Intl.DateTimeFormat(tag, { timeZone: "UTC", weekday: "short", day: "numeric", month: "short" });
  const hour = new Intl.DateTimeFormat(tag, { timeZone: "UTC", hour: "numeric" });
  const clock = new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  return {
    day: (iso: string) => day.format(new Date(iso)),
    timeRange: (start: string, end: string) => time.formatRange(new Date(start), new Date(end)),
    time: (iso: string) => time.format(new Date(iso)),
    /** The business-local date of an instant, for grouping by day. */
    dateOf: (iso: string) => dateKey.format(new Date(iso)),
    money: (minor: number, currency: string) => formatMoney(minor, currency, tag),
    /** A calendar date's short name ("Mon, 30 Nov"); pass the date at noon UTC. */
    shortDay: (iso: string) => shortDay.format(new Date(iso)),
    /** An hour of the day as the language writes it ("9 AM", "09"). */
    hour: (h: number) => hour.format(Date.UTC(2000, 0, 1, h)),
    /** Minutes since local midnight in the business's zone. */
    minuteOfDay: (iso: string) => {
      const [h, m] = clock.format(new Date(iso)).split(":").map(Number);
      return h! * 60 + m!;
    },
  };
}

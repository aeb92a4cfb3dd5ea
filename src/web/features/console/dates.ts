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
  return {
    day: (iso: string) => day.format(new Date(iso)),
    timeRange: (start: string, end: string) => time.formatRange(new Date(start), new Date(end)),
    /** The business-local date of an instant, for grouping by day. */
    dateOf: (iso: string) => dateKey.format(new Date(iso)),
    money: (minor: number, currency: string) => formatMoney(minor, currency, tag),
  };
}

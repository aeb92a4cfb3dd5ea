/**
 * Date arithmetic and display for the browser, with Intl only (ADR 0003: the Temporal polyfill
 * stays on the server). A local date is "YYYY-MM-DD", a month "YYYY-MM"; calendar arithmetic on
 * them goes through UTC day numbers, which have no DST.
 */
export type LocalDate = string;
export type Month = string;

const pad = (n: number) => String(n).padStart(2, "0");

export function isValidTimeZone(zone: string | null | undefined): zone is string {
  if (!zone) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The local date of an instant in a zone. */
export function localDateIn(instant: Date, zone: string): LocalDate {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: zone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("year")}-${get("month")}-${get("day")}`;
}

export const monthOf = (date: LocalDate): Month => date.slice(0, 7);

export function addMonths(month: Month, delta: number): Month {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const index = y * 12 + (m - 1) + delta;
  return `${Math.floor(index / 12)}-${pad((index % 12) + 1)}`;
}

export function daysInMonth(month: Month): number {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

export function monthRange(month: Month): { startDate: LocalDate; endDate: LocalDate } {
  return { startDate: `${month}-01`, endDate: `${month}-${pad(daysInMonth(month))}` };
}

const utcNoon = (date: LocalDate) => {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d, 12));
};

/** The calendar date `delta` days from `date` (across months and years). */
export function addDays(date: LocalDate, delta: number): LocalDate {
  const moved = utcNoon(date);
  moved.setUTCDate(moved.getUTCDate() + delta);
  return moved.toISOString().slice(0, 10);
}

/** ISO weekday 1 (Monday) … 7 (Sunday). */
export const isoWeekday = (date: LocalDate) => ((utcNoon(date).getUTCDay() + 6) % 7) + 1;

/** The locale's first day of the week (ISO 1–7); Monday where the browser cannot tell. */
export function firstDayOfWeek(languageTag: string): number {
  try {
    const locale = new Intl.Locale(languageTag) as Intl.Locale & {
      getWeekInfo?: () => { firstDay: number };
      weekInfo?: { firstDay: number };
    };
    const info = locale.getWeekInfo?.() ?? locale.weekInfo;
    if (info?.firstDay) return info.firstDay;
  } catch {
    // fall through
  }
  return /-(US|CA|BR|JP|IL|MX|PH)$/i.test(languageTag) ? 7 : 1;
}

/** The month's weeks, seven cells each (null outside the month), from the locale's first weekday. */
export function monthGrid(month: Month, firstDay: number): (LocalDate | null)[][] {
  const first = `${month}-01`;
  const lead = (isoWeekday(first) - firstDay + 7) % 7;
  const count = daysInMonth(month);
  // Only the weeks the month touches (4 to 6), as Calendly shows them: a fixed six left a row of
  // empty cells under most months (walk-through finding), worth more than a grid of constant height.
  const weeks = Math.ceil((lead + count) / 7);
  return Array.from({ length: weeks }, (_, row) =>
    Array.from({ length: 7 }, (_, col) => {
      const day = row * 7 + col - lead + 1;
      return day >= 1 && day <= count ? `${month}-${pad(day)}` : null;
    }),
  );
}

/** Weekday headers in grid order: [short, long]. */
export function weekdayNames(languageTag: string, firstDay: number): [string, string][] {
  // 2024-01-01 was a Monday.
  return Array.from({ length: 7 }, (_, i) => {
    const iso = ((firstDay - 1 + i) % 7) + 1;
    const date = new Date(Date.UTC(2024, 0, iso, 12));
    return [
      new Intl.DateTimeFormat(languageTag, { weekday: "short", timeZone: "UTC" }).format(date),
      new Intl.DateTimeFormat(languageTag, { weekday: "long", timeZone: "UTC" }).format(date),
    ];
  });
}

export const formatMonth = (month: Month, languageTag: string) =>
  new Intl.DateTimeFormat(languageTag, { month: "long", year: "numeric", timeZone: "UTC" }).format(
    utcNoon(`${month}-01`),
  );

export const formatDayLong = (date: LocalDate, languageTag: string) =>
  new Intl.DateTimeFormat(languageTag, { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" }).format(
    utcNoon(date),
  );

export const formatDayNumber = (date: LocalDate) => String(Number(date.slice(8, 10)));

/** A slot's start time in the visitor's zone; AM/PM or 24 h as the locale writes it. */
export const formatTime = (iso: string, zone: string, languageTag: string) =>
  new Intl.DateTimeFormat(languageTag, { hour: "numeric", minute: "2-digit", timeZone: zone }).format(new Date(iso));

export const formatDateTime = (iso: string, zone: string, languageTag: string) =>
  new Intl.DateTimeFormat(languageTag, {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: zone,
  }).format(new Date(iso));

/** "1 hour 30 minutes", "45 minutes" (spec §9: hour and minute units). */
export function formatDuration(minutes: number, languageTag: string): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const unit = (value: number, u: "hour" | "minute") =>
    new Intl.NumberFormat(languageTag, { style: "unit", unit: u, unitDisplay: "long" }).format(value);
  if (h === 0) return unit(m, "minute");
  return m === 0 ? unit(h, "hour") : `${unit(h, "hour")} ${unit(m, "minute")}`;
}

export { formatMoney } from "../../../core/payments/money.ts";

/** "GMT+1" style offset of a zone at an instant. */
export function zoneOffset(zone: string, at: Date, languageTag = "en-US"): string {
  const part = new Intl.DateTimeFormat(languageTag, { timeZone: zone, timeZoneName: "shortOffset" })
    .formatToParts(at)
    .find((p) => p.type === "timeZoneName");
  return part?.value ?? "";
}

export function zoneShortName(zone: string, at: Date, languageTag: string): string {
  const part = new Intl.DateTimeFormat(languageTag, { timeZone: zone, timeZoneName: "short" })
    .formatToParts(at)
    .find((p) => p.type === "timeZoneName");
  return part?.value ?? "";
}

export { zoneCity, zoneLongName } from "../../../core/shared/zone-labels.ts";

import type { EpochMs, ZoneClock } from "../shared/time.ts";
import {
  isLocalDate,
  localDateToDayNumber,
  MINUTE_MS,
  parseTimeOfDay,
  WALL_DAY_MS,
  weekdayOfDayNumber,
} from "../shared/time.ts";
import type { InstantRange, StaffSchedule, TimeRange } from "./model.ts";

/** Minute-of-day ranges, sorted, merged where they overlap or touch. */
type MinuteRanges = readonly (readonly [number, number])[];

/**
 * Parses and merges one date's ranges. Malformed or empty ranges are ignored rather than failing
 * the whole calendar: schedules are validated when they are saved, and a visitor should still see
 * the valid hours if a bad row slips through.
 */
export function normaliseDayRanges(ranges: readonly TimeRange[]): MinuteRanges {
  const out: [number, number][] = [];
  let sorted = true;
  for (const r of ranges) {
    const start = parseTimeOfDay(r.start);
    const end = parseTimeOfDay(r.end);
    if (start === null || end === null || end <= start) continue;
    const last = out[out.length - 1];
    if (last && start < last[0]) sorted = false;
    out.push([start, end]);
  }
  // Days have a handful of ranges, usually in order already; sort only when they are not.
  if (!sorted) out.sort((a, b) => a[0] - b[0]);
  let n = 0;
  for (const r of out) {
    const last = n > 0 ? out[n - 1] : undefined;
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else out[n++] = r;
  }
  out.length = n;
  return out;
}

/** Per-schedule parse cache: the weekly template is parsed once, not once per day. */
export interface ParsedSchedule {
  /** Index = ISO weekday (0 unused). */
  readonly weekly: readonly MinuteRanges[];
  /** Keyed by day number, so looking a date up allocates no string. */
  readonly overrides: ReadonlyMap<number, MinuteRanges>;
}

export function parseSchedule(schedule: StaffSchedule): ParsedSchedule {
  const weekly: MinuteRanges[] = [[]];
  for (let day = 1; day <= 7; day++) {
    const ranges = schedule.weekly[day as 1];
    weekly.push(ranges && ranges.length > 0 ? normaliseDayRanges(ranges) : []);
  }
  const overrides = new Map<number, MinuteRanges>();
  for (const [date, ranges] of Object.entries(schedule.dateOverrides)) {
    // A malformed key cannot match any date; skipping it is the same as keeping it.
    if (isLocalDate(date)) overrides.set(localDateToDayNumber(date), normaliseDayRanges(ranges));
  }
  return { weekly, overrides };
}

/** The local working ranges of one date: the override if there is one, else the weekly hours. */
export function rangesOfDay(parsed: ParsedSchedule, dayNumber: number): MinuteRanges {
  if (parsed.overrides.size > 0) {
    const override = parsed.overrides.get(dayNumber);
    if (override) return override;
  }
  return parsed.weekly[weekdayOfDayNumber(dayNumber)] ?? [];
}

/**
 * Working periods as instants for every local date whose hours can touch [fromMs, toMs).
 *
 * A period is one merged range of one local date; periods of consecutive dates may touch at
 * midnight but stay separate, because each period anchors its own slot grid (ADR 0010) and an
 * anchor must not depend on how far back a query happens to look.
 */
export function resolvePeriods(
  parsed: ParsedSchedule,
  clock: ZoneClock,
  fromMs: EpochMs,
  toMs: EpochMs,
): InstantRange[] {
  const firstDay = clock.dayNumberOf(fromMs) - 1;
  const lastDay = clock.dayNumberOf(toMs) + 1;
  const out: InstantRange[] = [];
  for (let day = firstDay; day <= lastDay; day++) {
    const base = day * WALL_DAY_MS;
    for (const [start, end] of rangesOfDay(parsed, day)) {
      const startMs = clock.fromWallMs(base + start * MINUTE_MS);
      const endMs = clock.fromWallMs(base + end * MINUTE_MS);
      // Empty when the whole range falls in a skipped hour (spring forward).
      if (endMs > startMs) out.push({ startMs, endMs });
    }
  }
  return out;
}

/**
 * Working hours as the console edits them: what the owner has typed (times may be empty or not yet
 * valid), checked against the same interval rules the API applies (core/calendar/interval-rules.ts),
 * turned into the API's shape, and the API's field errors put back on the interval they are about.
 * The messages are keys (`console.hours.*`) the screens translate.
 */
import type { DateOverrides, TimeInterval, WeeklyHours } from "../../../core/calendar/calendar.ts";
import { intervalProblems } from "../../../core/calendar/interval-rules.ts";
import { ApiProblem } from "./console-api.ts";

export const WEEKDAYS = ["1", "2", "3", "4", "5", "6", "7"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export interface DraftInterval {
  /** Stable across edits, so React keeps focus and typed text on the right inputs. */
  readonly key: string;
  readonly start: string;
  readonly end: string;
}

export interface DraftDay {
  readonly isOpen: boolean;
  /** Kept while the day is closed, so reopening it brings back what was there. */
  readonly intervals: readonly DraftInterval[];
}

export type DraftWeek = Record<Weekday, DraftDay>;

/** Messages of one interval, by where they are shown. */
export interface IntervalErrors {
  start?: string;
  end?: string;
  /** About the interval as a whole (it overlaps another). */
  interval?: string;
}
export type DayErrors = Record<string, IntervalErrors>;

let nextKey = 0;
export const newInterval = (start = "09:00", end = "17:00"): DraftInterval => ({
  key: `i${++nextKey}`,
  start,
  end,
});

// A time input cannot show 24:00; the API's "ends at midnight" is shown and typed as 00:00 in the end.
const fromApiEnd = (end: string) => (end === "24:00" ? "00:00" : end);
const toApiEnd = (end: string) => (end === "00:00" ? "24:00" : end);

export const draftIntervals = (intervals: readonly TimeInterval[] = []): DraftInterval[] =>
  intervals.map((i) => newInterval(i.start, fromApiEnd(i.end)));

export function draftWeek(hours: WeeklyHours): DraftWeek {
  const week = {} as Record<Weekday, DraftDay>;
  for (const day of WEEKDAYS) {
    const intervals = hours[day] ?? [];
    week[day] = intervals.length > 0 ? { isOpen: true, intervals: draftIntervals(intervals) } : CLOSED_DAY;
  }
  return week;
}

const CLOSED_DAY: DraftDay = { isOpen: false, intervals: [] };

export const apiIntervals = (intervals: readonly DraftInterval[]): TimeInterval[] =>
  intervals.map((i) => ({ start: i.start, end: toApiEnd(i.end) }));

export function apiWeek(week: DraftWeek): WeeklyHours {
  const hours: WeeklyHours = {};
  for (const day of WEEKDAYS) if (week[day].isOpen) hours[day] = apiIntervals(week[day].intervals);
  return hours;
}

/** Monday's hours on Tuesday to Friday (each with keys of its own). */
export function copyMondayToWeekdays(week: DraftWeek): DraftWeek {
  const monday = week["1"];
  const copy = (): DraftDay => ({
    isOpen: monday.isOpen,
    intervals: monday.intervals.map((i) => newInterval(i.start, i.end)),
  });
  return { ...week, "2": copy(), "3": copy(), "4": copy(), "5": copy() };
}

const TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$/;

/** The problems of one day's intervals, by interval key; empty when the day may be saved. */
export function dayErrors(intervals: readonly DraftInterval[]): DayErrors {
  const errors: DayErrors = {};
  const add = (key: string, place: keyof IntervalErrors, message: string) => {
    errors[key] = { ...errors[key], [place]: errors[key]?.[place] ?? message };
  };
  for (const i of intervals) {
    if (!TIME.test(i.start)) add(i.key, "start", "console.hours.timeMissing");
    if (!TIME.test(i.end)) add(i.key, "end", "console.hours.timeMissing");
  }
  for (const problem of intervalProblems(apiIntervals(intervals))) {
    const key = intervals[problem.index]!.key;
    if (problem.kind === "end_not_after_start") add(key, "end", "console.hours.endAfterStart");
    else add(key, "interval", "console.hours.overlap");
  }
  return errors;
}

export function weekErrors(week: DraftWeek): Partial<Record<Weekday, DayErrors>> {
  const errors: Partial<Record<Weekday, DayErrors>> = {};
  for (const day of WEEKDAYS) {
    if (!week[day].isOpen) continue;
    const found = dayErrors(week[day].intervals);
    if (Object.keys(found).length > 0) errors[day] = found;
  }
  return errors;
}

export const hasErrors = (errors: object): boolean => Object.keys(errors).length > 0;

/**
 * The API's field errors about intervals (paths like `3.1.end`, `3.1` for an overlap, or with a
 * prefix such as `intervals.`), as messages on the draft's intervals: `prefix` + index path.
 * Its English sentences are replaced by the console's own, in the page's language.
 */
export function serverDayErrors(problem: unknown, prefix: string, intervals: readonly DraftInterval[]): DayErrors {
  const errors: DayErrors = {};
  if (!(problem instanceof ApiProblem)) return errors;
  for (const error of problem.errors) {
    if (!error.path.startsWith(prefix)) continue;
    const [index, field] = error.path.slice(prefix.length).split(".");
    const interval = intervals[Number(index)];
    if (!interval) continue;
    const place: keyof IntervalErrors = field === "start" || field === "end" ? field : "interval";
    const message =
      place === "interval"
        ? "console.hours.overlap"
        : error.code === "custom"
          ? "console.hours.endAfterStart"
          : "console.hours.timeMissing";
    errors[interval.key] = { ...errors[interval.key], [place]: message };
  }
  return errors;
}

export function serverWeekErrors(problem: unknown, week: DraftWeek): Partial<Record<Weekday, DayErrors>> {
  const errors: Partial<Record<Weekday, DayErrors>> = {};
  for (const day of WEEKDAYS) {
    const found = serverDayErrors(problem, `${day}.`, week[day].intervals);
    if (hasErrors(found)) errors[day] = found;
  }
  return errors;
}

/** Date overrides in date order, for listing. */
export const sortedOverrides = (overrides: DateOverrides): [string, TimeInterval[]][] =>
  Object.entries(overrides).sort(([a], [b]) => a.localeCompare(b));

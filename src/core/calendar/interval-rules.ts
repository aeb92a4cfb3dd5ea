/**
 * The rules one day's working intervals must follow, in one place: the business API refuses what
 * breaks them (input-schemas.ts) and the console's week editor says so next to the interval before
 * anything is sent. Times are "HH:MM" strings; a malformed one is the caller's to report.
 */
import { parseTimeOfDay } from "../shared/time.ts";
import type { TimeInterval } from "./calendar.ts";

export type IntervalProblem =
  /** The end is not after the start (the end's fault: the start is usually typed first). */
  | { readonly index: number; readonly kind: "end_not_after_start" }
  /** Starts before an earlier interval of the same day has ended. */
  | { readonly index: number; readonly kind: "overlap" };

/** Every problem of a day's intervals; intervals whose times do not parse are skipped. */
export function intervalProblems(intervals: readonly TimeInterval[]): IntervalProblem[] {
  const problems: IntervalProblem[] = [];
  const parsed: { index: number; start: number; end: number }[] = [];
  intervals.forEach((interval, index) => {
    const start = parseTimeOfDay(interval.start);
    const end = parseTimeOfDay(interval.end);
    if (start === null || end === null) return;
    if (end <= start) problems.push({ index, kind: "end_not_after_start" });
    else parsed.push({ index, start, end });
  });
  // Sweep in start order: an interval overlaps when it starts before the latest end so far.
  parsed.sort((a, b) => a.start - b.start || a.index - b.index);
  let latestEnd = -1;
  for (const interval of parsed) {
    if (interval.start < latestEnd) problems.push({ index: interval.index, kind: "overlap" });
    latestEnd = Math.max(latestEnd, interval.end);
  }
  return problems;
}

import type { InstantRange } from "./model.ts";

/**
 * Interval algebra over half-open [startMs, endMs) ranges: touching ranges do not overlap.
 * Every function returns new arrays and never mutates its inputs (cal.com's date-ranges helpers
 * mutate theirs, which is how slot caches get corrupted).
 *
 * "Normalised" means sorted by start, non-empty, disjoint and non-touching, as `mergeIntervals`
 * returns.
 */

/** Sorts and merges overlapping or touching ranges; drops empty ones. */
export function mergeIntervals(ranges: readonly InstantRange[]): InstantRange[] {
  // Most lists arrive in order already (a day's hours, rows read by start): checked in one pass, a
  // sort is only paid for when needed. Empty ranges are skipped below either way.
  const sorted = inStartOrder(ranges) ? ranges : [...ranges].sort((a, b) => a.startMs - b.startMs);
  const out: InstantRange[] = [];
  for (const r of sorted) {
    if (r.endMs <= r.startMs) continue;
    const last = out[out.length - 1];
    if (last && r.startMs <= last.endMs) {
      if (r.endMs > last.endMs) out[out.length - 1] = { startMs: last.startMs, endMs: r.endMs };
    } else {
      out.push({ startMs: r.startMs, endMs: r.endMs });
    }
  }
  return out;
}

function inStartOrder(ranges: readonly InstantRange[]): boolean {
  for (let i = 1; i < ranges.length; i++)
    if ((ranges[i] as InstantRange).startMs < (ranges[i - 1] as InstantRange).startMs) return false;
  return true;
}

/**
 * Intersection of two sorted lists of disjoint ranges (touching allowed, e.g. per-date periods).
 * The result is sorted and disjoint; pieces stay split where either input is split.
 */
export function intersectIntervals(a: readonly InstantRange[], b: readonly InstantRange[]): InstantRange[] {
  const out: InstantRange[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i] as InstantRange;
    const y = b[j] as InstantRange;
    const start = Math.max(x.startMs, y.startMs);
    const end = Math.min(x.endMs, y.endMs);
    if (start < end) out.push({ startMs: start, endMs: end });
    if (x.endMs < y.endMs) i++;
    else j++;
  }
  return out;
}

/** `a` minus `b`; both sorted and disjoint. */
export function subtractIntervals(a: readonly InstantRange[], b: readonly InstantRange[]): InstantRange[] {
  const out: InstantRange[] = [];
  let j = 0;
  for (const x of a) {
    let start = x.startMs;
    while (j < b.length && (b[j] as InstantRange).endMs <= start) j++;
    let k = j;
    while (k < b.length && (b[k] as InstantRange).startMs < x.endMs) {
      const y = b[k] as InstantRange;
      if (y.startMs > start) out.push({ startMs: start, endMs: y.startMs });
      start = Math.max(start, y.endMs);
      k++;
    }
    if (start < x.endMs) out.push({ startMs: start, endMs: x.endMs });
  }
  return out;
}

/** First index i with sorted[i] >= value (sorted.length when none). */
export function lowerBound(sorted: readonly number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid] as number) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index i with sorted[i] > value. */
export function upperBound(sorted: readonly number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid] as number) <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Number of values in [from, to) of a sorted list. */
export function countInRange(sorted: readonly number[], from: number, to: number): number {
  return lowerBound(sorted, to) - lowerBound(sorted, from);
}

/**
 * Whether [from, to) overlaps any range of a normalised list given as parallel `starts`/`ends`
 * arrays (the busy index layout). Because the list is disjoint, `ends` is sorted too, so the
 * only candidate is the first range ending after `from`.
 */
export function overlapsAny(starts: readonly number[], ends: readonly number[], from: number, to: number): boolean {
  if (to <= from) return false;
  const i = upperBound(ends, from);
  return i < starts.length && (starts[i] as number) < to;
}

/** Index of the range of a sorted disjoint list containing `at`, or -1. */
export function findContaining(ranges: readonly InstantRange[], at: number): number {
  let lo = 0;
  let hi = ranges.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const r = ranges[mid] as InstantRange;
    if (at < r.startMs) hi = mid - 1;
    else if (at >= r.endMs) lo = mid + 1;
    else return mid;
  }
  return -1;
}

/** Splits a list of ranges into the parallel arrays `overlapsAny` reads. */
export function toParallel(ranges: readonly InstantRange[]): { starts: number[]; ends: number[] } {
  return { starts: ranges.map((r) => r.startMs), ends: ranges.map((r) => r.endMs) };
}

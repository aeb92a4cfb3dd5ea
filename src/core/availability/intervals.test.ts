import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  countInRange,
  findContaining,
  intersectIntervals,
  mergeIntervals,
  overlapsAny,
  subtractIntervals,
  toParallel,
} from "./intervals.ts";
import type { InstantRange } from "./model.ts";

const r = (startMs: number, endMs: number): InstantRange => ({ startMs, endMs });
const rangeArb = fc
  .tuple(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 0, max: 30 }))
  .map(([s, l]) => r(s, s + l));
const listArb = fc.array(rangeArb, { maxLength: 12 });

/** Membership of every integer point, the brute-force view of a list of ranges. */
const points = (list: readonly InstantRange[]): boolean[] =>
  Array.from({ length: 240 }, (_, x) => list.some((q) => q.startMs <= x && x < q.endMs));

describe("interval algebra", () => {
  it("merges overlapping and touching ranges, keeps gaps, drops empties", () => {
    expect(mergeIntervals([r(5, 7), r(0, 2), r(2, 3), r(6, 9), r(4, 4)])).toEqual([r(0, 3), r(5, 9)]);
  });

  it("never mutates its inputs", () => {
    fc.assert(
      fc.property(listArb, listArb, (a, b) => {
        const copyA = structuredClone(a);
        const copyB = structuredClone(b);
        const ma = mergeIntervals(a);
        const mb = mergeIntervals(b);
        intersectIntervals(ma, mb);
        subtractIntervals(ma, mb);
        expect(a).toEqual(copyA);
        expect(b).toEqual(copyB);
      }),
      { numRuns: 200 },
    );
  });

  it("merge, intersect and subtract agree with point-by-point sets", () => {
    fc.assert(
      fc.property(listArb, listArb, (a, b) => {
        const ma = mergeIntervals(a);
        const mb = mergeIntervals(b);
        const pa = points(a);
        const pb = points(b);
        expect(points(ma)).toEqual(pa);
        expect(points(intersectIntervals(ma, mb))).toEqual(pa.map((x, i) => x && (pb[i] ?? false)));
        expect(points(subtractIntervals(ma, mb))).toEqual(pa.map((x, i) => x && !(pb[i] ?? false)));
        for (let i = 1; i < ma.length; i++)
          expect((ma[i - 1] as InstantRange).endMs).toBeLessThan((ma[i] as InstantRange).startMs);
      }),
      { numRuns: 300 },
    );
  });

  it("overlapsAny and findContaining agree with a linear scan (half-open: touching is no overlap)", () => {
    fc.assert(
      fc.property(listArb, rangeArb, (list, q) => {
        const merged = mergeIntervals(list);
        const { starts, ends } = toParallel(merged);
        expect(overlapsAny(starts, ends, q.startMs, q.endMs)).toBe(
          q.endMs > q.startMs && merged.some((x) => x.startMs < q.endMs && q.startMs < x.endMs),
        );
        const i = findContaining(merged, q.startMs);
        expect(i).toBe(merged.findIndex((x) => x.startMs <= q.startMs && q.startMs < x.endMs));
      }),
      { numRuns: 300 },
    );
    expect(overlapsAny([10], [20], 20, 30)).toBe(false);
    expect(overlapsAny([10], [20], 0, 10)).toBe(false);
  });

  it("counts sorted values in a half-open range", () => {
    expect(countInRange([1, 2, 2, 5, 9], 2, 9)).toBe(3);
  });
});

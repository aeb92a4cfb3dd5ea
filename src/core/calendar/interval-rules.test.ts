import { describe, expect, it } from "vitest";
import { intervalProblems } from "./interval-rules.ts";

const i = (start: string, end: string) => ({ start, end });

describe("intervalProblems", () => {
  it.each([
    ["none for a day with a break", [i("09:00", "12:00"), i("13:00", "17:00")], []],
    ["touching intervals are fine", [i("09:00", "12:00"), i("12:00", "17:00")], []],
    ["24:00 ends at midnight", [i("18:00", "24:00")], []],
    ["an end before the start", [i("17:00", "09:00")], [{ index: 0, kind: "end_not_after_start" }]],
    ["an empty interval", [i("09:00", "09:00")], [{ index: 0, kind: "end_not_after_start" }]],
    [
      "an overlap, reported on the later start",
      [i("13:00", "17:00"), i("09:00", "14:00")],
      [{ index: 0, kind: "overlap" }],
    ],
    [
      "an interval inside a longer one",
      [i("08:00", "18:00"), i("10:00", "11:00"), i("12:00", "13:00")],
      [
        { index: 1, kind: "overlap" },
        { index: 2, kind: "overlap" },
      ],
    ],
    ["malformed times are skipped", [i("9", "12:00"), i("09:00", "10:00")], []],
  ])("%s", (_name, intervals, expected) => {
    expect(intervalProblems(intervals)).toEqual(expected);
  });
});

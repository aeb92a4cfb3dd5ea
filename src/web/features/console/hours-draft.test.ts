import { describe, expect, it } from "vitest";
import { ApiProblem } from "./console-api.ts";
import {
  apiWeek,
  copyMondayToWeekdays,
  dayErrors,
  draftWeek,
  newInterval,
  serverDayErrors,
  serverWeekErrors,
} from "./hours-draft.ts";

describe("the week editor's draft", () => {
  it("goes back to the API's shape unchanged, midnight included", () => {
    const hours = { "1": [{ start: "09:00", end: "12:00" }], "5": [{ start: "18:00", end: "24:00" }] };
    const week = draftWeek(hours);
    expect(week["5"].intervals[0]).toMatchObject({ start: "18:00", end: "00:00" });
    expect(week["2"]).toEqual({ isOpen: false, intervals: [] });
    expect(apiWeek(week)).toEqual(hours);
  });

  it("copies Monday to Tuesday–Friday, leaving the weekend", () => {
    const week = copyMondayToWeekdays(draftWeek({ "1": [{ start: "08:00", end: "16:00" }], "6": [] }));
    expect(apiWeek(week)).toEqual(
      Object.fromEntries(["1", "2", "3", "4", "5"].map((d) => [d, [{ start: "08:00", end: "16:00" }]])),
    );
    expect(new Set(["1", "2"].map((d) => week[d as "1"].intervals[0]!.key)).size).toBe(2);
  });

  it("says what is wrong with which interval", () => {
    const [a, b, c] = [newInterval("09:00", "12:00"), newInterval("11:00", "13:00"), newInterval("15:00", "14:00")];
    expect(dayErrors([a, b, c])).toEqual({
      [b.key]: { interval: "console.hours.overlap" },
      [c.key]: { end: "console.hours.endAfterStart" },
    });
    const empty = newInterval("", "10:00");
    expect(dayErrors([empty])).toEqual({ [empty.key]: { start: "console.hours.timeMissing" } });
    expect(dayErrors([newInterval("22:00", "00:00")])).toEqual({});
  });

  it("puts the API's field errors on the intervals they name, in the console's own words", () => {
    const week = draftWeek({
      "3": [
        { start: "09:00", end: "12:00" },
        { start: "10:00", end: "08:00" },
      ],
    });
    const [first, second] = week["3"].intervals;
    const problem = new ApiProblem(400, "VALIDATION_FAILED", "The request is not valid.", [
      { path: "3.1.end", code: "custom", message: "the end must be after the start" },
      { path: "3.0", code: "custom", message: "intervals must not overlap" },
      { path: "3.0.start", code: "invalid_format", message: "expected a time HH:MM" },
    ]);
    expect(serverWeekErrors(problem, week)).toEqual({
      "3": {
        [second!.key]: { end: "console.hours.endAfterStart" },
        [first!.key]: { interval: "console.hours.overlap", start: "console.hours.timeMissing" },
      },
    });
    const dateProblem = new ApiProblem(400, "VALIDATION_FAILED", "", [
      { path: "intervals.0", code: "custom", message: "intervals must not overlap" },
    ]);
    expect(serverDayErrors(dateProblem, "intervals.", week["3"].intervals)).toEqual({
      [first!.key]: { interval: "console.hours.overlap" },
    });
  });
});

import { describe, expect, it } from "vitest";
import { DateHoursSchema, WeeklyHoursSchema } from "./input-schemas.ts";

const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((i) => [i.path.map(String).join("."), i.message]);

describe("working intervals at the API (the rules of core/calendar/interval-rules.ts)", () => {
  it("accepts a day with a break and one that ends at midnight", () => {
    const hours = {
      "1": [
        { start: "09:00", end: "12:00" },
        { start: "13:00", end: "17:00" },
      ],
      "5": [{ start: "18:00", end: "24:00" }],
    };
    expect(WeeklyHoursSchema.safeParse(hours).success).toBe(true);
  });

  it("names the interval that overlaps, and the end that is not after its start", () => {
    const result = WeeklyHoursSchema.safeParse({
      "2": [
        { start: "08:00", end: "18:00" },
        { start: "10:00", end: "11:00" },
        { start: "12:00", end: "13:00" },
      ],
      "3": [{ start: "17:00", end: "09:00" }],
    });
    expect(issues(result)).toEqual([
      ["2.1", "intervals must not overlap"],
      ["2.2", "intervals must not overlap"],
      ["3.0.end", "the end must be after the start"],
    ]);
  });

  it("does the same for the hours of one date", () => {
    const result = DateHoursSchema.safeParse({
      intervals: [
        { start: "13:00", end: "17:00" },
        { start: "09:00", end: "14:00" },
      ],
    });
    expect(issues(result)).toEqual([["intervals.0", "intervals must not overlap"]]);
  });
});

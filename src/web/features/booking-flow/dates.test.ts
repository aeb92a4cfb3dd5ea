import { describe, expect, it } from "vitest";
import { addDays, addMonths, firstDayOfWeek, formatDuration, localDateIn, monthGrid, monthRange } from "./dates.ts";

describe("browser date helpers (Intl only)", () => {
  it("month arithmetic across years, and month ranges", () => {
    expect(addMonths("2026-12", 1)).toBe("2027-01");
    expect(addMonths("2026-01", -1)).toBe("2025-12");
    expect(monthRange("2028-02")).toEqual({ startDate: "2028-02-01", endDate: "2028-02-29" });
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-03-01", -1)).toBe("2028-02-29");
    expect(addDays("2026-03-28", 7)).toBe("2026-04-04");
  });

  it("a grid has the weeks the month touches and starts on the locale's first weekday", () => {
    const monday = monthGrid("2026-03", 1);
    expect(monday).toHaveLength(6);
    expect(monday[5]![1]).toBe("2026-03-31");
    // February 2027 starts on a Monday: four full weeks, no empty row under them.
    expect(monthGrid("2027-02", 1)).toHaveLength(4);
    expect(monthGrid("2026-11", 1)).toHaveLength(6);
    expect(monthGrid("2026-12", 1)).toHaveLength(5);
    expect(monthGrid("2026-12", 1).flat().filter(Boolean)).toHaveLength(31);
    // 1 March 2026 is a Sunday: the Monday-first grid starts it in the last column.
    expect(monday[0]![6]).toBe("2026-03-01");
    expect(monthGrid("2026-03", 7)[0]![0]).toBe("2026-03-01");
    expect(firstDayOfWeek("en-US")).toBe(7);
    expect(firstDayOfWeek("de-DE")).toBe(1);
  });

  it("the local date of an instant depends on the zone (DST-safe)", () => {
    const instant = new Date("2026-03-29T00:30:00Z");
    expect(localDateIn(instant, "Europe/Berlin")).toBe("2026-03-29");
    expect(localDateIn(instant, "America/New_York")).toBe("2026-03-28");
  });

  it("durations in hours and minutes", () => {
    expect(formatDuration(45, "en-US")).toBe("45 minutes");
    expect(formatDuration(60, "en-US")).toBe("1 hour");
    expect(formatDuration(90, "en-US")).toBe("1 hour 30 minutes");
  });
});

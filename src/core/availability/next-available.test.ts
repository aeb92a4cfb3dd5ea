import { describe, expect, it } from "vitest";
import { at, booking, everyDay, input, range, rules, staff } from "./fixtures.test-helper.ts";
import { findNextAvailable } from "./next-available.ts";

const NOW = at("2026-01-01T00:00:00Z");

describe("findNextAvailable", () => {
  it("returns the first visitor date on or after fromDate with a slot", () => {
    const inp = input(rules(), [staff("a", "UTC", { 3: [range("09:00", "10:00")] })]);
    // 2026-01-05 is a Monday; the next Wednesday is the 7th.
    expect(findNextAvailable(inp, "2026-01-05", "UTC", NOW)).toEqual({ ok: true, value: "2026-01-07" });
    expect(findNextAvailable(inp, "2026-01-07", "UTC", NOW)).toEqual({ ok: true, value: "2026-01-07" });
  });

  it("searches across months past fully booked days", () => {
    const busy = [
      {
        staffId: "a",
        startMs: at("2026-01-01T00:00:00Z"),
        endMs: at("2026-04-10T00:00:00Z"),
        kind: "external" as const,
      },
    ];
    const inp = input(rules(), [staff("a", "UTC", everyDay(range("09:00", "17:00")))], busy);
    expect(findNextAvailable(inp, "2026-01-01", "UTC", NOW)).toEqual({ ok: true, value: "2026-04-10" });
  });

  it("reports the date in the visitor's zone", () => {
    const inp = input(rules(), [staff("a", "Asia/Tokyo", { 3: [range("08:00", "09:00")] })]);
    // Wednesday 2026-01-07 08:00 JST is Tuesday the 6th, 18:00, in New York.
    expect(findNextAvailable(inp, "2026-01-05", "America/New_York", NOW)).toEqual({ ok: true, value: "2026-01-06" });
  });

  it("stops at the end of the booking window", () => {
    const inp = input(rules({ bookingWindow: { kind: "rolling_days", days: 10 } }), [
      staff("a", "UTC", {}, { dateOverrides: { "2026-01-20": [range("09:00", "10:00")] } }),
    ]);
    expect(findNextAvailable(inp, "2026-01-01", "UTC", NOW)).toEqual({ ok: true, value: null });
  });

  it("works for round robin and collective calendars (chunked search)", () => {
    const members = [
      { staffId: "a", priority: 1 },
      { staffId: "b", priority: 1 },
    ];
    const schedules = [
      staff("a", "UTC", { 1: [range("09:00", "10:00")] }),
      staff("b", "UTC", { 1: [range("09:30", "11:00")] }),
    ];
    const busy = [booking("b", "2026-01-05T00:00:00Z", "2026-03-01T00:00:00Z")];
    expect(
      findNextAvailable(input(rules({ type: "round_robin", members }), schedules, busy), "2026-01-06", "UTC", NOW),
    ).toEqual({ ok: true, value: "2026-01-12" });
    // Collective: the shared half hour on Mondays, first free once b's block ends.
    expect(
      findNextAvailable(input(rules({ type: "collective", members }), schedules, busy), "2026-01-06", "UTC", NOW),
    ).toEqual({ ok: true, value: "2026-03-02" });
  });

  it("rejects a bad zone or date with typed codes", () => {
    const inp = input(rules(), [staff("a", "UTC", {})]);
    expect(findNextAvailable(inp, "2026-01-01", "Nowhere/Zone", NOW)).toEqual({
      ok: false,
      error: { code: "INVALID_TIME_ZONE", timeZone: "Nowhere/Zone" },
    });
    expect(findNextAvailable(inp, "2026-13-01", "UTC", NOW)).toEqual({
      ok: false,
      error: { code: "INVALID_DATE", value: "2026-13-01" },
    });
  });
});

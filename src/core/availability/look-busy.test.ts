import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { settingsErrors, DEFAULT_CALENDAR_SETTINGS } from "../calendar/calendar-setup.ts";
import { at } from "./fixtures.test-helper.ts";
import { lookBusyHiddenStarts, looksBusy, MAX_LOOK_BUSY_PERCENT, withoutHiddenStarts } from "./look-busy.ts";
import type { SlotsByDate } from "./model.ts";

const HALF_HOUR = 30 * 60_000;
/** `count` starts every half hour from `firstIso`. */
const day = (firstIso: string, count: number) => Array.from({ length: count }, (_, i) => at(firstIso) + i * HALF_HOUR);
const calendar = { calendarId: "00000000-0000-4000-8000-000000000201", timeZone: "Europe/Berlin", percent: 40 };

describe("Look Busy: which free starts are hidden", () => {
  it("is the same set on every call, whatever the order or repetition of the starts", () => {
    const starts = day("2026-06-01T07:00:00Z", 16);
    const first = [...lookBusyHiddenStarts(calendar, starts)].sort();
    expect(first).toHaveLength(6); // floor(16 × 40 %)
    expect([...lookBusyHiddenStarts(calendar, [...starts].reverse())].sort()).toEqual(first);
    expect([...lookBusyHiddenStarts(calendar, [...starts, ...starts])].sort()).toEqual(first);
  });

  // Up to 30 half-hour starts from 07:00 Berlin: all on one local day.
  it("hides floor(n × percent / 100) of a day's starts and never the last one", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 0, max: MAX_LOOK_BUSY_PERCENT }), (n, percent) => {
        const starts = day("2026-06-01T05:00:00Z", n);
        const hidden = lookBusyHiddenStarts({ ...calendar, percent }, starts);
        expect(hidden.size).toBe(Math.min(Math.floor((n * percent) / 100), n - 1));
        expect(starts.filter((s) => !hidden.has(s)).length).toBeGreaterThanOrEqual(1);
        for (const s of hidden) expect(starts).toContain(s);
      }),
    );
  });

  it("a day with one free start keeps it, even at 90 %", () => {
    expect(lookBusyHiddenStarts({ ...calendar, percent: 90 }, day("2026-06-01T07:00:00Z", 1)).size).toBe(0);
    expect(lookBusyHiddenStarts({ ...calendar, percent: 90 }, day("2026-06-01T07:00:00Z", 2)).size).toBe(1);
  });

  it("counts per day of the calendar's zone: another day's starts change nothing", () => {
    // 22:00Z on 1 June is already 2 June in Berlin: it belongs to the second day.
    const monday = day("2026-06-01T06:00:00Z", 10);
    const tuesday = day("2026-06-01T22:00:00Z", 10);
    const both = lookBusyHiddenStarts(calendar, [...monday, ...tuesday]);
    const alone = lookBusyHiddenStarts(calendar, monday);
    expect(monday.filter((s) => both.has(s))).toEqual(monday.filter((s) => alone.has(s)));
    expect(tuesday.filter((s) => both.has(s))).toHaveLength(4);
  });

  it("varies with the calendar and the date, so the same hours are not always the busy ones", () => {
    const patterns = new Set<string>();
    for (let d = 0; d < 14; d++) {
      const starts = day("2026-06-01T07:00:00Z", 16).map((s) => s + d * 86_400_000);
      const hidden = lookBusyHiddenStarts(calendar, starts);
      patterns.add(starts.map((s) => (hidden.has(s) ? "x" : ".")).join(""));
    }
    expect(patterns.size).toBeGreaterThan(7);
    const starts = day("2026-06-01T07:00:00Z", 16);
    expect([...lookBusyHiddenStarts({ ...calendar, calendarId: "other" }, starts)].sort()).not.toEqual(
      [...lookBusyHiddenStarts(calendar, starts)].sort(),
    );
  });

  it("0 % hides nothing", () => {
    expect(lookBusyHiddenStarts({ ...calendar, percent: 0 }, day("2026-06-01T07:00:00Z", 16)).size).toBe(0);
  });
});

describe("Look Busy: where it applies", () => {
  it("not on classes or service calendars (the source product: not applicable), on the others when above 0", () => {
    expect(looksBusy("class", 50)).toBe(false);
    expect(looksBusy("service", 50)).toBe(false);
    for (const type of ["personal", "round_robin", "collective"] as const) {
      expect(looksBusy(type, 50)).toBe(true);
      expect(looksBusy(type, 0)).toBe(false);
      expect(looksBusy(type, undefined)).toBe(false);
    }
  });

  it("a class or service calendar with Look Busy is refused, not silently ignored", () => {
    const classSettings = { ...DEFAULT_CALENDAR_SETTINGS, seatsPerSlot: 10, guestMode: "none" as const };
    expect(settingsErrors("class", { ...classSettings, lookBusyPercent: 30 })).toEqual([
      { path: "settings.lookBusyPercent", code: "LOOK_BUSY_NOT_FOR_TYPE" },
    ]);
    expect(settingsErrors("service", { ...DEFAULT_CALENDAR_SETTINGS, lookBusyPercent: 30 })).toEqual([
      { path: "settings.lookBusyPercent", code: "LOOK_BUSY_NOT_FOR_TYPE" },
    ]);
    expect(settingsErrors("class", { ...classSettings, lookBusyPercent: 0 })).toEqual([]);
    expect(settingsErrors("personal", { ...DEFAULT_CALENDAR_SETTINGS, lookBusyPercent: 30 })).toEqual([]);
  });
});

describe("withoutHiddenStarts", () => {
  it("removes the hidden starts and drops a visitor date left empty", () => {
    const slot = (iso: string) => ({ start: iso, startMs: at(iso), staffIds: ["a"] });
    const slots: SlotsByDate = {
      "2026-06-01": { slots: [slot("2026-06-01T09:00:00Z"), slot("2026-06-01T09:30:00Z")] },
      "2026-06-02": { slots: [slot("2026-06-02T00:00:00Z")] },
    };
    const hidden = new Set([at("2026-06-01T09:00:00Z"), at("2026-06-02T00:00:00Z")]);
    expect(withoutHiddenStarts(slots, hidden)).toEqual({ "2026-06-01": { slots: [slot("2026-06-01T09:30:00Z")] } });
    expect(withoutHiddenStarts(slots, new Set())).toBe(slots);
  });
});

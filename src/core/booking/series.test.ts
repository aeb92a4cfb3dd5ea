import { describe, expect, it } from "vitest";
import { recurringChoice, restOfSeries, seriesRefusal } from "./series.ts";

const HOUR = 3_600_000;
const weekly = { frequencies: ["weekly" as const], maxCount: 6, policy: "continue" as const };
const policy = { allowReschedule: true, allowCancel: true, changeCutoffMinutes: 24 * 60 };

describe("recurringChoice", () => {
  it("keeps known frequencies in order and caps the count at 24", () => {
    expect(recurringChoice({ frequencies: ["monthly", "weekly"], maxCount: 40, policy: "skip" })).toEqual({
      frequencies: ["weekly", "monthly"],
      maxCount: 24,
      policy: "skip",
    });
  });
  it("keeps intervals of 1–4 once each, by frequency then interval; interval 1 is the plain frequency", () => {
    expect(
      recurringChoice({
        frequencies: [
          { frequency: "weekly", interval: 2 },
          "weekly",
          { frequency: "weekly", interval: 1 },
          { frequency: "monthly", interval: 5 },
          { frequency: "daily", interval: 0 },
        ],
        maxCount: 6,
        policy: "skip",
      }),
    ).toEqual({ frequencies: ["weekly", { frequency: "weekly", interval: 2 }], maxCount: 6, policy: "skip" });
  });
  it("is off without the setting, without a frequency or below two occurrences", () => {
    expect(recurringChoice(null)).toBeNull();
    expect(recurringChoice({ frequencies: [], maxCount: 4, policy: "skip" })).toBeNull();
    expect(recurringChoice({ frequencies: ["daily"], maxCount: 1, policy: "skip" })).toBeNull();
  });
});

describe("seriesRefusal", () => {
  it("accepts what the calendar allows", () => {
    expect(seriesRefusal(weekly, { frequency: "weekly", count: 4, policy: "continue" })).toBeNull();
  });
  it.each([
    ["another frequency", { frequency: "daily" as const, count: 4, policy: "continue" as const }],
    ["more occurrences", { frequency: "weekly" as const, count: 7, policy: "continue" as const }],
    ["another policy", { frequency: "weekly" as const, count: 4, policy: "skip" as const }],
  ])("refuses %s", (_, requested) => {
    expect(seriesRefusal(weekly, requested)).toBe("RECURRING_NOT_OFFERED");
  });
  it("matches the interval: every 2 weeks only where the calendar offers it", () => {
    const fortnightly = { ...weekly, frequencies: [{ frequency: "weekly" as const, interval: 2 }] };
    expect(seriesRefusal(fortnightly, { frequency: "weekly", interval: 2, count: 4, policy: "continue" })).toBeNull();
    expect(seriesRefusal(fortnightly, { frequency: "weekly", count: 4, policy: "continue" })).toBe(
      "RECURRING_NOT_OFFERED",
    );
    expect(seriesRefusal(weekly, { frequency: "weekly", interval: 1, count: 4, policy: "continue" })).toBeNull();
    expect(seriesRefusal(weekly, { frequency: "weekly", interval: 2, count: 4, policy: "continue" })).toBe(
      "RECURRING_NOT_OFFERED",
    );
  });
  it("leaves the API's own series alone on calendars without the setting", () => {
    expect(seriesRefusal(undefined, { frequency: "daily", count: 10, policy: "skip" })).toBeNull();
  });
});

describe("restOfSeries", () => {
  const now = 0;
  const members = [
    { id: "a", status: "confirmed" as const, startMs: 100 * HOUR },
    { id: "b", status: "confirmed" as const, startMs: 268 * HOUR },
    { id: "c", status: "cancelled" as const, startMs: 436 * HOUR },
    { id: "d", status: "new" as const, startMs: 604 * HOUR },
  ];
  it("takes the chosen occurrence and every later one still on, never earlier ones", () => {
    expect(restOfSeries(members, "b", policy, now)).toEqual({ ok: true, value: { cancel: ["b", "d"], kept: [] } });
  });
  it("refuses when the chosen occurrence itself can no longer be cancelled", () => {
    expect(restOfSeries(members, "a", policy, 90 * HOUR)).toEqual({ ok: false, code: "CHANGE_WINDOW_CLOSED" });
    expect(restOfSeries(members, "c", policy, now)).toEqual({ ok: false, code: "BOOKING_CANCELLED" });
    expect(restOfSeries(members, "x", policy, now)).toEqual({ ok: false, code: "BOOKING_NOT_FOUND" });
  });
  it("says which later occurrences the policy keeps", () => {
    const paying = [...members, { id: "e", status: "pending_payment" as const, startMs: 700 * HOUR }];
    expect(restOfSeries(paying, "a", policy, now)).toEqual({
      ok: true,
      value: { cancel: ["a", "b", "d"], kept: [{ id: "e", code: "CANCEL_NOT_ALLOWED" }] },
    });
  });
});

import { describe, expect, it } from "vitest";
import { answerValidUntil } from "./booking-window.ts";
import type { SlotsByDate } from "./model.ts";
import { at, rules } from "./fixtures.test-helper.ts";

const slotsAt = (...isos: string[]): SlotsByDate => ({
  "2026-03-10": { slots: isos.map((iso) => ({ start: iso, startMs: at(iso), staffIds: ["s1"] })) },
});

describe("answerValidUntil", () => {
  const now = at("2026-03-10T08:00:00Z");

  it("holds until the minimum notice passes the earliest start (offered or full)", () => {
    const r = rules({
      minimumNoticeMinutes: 60,
      bookingWindow: { kind: "date_range", start: "2026-01-01", end: "2026-12-31" },
    });
    const slots = slotsAt("2026-03-10T11:00:00Z", "2026-03-10T10:00:00Z");
    // Offered while 10:00 ≥ now + 60 min: up to and including 09:00.
    expect(answerValidUntil(r, now, slots, [])).toBe(at("2026-03-10T09:00:00Z") + 1);
    expect(answerValidUntil(r, now, slots, ["2026-03-10T09:30:00Z"])).toBe(at("2026-03-10T08:30:00Z") + 1);
    expect(answerValidUntil(r, now, {}, [])).toBe(Number.POSITIVE_INFINITY);
  });

  it("a rolling window moves at the calendar's next midnight", () => {
    const r = rules({
      timeZone: "Europe/Berlin",
      minimumNoticeMinutes: 0,
      bookingWindow: { kind: "rolling_days", days: 30 },
    });
    expect(answerValidUntil(r, now, {}, [])).toBe(at("2026-03-10T23:00:00Z"));
    expect(answerValidUntil(r, now, slotsAt("2026-03-10T12:00:00Z"), [])).toBe(at("2026-03-10T12:00:00Z") + 1);
  });

  it("a window of days with availability moves within a day: never kept", () => {
    const r = rules({ bookingWindow: { kind: "rolling_available_days", days: 10 } });
    expect(answerValidUntil(r, now, {}, [])).toBe(now);
  });
});

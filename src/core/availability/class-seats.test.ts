import { describe, expect, it } from "vitest";
import { showsSeats } from "../calendar/calendar-setup.ts";
import { computeSlots, computeSlotsWithFull, toPublicSlots } from "./compute-slots.ts";
import { at, booking, everyDay, input, range, rules, staff } from "./fixtures.test-helper.ts";
import type { AvailabilityInput, SlotQuery } from "./model.ts";

const NOW = at("2026-01-01T00:00:00Z");
const query = (startDate: string, endDate: string, extra: Partial<SlotQuery> = {}): SlotQuery => ({
  startDate,
  endDate,
  visitorTimeZone: "Europe/Berlin",
  ...extra,
});

/** Classes of an hour, five seats, Monday 1 June 2026 09:00–13:00 UTC (11:00–15:00 in Berlin). */
function classDay(extraBusy: Parameters<typeof input>[2] = []): AvailabilityInput {
  const r = rules({ type: "class", durationMinutes: 60, slotIntervalMinutes: 60, seatsPerSlot: 5 });
  return input(
    r,
    [staff("a", "UTC", { 1: [range("09:00", "13:00")] })],
    [
      booking("a", "2026-06-01T09:00:00Z", "2026-06-01T10:00:00Z", { seats: 3 }),
      booking("a", "2026-06-01T09:00:00Z", "2026-06-01T10:00:00Z", { seats: 1 }),
      booking("a", "2026-06-01T10:00:00Z", "2026-06-01T11:00:00Z", { seats: 2 }),
      booking("a", "2026-06-01T11:00:00Z", "2026-06-01T12:00:00Z", { seats: 5 }),
      // Cancelled bookings give their seats back.
      booking("a", "2026-06-01T12:00:00Z", "2026-06-01T13:00:00Z", { seats: 4, status: "cancelled" }),
      ...extraBusy,
    ],
  );
}

function publicDay(inp: AvailabilityInput, q: SlotQuery, now = NOW) {
  const result = computeSlotsWithFull(inp, q, now);
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return toPublicSlots(result.value.slots, result.value.full);
}

describe("class seats: counts and full classes", () => {
  it("one seat asked: each class with the seats left, the fully booked one as full", () => {
    expect(publicDay(classDay(), query("2026-06-01", "2026-06-01"))).toEqual({
      "2026-06-01": {
        slots: ["2026-06-01T11:00:00+02:00", "2026-06-01T12:00:00+02:00", "2026-06-01T14:00:00+02:00"],
        seats: [1, 3, 5],
        full: ["2026-06-01T13:00:00+02:00"],
      },
    });
  });

  it("a party of two: classes with one seat left are full for them; counts stay the seats left", () => {
    expect(publicDay(classDay(), query("2026-06-01", "2026-06-01", { guests: 2 }))).toEqual({
      "2026-06-01": {
        slots: ["2026-06-01T12:00:00+02:00", "2026-06-01T14:00:00+02:00"],
        seats: [3, 5],
        full: ["2026-06-01T11:00:00+02:00", "2026-06-01T13:00:00+02:00"],
      },
    });
    // A party larger than any class: everything full, nothing offered.
    const six = publicDay(classDay(), query("2026-06-01", "2026-06-01", { guests: 6 }));
    expect(six["2026-06-01"]?.slots).toEqual([]);
    expect(six["2026-06-01"]?.full).toHaveLength(4);
  });

  it("the free slots are exactly computeSlots' (same starts, same seats)", () => {
    for (const guests of [1, 2, 3, 5]) {
      const plain = computeSlots(classDay(), query("2026-06-01", "2026-06-01", { guests }), NOW);
      const withFull = computeSlotsWithFull(classDay(), query("2026-06-01", "2026-06-01", { guests }), NOW);
      expect(withFull.ok && withFull.value.slots).toEqual(plain.ok && plain.value);
    }
  });

  it("a date whose classes are all full appears with no slots; dates stay in order", () => {
    const r = rules({ type: "class", durationMinutes: 60, slotIntervalMinutes: 60, seatsPerSlot: 2 });
    const inp = input(
      r,
      [staff("a", "UTC", everyDay(range("09:00", "10:00")))],
      [booking("a", "2026-06-01T09:00:00Z", "2026-06-01T10:00:00Z", { seats: 2 })],
    );
    const result = publicDay(inp, query("2026-05-31", "2026-06-02"));
    expect(Object.keys(result)).toEqual(["2026-05-31", "2026-06-01", "2026-06-02"]);
    expect(result["2026-06-01"]).toEqual({ slots: [], seats: [], full: ["2026-06-01T11:00:00+02:00"] });
    expect(result["2026-06-02"]).toEqual({ slots: ["2026-06-02T11:00:00+02:00"], seats: [2], full: [] });
  });

  it("a full class is listed only when nothing but its seats stops it", () => {
    // The host is away at 13:00 (another calendar's booking), and 11:00 falls inside the notice.
    const inp = classDay([
      booking("a", "2026-06-01T11:15:00Z", "2026-06-01T11:45:00Z", { calendarId: "other", seats: 1 }),
    ]);
    const r = computeSlotsWithFull(inp, query("2026-06-01", "2026-06-01", { guests: 2 }), at("2026-06-01T09:30:00Z"));
    expect(r.ok && r.value.full).toEqual({});
    expect(r.ok && r.value.slots["2026-06-01"]?.slots.map((s) => [s.start, s.remainingSeats])).toEqual([
      ["2026-06-01T12:00:00+02:00", 3],
      ["2026-06-01T14:00:00+02:00", 5],
    ]);
  });
});

describe("class seats: other calendar types unchanged", () => {
  it("personal: no full list, and the public shape has no seat fields", () => {
    const inp = input(
      rules(),
      [staff("a", "UTC", everyDay(range("09:00", "10:00")))],
      [booking("a", "2026-06-01T09:00:00Z", "2026-06-01T09:30:00Z")],
    );
    const q = query("2026-06-01", "2026-06-01");
    const result = computeSlotsWithFull(inp, q, NOW);
    const plain = computeSlots(inp, q, NOW);
    expect(result.ok && result.value.full).toEqual({});
    expect(result.ok && result.value.slots).toEqual(plain.ok && plain.value);
    expect(result.ok && toPublicSlots(result.value.slots)).toEqual({
      "2026-06-01": { slots: ["2026-06-01T11:30:00+02:00"] },
    });
  });

  it("a class calendar without seat display keeps the old shape (full classes left out)", () => {
    const result = computeSlotsWithFull(classDay(), query("2026-06-01", "2026-06-01"), NOW);
    expect(result.ok && toPublicSlots(result.value.slots)).toEqual({
      "2026-06-01": {
        slots: ["2026-06-01T11:00:00+02:00", "2026-06-01T12:00:00+02:00", "2026-06-01T14:00:00+02:00"],
      },
    });
  });
});

describe("showsSeats", () => {
  it.each([
    ["class", 12, undefined, true],
    ["class", 12, true, true],
    ["class", 12, false, false],
    // "Seats appear only when Seats per class > 1".
    ["class", 1, true, false],
    ["class", null, undefined, false],
    ["personal", 12, true, false],
    ["service", null, true, false],
  ] as const)("%s, %s seats, display %s → %s", (type, seatsPerSlot, displayAvailableSeats, expected) => {
    expect(showsSeats(type, { seatsPerSlot, displayAvailableSeats })).toBe(expected);
  });
});

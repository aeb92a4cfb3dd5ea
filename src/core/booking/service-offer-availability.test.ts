import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { indexBusy } from "../availability/busy-index.ts";
import { computeSlots } from "../availability/compute-slots.ts";
import { booking, everyDay, range, rules, staff } from "../availability/fixtures.test-helper.ts";
import type { BusyInterval, CalendarRules, SlotQuery } from "../availability/model.ts";
import { oracleSlots } from "../availability/oracle.test-helper.ts";
import { offerServiceDefinition, resolveOffer, type ServiceOffering } from "./service-offer.ts";

/**
 * A variation with add-ons is planned as one appointment of their summed length, buffers around
 * the whole: the engine agrees with the minute-by-minute oracle on random variations, add-on
 * quantities, buffers and bookings, and a hand-checked day shows the after-buffer follows the add-on.
 */

const day: SlotQuery = { startDate: "2026-06-15", endDate: "2026-06-15", visitorTimeZone: "UTC" };
const schedules = [
  staff("a", "UTC", everyDay(range("09:00", "13:00"))),
  staff("b", "UTC", everyDay(range("10:00", "14:00"))),
];

function salon(
  durationMinutes: number,
  priceMinor: number,
  addOnMinutes: number,
  bufferBefore: number | null,
  bufferAfter: number | null,
): ServiceOffering {
  return {
    id: "haircut",
    name: "Haircut",
    durationMinutes: 30,
    priceMinor: 3000,
    deposit: null,
    bufferBeforeMinutes: null,
    bufferAfterMinutes: null,
    variations: [
      {
        id: "v",
        name: "Variation",
        durationMinutes,
        priceMinor,
        deposit: null,
        bufferBeforeMinutes: bufferBefore,
        bufferAfterMinutes: bufferAfter,
      },
    ],
    addOns: [{ id: "x", name: "Extra", durationMinutes: addOnMinutes, priceMinor: 500, maxQuantity: 3 }],
    staffTerms: [],
  };
}

function calendar(service: ServiceOffering, quantity: number): CalendarRules {
  const r = resolveOffer(service, { variationId: "v", addOns: [{ addOnId: "x", quantity }], staffId: null });
  if (!r.ok) throw new Error(r.refusal.code);
  return rules({
    type: "service",
    slotIntervalMinutes: 15,
    members: [
      { staffId: "a", priority: 1 },
      { staffId: "b", priority: 0.5 },
    ],
    services: [offerServiceDefinition("haircut:v", r.offer, ["a", "b"])],
  });
}

/** Before the day: the booking window (rolling days) counts from now. */
const NOW = Date.UTC(2026, 5, 1);

const starts = (r: CalendarRules, busy: BusyInterval[], query: SlotQuery) => {
  const result = computeSlots({ rules: r, staff: schedules, busy: indexBusy(r, busy, NOW) }, query, NOW);
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.value;
};

describe("variations and add-ons in the availability engine", () => {
  it("plans the long variation with its add-on as one appointment, the after-buffer after the add-on", () => {
    // 60 min + 15 min add-on, 15 min after-buffer: a start needs 90 free minutes on one stylist.
    const r = calendar(salon(60, 5000, 15, 0, 15), 1);
    const query = { ...day, carts: [{ serviceIds: ["haircut:v"] }], staffIds: ["a"] };
    const slots = starts(r, [booking("a", "2026-06-15T11:30:00Z", "2026-06-15T12:00:00Z")], query);
    // a works 09:00–13:00 and is busy 11:30–12:00: 09:00 ends 10:15 (+15 buffer → 10:30 ≤ 11:30) … 10:00 ends 11:15 (+15 → 11:30) is the last before.
    expect(slots["2026-06-15"]?.slots.map((s) => s.start.slice(11, 16))).toEqual([
      "09:00",
      "09:15",
      "09:30",
      "09:45",
      "10:00",
    ]);
  });

  it("agrees with the minute-by-minute oracle on random variations, add-ons, buffers and bookings", () => {
    let nonEmpty = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 0, max: 3 }),
        fc.option(fc.integer({ min: 0, max: 4 })),
        fc.option(fc.integer({ min: 0, max: 4 })),
        fc.array(
          fc.tuple(fc.constantFrom("a", "b"), fc.integer({ min: 32, max: 60 }), fc.integer({ min: 1, max: 8 })),
          { maxLength: 4 },
        ),
        fc.integer({ min: 1, max: 2 }),
        (length, addOn, quantity, before, after, busy, guests) => {
          const r = calendar(
            salon(length * 15, 4000, addOn * 5, before === null ? null : before * 5, after === null ? null : after * 5),
            quantity,
          );
          const intervals = busy.map(([who, startQuarter, quarters]) => {
            const start = Date.UTC(2026, 5, 15) + startQuarter * 15 * 60_000;
            return {
              ...booking(who, "2026-06-15T00:00:00Z", "2026-06-15T00:15:00Z"),
              startMs: start,
              endMs: start + quarters * 15 * 60_000,
            };
          });
          const query: SlotQuery = {
            ...day,
            guests,
            carts: Array.from({ length: guests }, () => ({ serviceIds: ["haircut:v"] })),
          };
          const expected = oracleSlots({ rules: r, staff: schedules, busy: intervals }, query, NOW);
          if (expected && Object.keys(expected).length > 0) nonEmpty += 1;
          const actual = Object.fromEntries(
            Object.entries(starts(r, intervals, query)).map(([date, { slots }]) => [
              date,
              slots.map((s) => ({
                start: s.start,
                staffIds: s.staffIds,
                ...(s.assignments ? { assignments: s.assignments } : {}),
              })),
            ]),
          );
          expect(actual).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
    // The comparison is not vacuous: most scenarios leave some start free.
    expect(nonEmpty).toBeGreaterThan(100);
  });
});

describe("staff durations under any available", () => {
  it("plans each candidate at their own length, and the guest's next service after it", () => {
    // b takes 60 minutes over the cut, a 30; only a dyes. a is busy until 12:00.
    const r = rules({
      type: "service",
      slotIntervalMinutes: 30,
      members: [
        { staffId: "a", priority: 1 },
        { staffId: "b", priority: 0.5 },
      ],
      services: [
        { serviceId: "cut", durationMinutes: 30, staffDurationMinutes: { b: 60 }, staffIds: ["a", "b"] },
        { serviceId: "dye", durationMinutes: 30, staffIds: ["a"] },
      ],
    });
    const slots = starts(r, [booking("a", "2026-06-15T09:00:00Z", "2026-06-15T12:00:00Z")], {
      ...day,
      carts: [{ serviceIds: ["cut", "dye"] }],
    });
    const got = slots["2026-06-15"]?.slots.map((s) =>
      s.assignments?.map(
        (a) =>
          `${a.serviceId}:${a.staffId}@${a.startMs / 60_000 - Date.UTC(2026, 5, 15) / 60_000}+${(a.endMs - a.startMs) / 60_000}`,
      ),
    );
    // 11:00: b cuts for an hour, a dyes at 12:00. At 10:00 b's cut would end while a is busy.
    expect(got).toEqual([
      ["cut:b@660+60", "dye:a@720+30"],
      ["cut:b@690+60", "dye:a@750+30"],
      ["cut:a@720+30", "dye:a@750+30"],
    ]);
  });
});

import { describe, expect, it } from "vitest";
import { bookedPlan, lineBuffers, planOffers, priceLines, serviceOfKey } from "./cart-offers.ts";
import type { BookingCalendar } from "./booking-calendar.ts";

const cut: BookingCalendar["services"][number] = {
  id: "cut",
  name: "Cut",
  durationMinutes: 30,
  priceCents: 3000,
  deposit: null,
  staffIds: ["junior", "senior", "slow"],
  variations: [
    {
      id: "long",
      name: "Long",
      durationMinutes: 60,
      priceMinor: 5000,
      deposit: null,
      bufferBeforeMinutes: null,
      bufferAfterMinutes: 10,
    },
  ],
  addOns: [{ id: "mask", name: "Mask", durationMinutes: 15, priceMinor: 1500, maxQuantity: 2 }],
  staffTerms: [
    { staffId: "senior", variationId: "long", durationMinutes: null, priceMinor: 6500 },
    { staffId: "slow", variationId: null, durationMinutes: 90, priceMinor: null },
  ],
};
const dye: BookingCalendar["services"][number] = { id: "dye", priceCents: 4000, deposit: null, staffIds: ["junior"] };
const ctx = { services: [cut, dye] };
const long = { serviceId: "cut", variationId: "long", addOns: [{ addOnId: "mask", quantity: 2 }] };

describe("planOffers", () => {
  it("leaves carts without anything to choose to the calendar's own definitions", () => {
    expect(planOffers(ctx, [{ serviceIds: ["dye"] }], null, null)).toEqual({ ok: true, value: null });
  });

  it("gives each distinct choice one definition: its summed length and its own after-buffer", () => {
    const plan = planOffers(ctx, [{ serviceIds: ["cut", "dye"] }, { serviceIds: ["cut"] }], [long], null);
    if (!plan.ok || !plan.value) throw new Error("expected a plan");
    const { engineCarts, definitions } = plan.value;
    // Both attendees take the same choice: one key, one definition; the dye keeps its own id.
    expect(engineCarts[0]!.serviceIds[1]).toBe("dye");
    expect(engineCarts[1]!.serviceIds[0]).toBe(engineCarts[0]!.serviceIds[0]);
    expect(definitions).toHaveLength(1);
    // Under "any available" the slow stylist, whose cut lasts 90 minutes (+ 2 × 15 of mask), is
    // offered at her own length.
    expect(definitions[0]).toMatchObject({
      durationMinutes: 90,
      staffDurationMinutes: { slow: 120 },
      bufferAfterMinutes: 10,
      staffIds: ["junior", "senior", "slow"],
    });
    expect(serviceOfKey(plan.value, definitions[0]!.serviceId)).toBe("cut");
    expect(
      lineBuffers(plan.value, { bufferBeforeMinutes: 5, bufferAfterMinutes: 0 })(definitions[0]!.serviceId),
    ).toEqual({
      bufferBeforeMinutes: 5,
      bufferAfterMinutes: 10,
    });
  });

  it("plans a chosen member with their own terms, and prices each line for the member assigned", () => {
    const slow = planOffers(ctx, [{ serviceIds: ["cut"] }], [{ serviceId: "cut", variationId: "long" }], ["slow"]);
    if (!slow.ok || !slow.value) throw new Error("expected a plan");
    expect(slow.value.definitions[0]).toMatchObject({ durationMinutes: 90 });

    const any = planOffers(ctx, [{ serviceIds: ["cut"] }], [long], null);
    if (!any.ok || !any.value) throw new Error("expected a plan");
    const key = any.value.engineCarts[0]!.serviceIds[0]!;
    const at = (staffId: string) =>
      priceLines(ctx, any.value!, [{ guestIndex: 0, serviceId: key, staffId, startMs: 0, endMs: 0 }])[0]![0]!;
    expect(at("junior").priceCents).toBe(5000 + 2 * 1500);
    expect(at("senior").priceCents).toBe(6500 + 2 * 1500);
    expect(at("senior").stored).toMatchObject({ durationMinutes: 90, variationName: "Long" });
    // The member assigned under "any available" is stored with her own length and price.
    expect(at("slow").stored).toMatchObject({ durationMinutes: 120, priceMinor: 5000 + 2 * 1500 });
  });

  it("gives an attendee their own pick over the shared one, and refuses one for a service not in their cart", () => {
    const carts = [{ serviceIds: ["cut"] }, { serviceIds: ["cut"] }, { serviceIds: ["dye"] }];
    const shortForGuest = { serviceId: "cut", attendee: 1, variationId: null, addOns: [] };
    // The booker's shared pick is the long cut; guest 1 takes the cut bare (no variation → refused),
    // so give guest 1 the long cut with one mask instead: two distinct lines, two definitions.
    const plan = planOffers(
      ctx,
      carts,
      [long, { ...shortForGuest, variationId: "long", addOns: [{ addOnId: "mask", quantity: 1 }] }],
      null,
    );
    if (!plan.ok || !plan.value) throw new Error("expected a plan");
    expect(plan.value.lines.map((l) => l.map((x) => x.offer.durationMinutes)).slice(0, 2)).toEqual([[90], [75]]);
    expect(plan.value.engineCarts[2]).toEqual({ serviceIds: ["dye"] });
    expect(plan.value.definitions).toHaveLength(2);
    expect(planOffers(ctx, carts, [long, shortForGuest], null)).toMatchObject({
      ok: false,
      error: { code: "VARIATION_REQUIRED", fields: [{ path: "offers.1" }] },
    });
    expect(planOffers(ctx, carts, [{ ...long, attendee: 2 }], null)).toMatchObject({
      ok: false,
      error: { code: "SERVICES_REQUIRED", fields: [{ path: "offers.0.serviceId" }] },
    });
  });

  it("refuses a bare service with variations, too many of an add-on, and a pick outside the carts", () => {
    expect(planOffers(ctx, [{ serviceIds: ["cut"] }], [], null)).toMatchObject({
      ok: false,
      error: { code: "VARIATION_REQUIRED" },
    });
    expect(
      planOffers(
        ctx,
        [{ serviceIds: ["cut"] }],
        [{ serviceId: "cut", variationId: "long", addOns: [{ addOnId: "mask", quantity: 3 }] }],
        null,
      ),
    ).toMatchObject({
      ok: false,
      error: { code: "ADD_ON_QUANTITY", details: { count: 2 }, fields: [{ path: "offers.0" }] },
    });
    expect(planOffers(ctx, [{ serviceIds: ["dye"] }], [long], null)).toMatchObject({
      ok: false,
      error: { code: "SERVICES_REQUIRED", fields: [{ path: "offers.0.serviceId" }] },
    });
  });
});

describe("bookedPlan", () => {
  it("keeps each stored line's length when the booking moves, whatever the service has become", () => {
    const stored = [
      [
        {
          serviceId: "cut",
          variationId: "long",
          variationName: "Long",
          durationMinutes: 75,
          priceMinor: 6500,
          parts: [
            {
              kind: "service" as const,
              id: "long",
              name: "Cut — Long",
              quantity: 1,
              durationMinutes: 60,
              priceMinor: 5000,
            },
            { kind: "add_on" as const, id: "mask", name: "Mask", quantity: 1, durationMinutes: 15, priceMinor: 1500 },
          ],
        },
      ],
    ];
    const plan = bookedPlan(ctx, [{ serviceIds: ["cut"] }], stored);
    expect(plan?.definitions).toEqual([
      expect.objectContaining({ durationMinutes: 75, bufferAfterMinutes: 10, staffIds: ["junior", "senior", "slow"] }),
    ]);
    expect(plan?.lines[0]![0]!.addOns).toEqual([{ addOnId: "mask", quantity: 1 }]);
    expect(bookedPlan(ctx, [{ serviceIds: ["cut"] }], [])).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { offerRange, resolveOffer, type ServiceOffering } from "./service-offer.ts";

/** The demo salon's haircut: two lengths, a conditioning add-on, a senior stylist who costs more and takes longer. */
const haircut: ServiceOffering = {
  id: "haircut",
  name: "Haircut",
  durationMinutes: 30,
  priceMinor: 3000,
  deposit: { kind: "percentage", percent: 50 },
  bufferBeforeMinutes: null,
  bufferAfterMinutes: 10,
  variations: [
    {
      id: "short",
      name: "Short",
      durationMinutes: 30,
      priceMinor: 3000,
      deposit: null,
      bufferBeforeMinutes: null,
      bufferAfterMinutes: null,
    },
    {
      id: "long",
      name: "Long",
      durationMinutes: 60,
      priceMinor: 5000,
      deposit: { kind: "amount", amountCents: 1000 },
      bufferBeforeMinutes: 5,
      bufferAfterMinutes: 15,
    },
  ],
  addOns: [{ id: "conditioning", name: "Deep conditioning", durationMinutes: 15, priceMinor: 1200, maxQuantity: 2 }],
  staffTerms: [
    { staffId: "senior", variationId: null, durationMinutes: null, priceMinor: 3500 },
    { staffId: "senior", variationId: "long", durationMinutes: 75, priceMinor: 6500 },
  ],
};

describe("resolveOffer", () => {
  it("uses the chosen variation's duration, price, deposit and buffers", () => {
    const r = resolveOffer(haircut, { variationId: "long", addOns: [], staffId: "junior" });
    expect(r).toMatchObject({
      ok: true,
      offer: {
        variationId: "long",
        variationName: "Long",
        durationMinutes: 60,
        priceMinor: 5000,
        bufferBeforeMinutes: 5,
        bufferAfterMinutes: 15,
        deposit: { kind: "amount", amountCents: 1000 },
      },
    });
  });

  it("falls back to the service's deposit and buffers where the variation sets none", () => {
    const r = resolveOffer(haircut, { variationId: "short", addOns: [], staffId: null });
    expect(r).toMatchObject({
      ok: true,
      offer: {
        durationMinutes: 30,
        bufferBeforeMinutes: null,
        bufferAfterMinutes: 10,
        deposit: { kind: "percentage", percent: 50 },
      },
    });
  });

  it("adds each add-on's duration and price times its quantity, and lists every line", () => {
    const r = resolveOffer(haircut, {
      variationId: "long",
      addOns: [{ addOnId: "conditioning", quantity: 2 }],
      staffId: "junior",
    });
    if (!r.ok) throw new Error(r.refusal.code);
    expect(r.offer.durationMinutes).toBe(60 + 30);
    expect(r.offer.priceMinor).toBe(5000 + 2400);
    // The after-buffer belongs to the whole appointment, add-ons included.
    expect(r.offer.bufferAfterMinutes).toBe(15);
    expect(r.offer.parts.map((p) => [p.name, p.quantity, p.durationMinutes, p.priceMinor])).toEqual([
      ["Haircut — Long", 1, 60, 5000],
      ["Deep conditioning", 2, 30, 2400],
    ]);
  });

  it("applies a staff member's own terms: the variation's first, else the service's", () => {
    const long = resolveOffer(haircut, {
      variationId: "long",
      addOns: [{ addOnId: "conditioning", quantity: 1 }],
      staffId: "senior",
    });
    expect(long).toMatchObject({ ok: true, offer: { durationMinutes: 75 + 15, priceMinor: 6500 + 1200 } });
    const short = resolveOffer(haircut, { variationId: "short", addOns: [], staffId: "senior" });
    expect(short).toMatchObject({ ok: true, offer: { durationMinutes: 30, priceMinor: 3500 } });
  });

  it("refuses a missing or unknown variation, an unknown add-on and too many of one", () => {
    expect(resolveOffer(haircut, { variationId: null, addOns: [], staffId: null })).toEqual({
      ok: false,
      refusal: { code: "VARIATION_REQUIRED" },
    });
    expect(resolveOffer(haircut, { variationId: "bald", addOns: [], staffId: null })).toMatchObject({
      ok: false,
      refusal: { code: "UNKNOWN_VARIATION" },
    });
    expect(
      resolveOffer(haircut, { variationId: "short", addOns: [{ addOnId: "massage", quantity: 1 }], staffId: null }),
    ).toMatchObject({
      ok: false,
      refusal: { code: "UNKNOWN_ADD_ON" },
    });
    expect(
      resolveOffer(haircut, {
        variationId: "short",
        addOns: [{ addOnId: "conditioning", quantity: 3 }],
        staffId: null,
      }),
    ).toEqual({
      ok: false,
      refusal: { code: "ADD_ON_QUANTITY", addOnId: "conditioning", max: 2 },
    });
    expect(
      resolveOffer(haircut, {
        variationId: "short",
        addOns: [
          { addOnId: "conditioning", quantity: 1 },
          { addOnId: "conditioning", quantity: 1 },
        ],
        staffId: null,
      }),
    ).toMatchObject({ ok: false, refusal: { code: "UNKNOWN_ADD_ON" } });
  });

  it("books a service without variations as itself, and refuses a variation it does not have", () => {
    const plain: ServiceOffering = { ...haircut, variations: [], staffTerms: [] };
    expect(resolveOffer(plain, { variationId: null, addOns: [], staffId: null })).toMatchObject({
      ok: true,
      offer: { variationId: null, durationMinutes: 30, priceMinor: 3000 },
    });
    expect(resolveOffer(plain, { variationId: "long", addOns: [], staffId: null })).toMatchObject({
      ok: false,
      refusal: { code: "UNKNOWN_VARIATION" },
    });
  });
});

describe("offerRange", () => {
  it("gives 'any available' the range over the eligible staff", () => {
    expect(offerRange(haircut, "long", ["junior", "senior"])).toEqual({
      minPriceMinor: 5000,
      maxPriceMinor: 6500,
      minDurationMinutes: 60,
      maxDurationMinutes: 75,
    });
    expect(offerRange(haircut, "short", ["junior"])).toEqual({
      minPriceMinor: 3000,
      maxPriceMinor: 3000,
      minDurationMinutes: 30,
      maxDurationMinutes: 30,
    });
    expect(offerRange(haircut, null, ["junior"])).toBeNull();
  });
});

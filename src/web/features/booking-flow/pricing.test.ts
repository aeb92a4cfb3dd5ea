import { describe, expect, it } from "vitest";
import { staffPrices } from "./pricing.ts";

const details = { guestCount: "", guests: [] };

const service = (id: string, priceCents: number, staffIds: string[], extra: object = {}) => ({
  id,
  name: id,
  description: "",
  category: "",
  durationMinutes: 30,
  priceCents,
  deposit: null,
  maxGuestsPerSlot: 1,
  isPrivate: false,
  variations: [],
  addOns: [],
  staffTerms: [],
  staffIds,
  ...extra,
});

const salon = (services: ReturnType<typeof service>[]) => ({
  type: "service" as const,
  guestMode: "none" as const,
  priceCents: 0,
  deposit: null,
  services,
  staff: [
    { id: "anna", name: "Anna", photoUrl: null },
    { id: "liam", name: "Liam", photoUrl: null },
    { id: "mia", name: "Mia", photoUrl: null },
  ],
});

describe("staffPrices: each member's total and the 'from' price of any available", () => {
  it("takes each member's own terms; the lowest is the cheapest member's", () => {
    const cut = service("cut", 4000, ["anna", "liam", "mia"], {
      staffTerms: [
        { staffId: "anna", variationId: null, durationMinutes: null, priceMinor: 5500 },
        { staffId: "mia", variationId: null, durationMinutes: 45, priceMinor: 3500 },
      ],
    });
    expect(staffPrices(salon([cut]), [["cut"]], details)).toEqual({ totals: [5500, 4000, 3500], lowest: 3500 });
  });

  it("ignores members who cannot perform every chosen service, however cheap", () => {
    const cut = service("cut", 4000, ["anna", "liam", "mia"], {
      staffTerms: [{ staffId: "mia", variationId: null, durationMinutes: null, priceMinor: 1000 }],
    });
    const colour = service("colour", 6000, ["anna", "liam"], {
      staffTerms: [{ staffId: "liam", variationId: null, durationMinutes: null, priceMinor: 7000 }],
    });
    // Mia (cheapest at 1000 + 6000) does not colour: from the cheaper of Anna (10000) and Liam (11000).
    const { totals, lowest } = staffPrices(salon([cut, colour]), [["cut", "colour"]], details);
    expect(totals).toEqual([10000, 11000, 7000]);
    expect(lowest).toBe(10000);
  });

  it("prices a variation at a member's terms for that variation", () => {
    const cut = service("cut", 0, ["anna", "liam"], {
      variations: [
        {
          id: "long",
          name: "Long",
          durationMinutes: 60,
          priceMinor: 5500,
          deposit: null,
          bufferBeforeMinutes: null,
          bufferAfterMinutes: null,
        },
      ],
      staffTerms: [{ staffId: "anna", variationId: "long", durationMinutes: null, priceMinor: 6500 }],
    });
    const picks = { cut: { variationId: "long", addOns: {} } };
    expect(staffPrices(salon([cut]), [["cut"]], details, picks)).toMatchObject({ totals: [6500, 5500, 5500] });
    expect(staffPrices(salon([cut]), [["cut"]], details, picks).lowest).toBe(5500);
  });

  it("falls back to everyone when no member performs every chosen service", () => {
    const cut = service("cut", 4000, ["anna"]);
    const colour = service("colour", 6000, ["liam"]);
    expect(staffPrices(salon([cut, colour]), [["cut", "colour"]], details).lowest).toBe(10000);
  });
});

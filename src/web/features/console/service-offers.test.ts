import { describe, expect, it } from "vitest";
import {
  newAddOn,
  newVariation,
  offerMessageKey,
  offersBody,
  offersDraftOf,
  termKey,
  variationRef,
} from "./service-offers.ts";

const stored = {
  variations: [
    {
      id: "v-short",
      name: "Short",
      durationMinutes: 30,
      priceMinor: 3500,
      deposit: { kind: "percentage" as const, percent: 20 },
      bufferBeforeMinutes: null,
      bufferAfterMinutes: 10,
    },
  ],
  addOns: [{ id: "a-cond", name: "Conditioning", durationMinutes: 15, priceMinor: 1500, maxQuantity: 2 }],
  staffTerms: [
    { staffId: "anna", variationId: null, durationMinutes: null, priceMinor: 5500 },
    { staffId: "anna", variationId: "v-short", durationMinutes: 40, priceMinor: null },
  ],
  location: { kind: "video" as const, value: "https://meet.example.com/x" },
};

describe("offersDraftOf and offersBody", () => {
  it("round-trips a stored service's offers in the business currency", () => {
    const draft = offersDraftOf(stored, "EUR", "de");
    expect(draft.variations[0]).toMatchObject({
      id: "v-short",
      price: "35,00",
      bufferBefore: "",
      bufferAfter: "10",
      deposit: { kind: "percentage", text: "20" },
    });
    expect(draft.terms).toEqual({ anna: { price: "55,00", duration: "" } });
    expect(draft.variationTerms).toEqual({ anna: { "v-short": { price: "", duration: "40" } } });
    const { body, problems, termIndex } = offersBody(draft, "EUR", ["anna", "liam"]);
    expect(problems).toEqual({});
    expect(body).toEqual({
      variations: [
        {
          id: "v-short",
          name: "Short",
          durationMinutes: 30,
          priceMinor: 3500,
          deposit: { kind: "percentage", percent: 20 },
          bufferBeforeMinutes: null,
          bufferAfterMinutes: 10,
        },
      ],
      addOns: [{ id: "a-cond", name: "Conditioning", durationMinutes: 15, priceMinor: 1500, maxQuantity: 2 }],
      staffTerms: [stored.staffTerms[0], stored.staffTerms[1]],
      location: stored.location,
    });
    expect(termIndex).toEqual({ anna: 0, "anna/v-short": 1 });
  });

  it("names each field that cannot be sent by its API path, and keeps what was typed", () => {
    const draft = offersDraftOf(null, "JPY", "en");
    const typed = {
      ...draft,
      variations: [{ ...newVariation(), name: "Long", price: "ten euros", duration: "" }],
      addOns: [{ ...newAddOn(), name: "Mask", maxQuantity: "two" }],
      terms: { liam: { price: "12.5", duration: "" } },
      locationKind: "phone" as const,
      locationValue: "call me",
    };
    const { problems } = offersBody(typed, "JPY", ["liam"]);
    expect(problems).toEqual({
      "variations.0.priceMinor": "console.services.priceInvalid",
      "variations.0.durationMinutes": "console.services.durationInvalid",
      "addOns.0.maxQuantity": "console.services.offers.maxQuantityInvalid",
      // Yen have no minor digits.
      "staffTerms.0.priceMinor": "console.services.priceInvalid",
      "location.value": "console.services.offers.phoneInvalid",
    });
    expect(typed.variations[0]!.price).toBe("ten euros");
  });

  it("sends a variation's deposit and a member's terms for a saved variation, each refusal at its path", () => {
    const draft = offersDraftOf(stored, "EUR", "en");
    const typed = {
      ...draft,
      variations: [
        { ...draft.variations[0]!, deposit: { kind: "amount" as const, text: "40" } },
        { ...newVariation(), name: "Long", price: "50", deposit: { kind: "percentage" as const, text: "150" } },
      ],
      variationTerms: { liam: { "v-short": { price: "4o", duration: "" } } },
    };
    const { body, problems, termIndex } = offersBody(typed, "EUR", ["anna", "liam"]);
    expect(problems).toEqual({
      // More than the variation's own price (35).
      "variations.0.deposit": "console.services.depositTooHigh",
      "variations.1.deposit": "console.services.percentInvalid",
      "staffTerms.1.priceMinor": "console.services.priceInvalid",
    });
    expect(termIndex).toEqual({ anna: 0, "liam/v-short": 1 });
    // Anna's terms for the short cut were emptied above: not sent.
    expect(body.staffTerms).toHaveLength(2);

    const fixed = {
      ...typed,
      variations: [
        { ...typed.variations[0]!, deposit: { kind: "amount" as const, text: "10" } },
        { ...typed.variations[1]!, deposit: { kind: "none" as const, text: "150" } },
      ],
      variationTerms: { liam: { "v-short": { price: "40", duration: "45" } } },
    };
    const sent = offersBody(fixed, "EUR", ["anna", "liam"]);
    expect(sent.problems).toEqual({});
    expect(sent.body.variations.map((v) => (v as { deposit: unknown }).deposit)).toEqual([
      { kind: "amount", amountCents: 1000 },
      null,
    ]);
    expect(sent.body.staffTerms).toEqual([
      stored.staffTerms[0],
      { staffId: "liam", variationId: "v-short", priceMinor: 4000, durationMinutes: 45 },
    ]);
  });

  it("sends a member's terms for a variation added in the same save by its position, refusals at their fields", () => {
    const draft = offersDraftOf(stored, "EUR", "en");
    const added = { ...newVariation(), name: "Long", duration: "60", price: "45" };
    const typed = {
      ...draft,
      variations: [...draft.variations, added],
      variationTerms: { liam: { [variationRef(added)]: { price: "seventy", duration: "75" } } },
    };
    const { body, problems, termIndex } = offersBody(typed, "EUR", ["anna", "liam"]);
    // Anna's terms for the whole service first; hers for the short cut were replaced above.
    expect(termIndex[termKey("liam", variationRef(added))]).toBe(1);
    expect(problems).toEqual({ "staffTerms.1.priceMinor": "console.services.priceInvalid" });
    const fixed = { ...typed, variationTerms: { liam: { [variationRef(added)]: { price: "70", duration: "75" } } } };
    expect(offersBody(fixed, "EUR", ["anna", "liam"]).body.staffTerms[1]).toEqual({
      staffId: "liam",
      variationId: null,
      variationIndex: 1,
      priceMinor: 7000,
      durationMinutes: 75,
    });
    expect(body.staffTerms).toHaveLength(2);
    // Removed before saving: its terms go with it.
    expect(offersBody({ ...fixed, variations: draft.variations }, "EUR", ["liam"]).body.staffTerms).toEqual([]);
  });

  it("drops terms of people who no longer perform it and of removed variations", () => {
    const draft = { ...offersDraftOf(stored, "EUR", "en"), variations: [] };
    expect(offersBody(draft, "EUR", ["liam"]).body.staffTerms).toEqual([]);
    expect(offersBody(draft, "EUR", ["anna"]).body.staffTerms).toEqual([stored.staffTerms[0]]);
  });

  it("maps the API's refusals to the message of what the field takes", () => {
    expect(offerMessageKey("addOns.1.durationMinutes", "")).toBe("console.services.offers.extraMinutesInvalid");
    expect(offerMessageKey("variations.0.bufferAfterMinutes", "")).toBe("console.services.offers.bufferInvalid");
    expect(offerMessageKey("location.value", "video")).toBe("console.services.offers.videoInvalid");
    expect(offerMessageKey("variations.0.id", "")).toBe("console.services.offers.rowGone");
    expect(offerMessageKey("name", "")).toBeUndefined();
  });
});

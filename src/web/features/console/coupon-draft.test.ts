import { describe, expect, it } from "vitest";
import { couponBody, couponDraftOf, newCouponDraft } from "./coupon-draft.ts";

describe("couponBody", () => {
  it("reads the window as wall times in the business's zone and amounts in its currency", () => {
    const draft = {
      ...newCouponDraft(),
      code: " spring10 ",
      kind: "amount" as const,
      value: "5,50",
      validFrom: "2030-03-30T09:00",
      validUntil: "2030-04-01T00:00",
      maxUsesPerVisitor: "1",
    };
    const { body, problems } = couponBody(draft, "EUR", "Europe/Berlin");
    expect(problems).toEqual({});
    expect(body).toEqual({
      code: "spring10",
      value: { kind: "amount", amountMinor: 550 },
      currency: "EUR",
      // Berlin is on summer time (UTC+2) from 31 March 2030.
      validFrom: "2030-03-30T08:00:00.000Z",
      validUntil: "2030-03-31T22:00:00.000Z",
      serviceIds: [],
      calendarIds: [],
      maxUses: null,
      maxUsesPerVisitor: 1,
      isActive: true,
    });
  });

  it("names what cannot be sent at its API path", () => {
    const draft = { ...newCouponDraft(), code: "X", kind: "amount" as const, value: "ten euros", maxUses: "many" };
    expect(couponBody(draft, "EUR", "UTC").problems).toEqual({
      "value.amountMinor": "console.coupons.error.amount",
      maxUses: "console.coupons.error.limit",
    });
    expect(couponBody({ ...draft, kind: "percentage", value: "10%" }, "EUR", "UTC").problems).toMatchObject({
      "value.percent": "console.coupons.error.percent",
    });
  });

  it("shows a stored coupon as it was typed", () => {
    const stored = {
      id: "c1",
      code: "SPRING10",
      value: { kind: "percentage" as const, percent: 10 },
      currency: "EUR",
      validFrom: null,
      validUntil: "2030-03-31T22:00:00.000Z",
      serviceIds: ["s1"],
      calendarIds: [],
      maxUses: 100,
      maxUsesPerVisitor: null,
      isActive: false,
      uses: 3,
      createdAt: "2030-01-01T00:00:00.000Z",
    };
    expect(couponDraftOf(stored, "EUR", "Europe/Berlin", "en")).toEqual({
      id: "c1",
      code: "SPRING10",
      kind: "percentage",
      value: "10",
      validFrom: "",
      validUntil: "2030-04-01T00:00",
      serviceIds: ["s1"],
      calendarIds: [],
      maxUses: "100",
      maxUsesPerVisitor: "",
      isActive: false,
    });
  });
});

import { describe, expect, it } from "vitest";
import { formatMoney } from "../payments/money.ts";
import { couponRefusal, normaliseCouponCode, quoteWithCoupon, type Coupon, type CouponUse } from "./coupons.ts";

const spring: Coupon = {
  id: "c1",
  code: "SPRING10",
  value: { kind: "percentage", percent: 10 },
  validFromMs: Date.UTC(2026, 2, 1),
  validUntilMs: Date.UTC(2026, 5, 1),
  serviceIds: ["haircut"],
  calendarIds: [],
  maxUses: 3,
  maxUsesPerVisitor: 1,
};
const use: CouponUse = {
  calendarId: "salon",
  serviceIds: ["haircut"],
  nowMs: Date.UTC(2026, 3, 10),
  usedTotal: 0,
  usedByVisitor: 0,
};

describe("couponRefusal", () => {
  it("accepts a coupon in its window, for its service, with uses left", () => {
    expect(couponRefusal(spring, use)).toBeNull();
  });
  it("gives one reason for every refusal", () => {
    expect(couponRefusal(null, use)).toBe("COUPON_UNKNOWN");
    expect(couponRefusal(spring, { ...use, nowMs: Date.UTC(2026, 1, 28) })).toBe("COUPON_NOT_YET_VALID");
    // The end is exclusive: at the very instant it ends the coupon has expired.
    expect(couponRefusal(spring, { ...use, nowMs: Date.UTC(2026, 5, 1) })).toBe("COUPON_EXPIRED");
    expect(couponRefusal(spring, { ...use, serviceIds: ["colour"] })).toBe("COUPON_NOT_FOR_THIS_SERVICE");
    expect(couponRefusal({ ...spring, calendarIds: ["other"] }, use)).toBe("COUPON_NOT_FOR_THIS_SERVICE");
    expect(couponRefusal(spring, { ...use, usedTotal: 3 })).toBe("COUPON_USED_UP");
    expect(couponRefusal(spring, { ...use, usedTotal: 2, usedByVisitor: 1 })).toBe("COUPON_ALREADY_USED");
    expect(
      couponRefusal(
        { ...spring, maxUses: null, maxUsesPerVisitor: null },
        { ...use, usedTotal: 999, usedByVisitor: 99 },
      ),
    ).toBeNull();
  });
  it("compares codes without case or spaces", () => {
    expect(normaliseCouponCode("  spring10 ")).toBe("SPRING10");
  });
});

describe("quoteWithCoupon", () => {
  const line = (serviceId: string, priceCents: number, deposit: Coupon["value"] | null = null) => ({
    serviceId,
    priceCents,
    deposit:
      deposit && deposit.kind === "percentage" ? ({ kind: "percentage", percent: deposit.percent } as const) : null,
  });

  it("EUR: takes the discount before a percentage deposit", () => {
    // €50.00 long haircut + €12.00 add-on, 10 % off, 50 % deposit of what is left.
    const q = quoteWithCoupon([line("haircut", 6200)], { kind: "percentage", percent: 50 }, spring);
    expect(q).toEqual({ subtotalMinor: 6200, discountMinor: 620, totalCents: 5580, depositCents: 2790 });
    expect(formatMoney(q.totalCents, "EUR", "en")).toBe("€55.80");
  });

  it("JPY (no minor digits): rounds a percentage half up to the whole yen", () => {
    // ¥4,995 × 10 % = ¥499.5 → ¥500 off.
    const q = quoteWithCoupon([line("haircut", 4995)], null, spring);
    expect(q).toMatchObject({ subtotalMinor: 4995, discountMinor: 500, totalCents: 4495, depositCents: 0 });
    expect(formatMoney(q.totalCents, "JPY", "en")).toBe("¥4,495");
  });

  it("KWD (three minor digits): exact to the fils, deposit after the discount", () => {
    // 12.345 KWD, 15 % off → 1.85175 → 1.852 off; 30 % deposit of 10.493 → 3.1479 → 3.148.
    const q = quoteWithCoupon(
      [line("haircut", 12345)],
      { kind: "percentage", percent: 30 },
      { ...spring, value: { kind: "percentage", percent: 15 } },
    );
    expect(q).toEqual({ subtotalMinor: 12345, discountMinor: 1852, totalCents: 10493, depositCents: 3148 });
    expect(formatMoney(q.depositCents, "KWD", "en")).toMatch(/^KWD\s3\.148$/);
  });

  it("takes a fixed amount only from the services it covers, never more than they cost", () => {
    const lines = [line("haircut", 3000), line("colour", 8000)];
    const q = quoteWithCoupon(lines, null, { value: { kind: "amount", amountMinor: 5000 }, serviceIds: ["haircut"] });
    expect(q).toMatchObject({ subtotalMinor: 11000, discountMinor: 3000, totalCents: 8000 });
  });

  it("shares the discount among lines so that per-line deposits follow the discounted prices", () => {
    // Two guests' haircuts, each with a 50 % deposit; €10.01 off shared 5.01 + 5.00.
    const lines = [
      line("haircut", 3000, { kind: "percentage", percent: 50 }),
      line("haircut", 3000, { kind: "percentage", percent: 50 }),
    ];
    const q = quoteWithCoupon(lines, null, { value: { kind: "amount", amountMinor: 1001 }, serviceIds: [] });
    expect(q.totalCents).toBe(6000 - 1001);
    // 2499 → 1249.5 → 1250, 2500 → 1250.
    expect(q.depositCents).toBe(2500);
  });

  it("without a coupon is the plain cart quote", () => {
    expect(quoteWithCoupon([line("haircut", 3000)], { kind: "amount", amountCents: 1000 }, null)).toEqual({
      subtotalMinor: 3000,
      discountMinor: 0,
      totalCents: 3000,
      depositCents: 1000,
    });
  });
});

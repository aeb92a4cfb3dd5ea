/**
 * Coupons (issue 24): a code worth a percentage or a fixed amount of the business currency's minor
 * units, valid in a window, for some services or calendars (none listed: all), with a total and a
 * per-visitor limit of uses. This module decides whether a code applies and what it takes off; the
 * limits themselves are enforced where the uses are counted — in the database, in the booking's
 * transaction — so that the last use of a limited coupon cannot be taken twice.
 *
 * The discount applies before the deposit: the lines are discounted first and the deposit is then
 * computed on what is left (quoteCarts), so a 50 % deposit of a €40 haircut with €10 off is €15.
 */
import type { DepositRule } from "../calendar/calendar.ts";
import type { EpochMs } from "../shared/time.ts";
import { quoteCarts, type CartLine, type PriceQuote } from "./pricing.ts";

export type CouponValue =
  { readonly kind: "percentage"; readonly percent: number } | { readonly kind: "amount"; readonly amountMinor: number };

export interface Coupon {
  readonly id: string;
  /** Compared without regard to case or surrounding spaces. */
  readonly code: string;
  readonly value: CouponValue;
  /** Inclusive start, exclusive end; null: open. */
  readonly validFromMs: EpochMs | null;
  readonly validUntilMs: EpochMs | null;
  /** Empty: every service. */
  readonly serviceIds: readonly string[];
  /** Empty: every calendar. */
  readonly calendarIds: readonly string[];
  /** null: unlimited. */
  readonly maxUses: number | null;
  readonly maxUsesPerVisitor: number | null;
}

export type CouponRefusal =
  | "COUPON_UNKNOWN"
  | "COUPON_NOT_YET_VALID"
  | "COUPON_EXPIRED"
  | "COUPON_NOT_FOR_THIS_SERVICE"
  | "COUPON_USED_UP"
  | "COUPON_ALREADY_USED";

export interface CouponUse {
  readonly calendarId: string;
  /** The services of the booking's lines (any one matching is enough). */
  readonly serviceIds: readonly string[];
  readonly nowMs: EpochMs;
  /** Uses counted so far, all visitors and this visitor (by e-mail, case-folded). */
  readonly usedTotal: number;
  readonly usedByVisitor: number;
}

/** The code as it is compared and stored. */
export const normaliseCouponCode = (code: string) => code.trim().toUpperCase();

/** null when the coupon applies to this booking now; else why not. */
export function couponRefusal(coupon: Coupon | null, use: CouponUse): CouponRefusal | null {
  if (!coupon) return "COUPON_UNKNOWN";
  if (coupon.validFromMs !== null && use.nowMs < coupon.validFromMs) return "COUPON_NOT_YET_VALID";
  if (coupon.validUntilMs !== null && use.nowMs >= coupon.validUntilMs) return "COUPON_EXPIRED";
  if (coupon.calendarIds.length > 0 && !coupon.calendarIds.includes(use.calendarId))
    return "COUPON_NOT_FOR_THIS_SERVICE";
  if (coupon.serviceIds.length > 0 && !use.serviceIds.some((id) => coupon.serviceIds.includes(id)))
    return "COUPON_NOT_FOR_THIS_SERVICE";
  if (coupon.maxUses !== null && use.usedTotal >= coupon.maxUses) return "COUPON_USED_UP";
  if (coupon.maxUsesPerVisitor !== null && use.usedByVisitor >= coupon.maxUsesPerVisitor) return "COUPON_ALREADY_USED";
  return null;
}

/** A cart line and the service it is for (a coupon may cover only some services). */
export interface DiscountableLine extends CartLine {
  readonly serviceId: string;
}

export interface DiscountedQuote extends PriceQuote {
  /** The total before the discount. */
  readonly subtotalMinor: number;
  readonly discountMinor: number;
}

/** Whether the coupon covers this line's service. */
const covers = (coupon: Pick<Coupon, "serviceIds">, line: DiscountableLine) =>
  coupon.serviceIds.length === 0 || coupon.serviceIds.includes(line.serviceId);

/**
 * Total, discount and deposit of a cart with a coupon. The discount is taken from the lines the
 * coupon covers — a percentage rounded half up to the minor unit, a fixed amount never more than
 * those lines — and shared among them in proportion (largest remainder, so the parts add up
 * exactly); the deposit is then computed on the discounted lines as without a coupon.
 */
export function quoteWithCoupon(
  lines: readonly DiscountableLine[],
  calendarDeposit: DepositRule | null,
  coupon: Pick<Coupon, "value" | "serviceIds"> | null,
): DiscountedQuote {
  const subtotalMinor = lines.reduce((sum, l) => sum + l.priceCents, 0);
  if (!coupon) return { ...quoteCarts(lines, calendarDeposit), subtotalMinor, discountMinor: 0 };

  const covered = lines.map((l, i) => ({ i, price: covers(coupon, l) ? l.priceCents : 0 }));
  const base = covered.reduce((sum, c) => sum + c.price, 0);
  const wanted =
    coupon.value.kind === "percentage"
      ? Math.round((base * Math.max(0, Math.min(100, coupon.value.percent))) / 100)
      : Math.max(0, coupon.value.amountMinor);
  const discountMinor = Math.min(base, wanted);

  // Share the discount in proportion to the covered prices; leftovers go to the largest remainders.
  const shares = covered.map((c) => {
    const exact = base === 0 ? 0 : (discountMinor * c.price) / base;
    return { i: c.i, whole: Math.floor(exact), remainder: exact - Math.floor(exact) };
  });
  let left = discountMinor - shares.reduce((sum, s) => sum + s.whole, 0);
  for (const s of [...shares].sort((a, b) => b.remainder - a.remainder || a.i - b.i)) {
    if (left <= 0) break;
    s.whole += 1;
    left -= 1;
  }
  const discounted = lines.map((l, i) => ({ ...l, priceCents: l.priceCents - (shares[i]?.whole ?? 0) }));
  return { ...quoteCarts(discounted, calendarDeposit), subtotalMinor, discountMinor };
}

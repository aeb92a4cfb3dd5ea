/**
 * Taking one use of a coupon, inside the booking's transaction (issue 24, ADR 0031). The coupon's
 * row is the lock: `select … for update` queues every use of one coupon, so the total and the
 * per-visitor counts read under it are the committed truth, and exactly `max_uses` transactions
 * get through however many processes race. A refused use writes nothing.
 */
import { and, eq, sql } from "drizzle-orm";
import { couponRefusal, normaliseCouponCode, type Coupon, type CouponRefusal } from "../../core/booking/coupons.ts";
import type { EpochMs } from "../../core/shared/time.ts";
import type { Db } from "./client.ts";
import * as t from "./schema.ts";

export interface CouponRedemptionRequest {
  readonly businessId: string;
  readonly code: string;
  readonly calendarId: string;
  readonly serviceIds: readonly string[];
  readonly visitorEmail: string;
  readonly nowMs: EpochMs;
}

type Tx = Pick<Db, "select" | "update" | "insert" | "execute">;

export const toCoupon = (row: typeof t.coupons.$inferSelect): Coupon => ({
  id: row.id,
  code: row.code,
  value: row.value,
  validFromMs: row.validFrom ? row.validFrom.getTime() : null,
  validUntilMs: row.validUntil ? row.validUntil.getTime() : null,
  serviceIds: row.serviceIds,
  calendarIds: row.calendarIds,
  maxUses: row.maxUses,
  maxUsesPerVisitor: row.maxUsesPerVisitor,
});

/** The business's live coupon with this code (active, not deleted), or null. */
export async function findCoupon(tx: Tx, businessId: string, code: string): Promise<Coupon | null> {
  const [row] = await tx
    .select()
    .from(t.coupons)
    .where(
      and(
        eq(t.coupons.businessId, businessId),
        eq(t.coupons.code, normaliseCouponCode(code)),
        eq(t.coupons.isActive, true),
        sql`${t.coupons.deletedAt} is null`,
      ),
    );
  return row ? toCoupon(row) : null;
}

/** Counts of uses so far, without taking one: what the details step checks before the visitor books. */
export async function couponUsage(tx: Tx, couponId: string, visitorEmail: string) {
  // Two plain counts: a correlated sub-select named the outer column unqualified ("id"), which the
  // sub-select's own table also has, so it counted nothing (the per-visitor limit was then only
  // enforced at the booking's lock, never said before).
  const [total] = await tx.select({ uses: t.coupons.uses }).from(t.coupons).where(eq(t.coupons.id, couponId));
  const [mine] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(t.couponRedemptions)
    .where(
      and(
        eq(t.couponRedemptions.couponId, couponId),
        eq(t.couponRedemptions.visitorEmail, visitorEmail.trim().toLowerCase()),
      ),
    );
  return { usedTotal: total?.uses ?? 0, usedByVisitor: Number(mine?.n ?? 0) };
}

/**
 * Takes one use for this visitor, or says why not. Must run inside the transaction that writes the
 * booking; `attach` links the redemption to the booking once its row exists.
 */
export async function redeemCoupon(
  tx: Tx,
  request: CouponRedemptionRequest,
  discountMinor: number,
): Promise<{ ok: true; coupon: Coupon; redemptionId: string } | { ok: false; refusal: CouponRefusal }> {
  const coupon = await findCoupon(tx, request.businessId, request.code);
  const email = request.visitorEmail.trim().toLowerCase();
  // Everything but the counts first: they need no lock.
  const early = couponRefusal(coupon, {
    calendarId: request.calendarId,
    serviceIds: request.serviceIds,
    nowMs: request.nowMs,
    usedTotal: 0,
    usedByVisitor: 0,
  });
  if (early || !coupon) return { ok: false, refusal: early ?? "COUPON_UNKNOWN" };

  // Lock the coupon's row until commit: every other use of it (any visitor, any process) waits
  // here, then reads the counts this transaction leaves behind.
  const [locked] = await tx
    .select({ uses: t.coupons.uses })
    .from(t.coupons)
    .where(eq(t.coupons.id, coupon.id))
    .for("update");
  if (coupon.maxUses !== null && (locked?.uses ?? 0) >= coupon.maxUses) return { ok: false, refusal: "COUPON_USED_UP" };
  if (coupon.maxUsesPerVisitor !== null) {
    const [mine] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(t.couponRedemptions)
      .where(and(eq(t.couponRedemptions.couponId, coupon.id), eq(t.couponRedemptions.visitorEmail, email)));
    if (Number(mine?.n ?? 0) >= coupon.maxUsesPerVisitor) return { ok: false, refusal: "COUPON_ALREADY_USED" };
  }
  // Guarded as well, so that the limit holds even for a caller that forgot the lock above.
  const taken = await tx
    .update(t.coupons)
    .set({ uses: sql`${t.coupons.uses} + 1` })
    .where(
      and(eq(t.coupons.id, coupon.id), sql`(${t.coupons.maxUses} is null or ${t.coupons.uses} < ${t.coupons.maxUses})`),
    )
    .returning({ uses: t.coupons.uses });
  if (taken.length === 0) return { ok: false, refusal: "COUPON_USED_UP" };

  const [redemption] = await tx
    .insert(t.couponRedemptions)
    .values({ businessId: request.businessId, couponId: coupon.id, visitorEmail: email, discountMinor })
    .returning({ id: t.couponRedemptions.id });
  return { ok: true, coupon, redemptionId: (redemption as { id: string }).id };
}

/** Links a redemption to the booking written in the same transaction. */
export async function attachRedemption(
  tx: Tx,
  businessId: string,
  redemptionId: string,
  bookingId: string,
): Promise<void> {
  await tx
    .update(t.couponRedemptions)
    .set({ bookingId })
    .where(and(eq(t.couponRedemptions.id, redemptionId), eq(t.couponRedemptions.businessId, businessId)));
}

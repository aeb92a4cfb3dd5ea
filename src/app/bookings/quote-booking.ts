/**
 * The price a booking would have, asked before the visitor confirms (the details step's "Apply" of
 * a coupon, issue 24). It runs what createBooking runs up to the write — the request's rules, the
 * coupon's check, the start against the busy time, the first booking it would try — so the quote is
 * the booking's own price (core/booking/decide-booking.ts: priceLines, quoteWithCoupon), never a
 * second reckoning. It takes no coupon use and writes nothing: the use is taken when booking.
 * For a recurring series it answers the whole series' price (`seriesPrice`, as the series preview
 * and the booked occurrences), not one occurrence's (ADR 0052).
 */
import { bookingAttempts, seriesPrice } from "../../core/booking/decide-booking.ts";
import { fail, ok, type Outcome } from "../../core/booking/errors.ts";
import type { BookingInput } from "../../core/booking/read-booking-request.ts";
import type { PaymentDue } from "../../core/payments/payment-plan.ts";
import { decideRequest, recentCountsFor } from "./create-booking.ts";
import type { BookingDeps } from "./deps.ts";

/** What the quote needs of a booking request: no contact beyond the e-mail a per-visitor limit counts by. */
export type QuoteInput = Omit<BookingInput, "contact" | "answers" | "guests"> & {
  /** Additional attendees (a count: names are not needed for a price). */
  readonly guests?: number | null;
  /** The visitor's e-mail, when typed: a coupon's per-visitor limit is checked against it. */
  readonly email?: string | null;
};

export interface BookingQuote {
  readonly currency: string;
  /** Minor units of `currency`. */
  readonly subtotalMinor: number;
  readonly discountMinor: number;
  readonly totalMinor: number;
  readonly depositMinor: number;
  /** The coupon that took `discountMinor` off (normalised), or null. */
  readonly couponCode: string | null;
  /** What the visitor pays online before the booking is confirmed, or null. */
  readonly payment: PaymentDue | null;
}

export async function quoteBooking(deps: BookingDeps, input: QuoteInput): Promise<Outcome<BookingQuote>> {
  const nowMs = deps.clock().getTime();
  const { email, guests, ...rest } = input;
  const asBooking: BookingInput = {
    ...rest,
    ...(guests ? { guests } : {}),
    contact: { firstName: "", lastName: "", email: email?.trim() ?? "" },
  };
  const decided = await decideRequest(deps, asBooking, nowMs, "quote");
  if (!decided.ok) return decided;
  const { ctx, request, coupon, decision } = decided.value;
  if (decision.kind === "series")
    // A series has no online payment (decideSeries refuses one): its deposits are due per occurrence.
    return ok({
      currency: ctx.business.currency,
      ...seriesPrice(decision.occurrences),
      couponCode: coupon?.code ?? null,
      payment: null,
    });
  const recentCounts = await recentCountsFor(deps, ctx, decision, nowMs);
  const [draft] = bookingAttempts({ calendar: ctx, request, slot: decision.slot, recentCounts, coupon });
  if (!draft) return fail("STAFF_BUSY");
  return ok({
    currency: ctx.business.currency,
    subtotalMinor: draft.priceCents + draft.discountMinor,
    discountMinor: draft.discountMinor,
    totalMinor: draft.priceCents,
    depositMinor: draft.depositCents,
    couponCode: draft.couponCode,
    payment: draft.payment,
  });
}

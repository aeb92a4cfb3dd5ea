/**
 * A visitor books a slot (or a recurring series). The core decides from what was loaded
 * (readBookingRequest, decideBooking); the database then has the last word inside one transaction
 * (occupancy exclusion, seat counter, one-time link), so concurrent requests for the same time
 * can never both succeed. Nothing slow happens in that transaction: the notification is an
 * outbox row.
 */
import { couponRefusal, type CouponRefusal } from "../../core/booking/coupons.ts";
import { distinctServiceIds } from "../../core/booking/occupancy-items.ts";
import {
  type AppliedCoupon,
  type BookingDecision,
  bookingAttempts,
  decideBooking,
  occupancySpan,
  ROUND_ROBIN_PERIOD_MS,
  type OccurrenceDecision,
} from "../../core/booking/decide-booking.ts";
import { fail, ok, type Outcome } from "../../core/booking/errors.ts";
import { readBookingRequest, type BookingInput, type BookingRequest } from "../../core/booking/read-booking-request.ts";
import { storeRefusalToBookingError } from "../../core/booking/slot-refusals.ts";
import type { SlotVerdict } from "../../core/availability/compute-slots.ts";
import { formatInstant, MINUTE_MS } from "../../core/shared/time.ts";
import { relevantStaffIds, toAvailabilityInput, toSchedules, withOffers, withResources } from "./availability.ts";
import type { BookingDeps } from "./deps.ts";
import { generateManageToken } from "./manage-token.ts";
import {
  describeCreated,
  toNewBooking,
  type BookingOrigin,
  type CreatedBooking,
  type CreatedPayment,
  type OccurrenceOutcome,
} from "./new-booking.ts";
import type { CalendarContext, NewBooking, Occupancy } from "./ports.ts";
import type { NewPayment, PaymentRoute } from "../payments/ports.ts";
import { PAYMENT_HOLD_MINUTES, type PaymentDue } from "../../core/payments/payment-plan.ts";
import type { NotificationMessage, SeriesOccurrenceSnapshot } from "../../core/notifications/notification.ts";
import { bookingUid } from "./snapshot.ts";
import { hashSecretToken } from "../shared/secret-token.ts";

export type CreateBookingInput = BookingInput;
export type { CreatedBooking, OccurrenceOutcome } from "./new-booking.ts";

export interface IdempotencyScope {
  readonly endpoint: string;
  readonly key: string;
  readonly requestHash: string;
}

/** A request read, its coupon checked and its start decided: what a booking and a price quote share. */
export interface DecidedRequest {
  readonly ctx: CalendarContext;
  readonly request: BookingRequest;
  readonly coupon: AppliedCoupon | null;
  readonly decision: BookingDecision;
}

/**
 * Everything a booking decides before it writes, in the order the visitor is told: the request's
 * rules, the coupon, then the start against the busy time. A price quote (`purpose: "quote"`) runs
 * the very same steps, without the visitor's details that the details step has not finished yet.
 */
export async function decideRequest(
  deps: BookingDeps,
  input: CreateBookingInput,
  nowMs: number,
  purpose: "book" | "quote" = "book",
): Promise<Outcome<DecidedRequest>> {
  const ctx = await deps.store.loadCalendar(input.calendarId);
  if (!ctx) return fail("CALENDAR_NOT_FOUND");
  const oneTimeLink = input.oneTimeSlug
    ? await deps.store.oneTimeLink(input.oneTimeSlug, nowMs, ctx.business.id)
    : null;
  const hold = input.holdId ? await deps.store.loadHold(ctx.business.id, input.holdId) : null;
  const request = readBookingRequest({ calendar: ctx, input, oneTimeLink, hold, nowMs, purpose });
  if (!request.ok) return request;

  const coupon = await checkCoupon(deps, ctx, input, request.value, nowMs);
  if (!coupon.ok) return coupon;

  const schedules = withOffers(toSchedules(ctx), request.value.plan);
  const span = occupancySpan({ calendar: ctx, schedules, request: request.value });
  const occupancy: Occupancy[] = span
    ? await deps.store.loadOccupancy(ctx.business.id, relevantStaffIds(ctx), span.startMs, span.endMs)
    : [];
  const exclude = { holdId: request.value.holdId };
  const availability = await withResources(
    deps.store,
    ctx,
    toAvailabilityInput(ctx, occupancy, nowMs, exclude, schedules),
    span,
    exclude,
  );
  const decision = decideBooking({
    calendar: ctx,
    request: request.value,
    availability,
    occupancy,
    nowMs,
    coupon: coupon.value,
  });
  if (!decision.ok) return decision;
  return ok({ ctx, request: request.value, coupon: coupon.value, decision: decision.value });
}

/** Round robin with several free members: each member's recent bookings, for bookingAttempts' pick order. */
export const recentCountsFor = async (
  deps: BookingDeps,
  ctx: CalendarContext,
  decision: { readonly needsRecentCounts: boolean },
  nowMs: number,
) =>
  decision.needsRecentCounts
    ? await deps.store.recentCounts(ctx.business.id, ctx.calendar.id, nowMs - ROUND_ROBIN_PERIOD_MS)
    : {};

export async function createBooking(
  deps: BookingDeps,
  input: CreateBookingInput,
  idempotency: IdempotencyScope | null = null,
): Promise<Outcome<CreatedBooking>> {
  const nowMs = deps.clock().getTime();
  const decided = await decideRequest(deps, input, nowMs);
  if (!decided.ok) return decided;
  const { ctx, request, coupon, decision } = decided.value;

  const token = generateManageToken();
  const origin: BookingOrigin = {
    deps,
    ctx,
    input,
    request,
    token: { clear: token, hash: hashSecretToken(token) },
    nowMs,
  };
  const write = (bookings: NewBooking[], created: CreatedBooking) =>
    deps.store.createBookings({
      bookings,
      oneTimeSlug: input.oneTimeSlug ?? null,
      holdId: request.holdId,
      idempotency: idempotency ? { ...idempotency, statusCode: 201, body: created } : null,
      nowMs,
    });

  if (decision.kind === "series") {
    const { bookings, occurrences } = seriesRows(origin, decision.occurrences);
    const created = describeCreated(origin, bookings[0]!, occurrences);
    const result = await write(bookings, created);
    return result.ok ? ok(created) : { ok: false, error: storeRefusalToBookingError(result.refusal, ctx) };
  }
  return bookSingle(origin, decision, write, coupon);
}

/**
 * The visitor's coupon, checked before anything is decided so that every refusal is said plainly
 * (unknown, not yet, expired, not for this booking, used up, already used); the use itself is taken
 * with the booking, under the coupon's lock, where a race for its last use is settled.
 */
async function checkCoupon(
  deps: BookingDeps,
  ctx: CalendarContext,
  input: CreateBookingInput,
  request: BookingRequest,
  nowMs: number,
): Promise<Outcome<AppliedCoupon | null>> {
  if (!request.couponCode) return ok(null);
  const refused = (code: CouponRefusal) => fail(code, undefined, [{ path: "couponCode", code }]);
  // A series takes the coupon too: each occurrence discounted, one use for the series (ADR 0051).
  const found = await deps.store.findCoupon(ctx.business.id, request.couponCode, input.contact.email);
  const refusal = couponRefusal(found?.coupon ?? null, {
    calendarId: ctx.calendar.id,
    serviceIds: request.carts ? distinctServiceIds(request.carts) : [],
    nowMs,
    usedTotal: found?.usedTotal ?? 0,
    usedByVisitor: found?.usedByVisitor ?? 0,
  });
  return refusal || !found ? refused(refusal ?? "COUPON_UNKNOWN") : ok(found.coupon);
}

/** One start: each attempt in turn while round robin finds its member taken meanwhile. */
async function bookSingle(
  origin: BookingOrigin,
  decision: { readonly slot: SlotVerdict; readonly needsRecentCounts: boolean },
  write: (bookings: NewBooking[], created: CreatedBooking) => ReturnType<BookingDeps["store"]["createBookings"]>,
  coupon: AppliedCoupon | null,
): Promise<Outcome<CreatedBooking>> {
  const { deps, ctx } = origin;
  const recentCounts = await recentCountsFor(deps, ctx, decision, origin.nowMs);
  // One intent per request: every round-robin attempt has the same price.
  let payment: PreparedPayment | null = null;
  // The business's own Stripe account when it has one, else the server's (resolved once, when needed).
  let route: PaymentRoute | null = null;
  for (const draft of bookingAttempts({
    calendar: ctx,
    request: origin.request,
    slot: decision.slot,
    recentCounts,
    coupon,
  })) {
    let booking = toNewBooking(origin, draft, null);
    let created = describeCreated(origin, booking, null);
    if (draft.payment) {
      if (!deps.payments) return fail("PAYMENT_UNAVAILABLE");
      route ??= await deps.payments.forBusiness(ctx.business.id).catch(() => null);
      if (!route) return fail("PAYMENT_UNAVAILABLE");
      payment ??= await preparePayment(deps, route, draft.payment, booking, origin.nowMs).catch(() => null);
      if (!payment) return fail("PAYMENT_UNAVAILABLE");
      // The confirmation is sent once paid: it says what was paid and what remains.
      const paid = {
        paidMinor: draft.payment.amountMinor,
        totalMinor: booking.priceCents,
        currency: booking.currency,
        ...(booking.status === "new" ? { held: true } : {}),
      };
      const told = { ...booking.notification, booking: { ...booking.notification.booking, payment: paid } };
      booking = { ...booking, payment: payment.stored(told) };
      created = { ...created, status: "pending_payment", payment: payment.shown };
    }
    const result = await write([booking], created);
    if (result.ok) return ok(created);
    // Round robin: someone took this member meanwhile; the next free member may still be free.
    if (ctx.calendar.type === "round_robin" && result.refusal.code === "STAFF_BUSY") continue;
    if (payment) await route?.provider.cancelIntent(payment.ref).catch(() => undefined);
    return { ok: false, error: storeRefusalToBookingError(result.refusal, ctx) };
  }
  if (payment) await route?.provider.cancelIntent(payment.ref).catch(() => undefined);
  return fail("STAFF_BUSY");
}

interface PreparedPayment {
  readonly ref: string;
  readonly shown: CreatedPayment;
  readonly stored: (notification: NotificationMessage) => NewPayment;
}

/** The provider's intent for this booking's payment, before the booking is written. */
async function preparePayment(
  deps: BookingDeps,
  { provider, account, publishableKey }: PaymentRoute,
  due: PaymentDue,
  booking: NewBooking,
  nowMs: number,
): Promise<PreparedPayment> {
  const id = deps.newId();
  const intent = await provider.createIntent({
    amountMinor: due.amountMinor,
    currency: booking.currency,
    description: `Booking ${booking.id}`,
    idempotencyKey: `payment-${id}`,
    captureLater: booking.status === "new",
  });
  const dueAtMs = nowMs + PAYMENT_HOLD_MINUTES * MINUTE_MS;
  return {
    ref: intent.ref,
    shown: {
      id,
      provider: provider.name,
      clientSecret: intent.clientSecret,
      publishableKey,
      kind: due.kind,
      amountMinor: due.amountMinor,
      currency: booking.currency,
      dueAt: new Date(dueAtMs).toISOString(),
    },
    stored: (notification) => ({
      id,
      provider: provider.name,
      providerRef: intent.ref,
      account,
      clientSecretHash: hashSecretToken(intent.clientSecret),
      kind: due.kind,
      amountMinor: due.amountMinor,
      dueAtMs,
      notification,
    }),
  };
}

/** A series' rows (one per booked or requested occurrence) and every occurrence's outcome. */
function seriesRows(
  origin: BookingOrigin,
  decided: readonly OccurrenceDecision[],
): { bookings: NewBooking[]; occurrences: OccurrenceOutcome[] } {
  const seriesId = origin.deps.newId();
  const tz = origin.input.timezone;
  const bookings: NewBooking[] = [];
  const occurrences = decided.map((occ): OccurrenceOutcome => {
    const requestedStartTime = formatInstant(occ.requestedStartMs, tz);
    if (!occ.draft)
      return {
        index: occ.index,
        requestedStartTime,
        status: "not_booked",
        bookingId: null,
        startTime: null,
        endTime: null,
        code: occ.code,
      };
    const booking = toNewBooking(origin, occ.draft, { id: seriesId, index: occ.index });
    bookings.push(booking);
    return {
      index: occ.index,
      requestedStartTime,
      status: occ.status,
      bookingId: booking.id,
      startTime: formatInstant(booking.startMs, tz),
      endTime: formatInstant(booking.endMs, tz),
      code: null,
    };
  });
  return { bookings: toldAsOne(oneUseForTheSeries(bookings), occurrences), occurrences };
}

/**
 * A coupon on a series is one use (ADR 0051): every occurrence is discounted, but only the first
 * booked one takes the use — under the coupon's lock, as a single booking does — recording the
 * series' whole discount; so the last use of a limited coupon goes to one series or one booking,
 * and a per-visitor limit counts the series once.
 */
function oneUseForTheSeries(bookings: NewBooking[]): NewBooking[] {
  const first = bookings.findIndex((b) => b.redeem);
  if (first < 0) return bookings;
  const discountMinor = bookings.reduce((sum, b) => sum + b.discountMinor, 0);
  return bookings.map((b, i) =>
    i === first ? { ...b, redeem: { ...b.redeem!, discountMinor } } : b.redeem ? { ...b, redeem: null } : b,
  );
}

/**
 * One message for the whole series (issue 17): the first booked occurrence's carries every
 * occurrence — booked, requested or not booked — and the others are told with it.
 */
function toldAsOne(bookings: NewBooking[], occurrences: OccurrenceOutcome[]): NewBooking[] {
  const [first, ...rest] = bookings;
  if (!first) return bookings;
  const byId = new Map(bookings.map((b) => [b.id, b]));
  const series = {
    occurrences: occurrences.map((o): SeriesOccurrenceSnapshot => {
      const b = o.bookingId ? byId.get(o.bookingId) : undefined;
      if (!b)
        return {
          bookingId: null,
          uid: null,
          sequence: 0,
          status: "not_booked",
          startUtc: new Date(Date.parse(o.requestedStartTime)).toISOString(),
          endUtc: null,
        };
      return {
        bookingId: b.id,
        uid: bookingUid(b.id),
        sequence: 0,
        status: b.status === "new" ? "new" : "confirmed",
        startUtc: new Date(b.startMs).toISOString(),
        endUtc: new Date(b.endMs).toISOString(),
      };
    }),
  };
  const told = { ...first.notification, booking: { ...first.notification.booking, series } };
  return [{ ...first, notification: told }, ...rest.map((b) => ({ ...b, toldWithSeries: true }))];
}

/**
 * The booking decision: from a request the rules accepted (readBookingRequest), the calendar and the
 * busy time that can matter, which start and staff are booked, for how many seats, at what price
 * and deposit, in which status, and — for a series — what happens to every occurrence. Pure: the
 * use case loads, calls this, and persists what it returns; the database still has the last word
 * on concurrent writes (exclusion constraint, seat counter). (Just over 300 lines: single start,
 * series and draft are one decision and share its helpers.)
 */
import { busySpanFor } from "../availability/busy-span.ts";
import { checkSlot, type SlotVerdict } from "../availability/compute-slots.ts";
import type { AvailabilityInput, InstantRange } from "../availability/model.ts";
import { BOOK_NEXT_HORIZON_MS, planRecurring, recurrenceStarts } from "../availability/recurring.ts";
import { pickRoundRobinMember } from "../availability/round-robin.ts";
import { MINUTE_MS, WALL_DAY_MS, type EpochMs } from "../shared/time.ts";
import type { CalendarSettings } from "../calendar/calendar.ts";
import type { BookingCalendar } from "./booking-calendar.ts";
import { slotRequest } from "./booking-request.ts";
import { fail, ok, type BookingErrorCode, type Outcome } from "./errors.ts";
import { lineBuffers, priceLines, serviceOfKey } from "./cart-offers.ts";
import type { StoredOfferLine } from "./service-offer.ts";
import {
  distinctServiceIds,
  itemsPerTask,
  occupancyItem,
  unitItems,
  type OccupancyItem,
  type UnitItem,
} from "./occupancy-items.ts";
import { initialStatus, occupies, type BookingStatus } from "./policy.ts";
import { quotePrice } from "./pricing.ts";
import { quoteWithCoupon, type Coupon, type DiscountedQuote } from "./coupons.ts";
import { paymentDue, type PaymentDue } from "../payments/payment-plan.ts";
import { isPlannableRecurrence, type BookingRequest } from "./read-booking-request.ts";
import {
  checkErrorToBookingError,
  queryErrorToBookingError,
  rejectionToBookingError,
  seatsLeft,
  type SessionSeats,
} from "./slot-refusals.ts";

/** Round robin: how many free members a booking tries when others take them meanwhile. */
export const MAX_ROUND_ROBIN_ATTEMPTS = 5;
/** Round robin spreads bookings by each member's count over this period. */
export const ROUND_ROBIN_PERIOD_MS = 30 * WALL_DAY_MS;

/** A class booking takes seats of its session instead of exclusive occupancy. */
export interface ClassSeats {
  readonly staffId: string;
  readonly startMs: EpochMs;
  readonly endMs: EpochMs;
  readonly blockedStartMs: EpochMs;
  readonly blockedEndMs: EpochMs;
  readonly seatsTotal: number;
  readonly seats: number;
}

/** The seats a class booking takes in the session at `startMs` (created with the first booking). */
export function classSeatsAt(
  settings: Pick<CalendarSettings, "durationMinutes" | "bufferBeforeMinutes" | "bufferAfterMinutes" | "seatsPerSlot">,
  booking: { readonly staffId: string; readonly startMs: EpochMs; readonly seats: number },
): ClassSeats {
  const { staffId, startMs, seats } = booking;
  const endMs = startMs + settings.durationMinutes * MINUTE_MS;
  const blocked = occupancyItem({ staffId, serviceId: null, startMs, endMs }, settings);
  return {
    staffId,
    startMs,
    endMs,
    blockedStartMs: blocked.blockedStartMs,
    blockedEndMs: blocked.blockedEndMs,
    seatsTotal: settings.seatsPerSlot ?? 1,
    seats,
  };
}

/** One booking as decided, before it gets an id, a manage token and the visitor's contact. */
export interface BookingDraft {
  readonly status: BookingStatus;
  readonly startMs: EpochMs;
  readonly endMs: EpochMs;
  /** The booking's owner (collective: the primary member). */
  readonly staffId: string;
  readonly staffIds: readonly string[];
  readonly serviceIds: readonly string[];
  /** Service calendars: one cart per attendee, the booker first (empty otherwise). */
  readonly carts: readonly (readonly string[])[];
  /** Service calendars with variations, add-ons or staff terms: each attendee's lines as booked (parallel to `carts`). */
  readonly offerLines: readonly (readonly StoredOfferLine[])[];
  readonly seats: number;
  /** Exclusive occupancy; empty for class bookings. */
  readonly items: readonly OccupancyItem[];
  /** Units of rooms and equipment it takes (service calendars whose services need resources). */
  readonly units?: readonly UnitItem[];
  readonly classSeats: ClassSeats | null;
  readonly priceCents: number;
  readonly depositCents: number;
  /** The coupon taken off the price (after the discount: `priceCents`), or none. */
  readonly couponCode: string | null;
  readonly discountMinor: number;
  /**
   * What the visitor pays before the booking takes `status` (payment-plan.ts); until then it is
   * pending_payment and holds its time. Null: nothing to pay now.
   */
  readonly payment: PaymentDue | null;
  /** Whether its occupancy blocks (requests: per unconfirmedBlocks; overlapping occurrences never). */
  readonly active: boolean;
}

export interface OccurrenceDecision {
  readonly index: number;
  readonly requestedStartMs: EpochMs;
  /** requested: policy "continue" over a busy time — an appointment request that occupies nothing. */
  readonly status: "booked" | "requested" | "not_booked";
  readonly draft: BookingDraft | null;
  /** Why it is not booked. */
  readonly code: BookingErrorCode | null;
}

export type BookingDecision =
  /** One start: `slot` is free; the staff are chosen by bookingAttempts (round robin: by load). */
  | { readonly kind: "single"; readonly slot: SlotVerdict; readonly needsRecentCounts: boolean }
  /** A series: at least one occurrence is booked or requested. */
  | { readonly kind: "series"; readonly occurrences: readonly OccurrenceDecision[] };

export interface DecideBookingOptions {
  readonly calendar: BookingCalendar;
  readonly request: BookingRequest;
  /** Rules, schedules and the busy time loaded for `occupancySpan` (the visitor's hold left out). */
  readonly availability: AvailabilityInput;
  /** The loaded occupancy rows (class sessions: seats left, for the refusal's message). */
  readonly occupancy: readonly SessionSeats[];
  readonly nowMs: EpochMs;
  /** The visitor's coupon, once found valid for this booking (couponRefusal); its discount applies before the deposit. */
  readonly coupon?: AppliedCoupon | null;
}

/** What the price needs of a coupon. */
export type AppliedCoupon = Pick<Coupon, "code" | "value" | "serviceIds">;

/**
 * The busy time the decision can look at for this request (busySpanFor), or null where the
 * database's constraint gives the same answer alone (databaseDecidesBusy).
 */
export function occupancySpan(options: {
  readonly calendar: BookingCalendar;
  readonly schedules: Pick<AvailabilityInput, "rules" | "staff">;
  readonly request: BookingRequest;
}): InstantRange | null {
  const { calendar: ctx, schedules, request } = options;
  const recurrence = request.recurrence;
  if (!recurrence && databaseDecidesBusy(ctx)) return null;
  const starts =
    recurrence && isPlannableRecurrence(recurrence) ? recurrenceStarts(schedules, recurrence) : [request.startMs];
  return busySpanFor(
    schedules,
    starts,
    slotRequest(ctx, request.attendees, request.plan?.engineCarts ?? request.carts, request.staffFilter),
    recurrence?.policy === "book_next" ? BOOK_NEXT_HORIZON_MS : 0,
  );
}

/**
 * Whether, for one booking of this calendar, the database's answer about busy time is the engine's:
 * then the booking need not load occupancy at all. True for personal and collective calendars
 * without daily limits whose new bookings occupy (confirmed, or requests that block):
 *
 * - with no limit set, the engine's only use of busy time is rule 7 (busy → STAFF_BUSY), checked
 *   after every other rule, so an empty busy index gives the same answer for every other reason;
 * - the engine sees only active occupancy rows and blocks on a subset of them; the new booking's
 *   rows are active and block [start − buffer before, end + buffer after), exactly the interval rule
 *   7 tests, so whenever the engine would say STAFF_BUSY the EXCLUDE constraint refuses the insert
 *   (23P01 → STAFF_BUSY, the same code and message; an expired hold is purged and the insert
 *   retried, as the engine ignores it), and the constraint refuses every conflict committed after
 *   any read anyway. The visitor's own hold is deleted in the same transaction.
 *
 * Not for round robin (the engine picks a free member), class (seats, overlapping sessions),
 * service (assignments), daily limits, requests that do not occupy, or series (per-occurrence
 * skip / book_next).
 */
export function databaseDecidesBusy(ctx: Pick<BookingCalendar, "calendar">): boolean {
  const s = ctx.calendar.settings;
  return (
    (ctx.calendar.type === "personal" || ctx.calendar.type === "collective") &&
    s.maxBookingsPerDay == null &&
    s.maxBookingsPerDayPerStaff == null &&
    occupies(initialStatus(s), s)
  );
}

export function decideBooking(options: DecideBookingOptions): Outcome<BookingDecision> {
  const { calendar: ctx, request, availability, nowMs } = options;
  if (request.recurrence) return decideSeries(options);
  const verdict = checkSlot(
    availability,
    request.startMs,
    nowMs,
    slotRequest(ctx, request.attendees, request.plan?.engineCarts ?? request.carts, request.staffFilter),
  );
  if (!verdict.ok) {
    const seats = seatsLeft(ctx, options.occupancy, request.startMs);
    return { ok: false, error: checkErrorToBookingError(verdict.error, ctx, seats) };
  }
  const needsRecentCounts = ctx.calendar.type === "round_robin" && verdict.value.staffIds.length > 1;
  return ok({ kind: "single", slot: verdict.value, needsRecentCounts });
}

export interface BookingAttemptsOptions {
  readonly calendar: BookingCalendar;
  readonly request: BookingRequest;
  readonly slot: SlotVerdict;
  /** Round robin: each member's bookings of this calendar in the last ROUND_ROBIN_PERIOD_MS. */
  readonly recentCounts: Readonly<Record<string, number>>;
  readonly coupon?: AppliedCoupon | null;
}

/**
 * The bookings to try, in order, for a free single start: one, or for round robin each free member
 * in pick order (priority, then fewest recent bookings) — the next is tried only when the database
 * finds the previous member taken meanwhile.
 */
export function bookingAttempts(options: BookingAttemptsOptions): BookingDraft[] {
  const { calendar: ctx, slot } = options;
  const draft = (staffIds: readonly string[]) =>
    draftBooking({
      calendar: ctx,
      request: options.request,
      slot,
      staffIds,
      overlap: false,
      coupon: options.coupon ?? null,
    });
  if (ctx.calendar.type !== "round_robin") return [draft(slot.staffIds)];
  const priorities = Object.fromEntries(ctx.members.map((m) => [m.staffId, m.priority]));
  const drafts: BookingDraft[] = [];
  let candidates = [...slot.staffIds];
  while (drafts.length < MAX_ROUND_ROBIN_ATTEMPTS && candidates.length > 0) {
    const member = pickRoundRobinMember(
      candidates,
      priorities,
      options.recentCounts,
      ctx.calendar.settings.roundRobinMode,
    ) as string;
    drafts.push(draft([member]));
    candidates = candidates.filter((id) => id !== member);
  }
  return drafts;
}

function decideSeries(options: DecideBookingOptions): Outcome<BookingDecision> {
  const { calendar: ctx, request } = options;
  // A series is paid for occurrence by occurrence, which no payment step offers yet.
  if ((ctx.calendar.settings.payment ?? "none") !== "none") return fail("SERIES_PAYMENT_NOT_SUPPORTED");
  const plan = planRecurring(options.availability, request.recurrence!, options.nowMs);
  if (!plan.ok) {
    const e = plan.error;
    if (e.code === "RECURRING_NEEDS_SINGLE_STAFF" || e.code === "INVALID_RECURRENCE")
      return fail("RECURRING_NOT_SUPPORTED");
    return { ok: false, error: queryErrorToBookingError(e) };
  }
  // A series has one host: one member for personal, round robin and class calendars.
  const oneHost =
    ctx.calendar.type === "round_robin" || ctx.calendar.type === "personal" || ctx.calendar.type === "class";
  const occurrences = plan.value.map((occ): OccurrenceDecision => {
    const base = { index: occ.index, requestedStartMs: occ.requestedStartMs };
    if (occ.bookedStartMs === null || occ.staffIds.length === 0) {
      const code = occ.reason ? rejectionToBookingError(occ.reason, ctx, 0).code : "STAFF_BUSY";
      return { ...base, status: "not_booked", draft: null, code };
    }
    const draft = draftBooking({
      calendar: ctx,
      request,
      slot: { startMs: occ.bookedStartMs, staffIds: occ.staffIds },
      staffIds: oneHost ? [occ.staffIds[0] as string] : occ.staffIds,
      overlap: occ.overlap ?? false,
      // Each occurrence discounted before its deposit; the series takes one use (create-booking.ts).
      coupon: options.coupon ?? null,
    });
    return { ...base, status: occ.overlap ? "requested" : "booked", draft, code: null };
  });
  if (!occurrences.some((o) => o.draft)) {
    const code = occurrences[0]?.code ?? "STAFF_BUSY";
    return fail(code === "NO_SLOTS" || code === "SEATS_EXCEEDED" ? code : "STAFF_BUSY");
  }
  return ok({ kind: "series", occurrences });
}

/**
 * What a series costs together: the booked and requested occurrences' prices, coupon discounts and
 * deposits summed (each occurrence priced by `draftBooking`, its deposit on its discounted price).
 * The one sum the series preview, the coupon quote and the booking's occurrences all agree with.
 */
export function seriesPrice(
  occurrences: readonly {
    readonly draft: Pick<BookingDraft, "priceCents" | "discountMinor" | "depositCents"> | null;
  }[],
) {
  let totalMinor = 0;
  let discountMinor = 0;
  let depositMinor = 0;
  for (const { draft } of occurrences) {
    if (!draft) continue;
    totalMinor += draft.priceCents;
    discountMinor += draft.discountMinor;
    depositMinor += draft.depositCents;
  }
  return { subtotalMinor: totalMinor + discountMinor, discountMinor, totalMinor, depositMinor };
}

interface DraftOptions {
  readonly calendar: BookingCalendar;
  readonly request: BookingRequest;
  readonly slot: SlotVerdict;
  readonly staffIds: readonly string[];
  /** Recurring policy "continue" over a busy time: a request that waits for the business, occupying nothing. */
  readonly overlap: boolean;
  readonly coupon: AppliedCoupon | null;
}

/** One booking once its start and staff are known: end, occupancy or seats, price, status. */
function draftBooking(options: DraftOptions): BookingDraft {
  const { calendar: ctx, request, staffIds, overlap } = options;
  const s = ctx.calendar.settings;
  const startMs = options.slot.startMs;
  const status = overlap ? "new" : initialStatus(s);
  let endMs = startMs + s.durationMinutes * MINUTE_MS;
  let items = staffIds.map((staffId) => occupancyItem({ staffId, serviceId: null, startMs, endMs }, s));
  let classSeats: ClassSeats | null = null;
  let units: UnitItem[] = [];
  let serviceIds: string[] = [];
  let carts: string[][] = [];
  let offerLines: StoredOfferLine[][] = [];
  // One line per priced item (a calendar's own price counts once per attendee); the coupon, if
  // any, comes off the lines it covers before the deposit is worked out (coupons.ts).
  let lines: { serviceId: string; priceCents: number; deposit: typeof s.deposit }[] = [
    { serviceId: "", priceCents: s.priceCents * Math.max(1, request.attendees), deposit: null },
  ];
  if (ctx.calendar.type === "class") {
    classSeats = classSeatsAt(s, { staffId: staffIds[0] as string, startMs, seats: request.attendees });
    items = [];
  } else if (ctx.calendar.type === "service") {
    const assignments = options.slot.assignments ?? [];
    const guestCarts = request.carts ?? [];
    carts = guestCarts.map((c) => [...c.serviceIds]);
    serviceIds = distinctServiceIds(guestCarts);
    endMs = Math.max(...assignments.map((a) => a.endMs));
    const plan = request.plan;
    // One occupancy row per (guest, service), each with its own staff member, time and buffers (a
    // variation's own); the engine's keys of chosen variations and add-ons stored as their service.
    items = itemsPerTask(assignments, lineBuffers(plan, s)).map((item) => ({
      ...item,
      serviceId: item.serviceId === null ? null : serviceOfKey(plan, item.serviceId),
    }));
    units = unitItems(assignments, lineBuffers(plan, s), (key) => serviceOfKey(plan, key));
    if (plan) {
      // Each line at the price of the member who performs it (staff terms), variation and add-ons included.
      const priced = priceLines(ctx, plan, assignments);
      offerLines = priced.map((cart) => cart.map((line) => line.stored));
      lines = priced.flat();
    } else {
      lines = carts.flat().map((sid) => {
        const svc = ctx.services.find((x) => x.id === sid)!;
        return { serviceId: sid, priceCents: svc.priceCents, deposit: svc.deposit };
      });
    }
  }
  // quoteWithCoupon without a coupon is quoteCarts; for one calendar-priced line it is quotePrice.
  const price: DiscountedQuote =
    ctx.calendar.type === "service" || options.coupon
      ? quoteWithCoupon(lines, s.deposit, options.coupon)
      : { ...quotePrice([s.priceCents], request.attendees, s.deposit), subtotalMinor: 0, discountMinor: 0 };
  const owner =
    ctx.calendar.type === "collective" ? (ctx.members.find((m) => m.isPrimary)?.staffId ?? staffIds[0]) : staffIds[0];
  return {
    status,
    startMs,
    endMs,
    staffId: owner as string,
    staffIds,
    serviceIds,
    carts,
    offerLines,
    seats: request.attendees,
    items,
    ...(units.length > 0 ? { units } : {}),
    classSeats,
    priceCents: price.totalCents,
    depositCents: price.depositCents,
    couponCode: options.coupon && price.discountMinor > 0 ? options.coupon.code : null,
    discountMinor: price.discountMinor,
    payment: overlap ? null : paymentDue(s.payment, price),
    active: !overlap && occupies(status, s),
  };
}

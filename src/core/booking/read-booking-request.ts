/**
 * A visitor's booking request checked against the calendar's rules before any busy time is read:
 * the calendar takes bookings, the time zone and start parse, the one-time link is valid, the
 * guests, answers and carts are acceptable, the chosen staff member belongs to the calendar. The
 * refusals come in this order (the first one found is the one the visitor is told).
 */
import type { GuestCart } from "../availability/model.ts";
import {
  MAX_OCCURRENCES,
  isValidInterval,
  type RecurrenceFrequency,
  type RecurrencePolicy,
  type RecurrenceRequest,
} from "../availability/recurring.ts";
import { seriesRefusal } from "./series.ts";
import { isValidTimeZone, type EpochMs } from "../shared/time.ts";
import { requiresGuests } from "../calendar/calendar-setup.ts";
import { validateAnswers } from "./answers.ts";
import { asksBooker, possibleLocations } from "../calendar/location.ts";
import { locationSources } from "./booking-calendar.ts";
import type { BookingCalendar } from "./booking-calendar.ts";
import { resolveCarts } from "./booking-request.ts";
import { planOffers, type OfferPick, type OfferPlan } from "./cart-offers.ts";
import { normaliseCouponCode } from "./coupons.ts";
import { fail, ok, type BookingErrorCode, type FieldError, type Outcome } from "./errors.ts";
import { checkAttachedAnswers, type AttachedForm } from "../forms/attached-form.ts";
import { validateGuests } from "./guests.ts";

/** What the visitor sends to book (the public API's booking body). */
export interface BookingInput {
  readonly calendarId: string;
  readonly startTime: string;
  readonly timezone: string;
  readonly contact: {
    readonly firstName: string;
    readonly lastName: string;
    readonly email: string;
    readonly phone?: string | null;
    readonly dateOfBirth?: string | null;
    readonly location?: string | null;
    readonly notes?: string | null;
    readonly consent?: boolean | null;
  };
  readonly staffId?: string | null;
  /** Service calendars: the booker's cart, and every guest's when no guest has a cart of their own. */
  readonly serviceIds?: readonly string[] | null;
  /** Service calendars: one cart per additional guest, in guest order (count-only or named guests). */
  readonly guestCarts?: readonly (readonly string[])[] | null;
  /** Service calendars: the variation and add-ons chosen of a cart's service (every attendee taking it). */
  readonly offers?: readonly OfferPick[] | null;
  /** A count, or named guests, each optionally with their own cart (`serviceIds`). */
  readonly guests?:
    | number
    | readonly {
        readonly name?: string | null;
        readonly email?: string | null;
        readonly serviceIds?: readonly string[] | null;
      }[];
  readonly answers?: Readonly<Record<string, unknown>> | null;
  readonly oneTimeSlug?: string | null;
  /** A coupon of the business (issue 24): compared trimmed and upper-cased. */
  readonly couponCode?: string | null;
  readonly holdId?: string | null;
  readonly recurring?: {
    readonly frequency: RecurrenceFrequency;
    /** Every `interval` days/weeks/months (1–4); absent: 1. */
    readonly interval?: number | null;
    readonly count: number;
    readonly policy: RecurrencePolicy;
  } | null;
  readonly locale?: string | null;
}

/** The visitor's hold as loaded (only a live hold of this calendar at this start counts). */
export interface HoldView {
  readonly id: string;
  readonly calendarId: string;
  readonly startMs: EpochMs;
  readonly expiresAtMs: EpochMs;
  readonly staffIds: readonly string[];
}

/** A request the rules accept so far: what the slot, staff, price and status are decided from. */
export interface BookingRequest {
  readonly startMs: EpochMs;
  readonly attendees: number;
  readonly guests: readonly { readonly name: string; readonly email: string | null }[];
  readonly answers: Record<string, unknown>;
  /** Service calendars: one cart per attendee, the booker first. */
  readonly carts: readonly GuestCart[] | undefined;
  /** Service calendars with variations, add-ons or staff terms: how the carts are planned and priced. */
  readonly plan: OfferPlan | null;
  /** The staff the visitor chose, or the round-robin member their hold fixed. */
  readonly staffFilter: readonly string[] | undefined;
  /** The visitor's own live hold for this very slot: it does not block them. */
  readonly holdId: string | null;
  readonly recurrence: RecurrenceRequest | null;
  /** The coupon code as compared and stored (normaliseCouponCode), or null. */
  readonly couponCode: string | null;
}

export interface ReadBookingRequestOptions {
  readonly calendar: BookingCalendar & { readonly calendar: { readonly isLive: boolean } };
  readonly input: BookingInput;
  /** The one-time link named by `input.oneTimeSlug`, as loaded (null: none such). */
  readonly oneTimeLink:
    { readonly state: "active"; readonly calendarId: string } | { readonly state: "expired" } | null;
  /** The hold named by `input.holdId`, as loaded (null: none such). */
  readonly hold: HoldView | null;
  readonly nowMs: EpochMs;
  /**
   * "quote": a price asked for while the visitor is still filling in the details step — their
   * answers and the "at least one guest" rule are not checked yet (they are when they book).
   */
  readonly purpose?: "book" | "quote";
}

export function readBookingRequest(options: ReadBookingRequestOptions): Outcome<BookingRequest> {
  const { calendar: ctx, input, oneTimeLink: link, nowMs } = options;
  if (!ctx.calendar.isLive) return fail("CALENDAR_UNAVAILABLE");
  if (!isValidTimeZone(input.timezone)) return fail("TIMEZONE_NOT_FOUND");
  const startMs = Date.parse(input.startTime);
  if (!Number.isFinite(startMs)) return fail("NO_SLOTS");
  const settings = ctx.calendar.settings;
  if (input.oneTimeSlug && (!link || link.state === "expired" || link.calendarId !== ctx.calendar.id))
    return fail("SLUG_EXPIRED");

  const isService = ctx.calendar.type === "service";
  // Count-only guests may be given by their carts alone: two guest carts are two guests.
  const guestsInput =
    input.guests === undefined && isService && input.guestCarts && input.guestCarts.length > 0
      ? input.guestCarts.length
      : input.guests;
  // A guest may not share the booker's email either (one copy of every email per person).
  const guests = validateGuests(guestsInput, settings.guestMode, input.contact.email);
  if (!guests.ok) return guests;
  // "Require Guests for Booking": at least one guest besides the booker (domain notes, Add guests).
  const isQuote = options.purpose === "quote";
  if (!isQuote && guests.value.count === 0 && requiresGuests(ctx.calendar.type, settings))
    return fail("GUESTS_REQUIRED", undefined, [{ path: "guests", code: "GUESTS_REQUIRED" }]);
  const asksLocation = asksBooker(possibleLocations(locationSources(ctx), input.serviceIds ?? [], input.staffId));
  const answers = isQuote
    ? ok({})
    : ctx.form
      ? attachedFormAnswers(ctx.form, input.answers, asksLocation, input.contact.location)
      : validateAnswers(settings.questions, input.answers ?? undefined, asksLocation, input.contact.location);
  if (!answers.ok) return answers;
  const attendees = 1 + guests.value.count;

  let carts: GuestCart[] | undefined;
  if (isService) {
    const named = Array.isArray(input.guests) ? input.guests : [];
    const inline = named.some((g) => g.serviceIds != null);
    const resolved = inline
      ? resolveCarts(
          ctx,
          { serviceIds: input.serviceIds, guestCarts: named.map((g) => g.serviceIds ?? []) },
          guests.value.count,
          (i) => `guests.${i}.serviceIds`,
        )
      : resolveCarts(ctx, { serviceIds: input.serviceIds, guestCarts: input.guestCarts }, guests.value.count);
    if (!resolved.ok) return resolved;
    carts = resolved.value;
  }

  let staffFilter: string[] | undefined;
  if (input.staffId) {
    const staffId = input.staffId;
    const eligible = isService
      ? ctx.services.some((s) => s.staffIds.includes(staffId))
      : ctx.members.some((m) => m.staffId === staffId);
    if (!eligible) return fail("STAFF_NOT_FOUND");
    staffFilter = [staffId];
  }

  const plan = carts ? planOffers(ctx, carts, input.offers, staffFilter) : ok(null);
  if (!plan.ok) return plan;

  const found = options.hold;
  const hold =
    found && found.calendarId === ctx.calendar.id && found.startMs === startMs && found.expiresAtMs > nowMs
      ? found
      : null;
  // A round-robin hold fixed its member: the booking takes that member.
  if (hold && ctx.calendar.type === "round_robin") staffFilter = [...hold.staffIds];

  const seriesCode = input.recurring ? seriesRefusal(settings.recurring, input.recurring) : null;
  if (seriesCode) return fail(seriesCode);
  const recurrence = input.recurring
    ? recurrenceRequest(ctx, input.recurring, { startMs, attendees, staffFilter })
    : null;
  return ok({
    startMs,
    attendees,
    guests: guests.value.people,
    answers: answers.value,
    carts,
    plan: plan.value,
    staffFilter,
    holdId: hold?.id ?? null,
    recurrence,
    couponCode: input.couponCode?.trim() ? normaliseCouponCode(input.couponCode) : null,
  });
}

/**
 * The answers to the calendar's attached form, checked by the form engine (the same rules and codes
 * as on the form's own page), and the booker's location as with the calendar's own questions.
 */
function attachedFormAnswers(
  form: AttachedForm,
  raw: BookingInput["answers"],
  asksLocation: boolean,
  bookerLocation: string | null | undefined,
): Outcome<Record<string, unknown>> {
  const checked = checkAttachedAnswers(form.definition, raw);
  const fields: FieldError[] = checked.errors.map((e) => ({
    path: `answers.${e.field}`,
    code: e.code as BookingErrorCode,
  }));
  const place = validateAnswers([], undefined, asksLocation, bookerLocation);
  if (!place.ok) fields.push(...(place.error.fields ?? []));
  const first = fields[0];
  if (first) return fail(first.code, undefined, fields);
  return ok({ ...checked.answers });
}

/** The series planRecurring is asked for: one host where the calendar or the visitor names one. */
function recurrenceRequest(
  ctx: BookingCalendar,
  recurring: NonNullable<BookingInput["recurring"]>,
  first: { startMs: EpochMs; attendees: number; staffFilter: readonly string[] | undefined },
): RecurrenceRequest {
  const singleStaff =
    first.staffFilter?.[0] ??
    (ctx.calendar.type === "round_robin" && ctx.members.length === 1 ? ctx.members[0]?.staffId : undefined);
  return {
    firstStartMs: first.startMs,
    frequency: recurring.frequency,
    interval: recurring.interval ?? 1,
    count: recurring.count,
    policy: recurring.policy,
    guests: first.attendees,
    ...(singleStaff ? { staffId: singleStaff } : {}),
  };
}

/** planRecurring refuses anything else before looking at busy time. */
export const isPlannableRecurrence = (r: RecurrenceRequest): boolean =>
  Number.isInteger(r.count) &&
  r.count >= 1 &&
  r.count <= MAX_OCCURRENCES &&
  isValidInterval(r.interval ?? 1) &&
  Number.isFinite(r.firstStartMs);

/**
 * A visitor books a slot (or a recurring series). The engine decides whether the start is
 * bookable from what was loaded; the database then has the last word inside one transaction
 * (occupancy exclusion, seat counter, one-time link), so concurrent requests for the same time
 * can never both succeed. Nothing slow happens in that transaction: the notification is an
 * outbox row.
 */
import { checkSlot } from "../../core/availability/compute-slots.ts";
import type { SlotVerdict } from "../../core/availability/compute-slots.ts";
import type { AvailabilityInput, GuestCart } from "../../core/availability/model.ts";
import { busySpanFor } from "../../core/availability/busy-span.ts";
import {
  BOOK_NEXT_HORIZON_MS,
  MAX_OCCURRENCES,
  planRecurring,
  recurrenceStarts,
  type RecurrenceFrequency,
  type RecurrencePolicy,
  type RecurrenceRequest,
} from "../../core/availability/recurring.ts";
import { pickRoundRobinMember } from "../../core/availability/round-robin.ts";
import { validateAnswers } from "../../core/booking/answers.ts";
import { fail, ok, type BookingError, type Outcome } from "../../core/booking/errors.ts";
import { validateGuests } from "../../core/booking/guests.ts";
import { initialStatus, occupies, type BookingStatus } from "../../core/booking/policy.ts";
import { quoteCarts, quotePrice } from "../../core/booking/pricing.ts";
import { formatInstant, isValidTimeZone, MINUTE_MS, WALL_DAY_MS, type EpochMs } from "../../core/shared/time.ts";
import {
  checkErrorToBookingError,
  databaseDecidesBusy,
  distinctServiceIds,
  itemsPerTask,
  occupancyItem,
  queryErrorToBookingError,
  rejectionToBookingError,
  relevantStaffIds,
  resolveCarts,
  seatsLeft,
  slotRequest,
  toAvailabilityInput,
  toSchedules,
} from "./availability.ts";
import type { BookingDeps } from "./deps.ts";
import { generateManageToken, hashManageToken } from "./manage-token.ts";
import type { CalendarContext, CommitRefusal, HoldRecord, NewBooking, Occupancy, StoredContact } from "./ports.ts";
import { notification, toSnapshot } from "./snapshot.ts";

export interface CreateBookingInput {
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
  readonly holdId?: string | null;
  readonly recurring?: {
    readonly frequency: RecurrenceFrequency;
    readonly count: number;
    readonly policy: RecurrencePolicy;
  } | null;
  readonly locale?: string | null;
}

export interface OccurrenceOutcome {
  readonly index: number;
  readonly requestedStartTime: string;
  /** requested: policy "continue" over a busy time — an appointment request that occupies nothing. */
  readonly status: "booked" | "requested" | "not_booked";
  readonly bookingId: string | null;
  readonly startTime: string | null;
  readonly endTime: string | null;
  /** Why it was not booked (STAFF_BUSY → 'Not booked: Staff busy'). */
  readonly code: string | null;
}

export interface CreatedBooking {
  readonly id: string;
  readonly status: BookingStatus;
  readonly calendarId: string;
  readonly startTime: string;
  readonly endTime: string;
  readonly timezone: string;
  readonly staffId: string;
  readonly staffIds: readonly string[];
  readonly serviceIds: readonly string[];
  /** Service calendars: one cart per attendee, the booker first. */
  readonly carts: readonly (readonly string[])[];
  readonly seats: number;
  readonly priceCents: number;
  readonly depositCents: number;
  readonly currency: string;
  /** Shown once: the only way for the visitor to manage the booking. Never stored in clear. */
  readonly manageToken: string;
  readonly seriesId: string | null;
  readonly occurrences: readonly OccurrenceOutcome[] | null;
}

export interface IdempotencyScope {
  readonly endpoint: string;
  readonly key: string;
  readonly requestHash: string;
}

/** A booking request checked against the rules, before staff are chosen. */
interface Prepared {
  readonly ctx: CalendarContext;
  readonly input: CreateBookingInput;
  readonly nowMs: EpochMs;
  readonly startMs: EpochMs;
  readonly attendees: number;
  readonly guests: readonly { name: string; email: string | null }[];
  readonly answers: Record<string, unknown>;
  readonly carts: GuestCart[] | undefined;
  readonly staffFilter: string[] | undefined;
  readonly hold: HoldRecord | null;
  readonly occupancy: Occupancy[];
  readonly availability: AvailabilityInput;
  readonly recurrence: RecurrenceRequest | null;
}

const MAX_ROUND_ROBIN_ATTEMPTS = 5;

export async function createBooking(
  deps: BookingDeps,
  input: CreateBookingInput,
  idempotency: IdempotencyScope | null = null,
): Promise<Outcome<CreatedBooking>> {
  const prepared = await prepare(deps, input);
  if (!prepared.ok) return prepared;
  return input.recurring ? bookSeries(deps, prepared.value, idempotency) : bookOne(deps, prepared.value, idempotency);
}

async function prepare(deps: BookingDeps, input: CreateBookingInput): Promise<Outcome<Prepared>> {
  const nowMs = deps.clock().getTime();
  const ctx = await deps.store.loadCalendar(input.calendarId);
  if (!ctx) return fail("CALENDAR_NOT_FOUND");
  if (!ctx.calendar.isLive) return fail("CALENDAR_UNAVAILABLE");
  if (!isValidTimeZone(input.timezone)) return fail("TIMEZONE_NOT_FOUND");
  const startMs = Date.parse(input.startTime);
  if (!Number.isFinite(startMs)) return fail("NO_SLOTS");
  const settings = ctx.calendar.settings;

  if (input.oneTimeSlug) {
    const link = await deps.store.oneTimeLink(input.oneTimeSlug, nowMs);
    if (!link || link.state === "expired" || link.calendarId !== ctx.calendar.id) return fail("SLUG_EXPIRED");
  }

  const isService = ctx.calendar.type === "service";
  // Count-only guests may be given by their carts alone: two guest carts are two guests.
  const guestsInput =
    input.guests === undefined && isService && input.guestCarts && input.guestCarts.length > 0
      ? input.guestCarts.length
      : input.guests;
  const guests = validateGuests(
    guestsInput,
    ctx.calendar.type === "class" && settings.guestMode === "none" ? "none" : settings.guestMode,
    input.contact.email,
  );
  if (!guests.ok) return guests;
  const answers = validateAnswers(
    settings.questions,
    input.answers ?? undefined,
    settings.location,
    input.contact.location,
  );
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
    const eligible =
      ctx.calendar.type === "service"
        ? ctx.services.some((s) => s.staffIds.includes(input.staffId!))
        : ctx.members.some((m) => m.staffId === input.staffId);
    if (!eligible) return fail("STAFF_NOT_FOUND");
    staffFilter = [input.staffId];
  }

  // The visitor's own live hold for this very slot: it does not block them, and fixes the staff.
  let hold: HoldRecord | null = null;
  if (input.holdId) {
    const found = await deps.store.loadHold(input.holdId);
    if (found && found.calendarId === ctx.calendar.id && found.startMs === startMs && found.expiresAtMs > nowMs) {
      hold = found;
      if (ctx.calendar.type === "round_robin") staffFilter = [...found.staffIds];
    }
  }

  // Only the busy time the rules can look at for these starts (busySpanFor), or none at all where
  // the database's constraint gives the same answer alone (databaseDecidesBusy).
  const schedules = toSchedules(ctx);
  const recurrence = input.recurring ? recurrenceRequest(ctx, input.recurring, startMs, attendees, staffFilter) : null;
  let occupancy: Occupancy[] = [];
  if (recurrence || !databaseDecidesBusy(ctx)) {
    const starts = recurrence && validRecurrence(recurrence) ? recurrenceStarts(schedules, recurrence) : [startMs];
    const span = busySpanFor(
      schedules,
      starts,
      slotRequest(ctx, attendees, carts, staffFilter),
      recurrence?.policy === "book_next" ? BOOK_NEXT_HORIZON_MS : 0,
    );
    occupancy = await deps.store.loadOccupancy(relevantStaffIds(ctx), span.startMs, span.endMs);
  }
  const availability = toAvailabilityInput(ctx, occupancy, nowMs, { holdId: hold?.id ?? null }, schedules);
  return ok({
    ctx,
    input,
    nowMs,
    startMs,
    attendees,
    guests: guests.value.people,
    answers: answers.value,
    carts,
    staffFilter,
    hold,
    occupancy,
    availability,
    recurrence,
  });
}

/** The series planRecurring is asked for: one host where the calendar or the visitor names one. */
function recurrenceRequest(
  ctx: CalendarContext,
  recurring: NonNullable<CreateBookingInput["recurring"]>,
  firstStartMs: EpochMs,
  attendees: number,
  staffFilter: readonly string[] | undefined,
): RecurrenceRequest {
  const singleStaff =
    staffFilter?.[0] ??
    (ctx.calendar.type === "round_robin" && ctx.members.length === 1 ? ctx.members[0]?.staffId : undefined);
  return {
    firstStartMs,
    frequency: recurring.frequency,
    count: recurring.count,
    policy: recurring.policy,
    guests: attendees,
    ...(singleStaff ? { staffId: singleStaff } : {}),
  };
}

/** planRecurring refuses anything else before looking at busy time. */
const validRecurrence = (r: RecurrenceRequest) =>
  Number.isInteger(r.count) && r.count >= 1 && r.count <= MAX_OCCURRENCES && Number.isFinite(r.firstStartMs);

/** The booking rows for one start once its staff are known. */
function buildBooking(
  deps: BookingDeps,
  p: Prepared,
  startMs: EpochMs,
  verdict: SlotVerdict,
  staffIds: readonly string[],
  tokenHash: string,
  token: string,
  series: { id: string; index: number } | null,
  overlap = false,
): NewBooking {
  const { ctx, input } = p;
  const s = ctx.calendar.settings;
  // An overlapping occurrence (recurring policy "continue") waits for the business, occupying nothing.
  const status = overlap ? "new" : initialStatus(s);
  const id = deps.newId();
  let endMs = startMs + s.durationMinutes * MINUTE_MS;
  let items = staffIds.map((staffId) =>
    occupancyItem(staffId, null, startMs, endMs, s.bufferBeforeMinutes, s.bufferAfterMinutes),
  );
  let classSeats: NewBooking["classSeats"] = null;
  let serviceIds: string[] = [];
  let carts: string[][] = [];
  let price = quotePrice([s.priceCents], p.attendees, s.deposit);
  if (ctx.calendar.type === "class") {
    const host = staffIds[0] as string;
    classSeats = {
      staffId: host,
      startMs,
      endMs,
      blockedStartMs: startMs - s.bufferBeforeMinutes * MINUTE_MS,
      blockedEndMs: endMs + s.bufferAfterMinutes * MINUTE_MS,
      seatsTotal: s.seatsPerSlot ?? 1,
      seats: p.attendees,
    };
    items = [];
  } else if (ctx.calendar.type === "service") {
    const assignments = verdict.assignments ?? [];
    const guestCarts = p.carts ?? [];
    carts = guestCarts.map((c) => [...c.serviceIds]);
    serviceIds = distinctServiceIds(guestCarts);
    endMs = Math.max(...assignments.map((a) => a.endMs));
    // One occupancy row per (guest, service), each with its own staff member and time.
    items = itemsPerTask(assignments, s.bufferBeforeMinutes, s.bufferAfterMinutes);
    const lines = carts.flat().map((sid) => ctx.services.find((svc) => svc.id === sid)!);
    price = quoteCarts(
      lines.map((svc) => ({ priceCents: svc.priceCents, deposit: svc.deposit })),
      s.deposit,
    );
  }
  const owner =
    ctx.calendar.type === "collective" ? (ctx.members.find((m) => m.isPrimary)?.staffId ?? staffIds[0]) : staffIds[0];
  const contact: StoredContact = {
    firstName: input.contact.firstName.trim(),
    lastName: input.contact.lastName.trim(),
    email: input.contact.email.trim(),
    phone: input.contact.phone?.trim() || null,
    dateOfBirth: input.contact.dateOfBirth ?? null,
    location: input.contact.location?.trim() || null,
    notes: input.contact.notes?.trim() || null,
    consent: input.contact.consent ?? false,
  };
  const locale = input.locale ?? "en";
  const booking = {
    id,
    status,
    sequence: 0,
    startMs,
    endMs,
    timeZone: input.timezone,
    locale,
    staffId: owner as string,
    staffIds,
    serviceIds,
    carts,
    seats: p.attendees,
    guests: p.guests,
    contact,
    previousStartMs: null,
    cancelReason: null,
  };
  return {
    ...booking,
    businessId: ctx.business.id,
    calendarId: ctx.calendar.id,
    seriesId: series?.id ?? null,
    occurrenceIndex: series?.index ?? null,
    bufferBeforeMinutes: s.bufferBeforeMinutes,
    bufferAfterMinutes: s.bufferAfterMinutes,
    answers: p.answers,
    priceCents: price.totalCents,
    depositCents: price.depositCents,
    currency: ctx.business.currency,
    manageTokenHash: tokenHash,
    active: !overlap && occupies(status, s),
    items,
    classSeats,
    notification: notification(
      status === "new" ? "request_received" : "booking_confirmed",
      toSnapshot(ctx, booking, deps.publicUrl, token),
    ),
  };
}

function refusalToError(refusal: CommitRefusal, ctx: CalendarContext): BookingError {
  switch (refusal.code) {
    case "STAFF_BUSY":
      return { code: ctx.calendar.type === "service" ? "RESOURCE_UNAVAILABLE" : "STAFF_BUSY" };
    case "SEATS_EXCEEDED":
      return { code: "SEATS_EXCEEDED", details: { availableSeats: refusal.availableSeats } };
    case "SLUG_EXPIRED":
      return { code: "SLUG_EXPIRED" };
    case "BOOKING_CHANGED":
    case "SCHEDULING_FAILED":
      return { code: "SCHEDULING_FAILED" };
  }
}

function describe(p: Prepared, b: NewBooking, token: string, occurrences: OccurrenceOutcome[] | null): CreatedBooking {
  return {
    id: b.id,
    status: b.status,
    calendarId: b.calendarId,
    startTime: formatInstant(b.startMs, p.input.timezone),
    endTime: formatInstant(b.endMs, p.input.timezone),
    timezone: p.input.timezone,
    staffId: b.staffId,
    staffIds: b.staffIds,
    serviceIds: b.serviceIds,
    carts: b.carts,
    seats: b.seats,
    priceCents: b.priceCents,
    depositCents: b.depositCents,
    currency: b.currency,
    manageToken: token,
    seriesId: b.seriesId,
    occurrences,
  };
}

async function bookOne(
  deps: BookingDeps,
  p: Prepared,
  idempotency: IdempotencyScope | null,
): Promise<Outcome<CreatedBooking>> {
  const { ctx } = p;
  const verdict = checkSlot(p.availability, p.startMs, p.nowMs, slotRequest(ctx, p.attendees, p.carts, p.staffFilter));
  if (!verdict.ok)
    return { ok: false, error: checkErrorToBookingError(verdict.error, ctx, seatsLeft(ctx, p.occupancy, p.startMs)) };

  const token = generateManageToken();
  const tokenHash = hashManageToken(token);
  const isRoundRobin = ctx.calendar.type === "round_robin";
  let candidates = [...verdict.value.staffIds];
  const priorities = Object.fromEntries(ctx.members.map((m) => [m.staffId, m.priority]));
  const counts =
    isRoundRobin && candidates.length > 1
      ? await deps.store.recentCounts(ctx.calendar.id, p.nowMs - 30 * WALL_DAY_MS)
      : {};

  for (let attempt = 0; attempt < MAX_ROUND_ROBIN_ATTEMPTS && candidates.length > 0; attempt++) {
    const staffIds = isRoundRobin ? [pickRoundRobinMember(candidates, priorities, counts) as string] : candidates;
    const booking = buildBooking(deps, p, p.startMs, verdict.value, staffIds, tokenHash, token, null);
    const created = describe(p, booking, token, null);
    const result = await deps.store.createBookings({
      bookings: [booking],
      oneTimeSlug: p.input.oneTimeSlug ?? null,
      holdId: p.hold?.id ?? null,
      idempotency: idempotency ? { ...idempotency, statusCode: 201, body: created } : null,
      nowMs: p.nowMs,
    });
    if (result.ok) return ok(created);
    // Round robin: someone took this member meanwhile; the next free member may still be free.
    if (isRoundRobin && result.refusal.code === "STAFF_BUSY") {
      candidates = candidates.filter((id) => id !== staffIds[0]);
      continue;
    }
    return { ok: false, error: refusalToError(result.refusal, ctx) };
  }
  return fail("STAFF_BUSY");
}

async function bookSeries(
  deps: BookingDeps,
  p: Prepared,
  idempotency: IdempotencyScope | null,
): Promise<Outcome<CreatedBooking>> {
  const { ctx } = p;
  const plan = planRecurring(p.availability, p.recurrence!, p.nowMs);
  if (!plan.ok) {
    const e = plan.error;
    if (e.code === "RECURRING_NEEDS_SINGLE_STAFF" || e.code === "INVALID_RECURRENCE")
      return fail("RECURRING_NOT_SUPPORTED");
    return { ok: false, error: queryErrorToBookingError(e) };
  }
  const token = generateManageToken();
  const tokenHash = hashManageToken(token);
  const seriesId = deps.newId();
  const bookings: NewBooking[] = [];
  const occurrences: OccurrenceOutcome[] = [];
  for (const occ of plan.value) {
    const requestedStartTime = formatInstant(occ.requestedStartMs, p.input.timezone);
    if (occ.bookedStartMs === null || occ.staffIds.length === 0) {
      const reason = occ.reason ? rejectionToBookingError(occ.reason, ctx, 0).code : "STAFF_BUSY";
      occurrences.push({
        index: occ.index,
        requestedStartTime,
        status: "not_booked",
        bookingId: null,
        startTime: null,
        endTime: null,
        code: reason,
      });
      continue;
    }
    const staffIds =
      ctx.calendar.type === "round_robin" || ctx.calendar.type === "personal" || ctx.calendar.type === "class"
        ? [occ.staffIds[0] as string]
        : [...occ.staffIds];
    const verdict: SlotVerdict = { startMs: occ.bookedStartMs, staffIds: occ.staffIds };
    const booking = buildBooking(
      deps,
      p,
      occ.bookedStartMs,
      verdict,
      staffIds,
      tokenHash,
      token,
      { id: seriesId, index: occ.index },
      occ.overlap ?? false,
    );
    bookings.push(booking);
    occurrences.push({
      index: occ.index,
      requestedStartTime,
      status: occ.overlap ? "requested" : "booked",
      bookingId: booking.id,
      startTime: formatInstant(booking.startMs, p.input.timezone),
      endTime: formatInstant(booking.endMs, p.input.timezone),
      code: null,
    });
  }
  const first = bookings[0];
  if (!first) {
    const code = occurrences[0]?.code ?? "STAFF_BUSY";
    return fail(code === "NO_SLOTS" || code === "SEATS_EXCEEDED" ? code : "STAFF_BUSY");
  }
  const created = describe(p, first, token, occurrences);
  const result = await deps.store.createBookings({
    bookings,
    oneTimeSlug: p.input.oneTimeSlug ?? null,
    holdId: p.hold?.id ?? null,
    idempotency: idempotency ? { ...idempotency, statusCode: 201, body: created } : null,
    nowMs: p.nowMs,
  });
  return result.ok ? ok(created) : { ok: false, error: refusalToError(result.refusal, ctx) };
}

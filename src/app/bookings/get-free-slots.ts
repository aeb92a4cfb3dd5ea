/** Free start times of a calendar between two of the visitor's dates, and the next date with any. */
import { computeSlotsWithFull, toPublicSlots } from "../../core/availability/compute-slots.ts";
import type { SlotRequest } from "../../core/availability/engine.ts";
import type { AvailabilityInput, PublicSlotsByDate } from "../../core/availability/model.ts";
import { answerValidUntil } from "../../core/availability/booking-window.ts";
import { findNextAvailable } from "../../core/availability/next-available.ts";
import { showsSeats } from "../../core/calendar/calendar-setup.ts";
import { fail, ok, type Outcome } from "../../core/booking/errors.ts";
import { isLocalDate, isValidTimeZone, WALL_DAY_MS, type EpochMs, type LocalDate } from "../../core/shared/time.ts";
import { resolveCarts, slotRequest } from "../../core/booking/booking-request.ts";
import { queryErrorToBookingError } from "../../core/booking/slot-refusals.ts";
import { planOffers, type OfferPick, type OfferPlan } from "../../core/booking/cart-offers.ts";
import {
  OCCUPANCY_MARGIN_MS,
  relevantStaffIds,
  toAvailabilityInput,
  toSchedules,
  withOffers,
  withResources,
} from "./availability.ts";
import type { BookingDeps } from "./deps.ts";
import { hideLookBusyStarts, lookBusyMarginMs } from "./look-busy-slots.ts";
import { looksBusy } from "../../core/availability/look-busy.ts";
import type { BookingRecord, CalendarContext } from "./ports.ts";
import { findManagedBooking } from "./manage-booking.ts";
import { releaseOwnSeats } from "../../core/booking/decide-reschedule.ts";

/** What a visitor asks times for: the calendar, whom, which services for whom, how many attendees. */
export interface SlotsChoice {
  readonly calendarId: string;
  readonly timezone: string;
  readonly staffId?: string | null;
  /** Service calendars: the booker's cart (everyone's without `guestCarts`). */
  readonly serviceIds?: readonly string[] | null;
  /** Service calendars: one cart per additional guest. */
  readonly guestCarts?: readonly (readonly string[])[] | null;
  /** Additional attendees (default: one per guest cart). */
  readonly guests?: number | null;
  /** Service calendars: the variation and add-ons chosen of a cart's service (their length is planned). */
  readonly offers?: readonly OfferPick[] | null;
}

export interface SlotsInput extends SlotsChoice {
  /**
   * A booking being moved, with its manage token: its own occupancy counts as free (as in the reschedule
   * itself), so it can move to a start overlapping where it is now.
   */
  readonly rescheduling?: { readonly bookingId: string; readonly token: string | null } | null;
}

/** The same request a hold or a booking with these carts and choices makes (availability.ts: slotRequest). */
function request(ctx: CalendarContext, input: SlotsInput): Outcome<{ request: SlotRequest; plan: OfferPlan | null }> {
  const attendees = 1 + (input.guests ?? input.guestCarts?.length ?? 0);
  const staffFilter = input.staffId ? [input.staffId] : null;
  if (ctx.calendar.type !== "service")
    return ok({ request: slotRequest(ctx, attendees, undefined, staffFilter), plan: null });
  const carts = resolveCarts(ctx, input, attendees - 1);
  if (!carts.ok) return carts;
  const plan = planOffers(ctx, carts.value, input.offers, staffFilter);
  if (!plan.ok) return plan;
  return ok({
    request: slotRequest(ctx, attendees, plan.value?.engineCarts ?? carts.value, staffFilter),
    plan: plan.value,
  });
}

async function loadLive(
  deps: BookingDeps,
  input: SlotsInput,
): Promise<
  Outcome<{ ctx: CalendarContext; request: SlotRequest; plan: OfferPlan | null; moving: BookingRecord | null }>
> {
  const ctx = await deps.store.loadCalendar(input.calendarId);
  if (!ctx) return fail("CALENDAR_NOT_FOUND");
  if (!ctx.calendar.isLive) return fail("CALENDAR_UNAVAILABLE");
  if (!isValidTimeZone(input.timezone)) return fail("TIMEZONE_NOT_FOUND");
  // Only its manage token frees a booking's time (a wrong one looks like no booking), and only on its
  // calendar: so it is read under the calendar's business.
  let moving: BookingRecord | null = null;
  if (input.rescheduling) {
    const { bookingId, token } = input.rescheduling;
    const found = await findManagedBooking(deps, ctx.business.id, bookingId, token);
    if (!found.ok) return found;
    if (found.value.record.calendarId !== ctx.calendar.id) return fail("BOOKING_NOT_FOUND");
    moving = found.value.record;
  }
  const built = request(ctx, input);
  return built.ok ? ok({ ctx, ...built.value, moving }) : built;
}

/**
 * The engine's input for a slot query over [fromMs, toMs): the warm busy index when the server keeps
 * them (checked against the database's version on every call), else indexed from a fresh load.
 */
async function availabilityFor(
  deps: BookingDeps,
  ctx: CalendarContext,
  fromMs: EpochMs,
  toMs: EpochMs,
  nowMs: EpochMs,
  plan: OfferPlan | null,
  moving: BookingRecord | null,
): Promise<AvailabilityInput> {
  const schedules = toSchedules(ctx);
  // Rooms and equipment are read fresh on every query (a few rows), next to the staff's busy time.
  const range = { startMs: fromMs, endMs: toMs };
  // A booking being moved reads fresh too, without its own occupancy and seats (as the reschedule does).
  if (!deps.busyIndexes || moving) {
    const loaded = await deps.store.loadOccupancy(ctx.business.id, relevantStaffIds(ctx), fromMs, toMs);
    const exclude = moving ? { bookingId: moving.id } : {};
    return withResources(
      deps.store,
      ctx,
      toAvailabilityInput(
        ctx,
        moving ? releaseOwnSeats(loaded, moving) : loaded,
        nowMs,
        exclude,
        withOffers(schedules, plan),
      ),
      range,
      exclude,
    );
  }
  // The warm index is kept per calendar; the visitor's choices only add definitions to its rules.
  const busy = await deps.busyIndexes.get(ctx.business.id, schedules.rules, relevantStaffIds(ctx), fromMs, toMs, nowMs);
  return withResources(deps.store, ctx, { ...withOffers(schedules, plan), busy }, range);
}

export async function getFreeSlots(
  deps: BookingDeps,
  input: SlotsInput & { readonly startDate: LocalDate; readonly endDate: LocalDate },
): Promise<Outcome<PublicSlotsByDate>> {
  const loaded = await loadLive(deps, input);
  if (!loaded.ok) return loaded;
  const { ctx, request, plan, moving } = loaded.value;
  if (!isLocalDate(input.startDate) || !isLocalDate(input.endDate)) return fail("INVALID_RANGE");
  const nowMs = deps.clock().getTime();
  const margin = OCCUPANCY_MARGIN_MS + lookBusyMarginMs(ctx);
  const fromMs = Date.parse(`${input.startDate}T00:00:00Z`) - margin;
  const toMs = Date.parse(`${input.endDate}T00:00:00Z`) + WALL_DAY_MS + margin;
  // A nonsense range is refused by the engine before the load matters; cap the load anyway, and
  // never load a reversed one (the database refuses a range whose end is before its start: 500).
  const availability =
    toMs - fromMs > 40 * WALL_DAY_MS || toMs <= fromMs
      ? toAvailabilityInput(ctx, [], nowMs, {}, withOffers(toSchedules(ctx), plan))
      : await availabilityFor(deps, ctx, fromMs, toMs, nowMs, plan, moving);
  // A repeated query whose calendar and busy index are the very same objects (both brought up to date
  // just now) gets the answer kept for them, while time cannot have changed it (free-slot-answers.ts).
  // Rooms and equipment are read fresh per query and Look Busy ranks starts that time removes: not kept.
  const answers =
    deps.freeSlotAnswers &&
    !moving &&
    !availability.resources &&
    !looksBusy(ctx.calendar.type, ctx.calendar.settings.lookBusyPercent)
      ? deps.freeSlotAnswers
      : null;
  const key = answers ? answerKey(input) : "";
  const kept = answers?.get(key, ctx, availability.busy, nowMs);
  if (kept) return ok(kept);
  const query = { startDate: input.startDate, endDate: input.endDate, visitorTimeZone: input.timezone, ...request };
  const result = computeSlotsWithFull(availability, query, nowMs);
  if (!result.ok) return { ok: false, error: queryErrorToBookingError(result.error) };
  const { full } = result.value;
  // The one place Look Busy applies: after the engine, before anything leaves the server.
  const slots = hideLookBusyStarts(ctx, availability, query, nowMs, result.value.slots);
  const answer = toPublicSlots(slots, showsSeats(ctx.calendar.type, ctx.calendar.settings) ? full : undefined);
  if (answers) {
    const fullStarts = Object.values(full).flat();
    const validUntilMs = answerValidUntil(availability.rules, nowMs, slots, fullStarts);
    answers.set(key, ctx, availability.busy, nowMs, validUntilMs, answer, answerSize(answer));
  }
  return ok(answer);
}

/** Every input of a free-slots query but the calendar's own data (which the cache compares by identity). */
function answerKey(input: SlotsInput & { readonly startDate: LocalDate; readonly endDate: LocalDate }): string {
  return JSON.stringify([
    input.calendarId,
    input.startDate,
    input.endDate,
    input.timezone,
    input.staffId ?? null,
    input.serviceIds ?? null,
    input.guestCarts ?? null,
    input.guests ?? null,
    input.offers ?? null,
  ]);
}

/** About the bytes an answer holds (its strings dominate): what the cache's size cap counts. */
function answerSize(answer: PublicSlotsByDate): number {
  let size = 64;
  for (const day of Object.values(answer))
    size += 64 + (day.slots.length + (day.full?.length ?? 0)) * 56 + (day.seats?.length ?? 0) * 8;
  return size;
}

export async function getNextAvailableDate(
  deps: BookingDeps,
  input: SlotsInput & { readonly from: LocalDate },
): Promise<Outcome<LocalDate | null>> {
  const loaded = await loadLive(deps, input);
  if (!loaded.ok) return loaded;
  const { ctx, request, plan, moving } = loaded.value;
  if (!isLocalDate(input.from)) return fail("INVALID_RANGE");
  const nowMs = deps.clock().getTime();
  const fromMs = Math.max(nowMs, Date.parse(`${input.from}T00:00:00Z`)) - OCCUPANCY_MARGIN_MS;
  // The booking window bounds the search; occupancy of the next year is plenty for any window we offer.
  const availability = await availabilityFor(deps, ctx, fromMs, fromMs + 400 * WALL_DAY_MS, nowMs, plan, moving);
  const result = findNextAvailable(availability, input.from, input.timezone, nowMs, request);
  if (!result.ok) return { ok: false, error: queryErrorToBookingError(result.error) };
  return ok(result.value);
}

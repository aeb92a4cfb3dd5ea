/**
 * Holds a slot for a few minutes while the visitor fills in the form. A hold occupies staff like a
 * booking (same exclusion constraint), stops blocking at `expiresAt`, and is released by the
 * booking that presents its id.
 */
import { busySpanFor } from "../../core/availability/busy-span.ts";
import { checkSlot } from "../../core/availability/compute-slots.ts";
import { pickRoundRobinMember } from "../../core/availability/round-robin.ts";
import { fail, ok, type Outcome } from "../../core/booking/errors.ts";
import { isValidTimeZone, MINUTE_MS } from "../../core/shared/time.ts";
import type { GuestCart } from "../../core/availability/model.ts";
import { resolveCarts, slotRequest } from "../../core/booking/booking-request.ts";
import { distinctServiceIds, itemsPerTask, occupancyItem, unitItems } from "../../core/booking/occupancy-items.ts";
import { checkErrorToBookingError, seatsLeft, storeRefusalToBookingError } from "../../core/booking/slot-refusals.ts";
import { lineBuffers, planOffers, serviceOfKey } from "../../core/booking/cart-offers.ts";
import { relevantStaffIds, toAvailabilityInput, toSchedules, withOffers, withResources } from "./availability.ts";
import type { BookingDeps } from "./deps.ts";
import type { SlotsChoice } from "./get-free-slots.ts";

/** A start held for a visitor's choice (the same choice a free-slots query makes). */
export interface HoldSlotInput extends SlotsChoice {
  readonly startTime: string;
  /**
   * The visitor's previous hold on this calendar (another time, or this one run out): released in
   * the same transaction, and not counted against the new one — a visitor never holds two times.
   */
  readonly replacesHoldId?: string | null;
}

export interface HeldSlot {
  readonly holdId: string;
  readonly expiresAt: string;
  /**
   * Service calendars: who performs each line (under "any available", the member the engine
   * assigned), so the visitor sees that member's length and price before booking (ADR 0051).
   */
  readonly assignments?: readonly {
    readonly guestIndex: number;
    readonly serviceId: string;
    readonly staffId: string;
  }[];
}

export async function holdSlot(deps: BookingDeps, input: HoldSlotInput): Promise<Outcome<HeldSlot>> {
  const nowMs = deps.clock().getTime();
  const ctx = await deps.store.loadCalendar(input.calendarId);
  if (!ctx) return fail("CALENDAR_NOT_FOUND");
  if (!ctx.calendar.isLive) return fail("CALENDAR_UNAVAILABLE");
  if (!isValidTimeZone(input.timezone)) return fail("TIMEZONE_NOT_FOUND");
  // A class seat is a counter, not an interval: holding one would need its own expiry bookkeeping.
  if (ctx.calendar.type === "class") return fail("HOLD_NOT_SUPPORTED");
  const startMs = Date.parse(input.startTime);
  if (!Number.isFinite(startMs)) return fail("NO_SLOTS");
  const attendees = 1 + (input.guests ?? input.guestCarts?.length ?? 0);
  let carts: GuestCart[] | undefined;
  if (ctx.calendar.type === "service") {
    const resolved = resolveCarts(ctx, input, attendees - 1);
    if (!resolved.ok) return resolved;
    carts = resolved.value;
  }
  const serviceIds = carts ? distinctServiceIds(carts) : [];
  const staffFilter = input.staffId ? [input.staffId] : null;
  const planned = carts ? planOffers(ctx, carts, input.offers, staffFilter) : ok(null);
  if (!planned.ok) return planned;
  const plan = planned.value;

  const request = slotRequest(ctx, attendees, plan?.engineCarts ?? carts, staffFilter);
  const schedules = withOffers(toSchedules(ctx), plan);
  const span = busySpanFor(schedules, [startMs], request);
  const occupancy = await deps.store.loadOccupancy(ctx.business.id, relevantStaffIds(ctx), span.startMs, span.endMs);
  const replaces = input.replacesHoldId ?? null;
  const availability = await withResources(
    deps.store,
    ctx,
    toAvailabilityInput(ctx, occupancy, nowMs, { holdId: replaces }, schedules),
    span,
    { holdId: replaces },
  );
  const verdict = checkSlot(availability, startMs, nowMs, request);
  if (!verdict.ok)
    return { ok: false, error: checkErrorToBookingError(verdict.error, ctx, seatsLeft(ctx, occupancy, startMs)) };

  const s = ctx.calendar.settings;
  let candidates = [...verdict.value.staffIds];
  const priorities = Object.fromEntries(ctx.members.map((m) => [m.staffId, m.priority]));
  const expiresAtMs = nowMs + deps.holdMinutes * MINUTE_MS;
  for (let attempt = 0; attempt < 5 && candidates.length > 0; attempt++) {
    let staffIds = candidates;
    let endMs = startMs + s.durationMinutes * MINUTE_MS;
    let items = staffIds.map((staffId) => occupancyItem({ staffId, serviceId: null, startMs, endMs }, s));
    let units = unitItems([], lineBuffers(plan, s));
    if (ctx.calendar.type === "round_robin") {
      staffIds = [pickRoundRobinMember(candidates, priorities, {}) as string];
      items = staffIds.map((staffId) => occupancyItem({ staffId, serviceId: null, startMs, endMs }, s));
    } else if (ctx.calendar.type === "service") {
      const assignments = verdict.value.assignments ?? [];
      endMs = Math.max(...assignments.map((a) => a.endMs));
      items = itemsPerTask(assignments, lineBuffers(plan, s)).map((item) => ({
        ...item,
        serviceId: item.serviceId === null ? null : serviceOfKey(plan, item.serviceId),
      }));
      staffIds = [...new Set(items.map((i) => i.staffId))];
      units = unitItems(assignments, lineBuffers(plan, s), (key) => serviceOfKey(plan, key));
    }
    const id = deps.newId();
    const result = await deps.store.createHold({
      id,
      businessId: ctx.business.id,
      calendarId: ctx.calendar.id,
      startMs,
      endMs,
      staffIds,
      serviceIds,
      seats: attendees,
      expiresAtMs,
      items,
      ...(units.length > 0 ? { units } : {}),
      nowMs,
      replacesHoldId: replaces,
    });
    if (result.ok)
      return ok({
        holdId: id,
        expiresAt: new Date(expiresAtMs).toISOString(),
        ...(ctx.calendar.type === "service"
          ? {
              assignments: (verdict.value.assignments ?? []).map((a) => ({
                guestIndex: a.guestIndex,
                serviceId: serviceOfKey(plan, a.serviceId),
                staffId: a.staffId,
              })),
            }
          : {}),
      });
    if (ctx.calendar.type === "round_robin" && result.refusal.code === "STAFF_BUSY") {
      candidates = candidates.filter((c) => c !== staffIds[0]);
      continue;
    }
    return result.refusal.code === "STAFF_BUSY" || result.refusal.code === "RESOURCE_BUSY"
      ? { ok: false, error: storeRefusalToBookingError(result.refusal, ctx) }
      : fail("SCHEDULING_FAILED");
  }
  return fail("STAFF_BUSY");
}

/**
 * The visitor left the page holding a time: it is free for everyone again at once, not when the hold
 * would have run out. A repeat, or a hold its booking already used, changes nothing.
 */
export async function releaseHold(deps: BookingDeps, calendarId: string, holdId: string): Promise<void> {
  // The calendar (cached) names the business, so the delete goes to its one shard (ADR 0057).
  const ctx = await deps.store.loadCalendar(calendarId);
  if (ctx) await deps.store.releaseHold(ctx.business.id, calendarId, holdId);
}

/**
 * A booking request in the engine's terms: one cart per attendee on service calendars, and the
 * slot request that free slots, holds and bookings all build here, so a time offered for some
 * carts is exactly a time a booking with those carts is accepted at.
 */
import type { SlotRequest } from "../availability/engine.ts";
import type { GuestCart } from "../availability/model.ts";
import type { BookingCalendar, CalendarKind } from "./booking-calendar.ts";
import { fail, ok, type FieldError, type Outcome } from "./errors.ts";

/**
 * What a visitor asks for on a service calendar: the booker's cart and, optionally, one cart per
 * additional guest. The same shape for free slots, holds and bookings (public-api-schemas.ts).
 */
export interface CartsRequest {
  /** The booker's cart; also every guest's when `guestCarts` is absent (the original API). */
  readonly serviceIds?: readonly string[] | null;
  /** One cart per additional guest, in guest order. */
  readonly guestCarts?: readonly (readonly string[])[] | null;
}

/**
 * One cart per attendee, the booker first: `guests` additional attendees, each with their own cart
 * when `guestCarts` is given, otherwise the booker's. Every attendee needs at least one service of
 * this calendar (SERVICES_REQUIRED, each missing cart reported at its path: `serviceIds`,
 * `guestCarts.<i>`, or what `guestPath` names, e.g. `guests.<i>.serviceIds`).
 */
export function resolveCarts(
  ctx: Pick<BookingCalendar, "services">,
  request: CartsRequest,
  guests: number,
  guestPath: (i: number) => string = (i) => `guestCarts.${i}`,
): Outcome<GuestCart[]> {
  const own = [...(request.serviceIds ?? [])];
  const perGuest = request.guestCarts;
  const carts: { serviceIds: string[]; path: string }[] = [{ serviceIds: own, path: "serviceIds" }];
  for (let i = 0; i < guests; i++)
    carts.push({ serviceIds: perGuest ? [...(perGuest[i] ?? [])] : own, path: perGuest ? guestPath(i) : "serviceIds" });
  const known = new Set(ctx.services.map((svc) => svc.id));
  const fields: FieldError[] = [];
  for (const cart of carts) {
    const bad = cart.serviceIds.length === 0 || cart.serviceIds.some((id) => !known.has(id));
    if (bad && !fields.some((f) => f.path === cart.path)) fields.push({ path: cart.path, code: "SERVICES_REQUIRED" });
  }
  if (fields.length > 0) return fail("SERVICES_REQUIRED", undefined, fields);
  return ok(carts.map((c) => ({ serviceIds: c.serviceIds })));
}

/** The engine request for a start or a range. */
export function slotRequest(
  ctx: CalendarKind,
  attendees: number,
  carts: readonly GuestCart[] | undefined,
  staffIds?: readonly string[] | null,
): SlotRequest {
  return {
    ...(staffIds && staffIds.length > 0 ? { staffIds } : {}),
    guests: ctx.calendar.type === "service" && carts ? carts.length : attendees,
    ...(ctx.calendar.type === "service" && carts ? { carts } : {}),
  };
}

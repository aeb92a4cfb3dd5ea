/**
 * What a console user may do through the business API. An owner may do everything. A staff login
 * (issue 18: "staff (their own calendar and bookings)") may read the business's catalogue to show
 * names (GET / is the business itself), manage its own hours, time off, connected calendars and feed, and list and act on the bookings it serves — the
 * booking routes check that last part per booking, since only the booking knows whom it serves.
 */
export type ConsoleRole = "owner" | "staff";

export interface ConsoleActor {
  readonly userId: string;
  readonly role: ConsoleRole;
  /** The staff member a staff login stands for; null for an owner (or a staff login not linked yet). */
  readonly staffId: string | null;
}

const READABLE_BY_STAFF = [/^\/$/, /^\/calendars$/, /^\/services$/];
const BOOKING_ROUTE = /^\/bookings(?:\/[^/]+(?:\/(?:confirm|decline|cancel|reschedule))?)?$/;
const OWN_STAFF_ROUTE =
  /^\/staff\/([^/]+)(\/(?:weekly-hours|date-hours(?:\/[^/]+)?|time-off(?:\/[^/]+)?|calendars(?:\/[^/]+(?:\/sync)?)?|feed))?$/;

/**
 * Whether the actor may call `method path` (path relative to /api/business). For bookings a staff
 * login is let through here and limited to its own bookings by the booking routes.
 */
export function mayCall(actor: ConsoleActor, method: string, path: string): boolean {
  if (actor.role === "owner") return true;
  const verb = method.toUpperCase();
  if (verb === "GET" && READABLE_BY_STAFF.some((route) => route.test(path))) return true;
  if (BOOKING_ROUTE.test(path)) return verb === "GET" || verb === "POST";
  const own = OWN_STAFF_ROUTE.exec(path);
  if (own && actor.staffId !== null && own[1] === actor.staffId) {
    // Their own record: read it and change their hours and time off, not remove themselves.
    return own[2] !== undefined || verb === "GET";
  }
  return false;
}

/** Whether a booking served by `staffIds` is the actor's to see and act on. */
export const servesBooking = (actor: ConsoleActor, staffIds: readonly string[]): boolean =>
  actor.role === "owner" || (actor.staffId !== null && staffIds.includes(actor.staffId));

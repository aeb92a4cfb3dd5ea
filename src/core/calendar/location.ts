/**
 * Where an appointment takes place (issue 24, "Service locations"): an address, a phone number, a
 * video link, or "ask the visitor" (the visitor types it; the field is then required). The calendar
 * carries one; a service or a staff member may carry their own, which overrides it (ADR 0044).
 */

export const LOCATION_KINDS = ["physical", "phone", "video", "ask_booker"] as const;
export type LocationKind = (typeof LOCATION_KINDS)[number];

export interface MeetingLocation {
  readonly kind: LocationKind;
  /** The address, the phone number, the https link; for ask_booker, unused (""). */
  readonly value: string;
}

export const MAX_LOCATION_LENGTH = 500;

export type LocationProblem = "LOCATION_ADDRESS_REQUIRED" | "LOCATION_PHONE_INVALID" | "LOCATION_VIDEO_LINK_INVALID";

/** A phone number as people write it: an optional +, then digits with spaces, dots, dashes, brackets; 6–20 digits. */
const PHONE = /^\+?[0-9 ()./-]+$/;

/** What is wrong with a location the business sets, or null. */
export function locationProblem(location: MeetingLocation): LocationProblem | null {
  const value = location.value.trim();
  switch (location.kind) {
    case "physical":
      return value === "" || value.length > MAX_LOCATION_LENGTH ? "LOCATION_ADDRESS_REQUIRED" : null;
    case "phone": {
      const digits = value.replace(/\D/g, "").length;
      return PHONE.test(value) && digits >= 6 && digits <= 20 ? null : "LOCATION_PHONE_INVALID";
    }
    case "video":
      return isHttpsLink(value) ? null : "LOCATION_VIDEO_LINK_INVALID";
    case "ask_booker":
      return null;
  }
}

function isHttpsLink(value: string): boolean {
  if (value.length > 2000 || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname.includes(".") && url.username === "" && url.password === "";
  } catch {
    return false;
  }
}

/** A location as stored, or as the widget is told it (ask_booker without a value). */
type Place = { readonly kind: LocationKind; readonly value: string | null };

/**
 * The location of a booking: the staff member's who serves it (the member round robin assigned),
 * else the first of its services that has one, else the calendar's. A collective booking has
 * several hosts together, so its members' own locations do not apply (`staff` is then null).
 */
export function bookingLocation<L extends Place>(
  calendar: L | null | undefined,
  services: readonly (L | null | undefined)[],
  staff: L | null | undefined,
): L | null {
  return staff ?? services.find((s) => s != null) ?? calendar ?? null;
}

/**
 * The locations a booking may end up with before a member is assigned ("any available"): one per
 * distinct outcome over the candidate members (a member without one falls back to the services'
 * or the calendar's). One element: the visitor can be told where before booking.
 */
export function candidateLocations<L extends Place>(
  calendar: L | null | undefined,
  services: readonly (L | null | undefined)[],
  candidates: readonly (L | null | undefined)[],
): (L | null)[] {
  const outcomes = (candidates.length > 0 ? candidates : [null]).map((s) => bookingLocation(calendar, services, s));
  const seen = new Map<string, L | null>();
  for (const o of outcomes) seen.set(o ? `${o.kind}\u0000${o.value}` : "", o);
  return [...seen.values()];
}

/** Whether the visitor must type their location: some possible outcome asks them. */
export const asksBooker = (outcomes: readonly (Place | null)[]): boolean =>
  outcomes.some((o) => o?.kind === "ask_booker");

/**
 * What the rules read: the calendar's type and location, its services (with who performs them) and
 * the staff who may serve. The booking context and the widget's configuration both have this shape.
 */
export interface LocationSources<L extends Place> {
  readonly type: string;
  readonly location: L | null;
  readonly services: readonly {
    readonly id: string;
    readonly staffIds?: readonly string[];
    readonly location?: L | null;
  }[];
  readonly staff: readonly { readonly id: string; readonly location?: L | null }[];
}

const servicePlaces = <L extends Place>(src: LocationSources<L>, serviceIds: readonly string[]) =>
  serviceIds.map((id) => src.services.find((s) => s.id === id)?.location);

/** A member's own location counts where one member serves the booking (not on collective calendars). */
const memberPlace = <L extends Place>(src: LocationSources<L>, staffId: string | null | undefined) =>
  src.type === "collective" || !staffId ? null : src.staff.find((m) => m.id === staffId)?.location;

/** Where a booking of these services takes place once its member is known. */
export const assignedLocation = <L extends Place>(
  src: LocationSources<L>,
  serviceIds: readonly string[],
  staffId: string | null | undefined,
): L | null => bookingLocation(src.location, servicePlaces(src, serviceIds), memberPlace(src, staffId));

/** Who may serve: the chosen member, else whoever performs the chosen services, else every member. */
function candidateStaff<L extends Place>(
  src: LocationSources<L>,
  serviceIds: readonly string[],
  staffId: string | null | undefined,
): string[] {
  if (staffId) return [staffId];
  if (src.type === "collective") return [];
  const performing = serviceIds.flatMap((id) => src.services.find((s) => s.id === id)?.staffIds ?? []);
  return performing.length > 0 ? [...new Set(performing)] : src.staff.map((m) => m.id);
}

/** What the location may turn out to be for this choice (one element: known before booking). */
export const possibleLocations = <L extends Place>(
  src: LocationSources<L>,
  serviceIds: readonly string[],
  staffId: string | null | undefined,
): (L | null)[] =>
  candidateLocations(
    src.location,
    servicePlaces(src, serviceIds),
    candidateStaff(src, serviceIds, staffId).map((id) => memberPlace(src, id)),
  );

/**
 * Rules for configuring a calendar (the business side, issue 5): default settings, which team a
 * calendar of each type may have, and which settings contradict its type. Pure: the business API
 * and the demo seed both go through these.
 */
import { looksBusy } from "../availability/look-busy.ts";
import type { CalendarSettings, CalendarType } from "./calendar.ts";

export const DEFAULT_CALENDAR_SETTINGS: CalendarSettings = {
  durationMinutes: 30,
  slotIntervalMinutes: 30,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  minimumNoticeMinutes: 120,
  bookingWindow: { kind: "rolling_days", days: 60 },
  maxBookingsPerDay: null,
  maxBookingsPerDayPerStaff: null,
  seatsPerSlot: null,
  displayAvailableSeats: true,
  autoConfirm: true,
  unconfirmedBlocks: true,
  allowReschedule: true,
  allowCancel: true,
  changeCutoffMinutes: 24 * 60,
  guestMode: "collect_detail",
  priceCents: 0,
  deposit: null,
  location: null,
  questions: [],
  roundRobinMode: "availability",
  // A reminder the day before is what visitors of every booking product expect; the business can change it.
  reminders: { beforeMinutes: [24 * 60], followUpAfterMinutes: null },
};

/** Most members of a collective calendar (domain notes A.2: "up to 100"). */
export const MAX_COLLECTIVE_MEMBERS = 100;
/** Most seats of a class (domain notes A.2: "max 9,999"). */
export const MAX_CLASS_SEATS = 9999;

export interface MemberInput {
  readonly staffId: string;
  /** The source product's 0 / 0.5 / 1. */
  readonly priority: 0 | 0.5 | 1;
  readonly isPrimary: boolean;
}

export type SetupErrorCode =
  | "MEMBERS_EXACTLY_ONE"
  | "MEMBERS_AT_LEAST_ONE"
  | "MEMBERS_AT_LEAST_TWO"
  | "MEMBERS_TOO_MANY"
  | "MEMBERS_DUPLICATE"
  | "PRIMARY_ONLY_ONE"
  | "SEATS_REQUIRED"
  | "SEATS_NOT_FOR_TYPE"
  | "GUESTS_NOT_FOR_CLASS"
  | "SERVICES_NOT_FOR_TYPE"
  | "WINDOW_RANGE_INVALID"
  | "LOOK_BUSY_NOT_FOR_TYPE"
  | "REQUIRED_GUESTS_NOT_FOR_TYPE"
  | "REQUIRED_GUESTS_NEED_GUEST_MODE";

export interface SetupError {
  readonly path: string;
  readonly code: SetupErrorCode;
}

/**
 * Personal and class calendars have exactly one host; round robin at least one; collective at least
 * two ("see time slots that work for all selected users"), with one primary owner; service
 * calendars at least one: their availability is "based only on assigned staff" (domain notes A.1,
 * A.2), each service adding which of them provide it.
 * Returns the members normalised: the single host (or a collective's first member, when none is
 * marked) becomes primary.
 */
export function normaliseMembers(
  type: CalendarType,
  members: readonly MemberInput[],
): { ok: true; members: MemberInput[] } | { ok: false; error: SetupError } {
  const seen = new Set<string>();
  for (const [i, m] of members.entries()) {
    if (seen.has(m.staffId)) return { ok: false, error: { path: `members.${i}.staffId`, code: "MEMBERS_DUPLICATE" } };
    seen.add(m.staffId);
  }
  const primaries = members.filter((m) => m.isPrimary).length;
  if (primaries > 1) return { ok: false, error: { path: "members", code: "PRIMARY_ONLY_ONE" } };
  switch (type) {
    case "personal":
    case "class":
      if (members.length !== 1) return { ok: false, error: { path: "members", code: "MEMBERS_EXACTLY_ONE" } };
      return { ok: true, members: [{ ...members[0]!, isPrimary: true }] };
    case "round_robin":
    case "service":
      if (members.length < 1) return { ok: false, error: { path: "members", code: "MEMBERS_AT_LEAST_ONE" } };
      return { ok: true, members: [...members] };
    case "collective":
      if (members.length < 2) return { ok: false, error: { path: "members", code: "MEMBERS_AT_LEAST_TWO" } };
      if (members.length > MAX_COLLECTIVE_MEMBERS)
        return { ok: false, error: { path: "members", code: "MEMBERS_TOO_MANY" } };
      return {
        ok: true,
        members: members.map((m, i) => ({ ...m, isPrimary: primaries === 0 ? i === 0 : m.isPrimary })),
      };
  }
}

/** Settings that contradict the calendar's type or each other. */
export function settingsErrors(type: CalendarType, s: CalendarSettings): SetupError[] {
  const errors: SetupError[] = [];
  if (type === "class") {
    if (!s.seatsPerSlot || s.seatsPerSlot < 1) errors.push({ path: "settings.seatsPerSlot", code: "SEATS_REQUIRED" });
    // Add-guests is "not available for class calendars" (domain notes A.2): seats are the guests.
    if (s.guestMode !== "none") errors.push({ path: "settings.guestMode", code: "GUESTS_NOT_FOR_CLASS" });
  } else if ((s.seatsPerSlot ?? 1) > 1) {
    // Seats are counted only for classes; elsewhere the value would be silently ignored.
    errors.push({ path: "settings.seatsPerSlot", code: "SEATS_NOT_FOR_TYPE" });
  }
  // "Look Busy not applicable" to classes and service menus (domain notes A.2): refused, never silently ignored.
  if ((s.lookBusyPercent ?? 0) > 0 && !looksBusy(type, s.lookBusyPercent))
    errors.push({ path: "settings.lookBusyPercent", code: "LOOK_BUSY_NOT_FOR_TYPE" });
  if (s.requireGuests) {
    // "Require Guests for Booking" exists on simple, round robin and collective calendars only (domain notes, Add guests).
    if (!requiredGuestsAllowed(type))
      errors.push({ path: "settings.requireGuests", code: "REQUIRED_GUESTS_NOT_FOR_TYPE" });
    else if (s.guestMode === "none")
      errors.push({ path: "settings.requireGuests", code: "REQUIRED_GUESTS_NEED_GUEST_MODE" });
  }
  if (s.bookingWindow.kind === "date_range" && s.bookingWindow.start > s.bookingWindow.end) {
    errors.push({ path: "settings.bookingWindow.end", code: "WINDOW_RANGE_INVALID" });
  }
  return errors;
}

/**
 * Whether visitors see the seats left at each class, and full classes as full: the calendar's
 * "Display available seats" toggle (on by default), and "Seats appear only when Seats per class
 * > 1" (domain notes, Class booking). Otherwise a full class is simply not offered, as before.
 */
export function showsSeats(type: CalendarType, s: Pick<CalendarSettings, "seatsPerSlot" | "displayAvailableSeats">) {
  return type === "class" && (s.seatsPerSlot ?? 1) > 1 && s.displayAvailableSeats !== false;
}

/** Only service calendars list services. */
export function servicesAllowed(type: CalendarType): boolean {
  return type === "service";
}

/** Calendar types that may require guests: personal ("simple"), round robin and collective. */
export function requiredGuestsAllowed(type: CalendarType): boolean {
  return type === "personal" || type === "round_robin" || type === "collective";
}

/** Whether a booking of this calendar needs at least one guest (the setting, where its type allows it). */
export function requiresGuests(type: CalendarType, s: Pick<CalendarSettings, "requireGuests" | "guestMode">): boolean {
  return s.requireGuests === true && s.guestMode !== "none" && requiredGuestsAllowed(type);
}

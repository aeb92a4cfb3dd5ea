import type { EpochMs, IsoWeekday, LocalDate } from "../shared/time.ts";

/**
 * Plain, serialisable data in and out of the availability engine. The documented model, with
 * worked examples, is docs/availability.md; the grid/notice/buffer rules are ADR 0010.
 */

export type { Result } from "../shared/result.ts";

export type CalendarType = "personal" | "round_robin" | "collective" | "class" | "service";

/** Local wall-clock interval `HH:MM`–`HH:MM`; `end` may be `24:00`. Half-open. */
export interface TimeRange {
  readonly start: string;
  readonly end: string;
}

export type WeeklyHours = Partial<Readonly<Record<IsoWeekday, readonly TimeRange[]>>>;

export type BookingWindow =
  /** Dates today … today + days − 1 in the calendar's zone. */
  | { readonly kind: "rolling_days"; readonly days: number }
  /** The first `days` dates, from today, on which the calendar has working hours (not counting bookings). */
  | { readonly kind: "rolling_available_days"; readonly days: number }
  /** Inclusive local dates in the calendar's zone. */
  | { readonly kind: "date_range"; readonly start: LocalDate; readonly end: LocalDate };

export interface CalendarMember {
  readonly staffId: string;
  /** Higher is preferred (the source product uses 0, 0.5 and 1). */
  readonly priority: number;
}

export interface ServiceDefinition {
  readonly serviceId: string;
  readonly durationMinutes: number;
  /**
   * Staff members who take their own time over it (a senior stylist's longer cut, issue 24):
   * minutes by staff id; everyone else takes `durationMinutes`. Under "any available" each
   * candidate is tried with their own length, and the guest's next service follows it.
   */
  readonly staffDurationMinutes?: Readonly<Record<string, number>>;
  /** Defaults to the calendar's buffers. */
  readonly bufferBeforeMinutes?: number;
  readonly bufferAfterMinutes?: number;
  /** Staff who may perform it. */
  readonly staffIds: readonly string[];
  /** How many guests of one booking may take this service in the same slot (default: unlimited). */
  readonly maxGuestsPerSlot?: number;
  /** Rooms and equipment it needs (issue 21): each need takes one unit of one of its resources. */
  readonly resources?: readonly ResourceNeed[];
}

/**
 * What a service needs of resources: `any` takes one unit of any one of `resourceIds` (any free
 * massage room); `all` takes one unit of each (a room and the ultrasound machine).
 */
export interface ResourceNeed {
  readonly mode: "any" | "all";
  readonly resourceIds: readonly string[];
}

/**
 * A room or piece of equipment: `units` are its capacity, materialised (each unit holds one
 * appointment at a time, as the database's exclusion constraint on units enforces). `hours` null
 * means always open; otherwise the appointment (not its buffers) must lie in its opening hours,
 * read like a staff member's (weekly + overrides, local to `timeZone`). Time off blocks the
 * appointment with its buffers, like a staff member's.
 */
export interface ResourceSchedule {
  readonly resourceId: string;
  readonly timeZone: string;
  readonly hours: {
    readonly weekly: WeeklyHours;
    readonly dateOverrides: Readonly<Record<LocalDate, readonly TimeRange[]>>;
  } | null;
  readonly timeOff: readonly InstantRange[];
  /** Unit ids, in order (the capacity). */
  readonly units: readonly string[];
}

/** One unit's occupancy: the blocked span (buffers included), active until `expiresAtMs` (holds). */
export interface UnitBusy {
  readonly unitId: string;
  readonly startMs: EpochMs;
  readonly endMs: EpochMs;
  readonly expiresAtMs?: EpochMs;
}

/** Resources of a service calendar and what occupies their units (absent: no resources). */
export interface ResourceInput {
  readonly schedules: readonly ResourceSchedule[];
  readonly busy: readonly UnitBusy[];
}

/** A unit taken by one task of a booking. */
export interface UnitUse {
  readonly resourceId: string;
  readonly unitId: string;
}

export interface CalendarRules {
  readonly calendarId: string;
  readonly type: CalendarType;
  /** The calendar's own zone: it decides the booking window's dates and the per-calendar daily limit. */
  readonly timeZone: string;
  /** Ignored by service calendars, where each service has its own duration. */
  readonly durationMinutes: number;
  /** Default 30. */
  readonly slotIntervalMinutes?: number;
  readonly bufferBeforeMinutes: number;
  readonly bufferAfterMinutes: number;
  readonly minimumNoticeMinutes: number;
  readonly bookingWindow: BookingWindow;
  /** Bookings of this calendar per staff member per local day (staff zone). */
  readonly maxBookingsPerDayPerStaff?: number;
  /** Bookings of this calendar per local day (calendar zone). */
  readonly maxBookingsPerDay?: number;
  /** Class calendars: seats per class (default 1). */
  readonly seatsPerSlot?: number;
  /** Whether bookings awaiting confirmation (status `new`) block time. */
  readonly unconfirmedBlocks: boolean;
  /** personal and class: exactly the host (the first member is used). */
  readonly members: readonly CalendarMember[];
  /** Service calendars: the services on offer. */
  readonly services?: readonly ServiceDefinition[];
}

export interface InstantRange {
  readonly startMs: EpochMs;
  readonly endMs: EpochMs;
}

export interface StaffSchedule {
  readonly staffId: string;
  readonly timeZone: string;
  readonly weekly: WeeklyHours;
  /** Replaces the weekly hours for that local date; an empty list is a day off. */
  readonly dateOverrides: Readonly<Record<LocalDate, readonly TimeRange[]>>;
  readonly timeOff: readonly InstantRange[];
}

export type BusyKind = "booking" | "hold" | "external";
export type BookingStatus = "new" | "confirmed" | "cancelled" | "pending_payment" | "showed" | "noshow" | "invalid";

/**
 * Something that occupies a staff member. A booking carries the buffers it was booked with (its own
 * calendar's, which may differ from the calendar being queried); the engine widens it by them.
 */
export interface BusyInterval {
  readonly staffId: string;
  readonly startMs: EpochMs;
  readonly endMs: EpochMs;
  readonly kind: BusyKind;
  /** Bookings only; cancelled and invalid never block; `new` blocks iff `unconfirmedBlocks`. */
  readonly status?: BookingStatus;
  /** Bookings only: counts toward this calendar's daily limits and class seats when it matches. */
  readonly calendarId?: string;
  /** Identifies one booking held by several staff (collective), so it is counted once per calendar. */
  readonly bookingId?: string;
  readonly bufferBeforeMinutes?: number;
  readonly bufferAfterMinutes?: number;
  /** Class bookings: seats taken (guests). Default 1. */
  readonly seats?: number;
  /** Holds and bookings awaiting payment: they stop blocking at this instant. */
  readonly expiresAtMs?: EpochMs;
}

/** A class session of this calendar: its start, its span with buffers, and seats taken. */
export interface ClassSession {
  readonly startMs: EpochMs;
  readonly blockedStartMs: EpochMs;
  readonly blockedEndMs: EpochMs;
  readonly seatsTaken: number;
}

/**
 * Busy time pre-indexed for one calendar at one `now` (see `indexBusy`): per staff, the blocked
 * spans sorted and merged, so every check is a binary search. Plain arrays so it can be cached.
 */
export interface StaffBusyIndex {
  /** Merged, sorted, disjoint blocked spans (buffers included): parallel arrays. */
  readonly starts: readonly EpochMs[];
  readonly ends: readonly EpochMs[];
  /** Sorted starts of this calendar's blocking bookings for this staff member (daily limit). */
  readonly countedStarts: readonly EpochMs[];
  /** Class calendars: this calendar's sessions, sorted by start. */
  readonly sessions: readonly ClassSession[];
}

export interface BusyIndex {
  readonly calendarId: string;
  readonly byStaff: Readonly<Record<string, StaffBusyIndex>>;
  /** Sorted starts of this calendar's blocking bookings, each booking once (per-calendar daily limit). */
  readonly calendarCountedStarts: readonly EpochMs[];
}

export interface AvailabilityInput {
  readonly rules: CalendarRules;
  readonly staff: readonly StaffSchedule[];
  readonly busy: BusyIndex;
  /** Service calendars whose services need resources (issue 21). */
  readonly resources?: ResourceInput;
}

/** One guest's chosen services, performed back to back in this order. */
export interface GuestCart {
  readonly serviceIds: readonly string[];
}

export interface SlotQuery {
  /** Inclusive local dates in the visitor's zone; at most 31 days. */
  readonly startDate: LocalDate;
  readonly endDate: LocalDate;
  readonly visitorTimeZone: string;
  /** Restricts the members (or, for services, the eligible staff) considered. */
  readonly staffIds?: readonly string[];
  /** Attendees including the booker; default 1. Class: seats needed. */
  readonly guests?: number;
  /** Service calendars: one cart per guest. */
  readonly carts?: readonly GuestCart[];
}

export const MAX_QUERY_DAYS = 31;
export const DEFAULT_SLOT_INTERVAL_MINUTES = 30;

/** Who performs what in a service slot. */
export interface ServiceAssignment {
  readonly guestIndex: number;
  readonly serviceId: string;
  readonly staffId: string;
  readonly startMs: EpochMs;
  readonly endMs: EpochMs;
  /** The units this task takes, one per resource need (absent when it needs none). */
  readonly units?: readonly UnitUse[];
}

export interface Slot {
  /** ISO 8601 with the visitor's offset, e.g. `2026-03-29T10:00:00+02:00`. */
  readonly start: string;
  readonly startMs: EpochMs;
  /** Members free at this start (round robin: candidates; collective: all; service: those assigned). */
  readonly staffIds: readonly string[];
  /** Class calendars. */
  readonly remainingSeats?: number;
  /** Service calendars: one feasible plan. */
  readonly assignments?: readonly ServiceAssignment[];
}

/** Keyed by the visitor's local date, ascending; dates without slots are omitted. */
export type SlotsByDate = Readonly<Record<LocalDate, { readonly slots: readonly Slot[] }>>;

/** Class calendars: starts (ISO, visitor's offset) of classes with fewer seats left than asked for, by visitor date. */
export type FullSessionsByDate = Readonly<Record<LocalDate, readonly string[]>>;

/**
 * The public free-slots shape. Class calendars that show seats add, per date, `seats` (the seats
 * left at each of `slots`, in the same order) and `full` (starts of classes without enough seats);
 * a date whose classes are all full then appears with `slots: []`.
 */
export type PublicSlotsByDate = Readonly<
  Record<
    LocalDate,
    { readonly slots: readonly string[]; readonly seats?: readonly number[]; readonly full?: readonly string[] }
  >
>;

/** Why a query could not be answered at all. */
export type QueryError =
  | { readonly code: "INVALID_TIME_ZONE"; readonly timeZone: string }
  | { readonly code: "INVALID_DATE"; readonly value: string }
  | { readonly code: "INVALID_RANGE" }
  | { readonly code: "RANGE_TOO_LONG"; readonly maxDays: number }
  | { readonly code: "INVALID_GUEST_COUNT" }
  | { readonly code: "INVALID_RULES"; readonly field: string }
  | { readonly code: "EMPTY_CART" }
  | { readonly code: "UNKNOWN_SERVICE"; readonly serviceId: string }
  | { readonly code: "SERVICE_GUEST_LIMIT"; readonly serviceId: string; readonly maxGuests: number };

/** Why one requested start cannot be booked, in the order the rules are checked. */
export type SlotRejection =
  | "OUTSIDE_WINDOW"
  | "NOTICE"
  | "OUTSIDE_HOURS"
  | "NOT_ON_GRID"
  | "DAILY_LIMIT"
  | "STAFF_BUSY"
  | "NO_SEATS"
  | "NO_ELIGIBLE_STAFF"
  | "RESOURCE_BUSY";

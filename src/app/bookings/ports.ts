/**
 * What the booking use cases need from storage. Implemented over drizzle in
 * src/adapters/db/booking-repository.ts (PGlite and PostgreSQL alike); the guarantees that matter
 * under concurrency (no overlapping occupancy, seat counts, single-use links) are enforced by the
 * database inside `commit*`, never by a read-then-write in the use case.
 */
import type { AttachedForm } from "../../core/forms/attached-form.ts";
import type {
  CalendarSettings,
  CalendarType,
  DateOverrides,
  DepositRule,
  WeeklyHours,
} from "../../core/calendar/calendar.ts";
import type { MeetingLocation } from "../../core/calendar/location.ts";
import type { BookingStatus } from "../../core/booking/policy.ts";
import type { NewPayment } from "../payments/ports.ts";
import type { NotificationMessage } from "../../core/notifications/notification.ts";
import type { EpochMs } from "../../core/shared/time.ts";
import type { ClassSeats as ClassSeatRequest } from "../../core/booking/decide-booking.ts";
import type { OccupancyItem, UnitItem } from "../../core/booking/occupancy-items.ts";
import type { Coupon } from "../../core/booking/coupons.ts";
import type { StoreRefusal } from "../../core/booking/slot-refusals.ts";
import type { ResourceNeed } from "../../core/availability/model.ts";
import type {
  ServiceAddOn,
  ServiceVariation,
  StaffServiceTerms,
  StoredOfferLine,
} from "../../core/booking/service-offer.ts";

export interface StaffMember {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly photoUrl: string | null;
  readonly timeZone: string;
  readonly weeklyHours: WeeklyHours;
  readonly dateOverrides: DateOverrides;
  /** Where this member receives, over the service's and the calendar's (absent or null: theirs). */
  readonly location?: MeetingLocation | null;
}

export interface CalendarMemberRef {
  readonly staffId: string;
  /** The source product's 0 / 0.5 / 1. */
  readonly priority: number;
  readonly isPrimary: boolean;
}

export interface ServiceInfo {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly category: string;
  readonly durationMinutes: number;
  readonly priceCents: number;
  readonly deposit: DepositRule | null;
  readonly maxGuestsPerSlot: number;
  /** Not listed on menus or in the calendar's service step; booked by its direct link. */
  readonly isPrivate?: boolean;
  readonly staffIds: readonly string[];
  /** Issue 24 (ADR 0031): variations, add-ons and staff members' own terms (absent: none). */
  readonly variations?: readonly ServiceVariation[];
  readonly addOns?: readonly ServiceAddOn[];
  readonly staffTerms?: readonly StaffServiceTerms[];
  /** Rooms and equipment it needs (issue 21; absent: none). */
  readonly resources?: readonly ResourceNeed[];
  /** Where it takes place, over the calendar's (absent or null: the calendar's). */
  readonly location?: MeetingLocation | null;
}

/** A room or piece of equipment some service of the calendar needs, with its units 1 … capacity. */
export interface ResourceInfo {
  readonly id: string;
  readonly name: string;
  readonly kind: "room" | "equipment" | "other";
  readonly capacity: number;
  readonly timeZone: string;
  /** Null: open whenever staff work. */
  readonly weeklyHours: WeeklyHours | null;
  readonly dateOverrides: DateOverrides;
  /** Units offered (number ≤ capacity), in number order. */
  readonly units: readonly { readonly id: string; readonly number: number }[];
  readonly timeOff: readonly { readonly startMs: EpochMs; readonly endMs: EpochMs }[];
}

/** One unit's active occupancy (a booking's or a hold's). */
export interface UnitOccupancy {
  readonly unitId: string;
  readonly blockedStartMs: EpochMs;
  readonly blockedEndMs: EpochMs;
  readonly bookingId: string | null;
  readonly holdId: string | null;
  readonly expiresAtMs: EpochMs | null;
}

/** Everything the rules need about one calendar, loaded at once. */
export interface CalendarContext {
  readonly business: {
    readonly id: string;
    readonly name: string;
    readonly timeZone: string;
    readonly currency: string;
    /** The business's own language: its staff's emails are written in it. */
    readonly locale?: string;
    /** Origins allowed to frame its widget; empty: the deployment's default. */
    readonly embedOrigins?: readonly string[];
  };
  readonly calendar: {
    readonly id: string;
    readonly type: CalendarType;
    readonly name: string;
    readonly description: string;
    readonly settings: CalendarSettings;
    /** Active and not deleted. */
    readonly isLive: boolean;
  };
  readonly members: readonly CalendarMemberRef[];
  /** Members and every staff member of the calendar's services. */
  readonly staff: readonly StaffMember[];
  readonly services: readonly ServiceInfo[];
  readonly timeOff: readonly { readonly staffId: string; readonly startMs: EpochMs; readonly endMs: EpochMs }[];
  /** Rooms and equipment the services need (issue 21; absent or empty: none). */
  readonly resources?: readonly ResourceInfo[];
  /** The attached form's current version (issue 15), asked instead of `settings.questions`; absent: none. */
  readonly form?: AttachedForm | null;
}

/** One row of per-staff occupancy, as the availability engine needs it. */
export interface Occupancy {
  readonly staffId: string;
  readonly kind: "booking" | "hold" | "session";
  readonly startMs: EpochMs;
  readonly endMs: EpochMs;
  readonly blockedStartMs: EpochMs;
  readonly blockedEndMs: EpochMs;
  readonly bookingId: string | null;
  readonly holdId: string | null;
  readonly sessionId: string | null;
  readonly calendarId: string | null;
  readonly status: BookingStatus | null;
  /** Sessions: seats taken. */
  readonly seats: number;
  readonly expiresAtMs: EpochMs | null;
}

/** One staff member's occupancy for a booking or hold (service calendars: one per guest and service). */
export type { OccupancyItem } from "../../core/booking/occupancy-items.ts";
/** The seats a class booking takes in its session (the core decides them). */
export type { ClassSeats as ClassSeatRequest } from "../../core/booking/decide-booking.ts";

export interface StoredContact {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly phone: string | null;
  readonly dateOfBirth: string | null;
  readonly location: string | null;
  readonly notes: string | null;
  readonly consent: boolean;
}

/** What a booking holds, stored or about to be. */
export interface BookingFields {
  readonly id: string;
  readonly businessId: string;
  readonly calendarId: string;
  readonly seriesId: string | null;
  readonly status: BookingStatus;
  readonly startMs: EpochMs;
  readonly endMs: EpochMs;
  readonly timeZone: string;
  readonly locale: string;
  readonly staffId: string;
  readonly staffIds: readonly string[];
  readonly serviceIds: readonly string[];
  readonly bufferBeforeMinutes: number;
  readonly bufferAfterMinutes: number;
  readonly seats: number;
  readonly guests: readonly { name: string; email: string | null }[];
  readonly contact: StoredContact;
  readonly answers: Readonly<Record<string, unknown>>;
  readonly priceCents: number;
  readonly depositCents: number;
  readonly currency: string;
  readonly manageTokenHash: string;
}

export interface NewBooking extends BookingFields {
  readonly occurrenceIndex: number | null;
  /** Service calendars: one cart per attendee, the booker first (empty otherwise). */
  readonly carts: readonly (readonly string[])[];
  /** Each attendee's variation and add-ons as booked, parallel to `carts` (empty: none chosen). */
  readonly offerLines: readonly (readonly StoredOfferLine[])[];
  /** The coupon taken off `priceCents`, and how much it took (minor units). */
  readonly couponCode: string | null;
  readonly discountMinor: number;
  /**
   * The coupon's use to take in the booking's transaction (its row locked: the last use goes once);
   * refused there with COUPON_USED_UP or COUPON_ALREADY_USED.
   */
  readonly redeem: CouponUse | null;
  /** Whether the occupancy blocks (requests: per unconfirmedBlocks). */
  readonly active: boolean;
  /** Exclusive occupancy; empty for class bookings, which take seats instead. */
  readonly items: readonly OccupancyItem[];
  /** Units of rooms and equipment (issue 21): exclusive per unit, like `items` per staff member. */
  readonly units?: readonly UnitItem[];
  readonly classSeats: ClassSeatRequest | null;
  readonly notification: NotificationMessage;
  /** A series' later occurrence: told in the first occurrence's message (its `series`), not on its own. */
  readonly toldWithSeries?: boolean;
  /**
   * Set when the visitor pays before the booking is confirmed: it is stored as pending_payment, its
   * occupancy expires at `dueAtMs`, and `notification` waits with the payment until it succeeds.
   */
  readonly payment: NewPayment | null;
  /**
   * The calendar's attached form (issue 15), when it has one: `answers` were given to this version of
   * it, and a submission of the form is stored with the booking (the series' first), for its contact.
   */
  readonly form?: AttachedFormAnswers | null;
}

export interface AttachedFormAnswers {
  readonly formId: string;
  readonly version: number;
  /** The consent wording shown, in the booker's language; null without a consent field. */
  readonly consentText: string | null;
}

/** One use of a coupon, taken with the booking (adapters/db/coupon-redemptions.ts). */
export interface CouponUse {
  readonly code: string;
  readonly serviceIds: readonly string[];
  readonly visitorEmail: string;
  /** What the use took off in all (a series: every occurrence's discount); absent: this booking's. */
  readonly discountMinor?: number;
}

/** A coupon as found, with its uses so far (all visitors, and this visitor). */
export interface CouponLookup {
  readonly coupon: Coupon;
  readonly usedTotal: number;
  readonly usedByVisitor: number;
}

export interface IdempotentResponse {
  readonly endpoint: string;
  readonly key: string;
  /** SHA-256 of the request body: a later request with the key but another body is refused. */
  readonly requestHash: string;
  readonly statusCode: number;
  readonly body: unknown;
}

export interface CreateCommand {
  readonly bookings: readonly NewBooking[];
  /** Consumed in the same transaction; refused when used, revoked or expired. */
  readonly oneTimeSlug: string | null;
  /** The visitor's own hold, released in the same transaction. */
  readonly holdId: string | null;
  /**
   * Stored with the booking (the key's row is inserted in the same statement), so a replay after
   * commit returns exactly this. When another request stored the key first, nothing is written
   * and the refusal is SCHEDULING_FAILED; the caller then replays the stored answer.
   */
  readonly idempotency: IdempotentResponse | null;
  readonly nowMs: EpochMs;
}

/** Why the database refused a change. */
export type CommitRefusal =
  | { readonly code: "STAFF_BUSY"; readonly staffId: string | null }
  | Exclude<StoreRefusal, { readonly code: "STAFF_BUSY" }>;

export type CommitResult = { readonly ok: true } | { readonly ok: false; readonly refusal: CommitRefusal };

export interface BookingRecord extends BookingFields {
  /** Service calendars: one cart per attendee, the booker first; empty for older bookings (everyone took `serviceIds`). */
  readonly carts: readonly (readonly string[])[];
  /** Each attendee's variation and add-ons as booked, parallel to `carts` (empty: none chosen). */
  readonly offerLines: readonly (readonly StoredOfferLine[])[];
  readonly sequence: number;
  readonly previousStartMs: EpochMs | null;
  readonly cancelReason: string | null;
  readonly classSessionId: string | null;
  readonly createdAtMs: EpochMs;
  /** Paid online and not refunded, in minor units (read with the booking; absent where not read). */
  readonly paidMinor?: number;
  /** Held on the visitor's card for a request, not yet taken (minor units). */
  readonly heldMinor?: number;
  /** Given back to the visitor or on its way back (minor units; read with the booking). */
  readonly refundedMinor?: number;
  /** Rooms and equipment it holds, as shown ("Room 2"), read with the booking (issue 21). */
  readonly resources?: readonly string[];
  /** The ids of those resources, read with the booking (open pages of calendars needing them refresh). */
  readonly resourceIds?: readonly string[];
}

export interface RescheduleCommand {
  readonly bookingId: string;
  /** The booking's business: every statement of the move names it (ADR 0057). */
  readonly businessId: string;
  /** Optimistic check: refused with BOOKING_CHANGED when the booking moved meanwhile. */
  readonly expectedSequence: number;
  readonly startMs: EpochMs;
  readonly endMs: EpochMs;
  /** Who serves it now (a service booking may move to another provider). */
  readonly staffId: string;
  readonly staffIds: readonly string[];
  readonly active: boolean;
  readonly items: readonly OccupancyItem[];
  readonly units?: readonly UnitItem[];
  readonly classSeats: ClassSeatRequest | null;
  readonly notification: NotificationMessage;
  readonly nowMs: EpochMs;
}

export interface StatusCommand {
  readonly bookingId: string;
  readonly businessId: string;
  readonly from: readonly BookingStatus[];
  readonly to: BookingStatus;
  /** Occupancy after the change. */
  readonly active: boolean;
  readonly cancelReason: string | null;
  readonly notification: (record: BookingRecord) => NotificationMessage;
  readonly nowMs: EpochMs;
  /** Of what the booking paid online, how much more to give back (recorded in the same transaction). */
  readonly refundMinor?: number;
}

export interface HoldCommand {
  readonly id: string;
  readonly businessId: string;
  readonly calendarId: string;
  readonly startMs: EpochMs;
  readonly endMs: EpochMs;
  readonly staffIds: readonly string[];
  readonly serviceIds: readonly string[];
  readonly seats: number;
  readonly expiresAtMs: EpochMs;
  readonly items: readonly OccupancyItem[];
  readonly units?: readonly UnitItem[];
  readonly nowMs: EpochMs;
  /** The visitor's previous hold on this calendar, deleted in the same transaction. */
  readonly replacesHoldId?: string | null;
}

export interface ReleasedHold {
  readonly staffIds: readonly string[];
  readonly resourceIds: readonly string[];
}

export interface HoldRecord {
  readonly id: string;
  readonly calendarId: string;
  readonly startMs: EpochMs;
  readonly endMs: EpochMs;
  readonly staffIds: readonly string[];
  readonly expiresAtMs: EpochMs;
}

export type OneTimeLinkState =
  { readonly state: "active"; readonly calendarId: string } | { readonly state: "expired" };

export type IdempotencyClaim =
  | { readonly kind: "claimed" }
  | { readonly kind: "replay"; readonly statusCode: number; readonly body: unknown }
  | { readonly kind: "mismatch" }
  | { readonly kind: "in_flight" };

export interface BookingStore {
  loadCalendar(calendarId: string): Promise<CalendarContext | null>;
  /** Drops cached calendar configuration, so a business's change applies to the very next request. */
  forgetCalendars?(): void;
  /**
   * Active occupancy of these staff of the business overlapping [fromMs, toMs). The business is named
   * in every occupancy read: a staff id of another business reads nothing, and on a database sharded
   * by business (ADR 0057) the read goes to its one shard.
   */
  loadOccupancy(businessId: string, staffIds: readonly string[], fromMs: EpochMs, toMs: EpochMs): Promise<Occupancy[]>;
  /**
   * Active occupancy of these units of the business's rooms and equipment overlapping [fromMs, toMs)
   * (issue 21); a unit id of another business reads nothing (ADR 0057).
   */
  loadUnitOccupancy?(
    businessId: string,
    unitIds: readonly string[],
    fromMs: EpochMs,
    toMs: EpochMs,
  ): Promise<UnitOccupancy[]>;
  /**
   * loadOccupancy, with the version of busy time it read (opaque: the database snapshot). A store
   * offering both this and occupancyChangedSince lets busy indexes be kept warm (warm-busy-index.ts).
   */
  loadOccupancyVersioned?(
    businessId: string,
    staffIds: readonly string[],
    fromMs: EpochMs,
    toMs: EpochMs,
  ): Promise<{ occupancy: Occupancy[]; version: string }>;
  /**
   * Which of these staff's occupancy changed since `version` was read (committed since, by anyone),
   * their occupancy now (as loadOccupancy), and the version all of it is as of: the others' is unchanged up to it.
   */
  occupancyChangedSince?(
    businessId: string,
    staffIds: readonly string[],
    fromMs: EpochMs,
    toMs: EpochMs,
    version: string,
  ): Promise<{ changed: string[]; occupancy: Occupancy[]; version: string }>;
  /** Bookings per member of this calendar of the business since an instant (round-robin equal distribution). */
  recentCounts(businessId: string, calendarId: string, sinceMs: EpochMs): Promise<Record<string, number>>;
  /**
   * With the business when the caller knows it (a booking names its calendar's): the look-up then names
   * it. Without, it is the named cross-business look-up by the slug's hash (ADR 0057).
   */
  oneTimeLink(slug: string, nowMs: EpochMs, businessId?: string): Promise<OneTimeLinkState | null>;
  /** The business's coupon with this code and its uses so far (by this visitor's e-mail too), or null. */
  findCoupon(businessId: string, code: string, visitorEmail: string): Promise<CouponLookup | null>;
  /** The business's hold with this id (another business's reads as none), or null. */
  loadHold(businessId: string, holdId: string): Promise<HoldRecord | null>;
  /** The business's booking with this id (another business's reads as none), or null. */
  loadBooking(businessId: string, bookingId: string): Promise<BookingRecord | null>;
  /** Every occurrence of a recurring series of the business, in order (issue 17). */
  loadSeries(businessId: string, seriesId: string): Promise<BookingRecord[]>;

  createBookings(command: CreateCommand): Promise<CommitResult>;
  /** Places a hold, letting `replacesHoldId` go in the same transaction: `replaced` is what that one occupied. */
  createHold(command: HoldCommand): Promise<CommitResult & { readonly replaced?: ReleasedHold | null }>;
  /**
   * Lets a hold go before it expires (its visitor left the page): the hold and its occupancy are
   * deleted; answers what it occupied, for the pages showing those to refresh, or null when no such
   * hold of this calendar (of this business) was left.
   */
  releaseHold(businessId: string, calendarId: string, holdId: string): Promise<ReleasedHold | null>;
  reschedule(command: RescheduleCommand): Promise<CommitResult>;
  changeStatus(command: StatusCommand): Promise<CommitResult & { record?: BookingRecord }>;

  /**
   * Looks an idempotency key up, without writing: `claimed` means the key is free. The answer is
   * stored with the key (createBookings for a success, completeIdempotencyKey for a refusal) and
   * the first answer stored wins, so concurrent requests with one key still get one outcome.
   */
  claimIdempotencyKey(
    businessId: string,
    endpoint: string,
    key: string,
    requestHash: string,
    nowMs: EpochMs,
  ): Promise<IdempotencyClaim>;
  /**
   * Stores the final response of a key (for refusals; successes store it in their statement).
   * `claimed`: stored; otherwise the answer to give instead: the response another request stored
   * first (`replay`), a different body (`mismatch`) or a request still without an answer (`in_flight`).
   */
  completeIdempotencyKey(businessId: string, response: IdempotentResponse, nowMs: EpochMs): Promise<IdempotencyClaim>;
  /** Forgets a key left without an answer (legacy in-flight rows), so the client may retry. */
  releaseIdempotencyKey(businessId: string, endpoint: string, key: string): Promise<void>;
}

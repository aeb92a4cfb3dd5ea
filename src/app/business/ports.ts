/**
 * What the business side needs from storage. A `BusinessRepository` is bound to one business when
 * it is created (src/adapters/db/business-repository.ts): every query it runs carries
 * `business_id = <that business>`, so a handler holding it cannot reach another tenant's rows
 * (docs/decisions/0007-tenancy.md). Rows of other businesses look exactly like missing rows.
 * Declarations only: the port and its views, one entity after another.
 */
import type { MeetingLocation } from "../../core/calendar/location.ts";
import type { ResourceStore } from "./resources.ts";
import type { Result as SharedResult } from "../../core/shared/result.ts";
import type {
  CalendarSettings,
  CalendarType,
  DateOverrides,
  DepositRule,
  WeeklyHours,
} from "../../core/calendar/calendar.ts";
import type { MemberInput } from "../../core/calendar/calendar-setup.ts";
import type { BookingStatus } from "../../core/booking/policy.ts";

/** Why a write was refused. `path` names the offending field of the request body. */
export type BusinessError =
  | { readonly code: "NOT_FOUND" }
  | { readonly code: "REFERENCE_NOT_FOUND"; readonly path: string }
  | { readonly code: "SLUG_TAKEN"; readonly path: string }
  /** Another live coupon of the business has this code (case ignored). */
  | { readonly code: "CODE_TAKEN"; readonly path: string }
  /** A host name is another business's already: every host name leads to one business only. */
  | { readonly code: "HOSTNAME_TAKEN"; readonly path: string }
  | { readonly code: "IN_USE"; readonly detail: string }
  /** The address already signs in to the console (of this or another business). */
  | { readonly code: "EMAIL_TAKEN"; readonly path: string }
  | { readonly code: "SETUP_INVALID"; readonly errors: readonly { readonly path: string; readonly code: string }[] };

/** How a business-side write went: its value, or why it was refused. */
export type Result<T> = SharedResult<T, BusinessError>;

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const refuse = <T = never>(error: BusinessError): Result<T> => ({ ok: false, error });
export const notFound = <T = never>(): Result<T> => ({ ok: false, error: { code: "NOT_FOUND" } });

/** How a delete went: rows that bookings refer to are only marked deleted (history stays intact). */
export type Deletion = "deleted" | "soft_deleted";

export interface BusinessView {
  readonly id: string;
  readonly slug: string;
  readonly name: string;
  readonly timeZone: string;
  readonly locale: string;
  readonly currency: string;
  /** Host names whose pages are this business's (`book.example.com`); see docs/business-guide.md. */
  readonly hostnames: readonly string[];
  /** Origins allowed to frame the widget (`https://www.example.com`); empty: the deployment's default. */
  readonly embedOrigins: readonly string[];
  /** Days personal data of past bookings and of submissions is kept; null: until erased on request. */
  readonly personalDataRetentionDays: number | null;
  /** Branding (ADR 0049): one of its own uploaded images (`/images/<id>`), or none. */
  readonly logoUrl: string | null;
  /** `#rrggbb`; null: the product's own accent. */
  readonly brandColour: string | null;
  /** Its pages' and widget's look when an embed asks for none. */
  readonly theme: "light" | "dark";
  readonly createdAt: string;
}

export interface ApiKeyView {
  readonly id: string;
  readonly name: string;
  /** The first characters of the key, to recognise it; never enough to use it. */
  readonly prefix: string;
  readonly createdAt: string;
  readonly revokedAt: string | null;
}

export interface StaffInput {
  readonly name: string;
  readonly email: string;
  readonly photoUrl?: string | null;
  readonly timeZone: string;
  readonly weeklyHours?: WeeklyHours;
  readonly dateOverrides?: DateOverrides;
  /** Where this member receives, over the service's and the calendar's (ADR 0044). */
  readonly location?: MeetingLocation | null;
}

export interface StaffView {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly photoUrl: string | null;
  readonly timeZone: string;
  readonly weeklyHours: WeeklyHours;
  readonly dateOverrides: DateOverrides;
  readonly location: MeetingLocation | null;
  readonly createdAt: string;
}

export interface TimeOffInput {
  readonly startsAt: string;
  readonly endsAt: string;
  readonly reason?: string | null;
}

export interface TimeOffView {
  readonly id: string;
  readonly staffId: string;
  readonly startsAt: string;
  readonly endsAt: string;
  readonly reason: string | null;
}

export interface ServiceInput {
  readonly slug: string;
  readonly name: string;
  readonly description?: string;
  readonly category?: string;
  readonly durationMinutes: number;
  readonly priceCents?: number;
  readonly deposit?: DepositRule | null;
  readonly maxGuestsPerSlot?: number;
  readonly staffIds?: readonly string[];
  /** Not listed on menus; bookable only by its direct link. */
  readonly isPrivate?: boolean;
  /** Where it takes place, over the calendar's (ADR 0044). */
  readonly location?: MeetingLocation | null;
  /**
   * Issue 24 (ADR 0031), each list replacing the service's: an item with an `id` changes that one,
   * one without is added, and a variation or add-on left out is removed (hidden: past bookings keep
   * their own snapshot).
   */
  readonly variations?: readonly VariationInput[];
  readonly addOns?: readonly AddOnInput[];
  readonly staffTerms?: readonly StaffTermsInput[];
}

/**
 * A member's own terms as sent: for a variation the same request adds, `variationIndex` is its
 * position in `variations` (it has no id yet) and `variationId` is null (ADR 0052).
 */
export interface StaffTermsInput extends StaffTerms {
  readonly variationIndex?: number;
}

export interface VariationInput {
  readonly id?: string;
  readonly name: string;
  readonly durationMinutes: number;
  readonly priceMinor?: number;
  readonly deposit?: DepositRule | null;
  readonly bufferBeforeMinutes?: number | null;
  readonly bufferAfterMinutes?: number | null;
}

export interface AddOnInput {
  readonly id?: string;
  readonly name: string;
  readonly durationMinutes?: number;
  readonly priceMinor?: number;
  readonly maxQuantity?: number;
}

export interface StaffTerms {
  readonly staffId: string;
  /** null: the whole service (every variation without terms of its own). */
  readonly variationId: string | null;
  readonly durationMinutes: number | null;
  readonly priceMinor: number | null;
}

export type VariationView = Required<Omit<VariationInput, "deposit" | "bufferBeforeMinutes" | "bufferAfterMinutes">> & {
  readonly deposit: DepositRule | null;
  readonly bufferBeforeMinutes: number | null;
  readonly bufferAfterMinutes: number | null;
};
export type AddOnView = Required<AddOnInput>;

export interface ServiceView {
  readonly id: string;
  readonly slug: string;
  readonly name: string;
  readonly description: string;
  readonly category: string;
  readonly durationMinutes: number;
  readonly priceCents: number;
  readonly deposit: DepositRule | null;
  readonly maxGuestsPerSlot: number;
  readonly staffIds: readonly string[];
  readonly isPrivate: boolean;
  readonly location: MeetingLocation | null;
  readonly variations: readonly VariationView[];
  readonly addOns: readonly AddOnView[];
  readonly staffTerms: readonly StaffTerms[];
  readonly createdAt: string;
}

export interface GroupInput {
  readonly slug: string;
  readonly name: string;
  readonly description?: string;
  readonly isActive?: boolean;
}

export interface GroupView {
  readonly id: string;
  readonly slug: string;
  readonly name: string;
  readonly description: string;
  readonly isActive: boolean;
  /** Its calendars in display order. */
  readonly calendarIds: readonly string[];
  readonly createdAt: string;
}

/** A calendar as stored: settings complete, members normalised (calendar-setup.ts). */
export interface CalendarRecordInput {
  readonly slug: string;
  readonly type: CalendarType;
  readonly name: string;
  readonly description: string;
  readonly groupId: string | null;
  /** The attached form (issue 15): asked on the details step instead of `settings.questions`. */
  readonly formId: string | null;
  readonly isActive: boolean;
  /** Not listed on the index, groups or team pages; bookable only by its direct link. */
  readonly isPrivate: boolean;
  readonly position: number;
  readonly settings: CalendarSettings;
  readonly members: readonly MemberInput[];
  readonly serviceIds: readonly string[];
}

export interface CalendarView extends CalendarRecordInput {
  readonly id: string;
  readonly createdAt: string;
}

export interface ServiceMenuInput {
  readonly slug: string;
  readonly name: string;
  readonly description?: string;
  readonly calendarId: string;
  readonly serviceIds?: readonly string[];
}

export interface ServiceMenuView {
  readonly id: string;
  readonly slug: string;
  readonly name: string;
  readonly description: string;
  readonly calendarId: string;
  readonly serviceIds: readonly string[];
  readonly createdAt: string;
}

export interface OneTimeLinkView {
  readonly id: string;
  readonly calendarId: string;
  readonly state: "active" | "used" | "revoked" | "expired";
  readonly expiresAt: string | null;
  readonly usedAt: string | null;
  readonly revokedAt: string | null;
  readonly createdAt: string;
}

/** A booking's payment as the business sees it (amounts in minor units of `currency`). */
export interface PaymentView {
  readonly id: string;
  readonly provider: "test" | "stripe";
  readonly kind: "full" | "deposit";
  readonly status: string;
  readonly amountMinor: number;
  readonly currency: string;
  readonly refundedMinor: number;
  /** Refunds recorded but not yet confirmed by the provider show here first. */
  readonly refundDueMinor: number;
  readonly createdAt: string;
}

export interface BusinessBookingView {
  readonly id: string;
  readonly status: BookingStatus;
  readonly calendarId: string;
  readonly startTime: string;
  readonly endTime: string;
  readonly timeZone: string;
  readonly staffId: string;
  readonly staffIds: readonly string[];
  readonly serviceIds: readonly string[];
  /**
   * Service calendars: each attendee's services by name, the booker first, then the guests in order
   * (one line when everyone has the same, or the booking predates per-guest services). Empty for
   * other calendars.
   */
  readonly serviceLines: readonly (readonly string[])[];
  readonly seats: number;
  readonly guests: readonly { name: string; email: string | null }[];
  readonly contact: { firstName: string; lastName: string; email: string; phone: string | null; notes: string | null };
  readonly answers: Readonly<Record<string, unknown>>;
  /** The attached form the answers were given to, and its version (issue 15); null: the calendar's questions. */
  readonly form: { readonly id: string; readonly version: number } | null;
  /** The booker's contact (`/contacts/{id}`); null once erased. */
  readonly contactId: string | null;
  /** The answers under their labels (the attached form's, in the business's language, or the questions'). */
  readonly answerLines: readonly { readonly label: string; readonly value: string }[];
  /** The rooms and equipment it holds (issue 21), named as the visitor sees them ("Room 2"). */
  readonly resources: readonly string[];
  /** When its person's data was erased (contact, guests and answers are then empty); null while kept. */
  readonly personalDataErasedAt: string | null;
  readonly priceCents: number;
  readonly depositCents: number;
  readonly currency: string;
  readonly seriesId: string | null;
  readonly previousStartTime: string | null;
  readonly cancelReason: string | null;
  readonly createdAt: string;
}

export interface BookingQuery {
  readonly fromMs: number;
  readonly toMs: number;
  readonly statuses?: readonly BookingStatus[];
  readonly calendarId?: string;
  /** Bookings this staff member serves (any of a collective's members). */
  readonly staffId?: string;
  readonly limit: number;
}

/** Creation options used only by the demo seed, which keeps fixed ids (demo-ids.ts). */
export interface CreateOptions {
  readonly id?: string;
}

export interface BusinessRepository extends ResourceStore {
  readonly businessId: string;

  getBusiness(): Promise<BusinessView | null>;
  updateBusiness(
    patch: Partial<
      Pick<
        BusinessView,
        "name" | "timeZone" | "locale" | "currency" | "hostnames" | "embedOrigins" | "logoUrl" | "brandColour" | "theme"
      >
    >,
  ): Promise<Result<BusinessView>>;

  listApiKeys(): Promise<ApiKeyView[]>;
  createApiKey(input: { name: string; prefix: string; keyHash: string }): Promise<ApiKeyView>;
  revokeApiKey(id: string, now: Date): Promise<Result<ApiKeyView>>;

  listStaff(): Promise<StaffView[]>;
  getStaff(id: string): Promise<StaffView | null>;
  createStaff(input: StaffInput, options?: CreateOptions): Promise<StaffView>;
  updateStaff(id: string, patch: Partial<StaffInput>): Promise<Result<StaffView>>;
  deleteStaff(id: string, now: Date): Promise<Result<Deletion>>;
  setDateHours(staffId: string, date: string, intervals: DateOverrides[string] | null): Promise<Result<StaffView>>;

  listTimeOff(staffId: string): Promise<Result<TimeOffView[]>>;
  createTimeOff(staffId: string, input: TimeOffInput): Promise<Result<TimeOffView>>;
  deleteTimeOff(staffId: string, id: string): Promise<Result<Deletion>>;

  listServices(): Promise<ServiceView[]>;
  getService(id: string): Promise<ServiceView | null>;
  createService(input: ServiceInput, options?: CreateOptions): Promise<Result<ServiceView>>;
  updateService(id: string, patch: Partial<ServiceInput>): Promise<Result<ServiceView>>;
  deleteService(id: string, now: Date): Promise<Result<Deletion>>;

  listGroups(): Promise<GroupView[]>;
  getGroup(id: string): Promise<GroupView | null>;
  createGroup(input: GroupInput, options?: CreateOptions): Promise<Result<GroupView>>;
  updateGroup(id: string, patch: Partial<GroupInput>): Promise<Result<GroupView>>;
  deleteGroup(id: string): Promise<Result<Deletion>>;

  listCalendars(filter: { type?: CalendarType; groupId?: string }): Promise<Result<CalendarView[]>>;
  getCalendar(id: string): Promise<CalendarView | null>;
  createCalendar(input: CalendarRecordInput, options?: CreateOptions): Promise<Result<CalendarView>>;
  /** Replaces the stored calendar (members and services included) with `next`. */
  replaceCalendar(id: string, next: CalendarRecordInput): Promise<Result<CalendarView>>;
  deleteCalendar(id: string, now: Date): Promise<Result<Deletion>>;

  listServiceMenus(): Promise<ServiceMenuView[]>;
  getServiceMenu(id: string): Promise<ServiceMenuView | null>;
  createServiceMenu(input: ServiceMenuInput, options?: CreateOptions): Promise<Result<ServiceMenuView>>;
  updateServiceMenu(id: string, patch: Partial<ServiceMenuInput>): Promise<Result<ServiceMenuView>>;
  deleteServiceMenu(id: string): Promise<Result<Deletion>>;

  listOneTimeLinks(filter: { calendarId?: string }, now: Date): Promise<Result<OneTimeLinkView[]>>;
  createOneTimeLink(
    input: { calendarId: string; slugHash: string; expiresAt: Date | null },
    now: Date,
  ): Promise<Result<OneTimeLinkView>>;
  revokeOneTimeLink(id: string, now: Date): Promise<Result<OneTimeLinkView>>;

  listBookings(query: BookingQuery): Promise<Result<BusinessBookingView[]>>;
  getBooking(id: string): Promise<BusinessBookingView | null>;
  /** A booking's payments, newest first; NOT_FOUND for a booking of another business. */
  listPayments(bookingId: string): Promise<Result<PaymentView[]>>;
  /**
   * Owes back up to `amountMinor` more of what the booking paid (null: all that is left), recorded
   * at once; the provider is asked after (src/app/payments/refunds.ts).
   */
  refundPayments(bookingId: string, amountMinor: number | null, now: Date): Promise<Result<PaymentView[]>>;
}

export interface NewBusiness {
  readonly slug: string;
  readonly name: string;
  readonly timeZone: string;
  readonly locale: string;
  readonly currency: string;
  readonly hostnames?: readonly string[];
}

/** The few operations that are not scoped to a business: creating one, and finding a key's owner. */
export interface BusinessDirectory {
  createBusiness(input: NewBusiness, options?: CreateOptions): Promise<Result<BusinessView>>;
  /** The business of a live (not revoked) key, by the key's SHA-256 hash. */
  findKeyOwner(keyHash: string): Promise<{ readonly businessId: string; readonly keyHash: string } | null>;
  forBusiness(businessId: string): BusinessRepository;
  /** A business's id by its slug (the CLI names businesses by slug). */
  findBusinessId(slug: string): Promise<string | null>;
}

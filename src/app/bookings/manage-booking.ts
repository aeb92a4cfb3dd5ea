/**
 * Shared by the visitor's manage use cases: find a booking by id and manage token. A wrong or
 * missing token looks exactly like a missing booking ('No calendar event found'), so ids cannot
 * be probed. The booking is read under its business (ADR 0057): the manage link's owner, which the
 * route finds first (`withLinkOwner`), or the calendar's when a slot query names one.
 */
import { fail, ok, type Outcome } from "../../core/booking/errors.ts";
import { refundOnCancel } from "../../core/payments/refund-policy.ts";
import { formatInstant, type EpochMs } from "../../core/shared/time.ts";
import { visitorChangeRefusal } from "../../core/booking/policy.ts";
import type { SeriesOccurrenceSnapshot } from "../../core/notifications/notification.ts";
import { bookingUid } from "./snapshot.ts";
import type { BookingDeps } from "./deps.ts";
import { verifyManageToken } from "./manage-token.ts";
import type { BookingRecord, CalendarContext } from "./ports.ts";

export async function findManagedBooking(
  deps: Pick<BookingDeps, "store">,
  businessId: string,
  bookingId: string,
  token: string | null | undefined,
): Promise<Outcome<{ record: BookingRecord; ctx: CalendarContext }>> {
  const record = await deps.store.loadBooking(businessId, bookingId);
  // Verified even when missing (manage-token.ts), so timing does not tell the two apart.
  const isValid = verifyManageToken(token, record?.manageTokenHash);
  if (!record || !isValid) return fail("BOOKING_NOT_FOUND");
  const ctx = await deps.store.loadCalendar(record.calendarId);
  if (!ctx) return fail("BOOKING_NOT_FOUND");
  return ok({ record, ctx });
}

/**
 * The business a manage link's booking belongs to, once its token is checked; null when no booking
 * has that id and token. The pages' `ownerOfBooking`: a named cross-business look-up (ADR 0057),
 * since the link carries no business.
 */
export type ManageLinkOwner = (bookingId: string, token: string) => Promise<string | null>;

/**
 * A visitor's manage use case under the business their link belongs to. A link of no booking (or
 * without its token) is answered as a missing booking, as findManagedBooking answers a wrong token.
 */
export async function withLinkOwner<T>(
  owner: ManageLinkOwner,
  bookingId: string,
  token: string | null | undefined,
  run: (businessId: string) => Promise<Outcome<T>>,
): Promise<Outcome<T>> {
  const businessId = token ? await owner(bookingId, token) : null;
  return businessId ? run(businessId) : fail("BOOKING_NOT_FOUND");
}

export interface BookingView {
  readonly id: string;
  readonly status: BookingRecord["status"];
  readonly calendarId: string;
  readonly calendarName: string;
  readonly businessName: string;
  readonly startTime: string;
  readonly endTime: string;
  readonly timezone: string;
  readonly previousStartTime: string | null;
  readonly staff: readonly { id: string; name: string }[];
  readonly serviceIds: readonly string[];
  /** Rooms and equipment it holds, as shown ("Room 2"); empty when none (issue 21). */
  readonly resources: readonly string[];
  /** Service calendars: one cart per attendee, the booker first (empty for other calendars). */
  readonly carts: readonly (readonly string[])[];
  /** Each attendee's variation and add-ons as booked, parallel to `carts` (empty: none chosen). */
  readonly offerLines: BookingRecord["offerLines"];
  readonly seats: number;
  readonly guests: readonly { name: string; email: string | null }[];
  readonly contact: { firstName: string; lastName: string; email: string; phone: string | null };
  readonly priceCents: number;
  readonly depositCents: number;
  /** Paid online (net of refunds), in minor units. */
  readonly paidMinor: number;
  /** Held on the card for a request (taken when the business confirms), in minor units. */
  readonly heldMinor: number;
  /** Given back to the visitor, or on its way back, in minor units. */
  readonly refundedMinor: number;
  /**
   * What the visitor cancelling now would get back of `paidMinor` (core/payments/refund-policy.ts): all of
   * it until the calendar's full-refund limit, then all but the deposit. Said before they confirm.
   */
  readonly refundIfCancelledMinor: number;
  readonly currency: string;
  readonly sequence: number;
  readonly cancelReason: string | null;
  readonly canReschedule: boolean;
  readonly canCancel: boolean;
}

export function toBookingView(
  ctx: CalendarContext,
  r: BookingRecord,
  canReschedule: boolean,
  canCancel: boolean,
  nowMs: EpochMs,
): BookingView {
  const paidMinor = r.paidMinor ?? 0;
  return {
    id: r.id,
    status: r.status,
    calendarId: r.calendarId,
    calendarName: ctx.calendar.name,
    businessName: ctx.business.name,
    startTime: formatInstant(r.startMs, r.timeZone),
    endTime: formatInstant(r.endMs, r.timeZone),
    timezone: r.timeZone,
    previousStartTime: r.previousStartMs === null ? null : formatInstant(r.previousStartMs, r.timeZone),
    staff: r.staffIds.map((id) => ({ id, name: ctx.staff.find((s) => s.id === id)?.name ?? "" })),
    serviceIds: r.serviceIds,
    resources: r.resources ?? [],
    carts:
      ctx.calendar.type !== "service"
        ? []
        : r.carts.length > 0
          ? r.carts
          : Array.from({ length: r.seats }, () => r.serviceIds),
    offerLines: r.offerLines,
    seats: r.seats,
    guests: r.guests,
    contact: {
      firstName: r.contact.firstName,
      lastName: r.contact.lastName,
      email: r.contact.email,
      phone: r.contact.phone,
    },
    priceCents: r.priceCents,
    depositCents: r.depositCents,
    paidMinor,
    heldMinor: r.heldMinor ?? 0,
    refundedMinor: r.refundedMinor ?? 0,
    refundIfCancelledMinor: refundOnCancel({
      paidMinor,
      depositMinor: r.depositCents,
      startMs: r.startMs,
      nowMs,
      fullRefundHoursBefore: ctx.calendar.settings.fullRefundHoursBefore,
      by: "visitor",
    }),
    currency: r.currency,
    sequence: r.sequence,
    cancelReason: r.cancelReason,
    canReschedule,
    canCancel,
  };
}

/** The other occurrences of a booking's series that its manage token opens (issue 17); null: not a series. */
export async function seriesOf(
  deps: Pick<BookingDeps, "store">,
  record: BookingRecord,
): Promise<BookingRecord[] | null> {
  if (!record.seriesId) return null;
  const members = await deps.store.loadSeries(record.businessId, record.seriesId);
  return members.filter((m) => m.manageTokenHash === record.manageTokenHash);
}

/** One occurrence as the manage page lists it, with what the visitor may still do to it. */
export interface SeriesEntry {
  readonly id: string;
  readonly status: BookingRecord["status"];
  readonly startTime: string;
  readonly endTime: string;
  readonly canReschedule: boolean;
  readonly canCancel: boolean;
}

export function seriesEntries(
  ctx: CalendarContext,
  members: readonly BookingRecord[],
  timeZone: string,
  nowMs: number,
): SeriesEntry[] {
  const s = ctx.calendar.settings;
  return members.map((m) => ({
    id: m.id,
    status: m.status,
    startTime: formatInstant(m.startMs, timeZone),
    endTime: formatInstant(m.endMs, timeZone),
    canReschedule: visitorChangeRefusal("reschedule", s, m.status, m.startMs, nowMs) === null,
    canCancel: visitorChangeRefusal("cancel", s, m.status, m.startMs, nowMs) === null,
  }));
}

/** The series in a calendar file: every occurrence still on, each its own event. */
export const seriesSnapshot = (members: readonly BookingRecord[]): { occurrences: SeriesOccurrenceSnapshot[] } => ({
  occurrences: members
    .filter((m) => m.status === "new" || m.status === "confirmed")
    .map((m) => ({
      bookingId: m.id,
      uid: bookingUid(m.id),
      sequence: m.sequence,
      status: m.status === "new" ? "new" : "confirmed",
      startUtc: new Date(m.startMs).toISOString(),
      endUtc: new Date(m.endMs).toISOString(),
    })),
});

/** Rows the booking store writes and reads, and how a refusal the database gave becomes a booking's answer. */
import type { BookingRecord, CommitRefusal, OccupancyItem } from "../../../app/bookings/ports.ts";
import type { UnitItem } from "../../../core/booking/occupancy-items.ts";
import type { NotificationMessage } from "../../../core/notifications/notification.ts";
import { sqlStateOf } from "../kernel.ts";
import type * as t from "../schema.ts";

/** A refusal raised inside a transaction to roll it back. */
export class Refused extends Error {
  constructor(readonly refusal: CommitRefusal) {
    super(refusal.code);
  }
}

const UUID_IN_TEXT = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/** Maps a database error to a refusal; anything unexpected is rethrown. */
export function refusalOf(error: unknown): CommitRefusal {
  if (error instanceof Refused) return error.refusal;
  const { code, detail, constraint } = sqlStateOf(error);
  // A unit of a room or piece of equipment already taken (issue 21) — the other constraint is per staff.
  if (code === "23P01" && constraint === "booking_resource_units_no_overlap") return { code: "RESOURCE_BUSY" };
  if (code === "23P01") return { code: "STAFF_BUSY", staffId: UUID_IN_TEXT.exec(detail)?.[0] ?? null };
  if (code === "23514" && constraint === "class_sessions_seats_check")
    return { code: "SEATS_EXCEEDED", availableSeats: 0 };
  // Deadlock / serialization failure after the retries below: the visitor should simply try again.
  if (code === "40P01" || code === "40001" || code === "23505") return { code: "SCHEDULING_FAILED" };
  throw error;
}

export const rangeLiteral = (fromMs: number, toMs: number) =>
  `["${new Date(fromMs).toISOString()}","${new Date(toMs).toISOString()}")`;

export function itemRows(
  businessId: string,
  owner: { bookingId?: string; holdId?: string; holdExpiresAt?: Date },
  items: readonly OccupancyItem[],
  active: boolean,
) {
  return items.map((item) => ({
    businessId,
    bookingId: owner.bookingId ?? null,
    holdId: owner.holdId ?? null,
    holdExpiresAt: owner.holdExpiresAt ?? null,
    staffId: item.staffId,
    serviceId: item.serviceId,
    blocked: rangeLiteral(item.blockedStartMs, item.blockedEndMs),
    startsAt: new Date(item.startMs),
    endsAt: new Date(item.endMs),
    active,
  }));
}

/** Rows of `booking_resource_units` (issue 21): one per unit a task takes, owned like the items. */
export function unitRows(
  businessId: string,
  owner: { bookingId?: string; holdId?: string; holdExpiresAt?: Date },
  units: readonly UnitItem[] | undefined,
  active: boolean,
) {
  return (units ?? []).map((u) => ({
    businessId,
    bookingId: owner.bookingId ?? null,
    holdId: owner.holdId ?? null,
    holdExpiresAt: owner.holdExpiresAt ?? null,
    unitId: u.unitId,
    resourceId: u.resourceId,
    serviceId: u.serviceId,
    guestIndex: u.guestIndex,
    blocked: rangeLiteral(u.blockedStartMs, u.blockedEndMs),
    startsAt: new Date(u.startMs),
    endsAt: new Date(u.endMs),
    active,
  }));
}

export function outboxRow(businessId: string, message: NotificationMessage) {
  return { businessId, topic: "notification", payload: message as unknown as Record<string, unknown> };
}

export const leaveAsIs = (message: NotificationMessage) => message;

type BookingRow = typeof t.bookings.$inferSelect;
export function toRecord(row: BookingRow): BookingRecord {
  return {
    id: row.id,
    businessId: row.businessId,
    calendarId: row.calendarId,
    seriesId: row.seriesId,
    status: row.status,
    startMs: row.startsAt.getTime(),
    endMs: row.endsAt.getTime(),
    timeZone: row.timeZone,
    locale: row.locale,
    staffId: row.staffId,
    staffIds: row.staffIds,
    serviceIds: row.serviceIds,
    bufferBeforeMinutes: row.bufferBeforeMinutes,
    bufferAfterMinutes: row.bufferAfterMinutes,
    seats: row.seats,
    guests: row.guests,
    carts: row.carts,
    offerLines: row.offerLines,
    contact: row.contact,
    answers: row.answers,
    priceCents: row.priceCents,
    depositCents: row.depositCents,
    currency: row.currency,
    manageTokenHash: row.manageTokenHash,
    sequence: row.sequence,
    previousStartMs: row.previousStartsAt ? row.previousStartsAt.getTime() : null,
    cancelReason: row.cancelReason,
    classSessionId: row.classSessionId,
    createdAtMs: row.createdAt.getTime(),
  };
}

/** The answer with its `manageToken` (the one secret a 201 carries) passed through `fn`. */
export function mapManageToken(body: unknown, fn: (value: string) => string): unknown {
  if (typeof body !== "object" || body === null || !("manageToken" in body)) return body;
  const token = (body as { manageToken: unknown }).manageToken;
  return typeof token === "string" ? { ...body, manageToken: fn(token) } : body;
}

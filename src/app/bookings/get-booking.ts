/** The visitor looks at their booking with its manage token. */
import { ok, type Outcome } from "../../core/booking/errors.ts";
import { visitorChangeRefusal } from "../../core/booking/policy.ts";
import type { EpochMs } from "../../core/shared/time.ts";
import type { BookingDeps } from "./deps.ts";
import { findManagedBooking, toBookingView, type BookingView } from "./manage-booking.ts";
import type { BookingRecord, CalendarContext } from "./ports.ts";

export async function getBooking(
  deps: Pick<BookingDeps, "store" | "clock">,
  businessId: string,
  bookingId: string,
  token: string | null | undefined,
): Promise<Outcome<BookingView>> {
  const found = await findManagedBooking(deps, businessId, bookingId, token);
  if (!found.ok) return found;
  return ok(visitorBookingView(found.value.ctx, found.value.record, deps.clock().getTime()));
}

/** A managed booking as its visitor sees it, with what the calendar's policy still lets them do to it. */
export function visitorBookingView(ctx: CalendarContext, record: BookingRecord, nowMs: EpochMs): BookingView {
  const s = ctx.calendar.settings;
  return toBookingView(
    ctx,
    record,
    visitorChangeRefusal("reschedule", s, record.status, record.startMs, nowMs) === null,
    visitorChangeRefusal("cancel", s, record.status, record.startMs, nowMs) === null,
    nowMs,
  );
}

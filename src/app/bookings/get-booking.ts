/** The visitor looks at their booking with its manage token. */
import { ok, type Outcome } from "../../core/booking/errors.ts";
import { visitorChangeRefusal } from "../../core/booking/policy.ts";
import type { BookingDeps } from "./deps.ts";
import { findManagedBooking, toBookingView, type BookingView } from "./manage-booking.ts";

export async function getBooking(
  deps: Pick<BookingDeps, "store" | "clock">,
  bookingId: string,
  token: string | null | undefined,
): Promise<Outcome<BookingView>> {
  const found = await findManagedBooking(deps, bookingId, token);
  if (!found.ok) return found;
  const { record, ctx } = found.value;
  const nowMs = deps.clock().getTime();
  const s = ctx.calendar.settings;
  return ok(
    toBookingView(
      ctx,
      record,
      visitorChangeRefusal("reschedule", s, record.status, record.startMs, nowMs) === null,
      visitorChangeRefusal("cancel", s, record.status, record.startMs, nowMs) === null,
      nowMs,
    ),
  );
}

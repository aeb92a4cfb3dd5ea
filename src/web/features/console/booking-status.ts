import type { BusinessBookingView } from "../../../app/business/ports.ts";

/**
 * The message key of a booking's status in the console. A booking whose payment never came
 * (adapters/db/bookings/payments.ts: cancelled with reason `payment_expired`) is not one the visitor or
 * the business cancelled, and says so.
 */
export function bookingStatusKey(booking: Pick<BusinessBookingView, "status" | "cancelReason">): string {
  if (booking.status === "cancelled" && booking.cancelReason === "payment_expired")
    return "console.status.payment_expired";
  return `console.status.${booking.status}`;
}

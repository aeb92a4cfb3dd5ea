import type { I18n } from "@lingui/core";
import type { BusinessBookingView } from "../../../app/business/ports.ts";

/**
 * Who a booking is for, as the console names it: the visitor's name, else their email, else — their
 * data erased on request or by the retention period (ADR 0032) — a words-only marker saying so.
 */
export function visitorName(booking: Pick<BusinessBookingView, "contact" | "personalDataErasedAt">, i18n: I18n) {
  const name = `${booking.contact.firstName} ${booking.contact.lastName}`.trim();
  if (name) return name;
  return booking.personalDataErasedAt ? i18n._("console.bookings.erased") : booking.contact.email;
}

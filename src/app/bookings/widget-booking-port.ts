/**
 * What the booking widget's page loaders read in process (no HTTP round trip on first paint):
 * the widget configuration, a month of free slots, and a booking opened with its manage token
 * together with its add-to-calendar links. Built at the composition root (src/server/app.ts).
 */
import type { PublicSlotsByDate } from "../../core/availability/model.ts";
import type { AttendeeServices } from "../../core/notifications/notification.ts";
import type { BookingErrorCode } from "../../core/booking/errors.ts";
import type { WidgetConfig } from "./get-widget-config.ts";
import type { OfferPick } from "../../core/booking/cart-offers.ts";
import type { BookingView, SeriesEntry } from "./manage-booking.ts";

export interface AddToCalendarLinks {
  readonly google: string;
  readonly outlook: string;
  readonly office365: string;
  /** The booking's `.ics` file (Apple Calendar, iCloud, Outlook desktop). */
  readonly ics: string;
}

export interface ManagedBookingPage {
  readonly booking: BookingView;
  readonly serviceNames: readonly string[];
  /** Service calendars: each attendee's services, the booker first. */
  readonly attendeeServices: readonly AttendeeServices[];
  readonly location: string | null;
  /** How the business will confirm a request ('phone' or 'email'); null for confirmed bookings. */
  readonly contactMethod: string | null;
  readonly calendarLinks: AddToCalendarLinks | null;
  /** A recurring series (issue 17): every occurrence the manage token opens, in order; null otherwise. */
  readonly series: readonly SeriesEntry[] | null;
}

export interface FreeSlotsQuery {
  readonly calendarId: string;
  readonly startDate: string;
  readonly endDate: string;
  readonly timezone: string;
  readonly staffId?: string | null;
  readonly serviceIds?: readonly string[] | null;
  readonly guestCarts?: readonly (readonly string[])[] | null;
  /** The variations and add-ons picked (a rescheduled booking's own). */
  readonly offers?: readonly OfferPick[] | null;
  /** A booking being moved, with its manage token: its own time counts as free (get-free-slots.ts). */
  readonly rescheduling?: { readonly bookingId: string; readonly token: string | null } | null;
}

export type PortResult<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly code: BookingErrorCode };

export interface WidgetBookingPort {
  widgetConfig(calendarId: string): Promise<WidgetConfig | null>;
  freeSlots(query: FreeSlotsQuery): Promise<PortResult<PublicSlotsByDate>>;
  nextAvailable(
    query: Omit<FreeSlotsQuery, "startDate" | "endDate"> & { readonly from: string },
  ): Promise<PortResult<string | null>>;
  managedBooking(bookingId: string, token: string, locale: string): Promise<ManagedBookingPage | null>;
}

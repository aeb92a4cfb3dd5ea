/**
 * The booking widget's in-process reads for page loaders (src/app/bookings/widget-booking-port.ts),
 * and the `.ics` renderer behind GET /api/bookings/:id/calendar.ics. Add-to-calendar links are built
 * here on the server with the calendar adapter, never in the browser.
 */
import { buildIcs, calendarEventText } from "../adapters/calendar/ics.ts";
import { calendarLinks } from "../adapters/calendar/calendar-links.ts";
import type { BookingDeps } from "../app/bookings/deps.ts";
import { visitorBookingView } from "../app/bookings/get-booking.ts";
import { getFreeSlots, getNextAvailableDate } from "../app/bookings/get-free-slots.ts";
import { getWidgetConfig } from "../app/bookings/get-widget-config.ts";
import {
  findManagedBooking,
  seriesEntries,
  seriesOf,
  withLinkOwner,
  type ManageLinkOwner,
} from "../app/bookings/manage-booking.ts";
import { toSnapshot } from "../app/bookings/snapshot.ts";
import type { WidgetBookingPort } from "../app/bookings/widget-booking-port.ts";
import type { BookingSnapshot } from "../core/notifications/notification.ts";
import { serverI18n } from "../i18n/server-i18n.ts";

export function renderCalendarFile(clock: () => Date) {
  return (snapshot: BookingSnapshot): string =>
    buildIcs(snapshot, {
      now: clock(),
      text: calendarEventText(snapshot, serverI18n(snapshot.locale)),
      fallbackOrganizerEmail: "no-reply@booking-widget.invalid",
    }).content;
}

/** `manageLinkOwner`: whose a manage link's booking is (the pages' ownerOfBooking), read under that business. */
export function createWidgetBookingPort(deps: BookingDeps, manageLinkOwner: ManageLinkOwner): WidgetBookingPort {
  return {
    async widgetConfig(calendarId) {
      const result = await getWidgetConfig(deps, calendarId);
      return result.ok ? result.value : null;
    },
    async freeSlots(query) {
      const result = await getFreeSlots(deps, query);
      return result.ok ? { ok: true, value: result.value } : { ok: false, code: result.error.code };
    },
    async nextAvailable(query) {
      const result = await getNextAvailableDate(deps, query);
      return result.ok ? { ok: true, value: result.value } : { ok: false, code: result.error.code };
    },
    async managedBooking(bookingId, token, locale) {
      const found = await withLinkOwner(manageLinkOwner, bookingId, token, (businessId) =>
        findManagedBooking(deps, businessId, bookingId, token),
      );
      if (!found.ok) return null;
      const { ctx, record } = found.value;
      const view = visitorBookingView(ctx, record, deps.clock().getTime());
      const snapshot = toSnapshot(ctx, record, deps.publicUrl, token);
      const text = calendarEventText({ ...snapshot, locale }, serverI18n(locale));
      const ics = `/api/bookings/${encodeURIComponent(record.id)}/calendar.ics?token=${encodeURIComponent(token)}`;
      const links =
        record.status === "cancelled"
          ? null
          : {
              ...calendarLinks(
                {
                  title: text.summary,
                  startUtc: snapshot.startUtc,
                  endUtc: snapshot.endUtc,
                  details: text.description,
                  location: snapshot.location,
                },
                ics,
              ),
              ics,
            };
      return {
        booking: view,
        serviceNames: snapshot.serviceNames,
        attendeeServices: snapshot.attendeeServices ?? [],
        location: snapshot.location,
        contactMethod: record.status === "new" ? (record.contact.phone ? "phone" : "email") : null,
        calendarLinks: links ? { google: links.google, outlook: links.outlook, office365: links.office365, ics } : null,
        series: await seriesOf(deps, record).then((members) =>
          members ? seriesEntries(ctx, members, record.timeZone, deps.clock().getTime()) : null,
        ),
      };
    },
  };
}

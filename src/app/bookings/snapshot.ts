/**
 * The outbox contract's BookingSnapshot, built from stored data. Links carry the manage token,
 * which only exists in the request that created or presented it; changes made by the business
 * (confirm, decline) have no token and send no links.
 */
import { answerLines } from "../../core/forms/answer-lines.ts";
import type { Answers } from "../../core/forms/definition.ts";
import { fallbackChain, type LocaleCode } from "../../i18n/locales.ts";
import type {
  AttendeeServices,
  BookingSnapshot,
  NotificationKind,
  NotificationMessage,
  Person,
} from "../../core/notifications/notification.ts";
import { epochMsToLocalDate, type EpochMs } from "../../core/shared/time.ts";
import type { BookingFields, CalendarContext } from "./ports.ts";
import type { StoredOfferLine } from "../../core/booking/service-offer.ts";
import { assignedLocation } from "../../core/calendar/location.ts";
import { locationSources } from "../../core/booking/booking-calendar.ts";
import { DEFAULT_LOCALE, isLocaleCode } from "../../i18n/locales.ts";
import { LOCALE_ROUTING } from "../../i18n/routing/config.ts";
import { localePath } from "../../i18n/routing/locale-prefix.ts";

/** What a notification tells of a booking: its stored fields, or those of one about to be stored. */
export interface SnapshotSource extends Pick<
  BookingFields,
  "id" | "status" | "startMs" | "endMs" | "timeZone" | "locale" | "staffId" | "staffIds" | "serviceIds" | "guests"
> {
  readonly sequence: number;
  /** Service calendars: one cart per attendee, the booker first (empty: everyone took `serviceIds`). */
  readonly carts?: readonly (readonly string[])[];
  /** Each attendee's variation and add-ons as booked, parallel to `carts` (absent or empty: none chosen). */
  readonly offerLines?: readonly (readonly StoredOfferLine[])[];
  /** The total, shown with chosen variations and add-ons. */
  readonly priceCents?: number;
  /** The deposit of that total (minor units); shown with the price. */
  readonly depositCents?: number;
  readonly currency?: string;
  readonly seats?: number;
  readonly contact: {
    firstName: string;
    lastName: string;
    email: string;
    phone: string | null;
    location: string | null;
    notes?: string | null;
  };
  readonly previousStartMs: EpochMs | null;
  readonly cancelReason: string | null;
  readonly answers?: Readonly<Record<string, unknown>>;
  /** Units of rooms and equipment it takes (issue 21): named from the calendar's resources. */
  readonly units?: readonly { readonly unitId: string }[];
}

/** A unit as the visitor sees it: "Room 2" — the resource's name, with the unit's number when it has several. */
export function unitLabels(ctx: CalendarContext, units: readonly { readonly unitId: string }[] | undefined): string[] {
  const labels: string[] = [];
  for (const { unitId } of units ?? []) {
    for (const r of ctx.resources ?? []) {
      const unit = r.units.find((u) => u.id === unitId);
      if (unit) labels.push(r.capacity > 1 ? `${r.name} ${unit.number}` : r.name);
    }
  }
  return [...new Set(labels)];
}

/** Where the visitor manages a booking. One place, so the web routes and emails agree. */
/** Links in the visitor's language: `/de/widget/…` for a German booking (src/i18n/routing). */
export function manageLinks(
  publicUrl: string,
  ctx: CalendarContext,
  bookingId: string,
  token: string | null,
  locale: string,
) {
  if (!token) return { manageUrl: null, rescheduleUrl: null, cancelUrl: null };
  const q = `booking=${encodeURIComponent(bookingId)}&token=${encodeURIComponent(token)}`;
  const s = ctx.calendar.settings;
  const url = (path: string) =>
    publicUrl + localePath(path, isLocaleCode(locale) ? locale : DEFAULT_LOCALE, LOCALE_ROUTING);
  return {
    manageUrl: url(`/widget/booking/${ctx.calendar.id}?manage=1&${q}`),
    rescheduleUrl: s.allowReschedule ? url(`/widget/booking/${ctx.calendar.id}?reschedule=1&${q}`) : null,
    cancelUrl: s.allowCancel ? url(`/widget/cancel-booking?${q}`) : null,
  };
}

/**
 * Where a team member finds the booking from their e-mail: the console's week from the booking's day
 * (in the business's zone), searched for the client's address — a page they can open signed in,
 * not the business API, which answers a browser with a JSON error.
 */
export function consoleBookingUrl(
  publicUrl: string,
  businessTimeZone: string,
  startMs: EpochMs,
  email: string,
): string {
  const query = new URLSearchParams({ view: "week", start: epochMsToLocalDate(startMs, businessTimeZone), q: email });
  return `${publicUrl}/console?${query}`;
}

/** The stable calendar-file UID of a booking (RFC 5545 UID). */
export const bookingUid = (bookingId: string) => `${bookingId}@booking-widget`;

export function toSnapshot(
  ctx: CalendarContext,
  b: SnapshotSource,
  publicUrl: string,
  token: string | null,
): BookingSnapshot {
  const person = (id: string): Person => {
    const s = ctx.staff.find((m) => m.id === id);
    return { name: s?.name ?? "", email: s?.email ?? null, ...(s ? { timeZone: s.timeZone } : {}) };
  };
  // The assigned member's, else the booker's services', else the calendar's (ADR 0044).
  const location = assignedLocation(locationSources(ctx), b.carts?.[0]?.length ? b.carts[0] : b.serviceIds, b.staffId);
  return {
    bookingId: b.id,
    uid: bookingUid(b.id),
    sequence: b.sequence,
    // A booking awaiting payment is told nothing until it is paid; then it has its initial status.
    status: b.status === "pending_payment" ? "confirmed" : b.status,
    businessName: ctx.business.name,
    calendarName: ctx.calendar.name,
    serviceNames: hasLines(b) ? lineNames(b.offerLines[0] ?? []) : serviceNames(ctx, b.serviceIds),
    ...(hasLines(b) && b.priceCents !== undefined && b.currency
      ? {
          price: {
            totalMinor: b.priceCents,
            currency: b.currency,
            ...(b.depositCents ? { depositMinor: b.depositCents } : {}),
          },
        }
      : {}),
    ...(ctx.calendar.type === "service" ? { attendeeServices: attendeeServices(ctx, b) } : {}),
    locale: b.locale,
    startUtc: new Date(b.startMs).toISOString(),
    endUtc: new Date(b.endMs).toISOString(),
    timeZone: b.timeZone,
    previousStartUtc: b.previousStartMs === null ? null : new Date(b.previousStartMs).toISOString(),
    cancelReason: b.cancelReason,
    location: location?.kind === "ask_booker" ? b.contact.location : (location?.value ?? null),
    organizer: person(b.staffId),
    staff: b.staffIds.map(person),
    ...(b.units?.length ? { resources: unitLabels(ctx, b.units) } : {}),
    contact: {
      firstName: b.contact.firstName,
      lastName: b.contact.lastName,
      email: b.contact.email,
      phone: b.contact.phone,
    },
    guests: b.guests.map((g) => ({ name: g.name, email: g.email })),
    ...manageLinks(publicUrl, ctx, b.id, token, b.locale),
    contactMethod: b.status === "new" ? (b.contact.phone ? "phone" : "email") : null,
    businessSide: {
      locale: ctx.business.locale ?? b.locale,
      notes: b.contact.notes ?? null,
      answers: answerRows(ctx, b.answers ?? {}, ctx.business.locale ?? b.locale),
      bookingUrl: consoleBookingUrl(publicUrl, ctx.business.timeZone, b.startMs, b.contact.email),
    },
  };
}

/**
 * The visitor's answers to the calendar's questions, labelled, in the calendar's order — or, with an
 * attached form (issue 15), to the form's fields, labelled in the business's language.
 */
function answerRows(ctx: CalendarContext, answers: Readonly<Record<string, unknown>>, locale: string) {
  if (ctx.form)
    return answerLines(ctx.form.definition, answers as Answers, fallbackChain(locale as LocaleCode)).map((l) => ({
      label: l.label,
      value: l.value,
    }));
  return ctx.calendar.settings.questions.flatMap((q) => {
    const value = answers[q.id];
    if (value === undefined || value === null || value === "") return [];
    const text = Array.isArray(value)
      ? value.join(", ")
      : typeof value === "boolean"
        ? value
          ? "✓"
          : "✗"
        : String(value);
    return [{ label: q.label, value: text }];
  });
}

const serviceNames = (ctx: CalendarContext, ids: readonly string[]): string[] =>
  ids.map((id) => ctx.services.find((s) => s.id === id)?.name ?? "").filter((n) => n !== "");

/** Who takes what: the booker, then each guest (named or counted), with their services in order. */
export function attendeeServices(
  ctx: CalendarContext,
  b: Pick<SnapshotSource, "serviceIds" | "carts" | "offerLines" | "seats" | "guests" | "contact">,
): AttendeeServices[] {
  const carts =
    b.carts && b.carts.length > 0
      ? b.carts
      : Array.from({ length: Math.max(1, b.seats ?? 1 + b.guests.length) }, () => b.serviceIds);
  return carts.map((cart, i) => ({
    name: i === 0 ? `${b.contact.firstName} ${b.contact.lastName}`.trim() : (b.guests[i - 1]?.name ?? null),
    serviceNames: hasLines(b) ? lineNames(b.offerLines[i] ?? []) : serviceNames(ctx, cart),
  }));
}

const hasLines = <T extends Pick<SnapshotSource, "offerLines">>(
  b: T,
): b is T & { offerLines: readonly (readonly StoredOfferLine[])[] } => (b.offerLines?.length ?? 0) > 0;

/** A booked line as it was named then: "Haircut — Long", then each add-on ("Deep conditioning ×2"). */
export const lineNames = (lines: readonly StoredOfferLine[]): string[] =>
  lines.flatMap((line) => line.parts.map((p) => (p.quantity > 1 ? `${p.name} ×${p.quantity}` : p.name)));

export const notification = (kind: NotificationKind, booking: BookingSnapshot): NotificationMessage => ({
  kind,
  booking,
});

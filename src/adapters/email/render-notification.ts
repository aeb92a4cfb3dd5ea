/**
 * Turns a NotificationMessage into the email each recipient receives: subject, HTML and plain text in
 * the visitor's language, with dates and times in the visitor's zone, and the calendar file.
 * Every human-readable string comes from the message catalogue (email.*); every value that reaches
 * the HTML is escaped after interpolation, so user data can never add markup. (One file so that the
 * escaping rule is visible next to every place that builds HTML.)
 */
import { formatMoney } from "../../core/payments/money.ts";
import {
  endsBooking,
  isScheduledKind,
  isVisitorOnlyKind,
  tellsGuests,
  type BookingSnapshot,
  type NotificationKind,
  type NotificationMessage,
  type Person,
} from "../../core/notifications/notification.ts";
import { serverI18n, type ServerI18n } from "../../i18n/server-i18n.ts";
import { googleCalendarUrl, office365CalendarUrl, outlookLiveCalendarUrl } from "../calendar/calendar-links.ts";
import { buildIcs, calendarEventText, type CalendarFile } from "../calendar/ics.ts";
import type { EmailAddress } from "./build-transport.ts";
import { escapeHtml } from "../../core/shared/html.ts";
import { brandedEmailHtml, emailButton, emailColours, type EmailBrand } from "./branded-email.ts";
import { zoneLabel } from "../../core/shared/zone-cities.ts";

export type { EmailBrand };

export type RecipientRole = "contact" | "guest" | "staff";

export interface EmailRecipient extends EmailAddress {
  role: RecipientRole;
  /** Staff: their own zone; the visitor's zone is the booking's. */
  timeZone?: string;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
  /** Absent for the follow-up: the appointment is over, there is nothing to put in a calendar. */
  calendar?: CalendarFile;
}

export interface RenderOptions {
  now: Date;
  /** ORGANIZER address for calendar files when the booking's organizer has none. */
  fallbackOrganizerEmail: string;
  /** The business's branding (ADR 0049): its logo (an absolute address) heads the message, its colour its buttons. */
  brand?: EmailBrand | null;
}

/**
 * The visitor, each guest with an email and each staff member with one; every address once.
 * Reminders go to the visitor and guests only, the follow-up to the visitor only, a late payment's
 * refund to the visitor and staff (tellsGuests).
 */
export function notificationRecipients(booking: BookingSnapshot, kind?: NotificationKind): EmailRecipient[] {
  const contactName = `${booking.contact.firstName} ${booking.contact.lastName}`.trim();
  const candidates: EmailRecipient[] = [{ name: contactName, address: booking.contact.email, role: "contact" }];
  const add = (people: Person[], role: RecipientRole) => {
    for (const person of people)
      if (person.email)
        candidates.push({
          name: person.name,
          address: person.email,
          role,
          ...(person.timeZone ? { timeZone: person.timeZone } : {}),
        });
  };
  if (kind === undefined || tellsGuests(kind)) add(booking.guests, "guest");
  if (kind === undefined || !(isScheduledKind(kind) || isVisitorOnlyKind(kind))) add(booking.staff, "staff");
  const seen = new Set<string>();
  return candidates.filter((r) => {
    const key = r.address.trim().toLowerCase();
    if (!key.includes("@") || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function renderNotification(
  message: NotificationMessage,
  recipient: EmailRecipient,
  options: RenderOptions,
): RenderedEmail {
  if (recipient.role === "staff") return renderStaffCopy(message, recipient, options);
  const { kind } = message;
  const booking = recipient.role === "guest" ? guestView(message.booking, recipient) : message.booking;
  const i18n = serverI18n(booking.locale);
  const when = whenFormatter(i18n.language, booking.timeZone);
  const { event, calendar } = eventAndFile(booking, kind, i18n, options);

  const subject = i18n.t(`email.subject.${kind}`, { summary: event.summary, date: when.short(booking.startUtc) });
  const heading = i18n.t(`email.heading.${kind}`);
  const paragraphs = [
    i18n.t("email.greeting", { name: recipient.name || booking.contact.firstName }),
    i18n.t(`email.intro.${kind}`, { businessName: booking.businessName }),
  ];
  // The business gets in touch with the booker, not with each guest.
  if (kind === "request_received" && booking.contactMethod && recipient.role === "contact")
    paragraphs.push(i18n.t("email.contactMethod", { method: booking.contactMethod }));
  if (listsSeries(kind, booking)) paragraphs.push(seriesIntro(booking.series!.occurrences, i18n));

  const withoutCalendar = isVisitorOnlyKind(kind);
  const details = detailRows(kind, booking, i18n, when);
  const actions = kind === "booking_follow_up" ? [] : actionLinks(kind, booking, i18n);
  const addToCalendar =
    calendar.method === "REQUEST" && !withoutCalendar
      ? addToCalendarLinks(booking, event.summary, event.description, i18n)
      : [];
  const parts: Parts = {
    heading,
    paragraphs,
    details,
    actions,
    addToCalendar,
    addToCalendarTitle: i18n.t("email.addToCalendar"),
    calendarNote: i18n.t("email.calendar.ics"),
    footer: i18n.t("email.footer", { businessName: booking.businessName }),
  };
  return {
    subject,
    ...(withoutCalendar ? {} : { calendar }),
    text: renderText(parts),
    html: renderHtml(parts, { language: i18n.language, subject, booking, options }),
  };
}

/**
 * The business's own copy, for staff (issue 23): who booked and how to reach them, their notes and
 * answers, times in the staff member's zone, in the business's language — and none of the visitor's
 * secrets: no manage, reschedule or cancel link, in the text or in the calendar file.
 */
function renderStaffCopy(
  message: NotificationMessage,
  recipient: EmailRecipient,
  options: RenderOptions,
): RenderedEmail {
  const { kind } = message;
  const booking: BookingSnapshot = { ...message.booking, manageUrl: null, rescheduleUrl: null, cancelUrl: null };
  const side = booking.businessSide;
  const i18n = serverI18n(side?.locale ?? booking.locale);
  const when = whenFormatter(i18n.language, recipient.timeZone ?? booking.timeZone);
  const { event, calendar } = eventAndFile(booking, kind, i18n, options);
  const client = `${booking.contact.firstName} ${booking.contact.lastName}`.trim() || booking.contact.email;

  const details = detailRows(kind, booking, i18n, when).filter((row) => row.label !== i18n.t("email.label.with"));
  const whoRows: Row[] = [
    { label: i18n.t("email.staff.label.client"), value: client },
    { label: i18n.t("email.staff.label.email"), value: booking.contact.email },
    ...(booking.contact.phone ? [{ label: i18n.t("email.staff.label.phone"), value: booking.contact.phone }] : []),
    ...(side?.notes ? [{ label: i18n.t("email.staff.label.notes"), value: side.notes }] : []),
    ...(side?.answers ?? []),
  ];
  const parts: Parts = {
    heading: i18n.t(`email.staff.heading.${kind}`),
    paragraphs: [
      i18n.t("email.greeting", { name: recipient.name || booking.businessName }),
      i18n.t(`email.staff.intro.${kind}`, { client }),
      ...(listsSeries(kind, booking) ? [seriesIntro(booking.series!.occurrences, i18n)] : []),
    ],
    details: [...whoRows, ...details],
    actions:
      side && isHttpUrl(side.bookingUrl) ? [{ label: i18n.t("email.staff.action.open"), url: side.bookingUrl }] : [],
    addToCalendar:
      calendar.method === "REQUEST" ? addToCalendarLinks(booking, event.summary, event.description, i18n) : [],
    addToCalendarTitle: i18n.t("email.addToCalendar"),
    calendarNote: i18n.t("email.calendar.ics"),
    footer: i18n.t("email.staff.footer", { businessName: booking.businessName }),
  };
  const subject = i18n.t(`email.staff.subject.${kind}`, {
    client,
    summary: event.summary,
    date: when.short(booking.startUtc),
  });
  return {
    subject,
    calendar,
    text: renderText(parts),
    html: renderHtml(parts, { language: i18n.language, subject, booking, options }),
  };
}

/** The event's texts in the reader's language and the calendar file built from them. */
/**
 * A reminder as a text message (issue 20): one short line in the visitor's language and zone, with
 * the manage link when there is one: the reminder e-mail's subject and its calendar event's manage
 * line, so the texts are the ones already translated. No calendar file, no HTML.
 */
export function renderReminderSms(message: NotificationMessage): string {
  const booking = message.booking;
  const i18n = serverI18n(booking.locale);
  const when = whenFormatter(i18n.language, booking.timeZone);
  const text = i18n.t("email.subject.booking_reminder", {
    summary: calendarEventText(booking, i18n).summary,
    date: when.short(booking.startUtc),
  });
  return booking.manageUrl ? `${text}. ${i18n.t("email.event.manage", { url: booking.manageUrl })}` : text;
}

function eventAndFile(booking: BookingSnapshot, kind: NotificationKind, i18n: ServerI18n, options: RenderOptions) {
  const event = calendarEventText(booking, i18n);
  const calendar = buildIcs(booking, {
    now: options.now,
    kind,
    text: event,
    fallbackOrganizerEmail: options.fallbackOrganizerEmail,
  });
  return { event, calendar };
}

interface Row {
  label: string;
  value: string;
  /** Shown struck through: the former time of a rescheduled booking. */
  isFormer?: boolean;
  /** The value is an address to open (a video call's location): a link in the HTML part. */
  isLink?: boolean;
}

interface Link {
  label: string;
  url: string;
}

interface Parts {
  heading: string;
  paragraphs: string[];
  details: Row[];
  actions: Link[];
  addToCalendar: Link[];
  addToCalendarTitle: string;
  calendarNote: string;
  footer: string;
}

function detailRows(kind: NotificationKind, booking: BookingSnapshot, i18n: ServerI18n, when: WhenFormatter): Row[] {
  const rows: Row[] = [];
  const what = [booking.calendarName, ...booking.serviceNames].join(" · ");
  rows.push({ label: i18n.t("email.label.what"), value: what });
  if (listsSeries(kind, booking)) rows.push(...seriesRows(booking.series!.occurrences, i18n, when));
  else rows.push({ label: i18n.t("email.label.when"), value: when.range(booking.startUtc, booking.endUtc) });
  if (kind === "booking_rescheduled" && booking.previousStartUtc) {
    rows.push({
      label: i18n.t("email.label.previousTime"),
      value: when.full(booking.previousStartUtc),
      isFormer: true,
    });
  }
  rows.push({ label: i18n.t("email.label.timeZone"), value: when.zoneLabel(booking.startUtc) });
  if (booking.location)
    rows.push({ label: i18n.t("email.label.where"), value: booking.location, isLink: isHttpUrl(booking.location) });
  const staffNames = booking.staff.map((s) => s.name).filter(Boolean);
  if (staffNames.length > 0) rows.push({ label: i18n.t("email.label.with"), value: staffNames.join(", ") });
  if (booking.resources?.length)
    rows.push({ label: i18n.t("email.label.resources"), value: booking.resources.join(", ") });
  const guestNames = booking.guests.map((g) => g.name).filter(Boolean);
  if (guestNames.length > 0) rows.push({ label: i18n.t("email.label.guests"), value: guestNames.join(", ") });
  if (booking.payment && !endsBooking(kind)) {
    const { paidMinor, totalMinor, currency } = booking.payment;
    const money = (minor: number) => formatMoney(minor, currency, i18n.language);
    if (booking.payment.held) rows.push({ label: i18n.t("email.label.held"), value: money(paidMinor) });
    else {
      rows.push({ label: i18n.t("email.label.paid"), value: money(paidMinor) });
      if (totalMinor > paidMinor)
        rows.push({ label: i18n.t("email.label.remaining"), value: money(totalMinor - paidMinor) });
    }
  }
  if (booking.price && !booking.payment && !endsBooking(kind) && booking.price.totalMinor > 0) {
    const { totalMinor, depositMinor, currency } = booking.price;
    rows.push({ label: i18n.t("email.label.price"), value: formatMoney(totalMinor, currency, i18n.language) });
    // Not paid online: the deposit the business asks for, of that price.
    if (depositMinor)
      rows.push({ label: i18n.t("email.label.deposit"), value: formatMoney(depositMinor, currency, i18n.language) });
  }
  if (booking.payment?.refundedMinor !== undefined && endsBooking(kind)) {
    const { refundedMinor, currency } = booking.payment;
    rows.push({ label: i18n.t("email.label.refunded"), value: formatMoney(refundedMinor, currency, i18n.language) });
  }
  if (
    (kind === "booking_cancelled" || kind === "request_declined" || kind === "request_withdrawn") &&
    booking.cancelReason
  ) {
    rows.push({ label: i18n.t("email.label.reason"), value: booking.cancelReason });
  }
  return rows;
}

/**
 * Whether the message lists a series' occurrences (issue 17): a series booked at once, or the rest
 * of a series cancelled at once (one cancellation message listing every cancelled date).
 */
function listsSeries(kind: NotificationKind, booking: BookingSnapshot): boolean {
  return (
    booking.series !== undefined && (!endsBooking(kind) || kind === "booking_cancelled" || kind === "request_withdrawn")
  );
}

/** "A series of 4 appointments, all booked." / "… 3 booked, 1 awaiting confirmation, …" / "These 3 … cancelled." */
function seriesIntro(occurrences: NonNullable<BookingSnapshot["series"]>["occurrences"], i18n: ServerI18n): string {
  const count = (status: string) => occurrences.filter((o) => o.status === status).length;
  if (occurrences.every((o) => o.status === "cancelled"))
    return i18n.t("email.series.cancelled", { count: occurrences.length });
  return i18n.t("email.series.intro", {
    count: occurrences.length,
    booked: count("confirmed"),
    requested: count("new"),
    notBooked: count("not_booked"),
  });
}

/** A series booked at once (issue 17): each occurrence on its own row, with what became of it. */
function seriesRows(
  occurrences: NonNullable<BookingSnapshot["series"]>["occurrences"],
  i18n: ServerI18n,
  when: WhenFormatter,
): Row[] {
  return occurrences.map((o, i) => {
    const time = o.endUtc ? when.range(o.startUtc, o.endUtc) : when.full(o.startUtc);
    const value =
      o.status === "not_booked"
        ? i18n.t("email.series.notBooked", { time })
        : o.status === "new"
          ? i18n.t("email.series.requested", { time })
          : time;
    return { label: i18n.t("email.series.occurrence", { number: i + 1 }), value, isFormer: o.status === "not_booked" };
  });
}

function actionLinks(kind: NotificationKind, booking: BookingSnapshot, i18n: ServerI18n): Link[] {
  if (kind === "payment_expired") {
    // The manage link's page without its token is the calendar's booking page, in the visitor's language.
    const bookingPage = booking.manageUrl && isHttpUrl(booking.manageUrl) ? new URL(booking.manageUrl) : null;
    if (!bookingPage) return [];
    bookingPage.search = "";
    bookingPage.hash = "";
    return [{ label: i18n.t("email.action.bookAgain"), url: bookingPage.toString() }];
  }
  if (endsBooking(kind)) return [];
  const links: Link[] = [];
  if (booking.manageUrl) links.push({ label: i18n.t("email.action.manage"), url: booking.manageUrl });
  if (booking.rescheduleUrl) links.push({ label: i18n.t("email.action.reschedule"), url: booking.rescheduleUrl });
  // A request is not a booking yet: the visitor withdraws it (the page the link opens says so too).
  const cancelLabel = kind === "request_received" ? "email.action.withdraw" : "email.action.cancel";
  if (booking.cancelUrl) links.push({ label: i18n.t(cancelLabel), url: booking.cancelUrl });
  return links.filter((l) => isHttpUrl(l.url));
}

/**
 * What a guest is told: the appointment and their own services — not the booker's links (they carry the
 * booker's manage token: whoever holds them can move or cancel everyone's booking), and not what the
 * booker paid. The guests stay listed: the calendar file names every attendee, this guest too.
 */
function guestView(booking: BookingSnapshot, guest: EmailRecipient): BookingSnapshot {
  const { payment: _payment, price: _price, ...shared } = booking;
  const address = guest.address.trim().toLowerCase();
  const index = booking.guests.findIndex((g) => g.email?.trim().toLowerCase() === address);
  const own = index >= 0 ? booking.attendeeServices?.[index + 1] : undefined;
  return {
    ...shared,
    manageUrl: null,
    rescheduleUrl: null,
    cancelUrl: null,
    ...(own ? { serviceNames: own.serviceNames } : {}),
  };
}

function addToCalendarLinks(booking: BookingSnapshot, title: string, details: string, i18n: ServerI18n): Link[] {
  // A request (status new) is not an appointment yet: the attached file marks it tentative, but Google's and
  // Outlook's links cannot, so they come with the confirmation.
  if (booking.status === "new") return [];
  // Apple/iCloud take the attached file; its download URL is not part of the snapshot.
  const event = { title, startUtc: booking.startUtc, endUtc: booking.endUtc, details, location: booking.location };
  return [
    { label: i18n.t("email.calendar.google"), url: googleCalendarUrl(event) },
    { label: i18n.t("email.calendar.office365"), url: office365CalendarUrl(event) },
    { label: i18n.t("email.calendar.outlook"), url: outlookLiveCalendarUrl(event) },
  ];
}

// ---- Dates ----------------------------------------------------------------------------------------

interface WhenFormatter {
  zone: string;
  /** "New York (Eastern Daylight Time)" at an instant, in the recipient's language. */
  zoneLabel(iso: string): string;
  /** "Jun 15, 2026, 10:30 AM": for subjects. */
  short(iso: string): string;
  /** "Monday, June 15, 2026 at 10:30 AM". */
  full(iso: string): string;
  /** "Monday, June 15, 2026, 10:30 – 11:15 AM" (the date once when both ends share it). */
  range(startIso: string, endIso: string): string;
}

/** Intl in the visitor's zone; 12- or 24-hour clock as the locale uses it (en-US 10:30 AM, de 10:30). */
function whenFormatter(language: string, timeZone: string): WhenFormatter {
  const zone = isTimeZone(timeZone) ? timeZone : "UTC";
  const short = new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short", timeZone: zone });
  const full = new Intl.DateTimeFormat(language, { dateStyle: "full", timeStyle: "short", timeZone: zone });
  return {
    zone,
    zoneLabel: (iso) => zoneLabel(zone, new Date(iso), language),
    short: (iso) => short.format(new Date(iso)),
    full: (iso) => full.format(new Date(iso)),
    range: (start, end) => full.formatRange(new Date(start), new Date(end)),
  };
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

// ---- Output ---------------------------------------------------------------------------------------

function renderText(parts: Parts): string {
  const lines = [parts.heading, "", ...parts.paragraphs.flatMap((p) => [p, ""])];
  for (const row of parts.details) lines.push(`${row.label}: ${row.value}`);
  if (parts.actions.length > 0) {
    lines.push("");
    for (const link of parts.actions) lines.push(`${link.label}: ${link.url}`);
  }
  if (parts.addToCalendar.length > 0) {
    lines.push("", `${parts.addToCalendarTitle}:`);
    for (const link of parts.addToCalendar) lines.push(`- ${link.label}: ${link.url}`);
    lines.push(parts.calendarNote);
  }
  lines.push("", "--", parts.footer, "");
  return lines.join("\n");
}

/**
 * The details table on a phone (390 px): a label may wrap ("Anzahlung (vom Preis)") and a long value
 * (an e-mail address, a video-call link) breaks anywhere instead of pushing the message wider than
 * the screen.
 */
const DETAIL_LABEL_STYLE = "text-align:left;vertical-align:top;padding:6px 16px 6px 0;color:#52525b;font-weight:600";
const DETAIL_VALUE_STYLE =
  "vertical-align:top;padding:6px 0;color:#18181b;overflow-wrap:anywhere;word-break:break-word";

/** A row's value: struck through when former; a link for a video call's address ("Where"). */
function detailValueHtml(row: Row, accent: string): string {
  const e = escapeHtml;
  if (row.isFormer) return `<s>${e(row.value)}</s>`;
  if (row.isLink) return `<a href="${e(row.value)}" style="color:${accent}">${e(row.value)}</a>`;
  return e(row.value);
}

function renderHtml(
  parts: Parts,
  about: { language: string; subject: string; booking: BookingSnapshot; options: RenderOptions },
): string {
  const e = escapeHtml;
  const brand = about.options.brand ?? null;
  const colours = emailColours(brand);
  const { accent } = colours;
  const rows = parts.details
    .map(
      (row) =>
        `<tr><th scope="row" style="${DETAIL_LABEL_STYLE}">${e(row.label)}</th>` +
        `<td style="${DETAIL_VALUE_STYLE}">${detailValueHtml(row, accent)}</td></tr>`,
    )
    .join("");
  const actions = parts.actions.map((link) => emailButton(link.url, link.label, colours)).join("");
  const calendar =
    parts.addToCalendar.length > 0
      ? `<h2 style="font-size:16px;margin:24px 0 8px">${e(parts.addToCalendarTitle)}</h2><ul style="margin:0 0 8px;padding-left:20px">${parts.addToCalendar
          .map((link) => `<li><a href="${e(link.url)}" style="color:${accent}">${e(link.label)}</a></li>`)
          .join("")}</ul><p style="margin:0;color:#52525b;font-size:14px">${e(parts.calendarNote)}</p>`
      : "";
  return brandedEmailHtml({
    language: about.language,
    subject: about.subject,
    businessName: about.booking.businessName,
    brand,
    body: [
      `<h1 style="font-size:22px;line-height:1.3;margin:0 0 16px">${e(parts.heading)}</h1>`,
      ...parts.paragraphs.map((p) => `<p style="margin:0 0 12px">${e(p)}</p>`),
      `<table style="border-collapse:collapse;margin:16px 0">${rows}</table>`,
      actions ? `<p style="margin:16px 0">${actions}</p>` : "",
      calendar,
    ],
    footer: parts.footer,
  });
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

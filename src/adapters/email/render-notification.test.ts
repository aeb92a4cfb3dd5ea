import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { bookingSnapshot, notification } from "../../../tests/support/booking-snapshot.ts";
import {
  isScheduledKind,
  isVisitorOnlyKind,
  NOTIFICATION_KINDS,
  type NotificationKind,
} from "../../core/notifications/notification.ts";
import { notificationRecipients, renderNotification, type EmailRecipient } from "./render-notification.ts";

const options = { now: new Date("2026-06-01T09:00:00.000Z"), fallbackOrganizerEmail: "bookings@localhost" };
/** Intl separates times with thin and narrow no-break spaces; compare with plain spaces. */
function plain(value: string): string {
  return value.replace(/[\u2009\u202f\u00a0]/g, " ");
}

const ada: EmailRecipient = { name: "Ada Visitor", address: "ada@visitor.example.com", role: "contact" };

const expected: Record<NotificationKind, { subject: string; heading: string; method: "REQUEST" | "CANCEL" }> = {
  booking_confirmed: { subject: "Booking confirmed: ", heading: "Your appointment is confirmed", method: "REQUEST" },
  request_received: { subject: "Appointment requested: ", heading: "Appointment requested", method: "REQUEST" },
  request_confirmed: { subject: "Request confirmed: ", heading: "Your request has been confirmed", method: "REQUEST" },
  request_declined: { subject: "Request declined: ", heading: "Your request has been declined", method: "CANCEL" },
  request_withdrawn: { subject: "Request withdrawn: ", heading: "Your request has been withdrawn", method: "CANCEL" },
  booking_rescheduled: {
    subject: "Booking rescheduled: ",
    heading: "Your appointment has been rescheduled",
    method: "REQUEST",
  },
  booking_cancelled: {
    subject: "Booking cancelled: ",
    heading: "Your appointment has been cancelled",
    method: "CANCEL",
  },
  payment_refunded: { subject: "Payment refunded: ", heading: "Your payment has been refunded", method: "CANCEL" },
  booking_reminder: { subject: "Reminder: ", heading: "Your appointment is coming up", method: "REQUEST" },
  booking_follow_up: { subject: "Thank you for your visit: ", heading: "Thank you for your visit", method: "REQUEST" },
  payment_expired: {
    subject: "Not booked, payment not completed: ",
    heading: "Your appointment was not booked",
    method: "CANCEL",
  },
};
/** Every kind that carries the appointment into a calendar (not the follow-up, nor an expired payment). */
const WITH_CALENDAR = NOTIFICATION_KINDS.filter((kind) => !isVisitorOnlyKind(kind));
const STAFF_KINDS = NOTIFICATION_KINDS.filter((kind) => !isScheduledKind(kind) && !isVisitorOnlyKind(kind));

describe("renderNotification", () => {
  it.each(WITH_CALENDAR)("%s: subject, heading, both parts and the calendar file", (kind) => {
    const email = renderNotification(notification(kind), ada, options);
    expect(plain(email.subject)).toBe(
      `${expected[kind].subject}Initial assessment with Harbour Physio, Jun 15, 2026, 10:30 AM`,
    );
    expect(email.html).toContain(
      `<h1 style="font-size:22px;line-height:1.3;margin:0 0 16px">${expected[kind].heading}</h1>`,
    );
    expect(email.html).toContain('<html lang="en-US">');
    expect(email.text.startsWith(`${expected[kind].heading}\n`)).toBe(true);
    expect(email.text).toContain("Hello Ada Visitor,");
    expect(plain(email.text)).toContain("When: Monday, June 15, 2026, 10:30 – 11:15 AM");
    // The zone by its city and its name at the appointment, not its IANA id.
    expect(email.text).toContain("Time zone: New York (Eastern Daylight Time)");
    expect(email.calendar!.method).toBe(expected[kind].method);
    expect(new ICAL.Component(ICAL.parse(email.calendar!.content)).getFirstPropertyValue("method")).toBe(
      expected[kind].method,
    );
    const hasManageLinks = expected[kind].method === "REQUEST";
    expect(email.html.includes('href="https://book.example.com/manage/tok123"')).toBe(hasManageLinks);
    // Web calendar links only for an appointment (a request's file is tentative; the links cannot say so).
    expect(email.text.includes("https://calendar.google.com/calendar/render?action=TEMPLATE")).toBe(
      hasManageLinks && kind !== "request_received",
    );
  });

  it("the follow-up thanks the visitor, with no calendar file, no links to change a past appointment", () => {
    const email = renderNotification(notification("booking_follow_up"), ada, options);
    expect(plain(email.subject)).toBe("Thank you for your visit: Initial assessment with Harbour Physio");
    expect(email.text).toContain("Thank you for your appointment with Harbour Physio. We hope to see you again soon.");
    expect(email.calendar).toBeUndefined();
    expect(email.html).not.toContain("tok123");
    expect(email.text).not.toContain("calendar.google.com");
  });

  it("an expired payment tells the visitor nothing was booked, with a way back to the booking page and no calendar file", () => {
    const email = renderNotification(
      notification("payment_expired", {
        manageUrl: "https://book.example.com/de/widget/booking/cal-1?manage=1&token=tok123",
      }),
      ada,
      options,
    );
    expect(plain(email.subject)).toBe(
      "Not booked, payment not completed: Initial assessment with Harbour Physio, Jun 15, 2026, 10:30 AM",
    );
    expect(email.text).toContain("has been released because the payment was not completed in time");
    expect(email.text).toContain("Choose a time again: https://book.example.com/de/widget/booking/cal-1\n");
    expect(email.html).toContain('href="https://book.example.com/de/widget/booking/cal-1"');
    expect(email.html + email.text).not.toContain("tok123");
    expect(email.text).not.toMatch(/Paid:|Remaining:/);
    expect(email.calendar).toBeUndefined();
    expect(email.text).not.toContain("calendar.google.com");
    const german = renderNotification(notification("payment_expired", { locale: "de" }), ada, options);
    expect(german.text).toContain("weil die Zahlung nicht rechtzeitig abgeschlossen wurde");
  });

  it("reminders go to the visitor and guests, the follow-up to the visitor only, neither to staff", () => {
    const roles = (kind: NotificationKind) =>
      notificationRecipients(notification(kind).booking, kind).map((r) => r.role);
    expect(roles("booking_confirmed")).toEqual(["contact", "guest", "staff"]);
    expect(roles("booking_reminder")).toEqual(["contact", "guest"]);
    expect(roles("booking_follow_up")).toEqual(["contact"]);
    expect(roles("payment_expired")).toEqual(["contact"]);
  });

  it("a refund of money that came too late goes to the visitor who paid and the team, not to guests", () => {
    // The booking never happened, so guests were never told of it: "Your payment has been refunded"
    // and a cancelled calendar entry would be news to them about money they never paid.
    const roles = notificationRecipients(notification("payment_refunded").booking, "payment_refunded").map(
      (r) => r.role,
    );
    expect(roles).toEqual(["contact", "staff"]);
  });

  it("names the rooms and equipment the booking holds (issue 21)", () => {
    const message = notification("booking_confirmed");
    const email = renderNotification(
      { ...message, booking: { ...message.booking, resources: ["Room 2", "Ultrasound"] } },
      ada,
      options,
    );
    expect(email.text).toContain("Room and equipment: Room 2, Ultrasound");
    expect(email.html).toContain("Room 2, Ultrasound");
    expect(renderNotification(message, ada, options).text).not.toContain("Room and equipment");
  });

  it("shows the price and, not paid online, the deposit asked of it (issue 24)", () => {
    const message = notification("booking_confirmed");
    const priced = (price: NonNullable<typeof message.booking.price>) => ({
      ...message,
      booking: { ...message.booking, price },
    });
    const german = priced({ totalMinor: 7200, depositMinor: 1440, currency: "EUR" });
    const email = renderNotification({ ...german, booking: { ...german.booking, locale: "de" } }, ada, options);
    expect(plain(email.text)).toContain("Preis: 72,00 €");
    expect(plain(email.text)).toContain("Anzahlung (vom Preis): 14,40 €");
    expect(plain(email.html)).toContain("14,40 €");
    const noDeposit = renderNotification(priced({ totalMinor: 7200, currency: "EUR" }), ada, options);
    expect(noDeposit.text).toContain("Price: €72.00");
    expect(noDeposit.text).not.toContain("Deposit");
  });

  it("a series is one email listing every occurrence, with one calendar file holding each booked one (issue 17)", () => {
    const week = 7 * 24 * 3_600_000;
    const at = (k: number, m = 0) =>
      new Date(Date.parse("2026-06-15T14:30:00.000Z") + k * week + m * 60_000).toISOString();
    const occurrences = [0, 1, 2, 3].map((k) => ({
      bookingId: k === 3 ? null : `b${k}`,
      uid: k === 3 ? null : `b${k}@booking-widget`,
      sequence: 0,
      status: k === 2 ? ("new" as const) : k === 3 ? ("not_booked" as const) : ("confirmed" as const),
      startUtc: at(k),
      endUtc: k === 3 ? null : at(k, 45),
    }));
    const message = notification("booking_confirmed", { series: { occurrences } });
    const email = renderNotification(message, ada, options);
    const text = plain(email.text);
    expect(text).toContain("Appointments in this series: 4. Each one is listed below.");
    expect(text).toContain("Appointment 1: Monday, June 15, 2026, 10:30 – 11:15 AM");
    expect(text).toContain("Appointment 2: Monday, June 22, 2026, 10:30 – 11:15 AM");
    expect(text).toContain("Appointment 3: Monday, June 29, 2026, 10:30 – 11:15 AM (request: awaiting confirmation)");
    expect(text).toContain("Appointment 4: Monday, July 6, 2026 at 10:30 AM (not booked: this time was taken)");
    expect(text).not.toContain("When:");
    const calendar = new ICAL.Component(ICAL.parse(email.calendar!.content));
    expect(calendar.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v).uid)).toEqual([
      "b0@booking-widget",
      "b1@booking-widget",
      "b2@booking-widget",
    ]);
    // Staff get the same list, in their copy.
    const staff = renderNotification(
      message,
      { name: "Dana", address: "dana@harbour.example.com", role: "staff" },
      options,
    );
    expect(plain(staff.text)).toContain(
      "Appointment 4: Monday, July 6, 2026 at 10:30 AM (not booked: this time was taken)",
    );
  });

  it("request_received says the business will get in touch, and how", () => {
    const email = renderNotification(notification("request_received"), ada, options);
    expect(email.text).toContain("We will contact you shortly to confirm your request.");
    expect(email.text).toContain("How we will contact you: Phone call to +1 555 0100");
    expect(email.html).toContain("How we will contact you: Phone call to +1 555 0100");
    // Not booked yet: the visitor withdraws the request, as the page the link opens says.
    expect(email.text).toContain("Withdraw request: https://book.example.com/manage/tok123/cancel");
    expect(email.text).not.toContain("Cancel booking:");
    // The business gets in touch with the booker: a guest is not told "we will call you".
    const guest: EmailRecipient = { name: "Grace Guest", address: "grace@guest.example.com", role: "guest" };
    expect(renderNotification(notification("request_received"), guest, options).text).not.toContain(
      "How we will contact you",
    );
    // Not an appointment yet: the attached file says tentative; no Google or Outlook link says confirmed.
    expect(email.html).not.toContain("calendar.google.com");
    expect(email.html).not.toContain("outlook.");
    expect(email.text).not.toContain("calendar.google.com");
  });

  it("booking_rescheduled shows the former time; booking_cancelled the reason", () => {
    const moved = renderNotification(notification("booking_rescheduled"), ada, options);
    expect(plain(moved.text)).toContain("Former time: Friday, June 12, 2026 at 9:00 AM");
    expect(plain(moved.html)).toContain("<s>Friday, June 12, 2026 at 9:00 AM</s>");
    const cancelled = renderNotification(notification("booking_cancelled"), ada, options);
    expect(cancelled.text).toContain("Reason: Therapist is ill");
    expect(cancelled.html).toContain("Therapist is ill");
  });

  it("escapes user data in the HTML and keeps it verbatim in the text", () => {
    const message = notification("booking_confirmed", {
      businessName: `<script>alert("x")</script>`,
      location: `Rue "A" & <b>B</b>`,
      cancelReason: null,
    });
    const email = renderNotification(message, { ...ada, name: "<img src=x onerror=alert(1)>" }, options);
    expect(email.html).not.toMatch(/<script|<img|<b>/);
    expect(email.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(email.html).toContain("Rue &quot;A&quot; &amp; &lt;b&gt;B&lt;/b&gt;");
    expect(email.text).toContain(`Where: Rue "A" & <b>B</b>`);
  });

  it("leaves out links that are not http(s)", () => {
    const email = renderNotification(
      notification("booking_confirmed", { manageUrl: "javascript:alert(1)" }),
      ada,
      options,
    );
    expect(email.html).not.toContain("javascript:");
  });

  it("formats times in the visitor's zone and by the locale's clock convention", () => {
    const kathmandu = renderNotification(
      notification("booking_confirmed", {
        startUtc: "2026-06-15T04:15:00.000Z",
        endUtc: "2026-06-15T04:45:00.000Z",
        timeZone: "Asia/Kathmandu",
      }),
      ada,
      options,
    );
    expect(plain(kathmandu.text)).toContain("When: Monday, June 15, 2026, 10:00 – 10:30 AM");
    // German uses the 24-hour clock; messages fall back to English where the catalogue has no German yet.
    const german = renderNotification(
      notification("booking_confirmed", { locale: "de", timeZone: "Europe/Berlin" }),
      ada,
      options,
    );
    expect(german.html).toContain('<html lang="de-DE">');
    expect(plain(german.text)).toMatch(/Montag, 15\. Juni 2026, 16:30\s*–\s*17:15/);
    expect(german.text).not.toMatch(/\b(AM|PM)\b/);
    // An unknown locale or zone still renders (en, UTC) instead of failing the delivery.
    const odd = renderNotification(
      notification("booking_confirmed", { locale: "xx", timeZone: "Mars/Olympus" }),
      ada,
      options,
    );
    expect(plain(odd.text)).toContain("When: Monday, June 15, 2026, 2:30 – 3:15 PM");
    expect(odd.text).toContain("Time zone: UTC (Coordinated Universal Time)");
  });

  it("names the zone by its city as the recipient's language does, and its name on the appointment's day", () => {
    const text = (locale: string, timeZone: string, startUtc = "2026-06-15T14:30:00.000Z") =>
      renderNotification(
        notification("booking_confirmed", { locale, timeZone, startUtc, endUtc: startUtc }),
        ada,
        options,
      ).text;
    expect(text("pl", "Europe/Warsaw")).toContain("Strefa czasowa: Warszawa (czas środkowoeuropejski letni)");
    expect(text("de", "Europe/Vienna")).toContain("Zeitzone: Wien (Mitteleuropäische Sommerzeit)");
    // In winter the same zone has its standard name.
    expect(text("de", "Europe/Vienna", "2026-12-15T14:30:00.000Z")).toContain(
      "Zeitzone: Wien (Mitteleuropäische Normalzeit)",
    );
    expect(text("en", "Asia/Kathmandu")).toContain("Time zone: Kathmandu (Nepal Time)");
  });

  it("greets each recipient by name", () => {
    const staff = renderNotification(
      notification("booking_confirmed"),
      { name: "Dana Staff", address: "dana@harbour.example.com", role: "staff" },
      options,
    );
    expect(staff.text).toContain("Hello Dana Staff,");
  });
});

describe("a guest's copy", () => {
  const grace: EmailRecipient = { name: "Grace Guest", address: "grace@guest.example.com", role: "guest" };
  const withCarts = (kind: NotificationKind) =>
    notification(kind, {
      serviceNames: ["Haircut", "Manicure"],
      attendeeServices: [
        { name: null, serviceNames: ["Haircut"] },
        { name: "Grace Guest", serviceNames: ["Manicure"] },
        { name: "No Mail Guest", serviceNames: ["Haircut"] },
      ],
      payment: { paidMinor: 7000, totalMinor: 7000, currency: "EUR" },
    });

  it.each(["booking_confirmed", "booking_rescheduled", "booking_reminder", "booking_cancelled"] as const)(
    "%s: carries none of the booker's links or token (they move or cancel everyone's booking), not even in the calendar file",
    (kind) => {
      const email = renderNotification(withCarts(kind), grace, options);
      for (const part of [email.html, email.text, email.calendar?.content ?? ""]) {
        expect(part).not.toContain("tok123");
        expect(part).not.toContain("book.example.com/manage");
      }
      expect(email.text).toContain("Hello Grace Guest,");
      // The booker's copy of the same message does carry them (a cancellation has nothing left to change).
      if (kind !== "booking_cancelled")
        expect(renderNotification(withCarts(kind), ada, options).text).toContain("tok123");
    },
  );

  it("names the guest's own services, not what the booker paid", () => {
    const email = plain(renderNotification(withCarts("booking_confirmed"), grace, options).text);
    expect(email).toContain("Initial assessment · Manicure");
    expect(email).not.toContain("Haircut");
    expect(email).not.toContain("70.00");
  });
});

describe("notificationRecipients", () => {
  it("is the visitor, guests with an email and staff, each address once", () => {
    const booking = bookingSnapshot({
      staff: [
        { name: "Dana Staff", email: "dana@harbour.example.com" },
        { name: "Dana again", email: "DANA@harbour.example.com" },
        { name: "No email", email: null },
      ],
    });
    expect(notificationRecipients(booking)).toEqual([
      { name: "Ada Visitor", address: "ada@visitor.example.com", role: "contact" },
      { name: "Grace Guest", address: "grace@guest.example.com", role: "guest" },
      { name: "Dana Staff", address: "dana@harbour.example.com", role: "staff" },
    ]);
  });
});

describe("the staff copy (issue 23)", () => {
  const staffBooking = (kind: NotificationKind) => {
    const message = notification(kind);
    return {
      ...message,
      booking: {
        ...message.booking,
        staff: [{ name: "Dana Staff", email: "dana@harbour.example.com", timeZone: "Europe/Berlin" }],
        businessSide: {
          locale: "de",
          notes: "Knee hurts since May",
          answers: [{ label: "Insurance", value: "Private" }],
          bookingUrl: "https://book.example.com/console?view=week&start=2026-06-15&q=ada%40visitor.example.com",
        },
      },
    };
  };
  const dana: EmailRecipient = {
    name: "Dana Staff",
    address: "dana@harbour.example.com",
    role: "staff",
    timeZone: "Europe/Berlin",
  };

  // Staff never receive reminders or the follow-up (notificationRecipients).
  it.each(STAFF_KINDS)("%s: names the client, in the business's language and the staff's zone", (kind) => {
    const email = renderNotification(staffBooking(kind), dana, options);
    expect(email.html).toContain('<html lang="de-DE">');
    expect(email.subject).toContain("Ada Visitor");
    expect(email.text).toContain("Kunde: Ada Visitor");
    expect(email.text).toContain("E-Mail: ada@visitor.example.com");
    expect(email.text).toContain("Telefon: +1 555 0100");
    expect(email.text).toContain("Anmerkungen: Knee hurts since May");
    expect(email.text).toContain("Insurance: Private");
    expect(email.text).toContain("Zeitzone: Berlin (Mitteleuropäische Sommerzeit)");
    expect(plain(email.text)).toContain("16:30"); // 10:30 in New York is 16:30 in Berlin
    expect(email.text).not.toContain("Hello Ada");
    expect(email.text).not.toContain("We will contact you shortly");
  });

  it.each(STAFF_KINDS)("%s: carries none of the visitor's secrets, not even in the calendar file", (kind) => {
    const email = renderNotification(staffBooking(kind), dana, options);
    for (const part of [email.html, email.text, email.calendar?.content ?? ""]) expect(part).not.toContain("tok123");
  });

  it("asks staff to confirm or decline a request, with a link to the booking", () => {
    const email = renderNotification(staffBooking("request_received"), dana, options);
    expect(email.text).toContain("bestätigen oder ablehnen");
    expect(email.text).toContain(
      "Buchung in der Buchungskonsole öffnen: https://book.example.com/console?view=week&start=2026-06-15&q=ada%40visitor.example.com",
    );
  });

  it("a video call's address (the location) is a link to join, not plain text", () => {
    const message = notification("booking_confirmed", { location: "https://meet.example.com/anna?room=1&x=2" });
    const email = renderNotification(message, ada, options);
    expect(email.html).toContain(
      '<a href="https://meet.example.com/anna?room=1&amp;x=2" style="color:#1d4ed8">https://meet.example.com/anna?room=1&amp;x=2</a>',
    );
    // A street address stays text, and so does a link the visitor wrote in their notes (staff copy).
    expect(renderNotification(notification("booking_confirmed"), ada, options).html).not.toContain('<a href="12 Quay');
    const noted = staffBooking("booking_confirmed");
    noted.booking.businessSide = { ...noted.booking.businessSide, notes: "https://evil.example/x" };
    expect(renderNotification(noted, dana, options).html).not.toContain('<a href="https://evil.example');
  });

  it("on a phone, long values (an e-mail address, a link) wrap instead of widening the message", () => {
    const email = renderNotification(staffBooking("booking_confirmed"), dana, options);
    const cells = [...email.html.matchAll(/<td style="([^"]*)">/g)].map((m) => m[1]);
    expect(cells.length).toBeGreaterThan(5);
    for (const style of cells) expect(style).toContain("overflow-wrap:anywhere");
    expect(email.html).not.toMatch(/<th [^>]*white-space:nowrap/);
  });

  it("staff are recipients with their own zone", () => {
    const recipients = notificationRecipients(staffBooking("booking_confirmed").booking);
    expect(recipients.find((r) => r.role === "staff")).toMatchObject({ timeZone: "Europe/Berlin" });
  });
});

describe("a branded email (ADR 0049)", () => {
  const brand = {
    logo: {
      src: "https://book.example.com/images/0b5cad00-0000-4000-8000-000000000001/320.webp",
      width: 80,
      height: 40,
    },
    brandColour: "#ffd400",
  };

  it("is headed by the business's logo, named by the business, with buttons in its colour made readable", () => {
    const html = renderNotification(notification("booking_confirmed"), ada, { ...options, brand }).html;
    const name = bookingSnapshot().businessName;
    expect(html).toContain(`<img src="${brand.logo.src}" width="80" height="40" alt="${name}"`);
    // #ffd400 fails 4.5:1 on white: the buttons and links carry its darkened shade, never the raw yellow.
    expect(html).not.toContain("#ffd400");
    expect(html).not.toContain("#1d4ed8");
  });

  it("without branding is headed by the business's name in the product's blue", () => {
    const html = renderNotification(notification("booking_confirmed"), ada, options).html;
    expect(html).toContain(`color:#1d4ed8">${bookingSnapshot().businessName}</p>`);
    expect(html).not.toContain("<img");
  });
});

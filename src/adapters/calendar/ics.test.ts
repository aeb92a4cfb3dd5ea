import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { bookingSnapshot, notification } from "../../../tests/support/booking-snapshot.ts";
import type { BookingSnapshot, NotificationKind } from "../../core/notifications/notification.ts";
import { localDateTimeToEpochMs, type LocalDate } from "../../core/shared/time.ts";
import { serverI18n } from "../../i18n/server-i18n.ts";
import { buildIcs, calendarEventText, icsMethodFor } from "./ics.ts";

const NOW = new Date("2026-06-01T09:00:00.000Z");

function build(booking: BookingSnapshot, kind?: NotificationKind) {
  return buildIcs(booking, {
    now: NOW,
    ...(kind ? { kind } : {}),
    text: calendarEventText(booking, serverI18n(booking.locale)),
    fallbackOrganizerEmail: "bookings@localhost",
  });
}

function parse(content: string) {
  const calendar = new ICAL.Component(ICAL.parse(content));
  const vevent = calendar.getFirstSubcomponent("vevent");
  if (!vevent) throw new Error("no VEVENT");
  return { calendar, vevent, event: new ICAL.Event(vevent) };
}

/** The URI scheme is case-insensitive (RFC 3986 §3.1); ical-generator writes attendees as MAILTO:. */
function calAddress(value: unknown): string {
  return String(value).replace(/^mailto:/i, "mailto:");
}

function localToIso(date: LocalDate, hour: number, minute: number, zone: string): string {
  return new Date(localDateTimeToEpochMs(date, hour * 60 + minute, zone)).toISOString();
}

describe("buildIcs", () => {
  it("writes a REQUEST with a stable UID, SEQUENCE, UTC times, organizer and attendees", () => {
    const booking = bookingSnapshot({ sequence: 3 });
    const file = build(booking);
    const { calendar, vevent, event } = parse(file.content);

    expect(file.method).toBe("REQUEST");
    expect(file.filename).toBe("invite.ics");
    expect(calendar.getFirstPropertyValue("method")).toBe("REQUEST");
    expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
    expect(event.uid).toBe(booking.uid);
    expect(event.sequence).toBe(3);
    expect(vevent.getFirstPropertyValue("status")).toBe("CONFIRMED");
    expect(event.summary).toBe("Initial assessment with Harbour Physio");
    expect(event.location).toBe("12 Quay Street, Suite 4");
    expect(event.description).toContain("Manage your booking: https://book.example.com/manage/tok123");
    expect(event.description).toContain("Cancel: https://book.example.com/manage/tok123/cancel");

    expect(file.content).toContain("\r\nDTSTART:20260615T143000Z\r\n");
    expect(file.content).toContain("\r\nDTEND:20260615T151500Z\r\n");
    expect(file.content).toContain("\r\nDTSTAMP:20260601T090000Z\r\n");
    expect(event.startDate.toJSDate().toISOString()).toBe(booking.startUtc);
    expect(event.endDate.toJSDate().toISOString()).toBe(booking.endUtc);
    expect(event.startDate.zone?.tzid).toBe("UTC");

    const organizer = vevent.getFirstProperty("organizer");
    expect(organizer?.getFirstValue()).toBe("mailto:desk@harbour.example.com");
    expect(organizer?.getParameter("cn")).toBe("Harbour Physio");

    const attendees = event.attendees.map((a) => ({
      address: calAddress(a.getFirstValue()),
      cn: a.getParameter("cn"),
      role: a.getParameter("role"),
      partstat: a.getParameter("partstat"),
      rsvp: a.getParameter("rsvp"),
    }));
    expect(attendees).toEqual([
      {
        address: "mailto:ada@visitor.example.com",
        cn: "Ada Visitor",
        role: "REQ-PARTICIPANT",
        partstat: "ACCEPTED",
        rsvp: "FALSE",
      },
      {
        address: "mailto:grace@guest.example.com",
        cn: "Grace Guest",
        role: "OPT-PARTICIPANT",
        partstat: "NEEDS-ACTION",
        rsvp: "TRUE",
      },
      {
        address: "mailto:dana@harbour.example.com",
        cn: "Dana Staff",
        role: "CHAIR",
        partstat: "ACCEPTED",
        rsvp: "FALSE",
      },
    ]);
  });

  it("marks a request (status new) tentative", () => {
    const { booking } = notification("request_received");
    const { vevent, event } = parse(build(booking, "request_received").content);
    expect(vevent.getFirstPropertyValue("status")).toBe("TENTATIVE");
    expect(event.attendees[0]?.getParameter("partstat")).toBe("TENTATIVE");
  });

  it.each(["booking_cancelled", "request_declined"] as const)(
    "%s writes METHOD:CANCEL and STATUS:CANCELLED with the same UID",
    (kind) => {
      const { booking } = notification(kind);
      const file = build(booking, kind);
      const { calendar, vevent, event } = parse(file.content);
      expect(file.method).toBe("CANCEL");
      expect(calendar.getFirstPropertyValue("method")).toBe("CANCEL");
      expect(vevent.getFirstPropertyValue("status")).toBe("CANCELLED");
      expect(event.uid).toBe(booking.uid);
      expect(event.sequence).toBe(booking.sequence);
    },
  );

  it("chooses the method from the kind as well as the status", () => {
    expect(icsMethodFor({ status: "new" }, "request_declined")).toBe("CANCEL");
    expect(icsMethodFor({ status: "confirmed" }, "booking_rescheduled")).toBe("REQUEST");
    expect(icsMethodFor({ status: "cancelled" })).toBe("CANCEL");
  });

  it("escapes , ; \\ and newlines in TEXT values and survives quotes in names", () => {
    const booking = bookingSnapshot({
      businessName: "Smith, Jones; Partners \\ Co",
      calendarName: "Check-up",
      location: "Floor 2; Room 5\nBack entrance, left",
      organizer: { name: 'The "Best" Clinic', email: "desk@harbour.example.com" },
      contact: { firstName: "Zoë", lastName: "O'Brien, Jr.", email: "zoe@visitor.example.com", phone: null },
    });
    const file = build(booking);
    expect(file.content).toContain("SUMMARY:Check-up with Smith\\, Jones\\; Partners \\\\ Co\r\n");
    expect(file.content).toContain("LOCATION:Floor 2\\; Room 5\\nBack entrance\\, left\r\n");
    const { vevent, event } = parse(file.content);
    expect(event.summary).toBe("Check-up with Smith, Jones; Partners \\ Co");
    expect(event.location).toBe("Floor 2; Room 5\nBack entrance, left");
    expect(vevent.getFirstProperty("organizer")?.getParameter("cn")).toBe("The 'Best' Clinic");
    expect(event.attendees[0]?.getParameter("cn")).toBe("Zoë O'Brien, Jr.");
  });

  it("folds long lines at 75 octets without splitting multi-byte characters, with CRLF everywhere", () => {
    const booking = bookingSnapshot({
      calendarName: "Massage ".repeat(6) + "élégante 💆 ".repeat(12),
      serviceNames: ["Deep tissue (90 minutes)", "Hot stones", "Aromatherapy ünd mehr"],
      location: "Ørestads Boulevard 114, 2300 København S, Danmark — ask at the reception desk on the ground floor",
    });
    const file = build(booking);
    expect(file.content.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(file.content.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    const lines = file.content.split("\r\n");
    for (const line of lines) expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
    expect(lines.some((line) => line.startsWith(" "))).toBe(true);
    expect(file.content).not.toContain("\uFFFD");
    const { event } = parse(file.content);
    expect(event.summary).toBe(`${booking.calendarName} with Harbour Physio`);
    expect(event.location).toBe(booking.location);
    expect(event.description).toContain("Services: Deep tissue (90 minutes), Hot stones, Aromatherapy ünd mehr");
  });

  it("keeps the instants of a booking that crosses the spring-forward gap (Europe/Berlin)", () => {
    // 01:30 CET → 03:30 CEST on 2026-03-29 is one hour, not two.
    const startUtc = localToIso("2026-03-29", 1, 30, "Europe/Berlin");
    const endUtc = localToIso("2026-03-29", 3, 30, "Europe/Berlin");
    expect([startUtc, endUtc]).toEqual(["2026-03-29T00:30:00.000Z", "2026-03-29T01:30:00.000Z"]);
    const booking = bookingSnapshot({ startUtc, endUtc, timeZone: "Europe/Berlin" });
    const file = build(booking);
    expect(file.content).toContain("DTSTART:20260329T003000Z\r\n");
    expect(file.content).toContain("DTEND:20260329T013000Z\r\n");
    const { event } = parse(file.content);
    expect(event.duration.toSeconds()).toBe(3600);
    expect(event.startDate.toJSDate().toISOString()).toBe(startUtc);
  });

  it("keeps the instants of a booking in a +05:45 zone (Asia/Kathmandu)", () => {
    const startUtc = localToIso("2026-06-15", 10, 0, "Asia/Kathmandu");
    const endUtc = localToIso("2026-06-15", 10, 30, "Asia/Kathmandu");
    expect(startUtc).toBe("2026-06-15T04:15:00.000Z");
    const file = build(bookingSnapshot({ startUtc, endUtc, timeZone: "Asia/Kathmandu" }));
    expect(file.content).toContain("DTSTART:20260615T041500Z\r\n");
    expect(file.content).toContain("DTEND:20260615T044500Z\r\n");
    expect(file.content).not.toContain("VTIMEZONE");
    expect(parse(file.content).event.endDate.toJSDate().toISOString()).toBe(endUtc);
  });

  it("falls back to the configured address when the organizer has no email, and skips attendees without one", () => {
    const booking = bookingSnapshot({
      organizer: { name: "", email: null },
      staff: [{ name: "Off-line", email: null }],
      guests: [],
    });
    const { vevent, event } = parse(build(booking).content);
    expect(vevent.getFirstProperty("organizer")?.getFirstValue()).toBe("mailto:bookings@localhost");
    expect(vevent.getFirstProperty("organizer")?.getParameter("cn")).toBe("Harbour Physio");
    expect(event.attendees.map((a) => calAddress(a.getFirstValue()))).toEqual(["mailto:ada@visitor.example.com"]);
  });

  it("puts every booked occurrence of a series in one file, each under its own UID (issue 17)", () => {
    const week = 7 * 24 * 3_600_000;
    const at = (k: number, h = 0) => new Date(Date.parse("2026-06-15T14:30:00.000Z") + k * week + h).toISOString();
    const occ = (k: number, status: "confirmed" | "new" | "not_booked") => ({
      bookingId: status === "not_booked" ? null : `b${k}`,
      uid: status === "not_booked" ? null : `b${k}@booking-widget`,
      sequence: 0,
      status,
      startUtc: at(k),
      endUtc: status === "not_booked" ? null : at(k, 45 * 60_000),
    });
    const booking = bookingSnapshot({
      series: { occurrences: [occ(0, "confirmed"), occ(1, "confirmed"), occ(2, "new"), occ(3, "not_booked")] },
    });
    const calendar = new ICAL.Component(ICAL.parse(build(booking, "booking_confirmed").content));
    const events = calendar.getAllSubcomponents("vevent").map((v) => ({ v, e: new ICAL.Event(v) }));
    expect(events.map(({ e }) => e.uid)).toEqual(["b0@booking-widget", "b1@booking-widget", "b2@booking-widget"]);
    expect(events.map(({ e }) => e.startDate.toJSDate().toISOString())).toEqual([at(0), at(1), at(2)]);
    expect(events.map(({ v }) => v.getFirstPropertyValue("status"))).toEqual(["CONFIRMED", "CONFIRMED", "TENTATIVE"]);
    expect(events.every(({ e }) => e.summary === "Initial assessment with Harbour Physio")).toBe(true);
  });

  it("cancels the rest of a series in one file: METHOD:CANCEL, each event by its UID (issue 17)", () => {
    const week = 7 * 24 * 3_600_000;
    const at = (k: number, h = 0) => new Date(Date.parse("2026-06-15T14:30:00.000Z") + k * week + h).toISOString();
    const cancelled = (k: number) => ({
      bookingId: `b${k}`,
      uid: `b${k}@booking-widget`,
      sequence: 1,
      status: "cancelled" as const,
      startUtc: at(k),
      endUtc: at(k, 45 * 60_000),
    });
    const booking = bookingSnapshot({
      status: "cancelled",
      series: { occurrences: [cancelled(2), cancelled(3)] },
    });
    const file = build(booking, "booking_cancelled");
    expect(file.method).toBe("CANCEL");
    const calendar = new ICAL.Component(ICAL.parse(file.content));
    expect(calendar.getFirstPropertyValue("method")).toBe("CANCEL");
    const events = calendar.getAllSubcomponents("vevent").map((v) => ({ v, e: new ICAL.Event(v) }));
    expect(events.map(({ e }) => e.uid)).toEqual(["b2@booking-widget", "b3@booking-widget"]);
    expect(events.map(({ e }) => e.startDate.toJSDate().toISOString())).toEqual([at(2), at(3)]);
    expect(events.map(({ v }) => v.getFirstPropertyValue("status"))).toEqual(["CANCELLED", "CANCELLED"]);
    expect(events.map(({ e }) => e.sequence)).toEqual([1, 1]);
  });
});

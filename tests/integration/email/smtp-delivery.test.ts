import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import ICAL from "ical.js";
import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  endsBooking,
  isScheduledKind,
  isVisitorOnlyKind,
  tellsGuests,
  NOTIFICATION_KINDS,
  type NotificationKind,
} from "../../../src/core/notifications/notification.ts";
import { buildTransport, type EmailTransport } from "../../../src/adapters/email/build-transport.ts";
import { createNotificationHandler } from "../../../src/adapters/outbox/outbox-worker.ts";
import { notification } from "../../support/booking-snapshot.ts";
import { parseMail, startSmtpReceiver, type SmtpReceiver } from "../../support/smtp-receiver.ts";

const FROM = "Harbour Bookings <bookings@harbour.example.com>";

const subjects: Record<NotificationKind, string> = {
  booking_confirmed: "Booking confirmed: ",
  request_received: "Appointment requested: ",
  request_confirmed: "Request confirmed: ",
  request_declined: "Request declined: ",
  request_withdrawn: "Request withdrawn: ",
  booking_rescheduled: "Booking rescheduled: ",
  booking_cancelled: "Booking cancelled: ",
  payment_refunded: "Payment refunded: ",
  booking_reminder: "Reminder: ",
  booking_follow_up: "Thank you for your visit: ",
  payment_expired: "Not booked, payment not completed: ",
};
/** The kinds told to everyone, staff included (reminders, the follow-up and an expired payment are the visitor's). */
const TOLD_TO_ALL = NOTIFICATION_KINDS.filter((kind) => !isScheduledKind(kind) && !isVisitorOnlyKind(kind));

function calendarParts(mail: ParsedMail) {
  return mail.attachments.filter((a) => /^text\/calendar|^application\/ics/.test(a.contentType));
}

describe("notification emails through a real SMTP server", () => {
  let receiver: SmtpReceiver;
  let transport: EmailTransport;

  beforeAll(async () => {
    receiver = await startSmtpReceiver();
    transport = buildTransport({ smtpUrl: receiver.url, from: FROM, dataDir: os.tmpdir() });
  });
  afterAll(async () => {
    transport.close();
    await receiver.close();
  });
  beforeEach(() => receiver.clear());

  it.each(TOLD_TO_ALL)("%s reaches the visitor, guests with an email (if it tells them) and staff", async (kind) => {
    const message = notification(kind);
    const rowId = randomUUID();
    await createNotificationHandler({ transport, from: FROM, clock: () => new Date("2026-06-01T09:00:00Z") })({
      id: rowId,
      businessId: randomUUID(),
      topic: "notification",
      payload: JSON.parse(JSON.stringify(message)) as unknown,
      attempts: 1,
    });

    // A late payment's refund is the visitor's alone: no guest was ever told of that booking.
    expect(receiver.messages.map((m) => m.to)).toEqual([
      ["ada@visitor.example.com"],
      ...(tellsGuests(kind) ? [["grace@guest.example.com"]] : []),
      ["dana@harbour.example.com"],
    ]);
    expect(receiver.messages.every((m) => m.from === "bookings@harbour.example.com")).toBe(true);

    const mails = await Promise.all(receiver.messages.map((m) => parseMail(m)));
    for (const [index, mail] of mails.entries()) {
      // The staff member (the last) gets the business's copy: its own subject, naming the client.
      if (index < mails.length - 1) expect(mail.subject?.startsWith(subjects[kind])).toBe(true);
      else expect(mail.subject).toContain("Ada Visitor");
      expect(mail.subject).toContain("Initial assessment with Harbour Physio");
      expect(mail.from?.text).toBe('"Harbour Bookings" <bookings@harbour.example.com>');
      expect(mail.messageId).toBe(`<${rowId}.${index}@harbour.example.com>`);
      expect(mail.html).toMatch(/^<!doctype html>/);
      expect(mail.text).toContain("Initial assessment");

      const ics = calendarParts(mail);
      expect(ics.length).toBeGreaterThan(0);
      const method = endsBooking(kind) ? "CANCEL" : "REQUEST";
      const alternative = ics.find((a) => a.contentType === "text/calendar");
      expect(alternative?.headers.get("content-type")).toMatchObject({ params: { method } });
      for (const part of ics) {
        const calendar = new ICAL.Component(ICAL.parse(part.content.toString("utf8")));
        const event = new ICAL.Event(calendar.getFirstSubcomponent("vevent") ?? undefined);
        expect(calendar.getFirstPropertyValue("method")).toBe(method);
        expect(event.uid).toBe(message.booking.uid);
        expect(event.sequence).toBe(message.booking.sequence);
        expect(event.startDate.toJSDate().toISOString()).toBe(message.booking.startUtc);
        expect(event.attendees).toHaveLength(3);
      }
    }
    const [toAda, toDana] = [mails[0], mails.at(-1)];
    expect(toAda?.text).toContain("Hello Ada Visitor,");
    expect(toDana?.text).toContain("Hello Dana Staff,");
    expect(toDana?.text).toContain("Client: Ada Visitor");
    expect(toDana?.text).toContain("Email: ada@visitor.example.com");
    expect(toDana?.text).not.toContain("We will contact you shortly");
    for (const part of [toDana?.text, toDana?.html, ...calendarParts(toDana!).map((p) => p.content.toString("utf8"))])
      expect(part).not.toContain("tok123");
    if (kind === "request_received")
      expect(toAda?.text).toContain("We will contact you shortly to confirm your request.");
    if (kind === "booking_rescheduled") expect(toAda?.text).toContain("Former time:");
    if (kind === "booking_cancelled") expect(toAda?.html).toContain("Therapist is ill");
  });

  it("a rejected transaction rejects send()", async () => {
    receiver.rejectNext(1);
    await expect(
      transport.send({
        to: { name: "Ada", address: "ada@visitor.example.com" },
        subject: "s",
        html: "<p>h</p>",
        text: "t",
      }),
    ).rejects.toThrow(/451/);
    expect(receiver.messages).toHaveLength(0);
  });
});

describe("the embedded default: .eml files in DATA_DIR/mail", () => {
  it("writes the message and logs where", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mail-"));
    const logged: { details: object; message: string }[] = [];
    const transport = buildTransport(
      { from: FROM, dataDir },
      { info: (details, message) => logged.push({ details, message }) },
    );
    try {
      expect(transport.kind).toBe("file");
      const { booking } = notification("booking_confirmed");
      await createNotificationHandler({ transport, from: FROM })({
        id: randomUUID(),
        businessId: randomUUID(),
        topic: "notification",
        payload: notification("booking_confirmed"),
        attempts: 1,
      });
      const files = fs.readdirSync(path.join(dataDir, "mail")).filter((f) => f.endsWith(".eml"));
      expect(files).toHaveLength(3);
      expect(logged).toHaveLength(3);
      expect(logged[0]?.message).toContain(path.join(dataDir, "mail"));
      const mails = await Promise.all(files.map((f) => parseMail(fs.readFileSync(path.join(dataDir, "mail", f)))));
      expect(mails.map((m) => (m.to && !Array.isArray(m.to) ? m.to.value[0]?.address : null)).sort()).toEqual([
        "ada@visitor.example.com",
        "dana@harbour.example.com",
        "grace@guest.example.com",
      ]);
      const ics = calendarParts(mails[0]!)[0];
      expect(
        new ICAL.Event(
          new ICAL.Component(ICAL.parse(ics!.content.toString("utf8"))).getFirstSubcomponent("vevent") ?? undefined,
        ).uid,
      ).toBe(booking.uid);
    } finally {
      transport.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

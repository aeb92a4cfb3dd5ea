/**
 * Issue 20, reminders: a calendar's reminder offsets and follow-up, set through the business API;
 * bookings made through the public API; the outbox worker (two of them at once, as two processes
 * would run) delivering over real SMTP. "Time passes" by making a scheduled row due in the database,
 * the only clock the worker reads.
 */
import os from "node:os";
import ICAL from "ical.js";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildTransport, type EmailTransport } from "../../../src/adapters/email/build-transport.ts";
import { createNotificationHandler, createOutboxWorker } from "../../../src/adapters/outbox/outbox-worker.ts";
import { reminderSchedule } from "../../../src/adapters/outbox/reminder-schedule.ts";
import { logSmsTransport } from "../../../src/adapters/sms/sms-transport.ts";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "../../support/databases.ts";
import { parseMail, startSmtpReceiver, type SmtpReceiver } from "../../support/smtp-receiver.ts";
import {
  at,
  bookingApp,
  businessHeaders,
  contact,
  NOW,
  patchCalendarSettings,
  post,
  seedBookingFixture,
  type Fixture,
} from "../booking-fixtures.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;
const TZ = "Europe/Berlin";
const FROM = "Test Studio <bookings@studio.example>";
interface LoggedText {
  id: string;
  to: string;
  text: string;
}
const texts: LoggedText[] = [];

describe.each(DATABASE_KINDS)("reminders on %s", (kind) => {
  let testDb: TestDatabase;
  let fx: Fixture;
  let app: ReturnType<typeof bookingApp>;
  let receiver: SmtpReceiver;
  let transport: EmailTransport;
  let workers: ReturnType<typeof createOutboxWorker>[];

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    fx = await seedBookingFixture(testDb.database);
    app = bookingApp(testDb.database);
    receiver = await startSmtpReceiver();
    transport = buildTransport({ smtpUrl: receiver.url, from: FROM, dataDir: os.tmpdir() });
    const handler = createNotificationHandler({
      transport,
      from: FROM,
      clock: () => NOW,
      reminders: reminderSchedule(testDb.database.db),
      // The shipped adapter (log only), its log lines collected.
      sms: logSmsTransport({ info: (details) => texts.push((details as { sms: LoggedText }).sms) }),
    });
    // Two workers on one database: what two app processes run.
    workers = [1, 2].map(() => createOutboxWorker({ db: testDb.database.db, handlers: { notification: handler } }));

    const headers = await businessHeaders(testDb.database, fx, "reminders");
    const res = await app.request(`/api/business/calendars/${fx.calendars.personal}`, {
      method: "PATCH",
      headers,
      body: JSON.stringify({ settings: { reminders: { beforeMinutes: [1440, 60], followUpAfterMinutes: 120 } } }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Json).settings.reminders).toEqual({
      beforeMinutes: [1440, 60],
      followUpAfterMinutes: 120,
    });
  });
  afterAll(async () => {
    transport?.close();
    await receiver?.close();
    await testDb?.drop();
  });
  beforeEach(() => receiver.clear());

  const drain = () => Promise.all(workers.map((w) => w.drain()));
  const book = async (startTime: string) =>
    (await (
      await post(app, "/api/bookings", { calendarId: fx.calendars.personal, startTime, timezone: TZ, contact })
    ).json()) as Json;
  /** The scheduled rows of a booking: kind, due instant, delivered or not. */
  const scheduled = async (bookingId: string) =>
    (
      await testDb.database.execute(
        `select payload->>'kind' as kind, payload->'booking'->>'startUtc' as start, next_attempt_at as due,
                delivered_at is not null as delivered
           from outbox
          where payload->'booking'->>'bookingId' = $1 and payload->>'kind' in ('booking_reminder', 'booking_follow_up')
          order by next_attempt_at`,
        [bookingId],
      )
    ).rows.map((r) => ({
      kind: r.kind,
      start: new Date(String(r.start)).toISOString(),
      due: new Date(r.due as string).toISOString(),
      delivered: r.delivered,
    }));
  /** Time passes: every scheduled row of the booking due before `until` becomes due now. */
  const timePasses = (bookingId: string, until: string) =>
    testDb.database.execute(
      `update outbox set next_attempt_at = now()
        where payload->'booking'->>'bookingId' = $1 and delivered_at is null and next_attempt_at <= $2::timestamptz`,
      [bookingId, until],
    );
  /** Each received mail as "to subject". */
  const received = async () =>
    Promise.all(receiver.messages.map(async (m) => ({ to: m.to.join(","), mail: await parseMail(m) })));

  it("schedules each reminder and the follow-up once, sends them at their time to the visitor, with the manage link and the calendar file", async () => {
    const booking = await book(at(9, "10:00"));
    await drain();
    expect(receiver.messages).toHaveLength(2); // the confirmation: visitor and staff
    await drain(); // a second pass writes nothing twice
    expect(await scheduled(booking.id)).toEqual([
      {
        kind: "booking_reminder",
        start: "2026-12-09T09:00:00.000Z",
        due: "2026-12-08T09:00:00.000Z",
        delivered: false,
      },
      {
        kind: "booking_reminder",
        start: "2026-12-09T09:00:00.000Z",
        due: "2026-12-09T08:00:00.000Z",
        delivered: false,
      },
      { kind: "booking_follow_up", start: "2026-12-09T09:00:00.000Z", due: expect.any(String), delivered: false },
    ]);
    const [, , followUp] = await scheduled(booking.id);
    expect(Date.parse(followUp!.due)).toBe(Date.parse(booking.endTime) + 120 * 60_000);

    receiver.clear();
    await timePasses(booking.id, "2026-12-08T09:00:00Z");
    await drain();
    expect(receiver.messages).toHaveLength(1);
    const mail = await parseMail(receiver.messages[0]!);
    expect(receiver.messages[0]!.to).toEqual(["ada@example.com"]);
    expect(mail.subject).toMatch(/^Reminder: /);
    expect(mail.text).toContain("This is a reminder of your appointment with Test Studio.");
    expect(mail.text).toContain(booking.manageToken);
    const ics = mail.attachments.find((a) => a.contentType.startsWith("text/calendar"))!;
    const event = new ICAL.Event(
      new ICAL.Component(ICAL.parse(ics.content.toString("utf8"))).getFirstSubcomponent("vevent")!,
    );
    expect(event.startDate.toJSDate().toISOString()).toBe("2026-12-09T09:00:00.000Z");
  });

  it("follows a reschedule: the reminders of the old time lapse, those of the new time go out, each once with two workers", async () => {
    const booking = await book(at(10, "10:00"));
    await drain();
    const moved = await post(
      app,
      `/api/bookings/${booking.id}/reschedule`,
      { startTime: at(10, "14:00"), timezone: TZ },
      { authorization: `Bearer ${booking.manageToken}` },
    );
    expect(moved.status).toBe(200);
    await drain();
    receiver.clear();

    await timePasses(booking.id, "2026-12-31T00:00:00Z");
    await drain();
    const mails = await received();
    // The new time only (13:00Z): the 24 h and 1 h reminders and the follow-up, to the visitor alone.
    expect(mails.map((m) => m.to)).toEqual(["ada@example.com", "ada@example.com", "ada@example.com"]);
    expect(mails.filter((m) => m.mail.subject?.startsWith("Reminder: "))).toHaveLength(2);
    for (const { mail } of mails) expect(mail.text).toContain("December 10, 2026, 2:00");
    for (const { mail } of mails) expect(mail.text).not.toMatch(/10:00/);
    const rows = await scheduled(booking.id);
    expect(rows.every((r) => r.delivered)).toBe(true);
    expect(rows.filter((r) => r.start === "2026-12-10T09:00:00.000Z")).toHaveLength(3); // written, then lapsed
  });

  it("stops on cancellation", async () => {
    const booking = await book(at(11, "10:00"));
    await drain();
    const cancelled = await post(
      app,
      `/api/bookings/${booking.id}/cancel`,
      { reason: "Away" },
      {
        authorization: `Bearer ${booking.manageToken}`,
      },
    );
    expect(cancelled.status).toBe(200);
    await drain();
    receiver.clear();
    await timePasses(booking.id, "2026-12-31T00:00:00Z");
    await drain();
    expect(receiver.messages).toHaveLength(0);
    expect((await scheduled(booking.id)).map((r) => r.delivered)).toEqual([true, true, true]);
  });

  it("reminds of every occurrence of a series, each about its own date, after one confirmation", async () => {
    await patchCalendarSettings(testDb.database, fx.calendars.personal, {
      recurring: { frequencies: ["weekly"], maxCount: 3, policy: "skip" },
    });
    try {
      // The calendar may be cached by earlier tests: the change reaches the cache by notification.
      let res: Response | undefined;
      await expect
        .poll(
          async () => {
            res = await post(app, "/api/bookings", {
              calendarId: fx.calendars.personal,
              startTime: at(15, "10:00"),
              timezone: TZ,
              contact: { ...contact, email: "series@example.com" },
              recurring: { frequency: "weekly", count: 2, policy: "skip" },
            });
            return res.status;
          },
          { timeout: 10_000 },
        )
        .toBe(201);
      const series = (await res!.json()) as Json;
      const [first, second] = (series.occurrences as Json[]).map((o) => o.bookingId as string);
      await drain();
      expect(receiver.messages).toHaveLength(2); // one confirmation for the series: visitor and staff
      expect((await scheduled(first!)).map((r) => [r.kind, r.start])).toEqual([
        ["booking_reminder", "2026-12-15T09:00:00.000Z"],
        ["booking_reminder", "2026-12-15T09:00:00.000Z"],
        ["booking_follow_up", "2026-12-15T09:00:00.000Z"],
      ]);
      expect((await scheduled(second!)).map((r) => [r.kind, r.due])).toEqual([
        ["booking_reminder", "2026-12-21T09:00:00.000Z"],
        ["booking_reminder", "2026-12-22T08:00:00.000Z"],
        ["booking_follow_up", expect.any(String)],
      ]);

      receiver.clear();
      await timePasses(second!, "2026-12-21T09:00:00Z");
      await drain();
      expect(receiver.messages).toHaveLength(1);
      const mail = await parseMail(receiver.messages[0]!);
      expect(receiver.messages[0]!.to).toEqual(["series@example.com"]);
      expect(mail.subject).toMatch(/^Reminder: /);
      expect(mail.text).toContain("December 22, 2026");
      expect(mail.text).not.toContain("December 15, 2026");
      const ics = mail.attachments.find((a) => a.contentType.startsWith("text/calendar"))!;
      const events = new ICAL.Component(ICAL.parse(ics.content.toString("utf8"))).getAllSubcomponents("vevent");
      expect(events.map((e) => new ICAL.Event(e).startDate.toJSDate().toISOString())).toEqual([
        "2026-12-22T09:00:00.000Z",
      ]);
      expect(new ICAL.Event(events[0]!).uid).toBe(`${second}@booking-widget`);
    } finally {
      await patchCalendarSettings(testDb.database, fx.calendars.personal, { recurring: null });
    }
  });

  it("sends each reminder also as a text message when the calendar asks, in the visitor's language", async () => {
    const headers = await businessHeaders(testDb.database, fx, "reminders-sms");
    const rules = (sms: boolean) =>
      app.request(`/api/business/calendars/${fx.calendars.personal}`, {
        method: "PATCH",
        headers,
        body: JSON.stringify({ settings: { reminders: { beforeMinutes: [1440], followUpAfterMinutes: null, sms } } }),
      });
    expect((await rules(true)).status).toBe(200);
    try {
      const booked = async (startTime: string, phone: string | null) => {
        const res = await post(app, "/api/bookings", {
          calendarId: fx.calendars.personal,
          startTime,
          timezone: TZ,
          locale: "de",
          contact: { ...contact, email: "text@example.com", ...(phone ? { phone } : {}) },
        });
        return (await res.json()) as Json;
      };
      // The worker reads the calendar's reminder rules from the database when it schedules.
      const withPhone = await booked(at(18, "10:00"), "+49 151 2345 6789");
      await drain();
      expect((await scheduled(withPhone.id)).map((r) => r.kind)).toEqual(["booking_reminder", "booking_reminder"]);
      const withoutPhone = await booked(at(18, "14:00"), null);
      await drain();
      expect(await scheduled(withoutPhone.id)).toHaveLength(1); // the e-mail only

      receiver.clear();
      texts.length = 0;
      await timePasses(withPhone.id, "2026-12-17T09:00:00Z");
      await drain();
      await drain(); // a second pass sends nothing twice
      expect(receiver.messages).toHaveLength(1);
      expect(texts).toHaveLength(1);
      expect(texts[0]!.to).toBe("•••••••••••89");
      expect(texts[0]!.text).toMatch(
        /^Erinnerung: personal bei Test Studio, 18\.12\.2026, 10:00\. Buchung verwalten: https:\/\/book\.example\.com\/de\//,
      );
      // The log never holds the token that opens the booking.
      expect(texts[0]!.text).toContain("token=…");
      expect(texts[0]!.text).not.toContain(withPhone.manageToken);
    } finally {
      expect((await rules(false)).status).toBe(200);
    }
  });

  it("refuses offsets it cannot keep, with the field named", async () => {
    const headers = await businessHeaders(testDb.database, fx, "reminders-bad");
    const res = await app.request(`/api/business/calendars/${fx.calendars.personal}`, {
      method: "PATCH",
      headers,
      body: JSON.stringify({ settings: { reminders: { beforeMinutes: [1], followUpAfterMinutes: null } } }),
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain("reminders");
  });
});

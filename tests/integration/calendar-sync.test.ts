/**
 * Issue 20, calendar sync, against a real CalDAV server (Radicale, started here) on both databases:
 * events in the staff member's calendar block their slots after a sync (recurring ones expanded);
 * bookings are written into it through the outbox, moved on reschedule and removed on cancel; an
 * unreachable server turns the status to error while the last busy time still blocks; an ICS feed
 * URL blocks too; the private staff feed lists the booking; another business sees none of it.
 */
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import { sql } from "drizzle-orm";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CALENDAR_WRITE_TOPIC,
  createCalendarWriteHandler,
  fanOutCalendarWrites,
} from "../../src/adapters/calendar-sync/calendar-write-outbox.ts";
import { calendarSources } from "../../src/adapters/calendar-sync/sources.ts";
import { syncDueConnections } from "../../src/adapters/calendar-sync/sync.ts";
import { buildTransport } from "../../src/adapters/email/build-transport.ts";
import { createLinkSealer } from "../../src/adapters/outbox/link-sealing.ts";
import { createNotificationHandler, createOutboxWorker } from "../../src/adapters/outbox/outbox-worker.ts";
import {
  createSlotChangeEvents,
  slotChangeConcerns,
  type SlotChange,
} from "../../src/app/bookings/slot-change-events.ts";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "../support/databases.ts";
import { hasRadicale, startRadicale, vevent, type Radicale } from "../support/radicale.ts";
import {
  at,
  bookingApp,
  businessHeaders,
  contact,
  NOW,
  post,
  seedBookingFixture,
  type Fixture,
} from "./booking-fixtures.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;
const TZ = "Europe/Berlin";

describe.skipIf(!hasRadicale).each(DATABASE_KINDS)("calendar sync on %s", (kind) => {
  let testDb: TestDatabase;
  let fx: Fixture;
  let other: Fixture;
  let app: ReturnType<typeof bookingApp>;
  let headers: Record<string, string>;
  let otherHeaders: Record<string, string>;
  let radicale: Radicale;
  let connection: Json;
  const sealer = createLinkSealer(randomBytes(32).toString("hex"));
  // What open booking pages would hear (the slot events stream).
  const slotChanges = createSlotChangeEvents();
  const published: SlotChange[] = [];

  beforeAll(async () => {
    radicale = await startRadicale();
    expect((await radicale.request("MKCALENDAR", "/staff/work/")).status).toBe(201);
    testDb = await createTestDatabase(kind);
    fx = await seedBookingFixture(testDb.database);
    other = await seedBookingFixture(testDb.database);
    slotChanges.subscribe((change) => published.push(change));
    app = bookingApp(testDb.database, {}, () => NOW, {
      linkSealer: sealer,
      allowPrivateWebhookTargets: true,
      slotChanges,
    });
    headers = await businessHeaders(testDb.database, fx, "calsync");
    otherHeaders = await businessHeaders(testDb.database, other, "other");
  });
  afterAll(async () => {
    await radicale?.stop();
    await testDb?.drop();
  });

  const api = (method: string, path: string, body?: unknown, as = headers) =>
    app.request(`/api/business${path}`, { method, headers: as, ...(body ? { body: JSON.stringify(body) } : {}) });
  const slotsOn = async (day: number) => {
    const date = `2026-12-${String(day).padStart(2, "0")}`;
    const res = await app.request(
      `/api/calendars/${fx.calendars.personal}/free-slots?startDate=${date}&endDate=${date}&timezone=${TZ}`,
    );
    expect(res.status).toBe(200);
    return (((await res.json()) as Json)[date]?.slots ?? []) as string[];
  };
  /** The worker as main.ts builds it: calendar writes fanned out from booking notifications. */
  const drain = () => {
    const db = testDb.database.db;
    return createOutboxWorker({
      db,
      baseDelayMs: 0,
      handlers: {
        notification: createNotificationHandler({
          transport: buildTransport({ from: "x <x@studio.example>", dataDir: os.tmpdir() }),
          from: "x <x@studio.example>",
          clock: () => NOW,
          webhooks: (businessId, message, rowId) => fanOutCalendarWrites(db, businessId, message, rowId),
        }),
        [CALENDAR_WRITE_TOPIC]: createCalendarWriteHandler({
          db,
          sources: calendarSources({ allowPrivate: true }),
          openSecret: sealer.openText,
          clock: () => NOW,
        }),
      },
    }).drain();
  };

  it("connects a CalDAV calendar, and its events block the staff member's slots after a sync", async () => {
    expect(await slotsOn(1)).toContain(at(1, "10:00"));
    const res = await api("POST", `/staff/${fx.staff.s1}/calendars`, {
      kind: "caldav",
      url: `${radicale.url}/`,
      username: "staff",
      password: "secret",
    });
    expect(res.status).toBe(201);
    connection = (await res.json()) as Json;
    expect(connection).toMatchObject({ kind: "caldav", status: "ok", statusMessage: null, busySpans: 0 });
    expect(connection.calendarUrl).toMatch(/\/staff\/work\/$/);
    expect(connection).not.toHaveProperty("password");

    // One meeting on 1 December, 10:00–11:00 Berlin; a daily 14:00 meeting on 2–4 December (zone by TZID).
    await radicale.request(
      "PUT",
      "/staff/work/meeting.ics",
      vevent("meeting-1", ["DTSTART:20261201T090000Z", "DTEND:20261201T100000Z", "SUMMARY:Dentist"]),
    );
    await radicale.request(
      "PUT",
      "/staff/work/standup.ics",
      vevent("standup-1", [
        "DTSTART;TZID=Europe/Berlin:20261202T140000",
        "DTEND;TZID=Europe/Berlin:20261202T150000",
        "RRULE:FREQ=DAILY;COUNT=3",
        "SUMMARY:Stand-up",
      ]),
    );
    // A transparent event does not block.
    await radicale.request(
      "PUT",
      "/staff/work/free.ics",
      vevent("free-1", ["DTSTART:20261201T130000Z", "DTEND:20261201T140000Z", "TRANSP:TRANSPARENT"]),
    );
    published.length = 0;
    const synced = await api("POST", `/staff/${fx.staff.s1}/calendars/${connection.id}/sync`);
    expect(synced.status).toBe(200);
    expect(await synced.json()).toMatchObject({ status: "ok", busySpans: 4 });
    // Open pages that book this person are told at once; a sync that changes nothing tells nobody.
    expect(published).toEqual([{ calendarId: "", staffIds: [fx.staff.s1] }]);
    expect(
      slotChangeConcerns(published[0]!, fx.calendars.personal, {
        staffIds: new Set([fx.staff.s1]),
        resourceIds: new Set(),
      }),
    ).toBe(true);
    await api("POST", `/staff/${fx.staff.s1}/calendars/${connection.id}/sync`);
    expect(published).toHaveLength(1);

    const day1 = await slotsOn(1);
    expect(day1).not.toContain(at(1, "10:00"));
    expect(day1).not.toContain(at(1, "10:30"));
    expect(day1).toContain(at(1, "11:00"));
    expect(day1).toContain(at(1, "14:00"));
    for (const day of [2, 3, 4]) expect(await slotsOn(day)).not.toContain(at(day, "14:00"));
    expect(await slotsOn(5)).toContain(at(5, "14:00"));
    // A booking into the external busy time is refused too.
    const refused = await post(app, "/api/bookings", {
      calendarId: fx.calendars.personal,
      startTime: at(1, "10:00"),
      timezone: TZ,
      contact,
    });
    expect(refused.status).toBe(409);
  });

  it("writes a booking into the CalDAV calendar, moves it on reschedule and removes it on cancel", async () => {
    const booked = await post(app, "/api/bookings", {
      calendarId: fx.calendars.personal,
      startTime: at(9, "09:00"),
      timezone: TZ,
      contact,
    });
    expect(booked.status).toBe(201);
    const booking = (await booked.json()) as Json;
    await drain();
    const object = `/staff/work/booking-${booking.id}.ics`;
    let event = await radicale.request("GET", object);
    expect(event.status).toBe(200);
    let text = await event.text();
    expect(text).toContain(`UID:${booking.id}@booking-widget`);
    expect(text).toContain("DTSTART:20261209T080000Z");

    // Our own event read back does not count as external busy time.
    const synced = (await (await api("POST", `/staff/${fx.staff.s1}/calendars/${connection.id}/sync`)).json()) as Json;
    expect(synced.busySpans).toBe(4);

    const auth = { authorization: `Bearer ${booking.manageToken}` };
    const moved = await post(
      app,
      `/api/bookings/${booking.id}/reschedule`,
      { startTime: at(9, "14:00"), timezone: TZ },
      auth,
    );
    expect(moved.status).toBe(200);
    await drain();
    event = await radicale.request("GET", object);
    text = await event.text();
    expect(text).toContain("DTSTART:20261209T130000Z");

    // The private staff feed lists it (and parses with ical.js); rotating the token retires the old address.
    const feed = (await (await api("POST", `/staff/${fx.staff.s1}/feed`)).json()) as Json;
    expect(feed.url).toMatch(/^https:\/\/book\.example\.com\/feeds\/staff\/[\w-]{40,}\.ics$/);
    const path = new URL(feed.url).pathname;
    const served = await app.request(path);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toMatch(/^text\/calendar/);
    const parsed = new ICAL.Component(ICAL.parse(await served.text()) as unknown[]);
    const events = parsed.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
    const listed = events.find((e) => e.uid === `${booking.id}@booking-widget`);
    expect(listed?.startDate.toJSDate().toISOString()).toBe("2026-12-09T13:00:00.000Z");
    await api("POST", `/staff/${fx.staff.s1}/feed`);
    expect((await app.request(path)).status).toBe(404);
    expect((await app.request("/feeds/staff/not-a-token.ics")).status).toBe(404);

    const cancelled = await post(app, `/api/bookings/${booking.id}/cancel`, { reason: "Sick" }, auth);
    expect(cancelled.status).toBe(200);
    await drain();
    expect((await radicale.request("GET", object)).status).toBe(404);
  });

  it("moves the event to the other provider's calendar when a reschedule changes who serves it", async () => {
    const calendarOf: Record<string, string> = {};
    const connections: string[] = [];
    for (const [staffId, name] of [
      [fx.staff.s2, "s2cal"],
      [fx.staff.s3, "s3cal"],
    ] as const) {
      expect((await radicale.request("MKCALENDAR", `/staff/${name}/`)).status).toBe(201);
      const res = await api("POST", `/staff/${staffId}/calendars`, {
        kind: "caldav",
        url: `${radicale.url}/`,
        calendarUrl: `${radicale.url}/staff/${name}/`,
        username: "staff",
        password: "secret",
      });
      expect(res.status).toBe(201);
      calendarOf[staffId] = `/staff/${name}`;
      connections.push(`/staff/${staffId}/calendars/${((await res.json()) as Json).id}`);
    }
    const cut = { calendarId: fx.calendars.salon, serviceIds: [fx.services.cut], timezone: TZ, contact };
    const booking = (await (await post(app, "/api/bookings", { ...cut, startTime: at(14, "10:00") })).json()) as Json;
    const served = booking.staffIds[0] as string;
    const other = served === fx.staff.s2 ? fx.staff.s3 : fx.staff.s2;
    await drain();
    const object = (staffId: string) => `${calendarOf[staffId]}/booking-${booking.id}.ics`;
    expect((await radicale.request("GET", object(served))).status).toBe(200);

    // Its provider is taken at 14:00, so moving there hands it to the other one.
    const blocker = await post(app, "/api/bookings", { ...cut, staffId: served, startTime: at(14, "14:00") });
    expect(blocker.status).toBe(201);
    const moved = await post(
      app,
      `/api/bookings/${booking.id}/reschedule`,
      { startTime: at(14, "14:00"), timezone: TZ },
      { authorization: `Bearer ${booking.manageToken}` },
    );
    expect(await moved.json()).toMatchObject({ staff: [{ id: other }] });
    await drain();
    expect((await radicale.request("GET", object(served))).status).toBe(404);
    const copy = await radicale.request("GET", object(other));
    expect(copy.status).toBe(200);
    expect(await copy.text()).toContain("DTSTART:20261214T130000Z");
    published.length = 0;
    for (const path of connections) expect((await api("DELETE", path)).status).toBe(204);
    // A disconnected calendar's busy time goes with it: pages booking these two refresh.
    expect(published.flatMap((c) => c.staffIds).sort()).toEqual([fx.staff.s2, fx.staff.s3].sort());
  });

  it("blocks the busy time of a read-only ICS feed", async () => {
    const feed = vevent("lunch-1", ["DTSTART:20261203T110000Z", "DTEND:20261203T120000Z", "SUMMARY:Lunch"]);
    let requests = 0;
    const server = http.createServer((_req, res) => {
      requests += 1;
      res.writeHead(200, { "content-type": "text/calendar" }).end(feed);
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/private/abc123/basic.ics`;
      const res = await api("POST", `/staff/${fx.staff.s1}/calendars`, { kind: "ics", url });
      expect(res.status).toBe(201);
      const created = (await res.json()) as Json;
      expect(created).toMatchObject({ kind: "ics", status: "ok", busySpans: 1, writeBookings: false });
      // The feed's address is a secret: only its origin is shown.
      expect(created.url).not.toContain("abc123");
      expect(await slotsOn(3)).not.toContain(at(3, "12:00"));
      expect(await slotsOn(3)).toContain(at(3, "13:00"));

      // Another business's staff member reads the same feed (one more request).
      const elsewhere = await api("POST", `/staff/${other.staff.s1}/calendars`, { kind: "ics", url }, otherHeaders);
      expect(elsewhere.status).toBe(201);
      expect(requests).toBe(2);

      // The schedule: two processes looking for due connections at once sync each one once — the due
      // connections of both businesses, claimed business by business (ADR 0057).
      await testDb.database.db.execute(
        sql`update calendar_connections set next_sync_at = now() - interval '1 minute'
             where business_id in (${fx.businessId}::uuid, ${other.businessId}::uuid)`,
      );
      const deps = {
        db: testDb.database.db,
        sources: calendarSources({ allowPrivate: true }),
        openSecret: sealer.openText,
        clock: () => NOW,
      };
      const counts = await Promise.all([syncDueConnections(deps, 1), syncDueConnections(deps, 1)]);
      expect(counts[0]! + counts[1]!).toBe(3);
      expect(requests).toBe(4);
      const listed = (await (await api("GET", `/staff/${fx.staff.s1}/calendars`)).json()) as Json[];
      expect(listed.map((c) => c.status)).toEqual(["ok", "ok"]);
      expect(Date.parse(listed[0]!.nextSyncAt)).toBeGreaterThan(Date.now() + 5 * 60_000);
      const theirs = (await (
        await api("GET", `/staff/${other.staff.s1}/calendars`, undefined, otherHeaders)
      ).json()) as Json[];
      expect(theirs.map((c) => c.status)).toEqual(["ok"]);
      expect(Date.parse(theirs[0]!.nextSyncAt)).toBeGreaterThan(Date.now() + 5 * 60_000);
      const gone = await api("DELETE", `/staff/${other.staff.s1}/calendars/${theirs[0]!.id}`, undefined, otherHeaders);
      expect(gone.status).toBe(204);
    } finally {
      await new Promise((done) => server.close(done));
    }
  });

  it("says why a calendar cannot be read, as a reason the console words in the business's language", async () => {
    const server = http.createServer((_req, res) => res.writeHead(401).end());
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    try {
      const port = (server.address() as AddressInfo).port;
      const refused = (await (
        await api("POST", `/staff/${fx.staff.s2}/calendars`, { kind: "ics", url: `http://127.0.0.1:${port}/x.ics` })
      ).json()) as Json;
      expect(refused).toMatchObject({
        status: "error",
        statusReason: "auth",
        statusMessage: "the feed answered: HTTP 401",
      });
      const unknownHost = (await (
        await api("POST", `/staff/${fx.staff.s2}/calendars`, {
          kind: "caldav",
          url: "http://calendar.nonexistent.invalid/",
          username: "u",
          password: "p",
        })
      ).json()) as Json;
      expect(unknownHost).toMatchObject({ status: "error", statusReason: "host_not_found" });
      for (const c of [refused, unknownHost])
        expect((await api("DELETE", `/staff/${fx.staff.s2}/calendars/${c.id}`)).status).toBe(204);
    } finally {
      await new Promise((done) => server.close(done));
    }
  });

  it("keeps another business out of the connections", async () => {
    const path = `/staff/${fx.staff.s1}/calendars`;
    expect((await api("GET", path, undefined, otherHeaders)).status).toBe(404);
    expect((await api("GET", `${path}/${connection.id}`, undefined, otherHeaders)).status).toBe(404);
    expect((await api("POST", `${path}/${connection.id}/sync`, undefined, otherHeaders)).status).toBe(404);
    expect((await api("DELETE", `${path}/${connection.id}`, undefined, otherHeaders)).status).toBe(404);
    // Its own staff member, another business's connection id.
    expect(
      (await api("GET", `/staff/${other.staff.s1}/calendars/${connection.id}`, undefined, otherHeaders)).status,
    ).toBe(404);
    expect((await api("POST", `/staff/${fx.staff.s1}/feed`, undefined, otherHeaders)).status).toBe(404);
    expect((await api("GET", `${path}/${connection.id}`)).status).toBe(200);
  });

  it("refuses private addresses unless allowed", async () => {
    const strict = bookingApp(testDb.database, {}, () => NOW, { allowPrivateWebhookTargets: false });
    const res = await strict.request(`/api/business/staff/${fx.staff.s1}/calendars`, {
      method: "POST",
      headers,
      body: JSON.stringify({ kind: "ics", url: `${radicale.url}/feed.ics` }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Json).errors[0]).toMatchObject({ path: "url", code: "PRIVATE_TARGET" });
  });

  it("says so when the server cannot be reached, and the last busy time stays in force", async () => {
    await radicale.stop();
    const res = await api("POST", `/staff/${fx.staff.s1}/calendars/${connection.id}/sync`);
    expect(res.status).toBe(200);
    const after = (await res.json()) as Json;
    expect(after).toMatchObject({ status: "error", statusReason: "unreachable", busySpans: 4 });
    expect(after.statusMessage).toMatch(/ECONNREFUSED|connect/i);
    // The last sync that read the calendar is still named.
    expect(after.lastSyncedAt).not.toBeNull();
    const day1 = await slotsOn(1);
    expect(day1.length).toBeGreaterThan(0);
    expect(day1).not.toContain(at(1, "10:00"));
  });
});

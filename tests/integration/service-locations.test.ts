/**
 * Service and staff locations (issue 24, ADR 0044) on PGlite and PostgreSQL: the business API sets
 * them with checked values; a member's location wins over the service's, the service's over the
 * calendar's; round robin takes the assigned member's; "ask the visitor" makes the field required;
 * the notification, the e-mail and the calendar file (read with ical.js) carry the booking's location.
 */
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderNotification } from "../../src/adapters/email/render-notification.ts";
import type { NotificationMessage } from "../../src/core/notifications/notification.ts";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "../support/databases.ts";
import {
  at,
  bookingApp,
  businessHeaders,
  contact,
  patchCalendarSettings,
  post,
  seedBookingFixture,
  type Fixture,
} from "./booking-fixtures.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;
const TZ = "Europe/Berlin";
const SPA = "Spa, Hafenstraße 14, 20457 Hamburg";
const CHAIR = "Altona, Große Bergstraße 160, 22767 Hamburg";

describe.each(DATABASE_KINDS)("service and staff locations on %s", (kind) => {
  let testDb: TestDatabase;
  let fx: Fixture;
  let app: ReturnType<typeof bookingApp>;
  let headers: Record<string, string>;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    fx = await seedBookingFixture(testDb.database);
    app = bookingApp(testDb.database);
    headers = await businessHeaders(testDb.database, fx, "locations");
    await patchCalendarSettings(testDb.database, fx.calendars.salon, {
      location: { kind: "physical", value: "Main salon, Marktplatz 1" },
    });
    await patchCalendarSettings(testDb.database, fx.calendars.roundRobin, {
      location: { kind: "physical", value: "Head office, Marktplatz 1" },
    });
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  const patch = (path: string, body: unknown) =>
    app.request(`/api/business${path}`, { method: "PATCH", headers, body: JSON.stringify(body) });
  const book = (body: Json) => post(app, "/api/bookings", { timezone: TZ, contact, ...body });
  const notified = async (bookingId: string) => {
    const rows = await testDb.database.execute(
      "select payload from outbox where payload->'booking'->>'bookingId' = $1 and payload->>'kind' = 'booking_confirmed'",
      [bookingId],
    );
    return (rows.rows[0] as { payload: NotificationMessage }).payload;
  };
  const icsLocation = async (created: Json) => {
    const res = await app.request(`/api/bookings/${created.id}/calendar.ics`, {
      headers: { authorization: `Bearer ${created.manageToken}` },
    });
    expect(res.status).toBe(200);
    const vevent = new ICAL.Component(ICAL.parse(await res.text())).getFirstSubcomponent("vevent")!;
    return new ICAL.Event(vevent).location;
  };

  it("refuses a bad phone, a link that is not https and an empty address, each at its field", async () => {
    for (const [location, message] of [
      [{ kind: "phone", value: "call us" }, "phone number"],
      [{ kind: "video", value: "http://meet.example.com/room" }, "https link"],
      [{ kind: "video", value: "meet.example.com/room" }, "https link"],
      [{ kind: "physical", value: "   " }, "address"],
    ] as const) {
      const res = await patch(`/services/${fx.services.colour}`, { location });
      expect(res.status).toBe(400);
      const problem = (await res.json()) as Json;
      expect(problem.errors).toEqual([expect.objectContaining({ path: "location.value" })]);
      expect(problem.errors[0].message).toContain(message);
    }
    const phone = await patch(`/staff/${fx.staff.s2}`, { location: { kind: "phone", value: "+49 40 1234567" } });
    expect(phone.status).toBe(200);
    expect(((await phone.json()) as Json).location).toEqual({ kind: "phone", value: "+49 40 1234567" });
    const video = await patch(`/staff/${fx.staff.s2}`, {
      location: { kind: "video", value: "https://meet.example.com/s2" },
    });
    expect(((await video.json()) as Json).location.value).toBe("https://meet.example.com/s2");
    expect((await patch(`/staff/${fx.staff.s2}`, { location: null })).status).toBe(200);
  });

  it("a service's location beats the calendar's, a member's beats the service's: in the widget, the booking, e-mail and .ics", async () => {
    expect((await patch(`/services/${fx.services.cut}`, { location: { kind: "physical", value: SPA } })).status).toBe(
      200,
    );
    expect((await patch(`/staff/${fx.staff.s3}`, { location: { kind: "physical", value: CHAIR } })).status).toBe(200);

    const config = (await (await app.request(`/api/calendars/${fx.calendars.salon}`)).json()) as Json;
    const cut = config.services.find((s: Json) => s.id === fx.services.cut);
    expect(config.hasOwnLocations).toBe(true);
    expect(cut.location).toEqual({ kind: "physical", value: SPA });
    expect(cut.staffIds.sort()).toEqual([fx.staff.s2, fx.staff.s3].sort());
    expect(config.staff.find((m: Json) => m.id === fx.staff.s3).location).toEqual({ kind: "physical", value: CHAIR });

    const withS2 = (await (
      await book({
        calendarId: fx.calendars.salon,
        startTime: at(2, "10:00"),
        staffId: fx.staff.s2,
        serviceIds: [fx.services.cut],
      })
    ).json()) as Json;
    expect((await notified(withS2.id)).booking.location).toBe(SPA);
    expect(await icsLocation(withS2)).toBe(SPA);

    const withS3 = (await (
      await book({
        calendarId: fx.calendars.salon,
        startTime: at(2, "11:00"),
        staffId: fx.staff.s3,
        serviceIds: [fx.services.cut],
        contact: { ...contact, email: "grace@example.com" },
      })
    ).json()) as Json;
    const message = await notified(withS3.id);
    expect(message.booking.location).toBe(CHAIR);
    expect(await icsLocation(withS3)).toBe(CHAIR);
    const email = renderNotification(
      message,
      { name: "Grace", address: "grace@example.com", role: "contact" },
      { now: new Date("2026-11-30T07:00:00Z"), fallbackOrganizerEmail: "bookings@localhost" },
    );
    expect(email.text).toContain(CHAIR);
    expect(email.html).toContain("Große Bergstraße 160");
    const fromEmail = new ICAL.Event(
      new ICAL.Component(ICAL.parse(email.calendar!.content)).getFirstSubcomponent("vevent")!,
    );
    expect(fromEmail.location).toBe(CHAIR);
    // The confirmation the widget shows after booking.
    const page = await app.request(`/api/bookings/${withS3.id}`, {
      headers: { authorization: `Bearer ${withS3.manageToken}` },
    });
    expect(page.status).toBe(200);
  });

  it("round robin: the assigned member's own location, the calendar's for the others", async () => {
    await patch(`/staff/${fx.staff.s3}`, { location: { kind: "video", value: "https://meet.example.com/s3" } });
    const created: Json[] = [];
    for (const [i, time] of ["10:00", "10:00"].entries()) {
      const res = await book({
        calendarId: fx.calendars.roundRobin,
        startTime: at(7, time),
        contact: { ...contact, email: `rr${i}@example.com` },
      });
      expect(res.status).toBe(201);
      created.push((await res.json()) as Json);
    }
    const byStaff = Object.fromEntries(
      await Promise.all(created.map(async (b) => [b.staffId, (await notified(b.id)).booking.location])),
    );
    // Both members were assigned once (the same start): each booking has its member's location.
    expect(byStaff).toEqual({
      [fx.staff.s2]: "Head office, Marktplatz 1",
      [fx.staff.s3]: "https://meet.example.com/s3",
    });
  });

  it("a member who asks the visitor: the field is required when that member may be assigned, and kept", async () => {
    await patch(`/staff/${fx.staff.s3}`, { location: { kind: "ask_booker" } });
    const config = (await (await app.request(`/api/calendars/${fx.calendars.roundRobin}`)).json()) as Json;
    expect(config.staff.find((m: Json) => m.id === fx.staff.s3).location).toEqual({ kind: "ask_booker", value: null });
    const missing = await book({ calendarId: fx.calendars.roundRobin, startTime: at(8, "10:00") });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as Json).errors).toEqual([
      expect.objectContaining({ path: "contact.location", code: "LOCATION_REQUIRED" }),
    ]);
    // With the other member chosen, nobody asks.
    const chosen = await book({ calendarId: fx.calendars.roundRobin, startTime: at(8, "10:00"), staffId: fx.staff.s2 });
    expect(chosen.status).toBe(201);
    const typed = await book({
      calendarId: fx.calendars.roundRobin,
      startTime: at(8, "10:00"),
      staffId: fx.staff.s3,
      contact: { ...contact, email: "home@example.com", location: "At my home, Elbchaussee 5" },
    });
    expect(typed.status).toBe(201);
    expect((await notified(((await typed.json()) as Json).id)).booking.location).toBe("At my home, Elbchaussee 5");
  });
});

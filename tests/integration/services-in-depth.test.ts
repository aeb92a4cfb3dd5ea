/**
 * Issue 24 through the APIs, on every database kind: Look Busy, required guests and private
 * calendars and services — set and read back through the business API, Look Busy hiding starts in
 * the public free-slots answer, a booking without its required guest refused, private ones left off
 * the public lists yet reachable by their link.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBookingRepository } from "../../src/adapters/db/booking-repository.ts";
import { createPublicPagesRepository } from "../../src/adapters/db/public-pages-repository.ts";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "../support/databases.ts";
import { businessApp, call, expectStatus, newBusiness, type App } from "./business-fixtures.ts";

const weekdays = Object.fromEntries(["1", "2", "3", "4", "5"].map((d) => [d, [{ start: "09:00", end: "17:00" }]]));
const paths = (body: { errors?: { path: string; code: string }[] }) =>
  (body.errors ?? []).map((e) => `${e.path}:${e.code}`);
// Tuesday 1 December 2026: Ana works 09:00–17:00 in Paris, 16 half-hour starts (NOW is the day before).
const DAY = "2026-12-01";

describe.each(DATABASE_KINDS)("services in depth (issue 24) on %s", (kind) => {
  let testDb: TestDatabase;
  let app: App;
  let key: string;
  let businessId: string;
  let ana: string;
  let ben: string;
  const req = (method: string, path: string, body?: unknown) => call(app, method, `/api/business${path}`, key, body);
  const slots = async (calendarId: string, timezone = "Europe/Paris", startDate = DAY, endDate = DAY) => {
    const res = await call(
      app,
      "GET",
      `/api/calendars/${calendarId}/free-slots?startDate=${startDate}&endDate=${endDate}&timezone=${timezone}`,
      null,
    );
    expect(res.status).toBe(200);
    return Object.values(res.body as Record<string, { slots: string[] }>)
      .flatMap((d) => d.slots)
      .map((s) => Date.parse(s));
  };

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    app = businessApp(testDb.database);
    const business = await newBusiness(testDb.database, "Busy Studio");
    key = business.key;
    businessId = business.id;
    const staff = (name: string) =>
      expectStatus(201, app, "POST", "/api/business/staff", key, {
        name,
        email: `${name.toLowerCase()}@busy.example`,
        timeZone: "Europe/Paris",
        weeklyHours: weekdays,
      });
    ana = (await staff("Ana")).id;
    ben = (await staff("Ben")).id;
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  it("sets, reads back and changes Look Busy, required guests and private through the business API", async () => {
    const created = await expectStatus(201, app, "POST", "/api/business/calendars", key, {
      slug: "duo-visit",
      type: "round_robin",
      name: "Duo visit",
      isPrivate: true,
      members: [{ staffId: ana }, { staffId: ben }],
      settings: { lookBusyPercent: 30, requireGuests: true, guestMode: "count_only" },
    });
    expect(created).toMatchObject({
      isPrivate: true,
      settings: { lookBusyPercent: 30, requireGuests: true, guestMode: "count_only" },
    });
    expect((await req("GET", `/calendars/${created.id}`)).body).toMatchObject({
      isPrivate: true,
      settings: { lookBusyPercent: 30, requireGuests: true },
    });
    const patched = await expectStatus(200, app, "PATCH", `/api/business/calendars/${created.id}`, key, {
      isPrivate: false,
      settings: { lookBusyPercent: 0, requireGuests: false },
    });
    expect(patched).toMatchObject({ isPrivate: false, settings: { lookBusyPercent: 0, requireGuests: false } });

    const service = await expectStatus(201, app, "POST", "/api/business/services", key, {
      slug: "secret-cut",
      name: "Secret cut",
      durationMinutes: 30,
      staffIds: [ana],
      isPrivate: true,
    });
    expect(service.isPrivate).toBe(true);
    expect((await req("PATCH", `/services/${service.id}`, { isPrivate: false })).body.isPrivate).toBe(false);
    expect((await req("GET", "/services")).body.find((s: { id: string }) => s.id === service.id).isPrivate).toBe(false);
  });

  it("keeps a service's providers in the order the business gave, the order 'any available' tries them in", async () => {
    // Ben was added after Ana: the order given, not the staff's, is kept (migration 0039's position).
    const service = await expectStatus(201, app, "POST", "/api/business/services", key, {
      slug: "ordered-cut",
      name: "Ordered cut",
      durationMinutes: 30,
      staffIds: [ben, ana],
    });
    expect(service.staffIds).toEqual([ben, ana]);
    const calendar = await expectStatus(201, app, "POST", "/api/business/calendars", key, {
      slug: "ordered",
      type: "service",
      name: "Ordered",
      members: [{ staffId: ana }, { staffId: ben }],
      serviceIds: [service.id],
    });
    const providers = async () =>
      (await createBookingRepository(testDb.database).loadCalendar(calendar.id))!.services.find(
        (s) => s.id === service.id,
      )!.staffIds;
    expect(await providers()).toEqual([ben, ana]);
    const reordered = await req("PATCH", `/services/${service.id}`, { staffIds: [ana, ben] });
    expect(reordered.body.staffIds).toEqual([ana, ben]);
    expect((await req("GET", `/services/${service.id}`)).body.staffIds).toEqual([ana, ben]);
    expect(await providers()).toEqual([ana, ben]);
  });

  it("refuses a Look Busy share out of range, and both settings where the type has none", async () => {
    const make = (body: Record<string, unknown>) =>
      req("POST", "/calendars", { name: "X", members: [{ staffId: ana }], ...body });
    const tooMuch = await make({ slug: "a", type: "personal", settings: { lookBusyPercent: 95 } });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.code).toBe("VALIDATION_FAILED");
    expect(tooMuch.body.errors[0].path).toBe("settings.lookBusyPercent");
    expect(
      paths(
        (
          await make({
            slug: "b",
            type: "class",
            settings: { seatsPerSlot: 8, guestMode: "none", lookBusyPercent: 20, requireGuests: true },
          })
        ).body,
      ).sort(),
    ).toEqual([
      "settings.lookBusyPercent:LOOK_BUSY_NOT_FOR_TYPE",
      "settings.requireGuests:REQUIRED_GUESTS_NOT_FOR_TYPE",
    ]);
    expect(
      paths((await make({ slug: "c", type: "personal", settings: { guestMode: "none", requireGuests: true } })).body),
    ).toEqual(["settings.requireGuests:REQUIRED_GUESTS_NEED_GUEST_MODE"]);
  });

  it("hides the Look Busy share of free starts in the public free-slots answer, the same ones every time", async () => {
    const calendar = await expectStatus(201, app, "POST", "/api/business/calendars", key, {
      slug: "looks-busy",
      type: "personal",
      name: "Looks busy",
      members: [{ staffId: ana }],
      settings: { lookBusyPercent: 50 },
    });
    const shown = await slots(calendar.id);
    expect(shown).toHaveLength(8);
    expect(await slots(calendar.id)).toEqual(shown);
    // Paris works 08:00–16:00 UTC: the day's starts are those of its UTC date.
    const onDay = (list: number[]) => list.filter((ms) => new Date(ms).toISOString().startsWith(DAY));
    // A visitor in Tokyo, whose dates cut Paris days elsewhere, sees the very same instants of the day.
    expect(onDay(await slots(calendar.id, "Asia/Tokyo", "2026-12-01", "2026-12-02"))).toEqual(shown);
    // Asked over a week, the day shows the same starts.
    expect(onDay(await slots(calendar.id, "Europe/Paris", "2026-11-30", "2026-12-06"))).toEqual(shown);

    await expectStatus(200, app, "PATCH", `/api/business/calendars/${calendar.id}`, key, {
      settings: { lookBusyPercent: 0 },
    });
    // The calendar's settings may be cached for a moment (calendar-loader.ts): wait for the change.
    await expect.poll(() => slots(calendar.id)).toHaveLength(16);
    const everything = await slots(calendar.id);
    for (const ms of shown) expect(everything).toContain(ms);
  });

  it("refuses a booking without its required guest (GUESTS_REQUIRED on guests, localised) and takes it with one", async () => {
    const calendar = await expectStatus(201, app, "POST", "/api/business/calendars", key, {
      slug: "for-two",
      type: "personal",
      name: "For two",
      members: [{ staffId: ben }],
      settings: { guestMode: "collect_detail", requireGuests: true },
    });
    const config = await call(app, "GET", `/api/calendars/${calendar.id}`, null);
    expect(config.body.requireGuests).toBe(true);
    const [start] = await slots(calendar.id);
    const booking = {
      calendarId: calendar.id,
      startTime: new Date(start!).toISOString(),
      timezone: "Europe/Paris",
      contact: { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" },
    };
    const refused = await call(app, "POST", "/api/bookings?locale=de", null, booking);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: "GUESTS_REQUIRED",
      errors: [
        {
          path: "guests",
          code: "GUESTS_REQUIRED",
          message: "Fügen Sie mindestens einen Gast hinzu, um zu buchen.",
        },
      ],
    });
    const taken = await call(app, "POST", "/api/bookings", null, {
      ...booking,
      guests: [{ name: "Charles Babbage", email: "charles@example.com" }],
    });
    expect(taken.status).toBe(201);
  });

  it("leaves private calendars off the index and group pages and private services off menus; their links still work", async () => {
    const group = await expectStatus(201, app, "POST", "/api/business/groups", key, { slug: "all", name: "All" });
    const listed = await expectStatus(201, app, "POST", "/api/business/calendars", key, {
      slug: "listed",
      type: "personal",
      name: "Listed",
      groupId: group.id,
      members: [{ staffId: ana }],
    });
    const hidden = await expectStatus(201, app, "POST", "/api/business/calendars", key, {
      slug: "hidden",
      type: "personal",
      name: "Hidden",
      groupId: group.id,
      isPrivate: true,
      members: [{ staffId: ana }],
    });
    const open = await expectStatus(201, app, "POST", "/api/business/services", key, {
      slug: "open-cut",
      name: "Open cut",
      durationMinutes: 30,
      staffIds: [ana],
    });
    const secret = await expectStatus(201, app, "POST", "/api/business/services", key, {
      slug: "vip-cut",
      name: "VIP cut",
      durationMinutes: 30,
      staffIds: [ana],
      isPrivate: true,
    });
    const salon = await expectStatus(201, app, "POST", "/api/business/calendars", key, {
      slug: "salon",
      type: "service",
      name: "Salon",
      members: [{ staffId: ana }],
      serviceIds: [open.id, secret.id],
    });
    await expectStatus(201, app, "POST", "/api/business/service-menus", key, {
      slug: "menu",
      name: "Menu",
      calendarId: salon.id,
      serviceIds: [open.id, secret.id],
    });

    const pages = createPublicPagesRepository(testDb.database.db, null);
    const business = {
      id: businessId,
      slug: "busy-studio",
      name: "Busy Studio",
      timeZone: "Europe/Paris",
      currency: "EUR",
      embedOrigins: [],
    };
    const home = await pages.home(business);
    expect(home.calendars.map((c) => c.id)).toContain(listed.id);
    expect(home.calendars.map((c) => c.id)).not.toContain(hidden.id);
    expect((await pages.groupBySlug(business, "all"))?.calendars.map((c) => c.id)).toEqual([listed.id]);
    expect((await pages.calendarBySlug(business, "hidden"))?.id).toBe(hidden.id);
    expect((await pages.calendarById(hidden.id))?.id).toBe(hidden.id);

    const menu = (await pages.serviceMenuBySlug(business, "menu"))!;
    expect(menu.services.map((s) => s.id)).toEqual([open.id]);
    expect(menu.unlistedServices.map((s) => s.id)).toEqual([secret.id]);
    expect((await pages.serviceCalendar(business, "vip-cut"))?.service.id).toBe(secret.id);
    // Its direct link books it: the booking API takes the private service.
    const free = await call(
      app,
      "GET",
      `/api/calendars/${salon.id}/free-slots?startDate=${DAY}&endDate=${DAY}&timezone=Europe/Paris&serviceIds=${secret.id}`,
      null,
    );
    const first = Object.values(free.body as Record<string, { slots: string[] }>)[0]!.slots[0]!;
    const booked = await call(app, "POST", "/api/bookings", null, {
      calendarId: salon.id,
      startTime: first,
      timezone: "Europe/Paris",
      serviceIds: [secret.id],
      contact: { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" },
    });
    expect(booked.status).toBe(201);
  });
});

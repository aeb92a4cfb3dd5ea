/**
 * The business API's rules: field-level validation errors, slugs unique per business (409
 * SLUG_TAKEN with the field), calendar team and settings rules per type, deletes that never break
 * history (soft when bookings refer, 409 IN_USE for a menu's calendar), requests declined, links
 * revoked.
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "../support/databases.ts";
import { businessApp, call, expectStatus, newBusiness, type App } from "./business-fixtures.ts";

const weekdays = Object.fromEntries(["1", "2", "3", "4", "5"].map((d) => [d, [{ start: "09:00", end: "17:00" }]]));
const paths = (body: { errors?: { path: string; code: string }[] }) =>
  (body.errors ?? []).map((e) => `${e.path}:${e.code}`);

describe.each(DATABASE_KINDS)("business API rules on %s", (kind) => {
  let testDb: TestDatabase;
  let app: App;
  let key: string;
  let ana: string;
  let ben: string;
  const req = (method: string, path: string, body?: unknown) => call(app, method, `/api/business${path}`, key, body);

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    app = businessApp(testDb.database);
    key = (await newBusiness(testDb.database, "Rules Studio")).key;
    ana = (
      await expectStatus(201, app, "POST", "/api/business/staff", key, {
        name: "Ana",
        email: "ana@r.example",
        timeZone: "Europe/Paris",
        weeklyHours: weekdays,
      })
    ).id;
    ben = (
      await expectStatus(201, app, "POST", "/api/business/staff", key, {
        name: "Ben",
        email: "ben@r.example",
        timeZone: "Europe/Paris",
        weeklyHours: weekdays,
      })
    ).id;
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  it("reports invalid fields one by one", async () => {
    const business = await req("PATCH", "", { timeZone: "Europe/Atlantis", locale: "xx", currency: "EURO" });
    expect(business.status).toBe(400);
    expect(business.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(business.body.code).toBe("VALIDATION_FAILED");
    expect(business.body.errors.map((e: { path: string }) => e.path).sort()).toEqual([
      "currency",
      "locale",
      "timeZone",
    ]);
    expect(
      (await req("PATCH", "", { timeZone: "America/Sao_Paulo", locale: "pt-br", currency: "BRL" })).body,
    ).toMatchObject({ timeZone: "America/Sao_Paulo", locale: "pt-br", currency: "BRL" });

    const staff = await req("POST", "/staff", {
      name: "",
      email: "nope",
      timeZone: "+02:00",
      weeklyHours: {
        "1": [{ start: "10:00", end: "09:00" }],
        "2": [
          { start: "09:00", end: "12:00" },
          { start: "11:00", end: "13:00" },
        ],
        "8": [],
      },
      nickname: "x",
    });
    expect(staff.status).toBe(400);
    expect(paths(staff.body)).toEqual(
      expect.arrayContaining([
        "name:too_small",
        "email:invalid_format",
        "timeZone:custom",
        "weeklyHours.1.0.end:custom",
        "weeklyHours.2.1:custom",
        ":unrecognized_keys",
      ]),
    );
    expect((await call(app, "POST", "/api/business/staff", key)).status).toBe(400);
    const badJson = await app.request("/api/business/staff", {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: "{",
    });
    expect(((await badJson.json()) as { code: string }).code).toBe("INVALID_JSON");
    // Said to be JSON, but empty: an empty object, refused field by field (it was once a 500).
    const empty = await app.request("/api/business/staff", {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { code: string }).code).toBe("VALIDATION_FAILED");
    // A body that does not say it is JSON is not read as JSON.
    const untyped = await app.request("/api/business/staff", {
      method: "POST",
      headers: { authorization: `Bearer ${key}` },
      body: "{}",
    });
    expect(untyped.status).toBe(415);
    expect(((await untyped.json()) as { code: string }).code).toBe("UNSUPPORTED_MEDIA_TYPE");
  });

  it("keeps slugs unique per business, with the field in the 409", async () => {
    await expectStatus(201, app, "POST", "/api/business/services", key, {
      slug: "cut",
      name: "Cut",
      durationMinutes: 30,
      staffIds: [ana],
    });
    const again = await req("POST", "/services", { slug: "cut", name: "Cut 2", durationMinutes: 30 });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: "SLUG_TAKEN", errors: [{ path: "slug", code: "SLUG_TAKEN" }] });
    await expectStatus(201, app, "POST", "/api/business/groups", key, { slug: "team", name: "Team" });
    expect((await req("POST", "/groups", { slug: "team", name: "Team" })).body.code).toBe("SLUG_TAKEN");
    await expectStatus(201, app, "POST", "/api/business/calendars", key, {
      slug: "one",
      type: "personal",
      name: "One",
      members: [{ staffId: ana }],
    });
    const two = await expectStatus(201, app, "POST", "/api/business/calendars", key, {
      slug: "two",
      type: "personal",
      name: "Two",
      members: [{ staffId: ben }],
    });
    const renamed = await req("PATCH", `/calendars/${two.id}`, { slug: "one" });
    expect(renamed.status).toBe(409);
    expect(renamed.body.errors[0].path).toBe("slug");
    expect(
      (await req("POST", "/services", { slug: "Not A Slug", name: "x", durationMinutes: 30 })).body.errors[0].path,
    ).toBe("slug");
  });

  it("checks each calendar type's team and settings", async () => {
    const make = (body: object) => req("POST", "/calendars", { name: "x", ...body });
    expect(
      paths((await make({ slug: "p2", type: "personal", members: [{ staffId: ana }, { staffId: ben }] })).body),
    ).toEqual(["members:MEMBERS_EXACTLY_ONE"]);
    expect(paths((await make({ slug: "c1", type: "collective", members: [{ staffId: ana }] })).body)).toEqual([
      "members:MEMBERS_AT_LEAST_TWO",
    ]);
    expect(paths((await make({ slug: "r0", type: "round_robin", members: [] })).body)).toEqual([
      "members:MEMBERS_AT_LEAST_ONE",
    ]);
    expect(
      paths((await make({ slug: "d", type: "round_robin", members: [{ staffId: ana }, { staffId: ana }] })).body),
    ).toEqual(["members.1.staffId:MEMBERS_DUPLICATE"]);
    expect(paths((await make({ slug: "k", type: "class", members: [{ staffId: ana }] })).body).sort()).toEqual([
      "settings.guestMode:GUESTS_NOT_FOR_CLASS",
      "settings.seatsPerSlot:SEATS_REQUIRED",
    ]);
    expect(
      paths(
        (await make({ slug: "s", type: "personal", members: [{ staffId: ana }], settings: { seatsPerSlot: 4 } })).body,
      ),
    ).toEqual(["settings.seatsPerSlot:SEATS_NOT_FOR_TYPE"]);
    expect(
      paths(
        (
          await make({
            slug: "w",
            type: "personal",
            members: [{ staffId: ana }],
            settings: { bookingWindow: { kind: "date_range", start: "2027-01-10", end: "2027-01-01" } },
          })
        ).body,
      ),
    ).toEqual(["settings.bookingWindow.end:WINDOW_RANGE_INVALID"]);
    expect(
      paths(
        (
          await make({
            slug: "q",
            type: "personal",
            members: [{ staffId: ana }],
            settings: { questions: [{ id: "q", label: "Pick", kind: "select", required: true }] },
          })
        ).body,
      ),
    ).toEqual(["settings.questions.0.options:custom"]);
    const collective = await expectStatus(201, app, "POST", "/api/business/calendars", key, {
      slug: "duo",
      type: "collective",
      name: "Duo",
      members: [{ staffId: ana }, { staffId: ben }],
    });
    expect(collective.members).toEqual([
      { staffId: ana, priority: 0.5, isPrimary: true },
      { staffId: ben, priority: 0.5, isPrimary: false },
    ]);
    expect((await req("PATCH", `/calendars/${collective.id}`, { type: "personal" })).status).toBe(400);
    const patched = await expectStatus(200, app, "PATCH", `/api/business/calendars/${collective.id}`, key, {
      settings: { durationMinutes: 90 },
    });
    expect(patched.settings).toMatchObject({ durationMinutes: 90, slotIntervalMinutes: 30, autoConfirm: true });
  });

  it("replaces a service's staff, a menu's items and a calendar's members race-free (20 identical writes at once)", async () => {
    const service = await expectStatus(201, app, "POST", "/api/business/services", key, {
      slug: "race-cut",
      name: "Race cut",
      durationMinutes: 30,
      staffIds: [ana],
    });
    const calendar = await expectStatus(201, app, "POST", "/api/business/calendars", key, {
      slug: "race-salon",
      type: "service",
      name: "Race salon",
      members: [{ staffId: ana }],
      serviceIds: [service.id],
    });
    const menu = await expectStatus(201, app, "POST", "/api/business/service-menus", key, {
      slug: "race-menu",
      name: "Race menu",
      calendarId: calendar.id,
      serviceIds: [],
    });
    const twenty = (write: () => Promise<{ status: number; text: string }>) =>
      Promise.all(Array.from({ length: 20 }, write));
    const staffWrites = await twenty(() => req("PATCH", `/services/${service.id}`, { staffIds: [ana, ben] }));
    const itemWrites = await twenty(() => req("PUT", `/service-menus/${menu.id}/items`, { serviceIds: [service.id] }));
    const memberWrites = await twenty(() =>
      req("PATCH", `/calendars/${calendar.id}`, { members: [{ staffId: ana }, { staffId: ben }] }),
    );
    for (const reply of [...staffWrites, ...itemWrites, ...memberWrites]) expect(reply.status, reply.text).toBe(200);
    expect((await req("GET", `/services/${service.id}`)).body.staffIds.sort()).toEqual([ana, ben].sort());
    expect((await req("GET", `/service-menus/${menu.id}`)).body.serviceIds).toEqual([service.id]);
    const members = (await req("GET", `/calendars/${calendar.id}`)).body.members.map(
      (m: { staffId: string }) => m.staffId,
    );
    expect(members.sort()).toEqual([ana, ben].sort());
  });

  it("deletes without breaking history: soft when bookings refer, 409 while a menu books through a calendar", async () => {
    const cut = await expectStatus(201, app, "POST", "/api/business/services", key, {
      slug: "trim",
      name: "Trim",
      durationMinutes: 30,
      staffIds: [ben],
    });
    const salon = await expectStatus(201, app, "POST", "/api/business/calendars", key, {
      slug: "salon",
      type: "service",
      name: "Salon",
      members: [{ staffId: ben }],
      serviceIds: [cut.id],
    });
    const menu = await expectStatus(201, app, "POST", "/api/business/service-menus", key, {
      slug: "menu",
      name: "Menu",
      calendarId: salon.id,
      serviceIds: [cut.id],
    });
    const inUse = await req("DELETE", `/calendars/${salon.id}`);
    expect(inUse.status).toBe(409);
    expect(inUse.body.code).toBe("IN_USE");
    expect((await req("DELETE", `/service-menus/${menu.id}`)).status).toBe(204);
    expect((await req("DELETE", `/calendars/${salon.id}`)).status).toBe(204);
    expect((await req("DELETE", `/services/${cut.id}`)).status).toBe(204);
    expect(
      (await testDb.database.execute("select count(*)::int as n from services where id = $1", [cut.id])).rows[0]!.n,
    ).toBe(0);

    const intro = await expectStatus(201, app, "POST", "/api/business/calendars", key, {
      slug: "intro",
      type: "personal",
      name: "Intro",
      members: [{ staffId: ben }],
      settings: { minimumNoticeMinutes: 0, autoConfirm: false },
    });
    const booking = await expectStatus(201, app, "POST", "/api/bookings", null, {
      calendarId: intro.id,
      startTime: "2026-12-07T10:00:00-03:00",
      timezone: "America/Sao_Paulo",
      contact: { firstName: "Léa", lastName: "M", email: "lea@example.com" },
    });
    expect(booking.status).toBe("new");
    const listed = await req(
      "GET",
      `/bookings?from=2026-12-07&to=2026-12-07&status=new,confirmed&calendarId=${intro.id}`,
    );
    expect(listed.body.map((b: { id: string }) => b.id)).toEqual([booking.id]);
    expect((await req("GET", "/bookings?from=2026-12-08&to=2026-12-31")).body).toEqual([]);
    expect((await req("GET", "/bookings?from=2026-12-08&to=2026-12-01")).body.code).toBe("INVALID_RANGE");
    expect((await req("GET", "/bookings?from=2026-12-01&to=2026-12-31&status=maybe")).status).toBe(400);

    const declined = await expectStatus(200, app, "POST", `/api/business/bookings/${booking.id}/decline`, key, {
      reason: "Fully booked",
    });
    expect(declined).toMatchObject({ status: "cancelled", cancelReason: "Fully booked" });
    expect((await req("POST", `/bookings/${booking.id}/confirm`)).body.code).toBe("NOT_A_REQUEST");
    expect((await req("POST", `/bookings/${booking.id}/cancel`, {})).body.code).toBe("BOOKING_CANCELLED");

    // Ben and the intro calendar are referred to by the booking: kept as deleted, history intact.
    expect((await req("DELETE", `/staff/${ben}`)).status).toBe(204);
    expect((await req("GET", `/staff/${ben}`)).status).toBe(404);
    expect((await req("DELETE", `/calendars/${intro.id}`)).status).toBe(204);
    expect((await req("GET", `/calendars/${intro.id}`)).status).toBe(404);
    expect((await req("GET", "/calendars")).body.map((c: { id: string }) => c.id)).not.toContain(intro.id);
    // The same app: a business write drops the public API's cached calendars at once.
    expect((await call(app, "GET", `/api/calendars/${intro.id}`, null)).status).toBe(404);
    expect((await req("GET", `/bookings/${booking.id}`)).body).toMatchObject({ calendarId: intro.id, staffId: ben });
    expect(
      (await testDb.database.execute("select deleted_at from staff where id = $1", [ben])).rows[0]!.deleted_at,
    ).not.toBeNull();
    // The slug of a calendar kept for history stays reserved.
    expect(
      (await req("POST", "/calendars", { slug: "intro", type: "personal", name: "Intro", members: [{ staffId: ana }] }))
        .body.code,
    ).toBe("SLUG_TAKEN");
  });

  it("creates one-time links with a public URL, and revokes them", async () => {
    const cal = await expectStatus(201, app, "POST", "/api/business/calendars", key, {
      slug: "otl",
      type: "personal",
      name: "OTL",
      members: [{ staffId: ana }],
    });
    const link = await expectStatus(201, app, "POST", "/api/business/one-time-links", key, { calendarId: cal.id });
    expect(link.slug).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(link).toMatchObject({ state: "active", url: `https://book.example.com/widget/otl/${link.slug}` });
    expect((await call(app, "GET", `/api/one-time-links/${link.slug}`, null)).status).toBe(200);
    expect((await req("DELETE", `/one-time-links/${link.id}`)).status).toBe(204);
    expect((await call(app, "GET", `/api/one-time-links/${link.slug}`, null)).body.code).toBe("SLUG_EXPIRED");
    const listed = (await req("GET", `/one-time-links?calendarId=${cal.id}`)).body;
    expect(listed).toMatchObject([{ id: link.id, state: "revoked" }]);
    // The slug is shown once, when the link is made: never listed again, and stored only as its hash.
    expect(JSON.stringify(listed)).not.toContain(link.slug);
    const stored = await testDb.database.execute("select * from one_time_links where id = $1", [link.id]);
    expect(JSON.stringify(stored.rows)).not.toContain(link.slug);
    expect(stored.rows[0]!.slug_hash).toBe(createHash("sha256").update(link.slug).digest("hex"));
  });
});

/**
 * The public booking API end to end, in process (`app.request()`), on PGlite and PostgreSQL: every
 * spec message of §5 and §8 that the API produces, idempotency, manage tokens, reschedule and
 * cancel policies, holds, one-time links, recurring series, requests, rate limits and OpenAPI.
 */
import { createHash, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBookingRepository } from "../../src/adapters/db/booking-repository.ts";
import { confirmRequest, declineRequest } from "../../src/app/bookings/answer-request.ts";
import type { BookingDeps } from "../../src/app/bookings/deps.ts";
import { canonicalJson } from "../../src/core/shared/canonical-json.ts";
import { renderCalendarFile } from "../../src/server/widget-booking.ts";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "../support/databases.ts";
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
} from "./booking-fixtures.ts";
import { withBookingProof } from "../support/booking-proof.ts";

// Response bodies are read field by field in assertions; a loose type keeps them short.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;
const TZ = "Europe/Berlin";

describe.each(DATABASE_KINDS)("public booking API on %s", (kind) => {
  let testDb: TestDatabase;
  let fx: Fixture;
  let app: ReturnType<typeof bookingApp>;
  let deps: BookingDeps;
  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    fx = await seedBookingFixture(testDb.database);
    app = bookingApp(testDb.database);
    deps = {
      store: createBookingRepository(testDb.database),
      clock: () => NOW,
      publicUrl: "https://book.example.com",
      newId: randomUUID,
      holdMinutes: 10,
    };
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  const book = (body: Json, headers: Record<string, string> = {}) =>
    post(app, "/api/bookings", { timezone: TZ, contact, ...body }, headers);
  const get = (path: string, headers: Record<string, string> = {}) => app.request(path, { headers });
  async function expectProblem(res: Response, status: number, code: string, detail?: string) {
    expect(res.status).toBe(status);
    expect(res.headers.get("content-type")).toContain("application/problem+json");
    const body = (await res.json()) as Json;
    expect(body.code).toBe(code);
    if (detail !== undefined) expect(body.detail).toBe(detail);
    return body;
  }
  const outboxKinds = async (bookingId: string) =>
    (
      await testDb.database.execute(
        "select payload->>'kind' as kind from outbox where payload->'booking'->>'bookingId' = $1 order by created_at, kind",
        [bookingId],
      )
    ).rows.map((r) => r.kind);

  describe("configuration and free slots", () => {
    it("serves the widget configuration without anything private", async () => {
      const res = await get(`/api/calendars/${fx.calendars.salon}`);
      expect(res.status).toBe(200);
      const body = (await res.json()) as Json;
      expect(body).toMatchObject({
        id: fx.calendars.salon,
        type: "service",
        slotIntervalMinutes: 15,
        currency: "EUR",
        business: { name: "Test Studio", timeZone: TZ },
      });
      expect(body.services.map((s: Json) => s.name)).toEqual(["Cut", "Colour"]);
      expect(body.staff.map((s: Json) => Object.keys(s).sort())).toEqual([
        ["id", "name", "photoUrl"],
        ["id", "name", "photoUrl"],
      ]);
      expect(JSON.stringify(body)).not.toMatch(/@studio\.example|weeklyHours|09:00/);
    });

    it("unknown and deactivated calendars: 'Cannot find calendar.' / 'Unable to find calendar'", async () => {
      await expectProblem(
        await get(`/api/calendars/${randomUUID()}`),
        404,
        "CALENDAR_NOT_FOUND",
        "Cannot find calendar.",
      );
      await expectProblem(
        await get("/api/calendars/not-a-uuid/free-slots?startDate=2026-12-01&endDate=2026-12-01&timezone=UTC"),
        404,
        "CALENDAR_NOT_FOUND",
        "Cannot find calendar.",
      );
      const id = randomUUID();
      await testDb.database.execute(
        "insert into calendars (id, business_id, slug, type, name, settings, is_active) select $1::uuid, business_id, $3::text, type, 'off', settings, false from calendars where id = $2::uuid",
        [id, fx.calendars.personal, `off-${id}`],
      );
      await expectProblem(await get(`/api/calendars/${id}`), 404, "CALENDAR_UNAVAILABLE", "Unable to find calendar");
    });

    it("lists free slots per visitor date in the visitor's offset, exactly", async () => {
      const res = await get(
        `/api/calendars/${fx.calendars.personal}/free-slots?startDate=2026-12-01&endDate=2026-12-01&timezone=${TZ}`,
      );
      expect(res.status).toBe(200);
      const body = (await res.json()) as Json;
      expect(Object.keys(body)).toEqual(["2026-12-01"]);
      expect(Object.keys(body["2026-12-01"])).toEqual(["slots"]);
      // 30-minute slots with a 15-minute buffer after: every 30 minutes from 09:00 to 16:30.
      expect(body["2026-12-01"].slots[0]).toBe("2026-12-01T09:00:00+01:00");
      expect(body["2026-12-01"].slots.at(-1)).toBe("2026-12-01T16:30:00+01:00");
      const ny = (await (
        await get(
          `/api/calendars/${fx.calendars.personal}/free-slots?startDate=2026-12-01&endDate=2026-12-01&timezone=America/New_York`,
        )
      ).json()) as Json;
      expect(ny["2026-12-01"].slots[0]).toBe("2026-12-01T03:00:00-05:00");
    });

    it("refuses unknown zones and ranges over 31 days", async () => {
      await expectProblem(
        await get(
          `/api/calendars/${fx.calendars.personal}/free-slots?startDate=2026-12-01&endDate=2026-12-02&timezone=Mars/Olympus`,
        ),
        400,
        "TIMEZONE_NOT_FOUND",
        "No Timezone found!",
      );
      await expectProblem(
        await get(
          `/api/calendars/${fx.calendars.personal}/free-slots?startDate=2026-12-01&endDate=2027-01-15&timezone=${TZ}`,
        ),
        400,
        "RANGE_TOO_LONG",
      );
      await expectProblem(
        await get(
          `/api/calendars/${fx.calendars.personal}/free-slots?startDate=tomorrow&endDate=2026-12-02&timezone=${TZ}`,
        ),
        400,
        "VALIDATION_FAILED",
      );
    });

    it("refuses a range reversed by years on every calendar (the database refused its reversed occupancy range: 500)", async () => {
      for (const calendar of Object.values(fx.calendars)) {
        const res = await get(
          `/api/calendars/${calendar}/free-slots?startDate=2200-12-31&endDate=2026-12-01&timezone=${TZ}`,
        );
        expect(res.status, calendar).toBe(400);
      }
      await expectProblem(
        await get(
          `/api/calendars/${fx.calendars.personal}/free-slots?startDate=2200-12-31&endDate=2026-12-01&timezone=${TZ}`,
        ),
        400,
        "INVALID_RANGE",
      );
    });

    it("answers the next available date", async () => {
      const res = await get(`/api/calendars/${fx.calendars.personal}/next-available?from=2026-12-05&timezone=${TZ}`);
      expect(await res.json()).toEqual({ date: "2026-12-05" });
    });

    it("needs services on a service calendar and honours the per-service guest limit", async () => {
      await expectProblem(
        await get(
          `/api/calendars/${fx.calendars.salon}/free-slots?startDate=2026-12-01&endDate=2026-12-01&timezone=${TZ}`,
        ),
        400,
        "SERVICES_REQUIRED",
        "Please ensure you select services for all guests before proceeding",
      );
      const body = await expectProblem(
        await get(
          `/api/calendars/${fx.calendars.salon}/free-slots?startDate=2026-12-01&endDate=2026-12-01&timezone=${TZ}&serviceIds=${fx.services.colour}&guests=1`,
        ),
        400,
        "SERVICE_GUEST_LIMIT",
        "You can reserve up to 1 slot for this service. To book for additional guests, kindly select a different service for the same time slot.",
      );
      expect(body.count).toBe(1);
    });
  });

  describe("booking", () => {
    it("books, prices with the deposit, hashes the token and writes the outbox row in the same transaction", async () => {
      const res = await book({
        calendarId: fx.calendars.personal,
        startTime: at(4, "10:00"),
        guests: [{ name: "Bo", email: "bo@example.com" }],
      });
      expect(res.status).toBe(201);
      const body = (await res.json()) as Json;
      expect(body).toMatchObject({
        status: "confirmed",
        startTime: at(4, "10:00"),
        endTime: at(4, "10:30"),
        staffId: fx.staff.s1,
        seats: 2,
        priceCents: 4000,
        depositCents: 500,
        currency: "EUR",
      });
      expect(body.manageToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(body.manageToken, "base64url")).toHaveLength(32);
      const hash = createHash("sha256").update(body.manageToken).digest("hex");
      const stored = await testDb.database.execute(
        "select manage_token_hash, b::text as row from bookings b where id = $1",
        [body.id],
      );
      expect(stored.rows[0]?.manage_token_hash).toBe(hash);
      expect(String(stored.rows[0]?.row)).not.toContain(body.manageToken);
      const inTables = await testDb.database.execute(
        "select (select count(*) from bookings b where b::text like $1)::int + (select count(*) from booking_items i where i::text like $1)::int + (select count(*) from idempotency_keys k where k::text like $1)::int as n",
        [`%${body.manageToken}%`],
      );
      expect(inTables.rows[0]?.n).toBe(0);
      expect(await outboxKinds(body.id)).toEqual(["booking_confirmed"]);
      const outbox = await testDb.database.execute(
        "select topic, payload from outbox where payload->'booking'->>'bookingId' = $1",
        [body.id],
      );
      expect(outbox.rows[0]).toMatchObject({
        topic: "notification",
        payload: {
          booking: {
            uid: `${body.id}@booking-widget`,
            sequence: 0,
            guests: [{ name: "Bo", email: "bo@example.com" }],
            staff: [{ email: "s1@studio.example" }],
          },
        },
      });
      const second = (await (
        await book({ calendarId: fx.calendars.personal, startTime: at(4, "11:00") })
      ).json()) as Json;
      expect(second.manageToken).not.toBe(body.manageToken);
    });

    it("refuses a taken time with 'Not booked: Staff busy' and a time outside hours with 'No Slots available'", async () => {
      await expectProblem(
        await book({ calendarId: fx.calendars.personal, startTime: at(4, "10:00") }),
        409,
        "STAFF_BUSY",
        "Not booked: Staff busy",
      );
      // The 15-minute buffer after 10:00–10:30 also blocks 10:30.
      await expectProblem(
        await book({ calendarId: fx.calendars.personal, startTime: at(4, "10:30") }),
        409,
        "STAFF_BUSY",
      );
      await expectProblem(
        await book({ calendarId: fx.calendars.personal, startTime: at(4, "03:00") }),
        409,
        "NO_SLOTS",
        "No Slots available",
      );
      await expectProblem(
        await book({ calendarId: fx.calendars.personal, startTime: at(4, "10:00"), timezone: "Nowhere/Land" }),
        400,
        "TIMEZONE_NOT_FOUND",
        "No Timezone found!",
      );
      await expectProblem(
        await book({ calendarId: randomUUID(), startTime: at(4, "10:00") }),
        404,
        "CALENDAR_NOT_FOUND",
        "Cannot find calendar.",
      );
    });

    it.each([
      [[{ name: "", email: "x@example.com" }], "GUEST_NAME_REQUIRED", "Name is required"],
      [[{ name: "<b>Bo</b>", email: "x@example.com" }], "GUEST_NAME_INVALID", "Name is invalid"],
      [[{ name: "Bo", email: "" }], "GUEST_EMAIL_REQUIRED", "Email is required"],
      [[{ name: "Bo", email: "bo@" }], "GUEST_EMAIL_INVALID", "Email is invalid!"],
      [
        [
          { name: "Bo", email: "bo@example.com" },
          { name: "Cy", email: "BO@example.com" },
        ],
        "GUEST_EMAIL_DUPLICATE",
        "Email ID must be unique for guests.",
      ],
      // The booker's own address is taken too: the page refused it while the API booked it (issue 23).
      [[{ name: "Bo", email: "ADA@example.com" }], "GUEST_EMAIL_DUPLICATE", "Email ID must be unique for guests."],
      [101, "GUEST_COUNT_RANGE", "Guest count should be between 1 and 100"],
    ])("validates guests %j: %s", async (guests, code, message) => {
      const body = await expectProblem(
        await book({ calendarId: fx.calendars.personal, startTime: at(5, "09:00"), guests }),
        400,
        code,
        message,
      );
      expect(body.errors[0]).toMatchObject({ code, message });
    });

    it("validates questions and the booker's location", async () => {
      const res = await book({
        calendarId: fx.calendars.questions,
        startTime: at(5, "09:00"),
        answers: { topics: [] },
      });
      const body = await expectProblem(res, 400, "FIELD_REQUIRED", "This field is required.");
      expect(body.errors.map((e: Json) => e.message)).toEqual([
        "This field is required.",
        "Please choose at least one option",
        "Location is required.",
      ]);
      await expectProblem(
        await book({
          calendarId: fx.calendars.questions,
          startTime: at(5, "09:00"),
          answers: { goal: "Sleep" },
          contact: { ...contact, location: "Home" },
        }),
        400,
        "OPTION_REQUIRED",
        "Please choose at least one option",
      );
      await expectProblem(
        await book({
          calendarId: fx.calendars.questions,
          startTime: at(5, "09:00"),
          answers: { goal: "Sleep", topics: ["sleep"] },
        }),
        400,
        "LOCATION_REQUIRED",
        "Location is required.",
      );
      const ok = await book({
        calendarId: fx.calendars.questions,
        startTime: at(5, "09:00"),
        answers: { goal: "Sleep", topics: ["sleep"] },
        contact: { ...contact, location: "Home" },
      });
      expect(ok.status).toBe(201);
    });

    it("refuses malformed input with field errors, never a 500", async () => {
      const body = await expectProblem(
        await book({
          calendarId: fx.calendars.personal,
          startTime: "soon",
          contact: { firstName: "", lastName: "L", email: "nope" },
        }),
        400,
        "VALIDATION_FAILED",
      );
      expect(body.errors.map((e: Json) => e.path)).toEqual(
        expect.arrayContaining(["startTime", "contact.firstName", "contact.email"]),
      );
      const raw = await app.request("/api/bookings", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{oops",
      });
      await expectProblem(raw, 400, "INVALID_JSON");
    });

    it("books service carts, and answers 'resource unavailable' when no staff can take them", async () => {
      const first = await book({
        calendarId: fx.calendars.salon,
        startTime: at(6, "10:00"),
        serviceIds: [fx.services.cut],
        guests: [{ name: "Bo", email: "bo@example.com" }],
      });
      expect(first.status).toBe(201);
      const body = (await first.json()) as Json;
      expect(body.staffIds.sort()).toEqual([fx.staff.s2, fx.staff.s3].sort());
      expect(body).toMatchObject({ priceCents: 6000, endTime: at(6, "10:30") });
      await expectProblem(
        await book({ calendarId: fx.calendars.salon, startTime: at(6, "10:15"), serviceIds: [fx.services.cut] }),
        409,
        "RESOURCE_UNAVAILABLE",
        "Booking unsuccessful, resource unavailable at the moment.",
      );
      await expectProblem(
        await book({ calendarId: fx.calendars.salon, startTime: at(6, "10:15") }),
        400,
        "SERVICES_REQUIRED",
        "Please ensure you select services for all guests before proceeding",
      );
      const colour = (await (
        await book({ calendarId: fx.calendars.salon, startTime: at(6, "12:00"), serviceIds: [fx.services.colour] })
      ).json()) as Json;
      expect(colour).toMatchObject({ priceCents: 9000, depositCents: 4500, staffIds: [fx.staff.s3] });
    });

    it("answers 'We were unable to schedule your appointment' when the database keeps failing the transaction", async () => {
      await testDb.database
        .execute(`create or replace function test_fail_booking() returns trigger language plpgsql as $$
        begin if new.contact->>'email' = 'deadlock@example.com' then raise exception 'simulated' using errcode = '40P01'; end if; return new; end $$`);
      await testDb.database.execute(
        "create trigger test_fail_booking before insert on bookings for each row execute function test_fail_booking()",
      );
      await expectProblem(
        await book({
          calendarId: fx.calendars.personal,
          startTime: at(7, "09:00"),
          contact: { ...contact, email: "deadlock@example.com" },
        }),
        409,
        "SCHEDULING_FAILED",
        "We were unable to schedule your appointment. Please try again.",
      );
      await testDb.database.execute("drop trigger test_fail_booking on bookings");
    });
  });

  describe("services per guest", () => {
    const items = async (bookingId: string) =>
      (
        await testDb.database.execute(
          "select staff_id::text as staff, service_id::text as service, to_char(starts_at at time zone 'Europe/Berlin', 'HH24:MI') as s, to_char(ends_at at time zone 'Europe/Berlin', 'HH24:MI') as e from booking_items where booking_id = $1 order by starts_at, service_id, staff_id",
          [bookingId],
        )
      ).rows;
    const freeOn = async (day: number, query: string) => {
      const date = `2026-12-${String(day).padStart(2, "0")}`;
      const res = await get(
        `/api/calendars/${fx.calendars.salon}/free-slots?startDate=${date}&endDate=${date}&timezone=${TZ}&${query}`,
      );
      expect(res.status).toBe(200);
      return (((await res.json()) as Json)[date]?.slots ?? []) as string[];
    };

    it("books different carts for two guests together: one row per guest and service, each with its staff and time", async () => {
      const { cut, colour } = fx.services;
      // Free slots with the same carts offer what the booking then accepts.
      expect(await freeOn(17, `serviceIds=${colour}&guestCarts=${cut}`)).toContain(at(17, "10:00"));
      const res = await book({
        calendarId: fx.calendars.salon,
        startTime: at(17, "10:00"),
        serviceIds: [colour],
        guests: [{ name: "Bo", email: "bo@example.com", serviceIds: [cut] }],
      });
      expect(res.status).toBe(201);
      const body = (await res.json()) as Json;
      // Colour (60 min, only s3) for the booker, Cut (30 min) for Bo by the other member at the same time.
      expect(body).toMatchObject({
        startTime: at(17, "10:00"),
        endTime: at(17, "11:00"),
        seats: 2,
        carts: [[colour], [cut]],
        priceCents: 12000,
        depositCents: 4500,
      });
      expect([...body.serviceIds].sort()).toEqual([cut, colour].sort());
      expect([...body.staffIds].sort()).toEqual([fx.staff.s2, fx.staff.s3].sort());
      expect(await items(body.id)).toEqual(
        [
          { staff: fx.staff.s3, service: colour, s: "10:00", e: "11:00" },
          { staff: fx.staff.s2, service: cut, s: "10:00", e: "10:30" },
        ].sort((a, b) => (a.service < b.service ? -1 : 1)),
      );
      const stored = await testDb.database.execute("select carts from bookings where id = $1", [body.id]);
      expect(stored.rows[0]?.carts).toEqual([[colour], [cut]]);
      const outbox = await testDb.database.execute(
        "select payload from outbox where payload->'booking'->>'bookingId' = $1",
        [body.id],
      );
      expect((outbox.rows[0]?.payload as Json).booking.attendeeServices).toEqual([
        { name: "Ada Lovelace", serviceNames: ["Colour"] },
        { name: "Bo", serviceNames: ["Cut"] },
      ]);
      const view = (await (
        await get(`/api/bookings/${body.id}`, { authorization: `Bearer ${body.manageToken}` })
      ).json()) as Json;
      expect(view.carts).toEqual([[colour], [cut]]);
      // The business reads who gets what, by name: the booker first, then the guest.
      const business = await businessHeaders(testDb.database, fx, "carts-view");
      const seen = (await (
        await app.request(`/api/business/bookings/${body.id}`, { headers: business })
      ).json()) as Json;
      expect(seen.serviceLines).toEqual([["Colour"], ["Cut"]]);
      // Taken now, for these carts and for the booker's cart alone (s3 is busy until 11:00).
      expect(await freeOn(17, `serviceIds=${colour}&guestCarts=${cut}`)).not.toContain(at(17, "10:00"));
      expect(await freeOn(17, `serviceIds=${colour}`)).not.toContain(at(17, "10:30"));
      await expectProblem(
        await book({ calendarId: fx.calendars.salon, startTime: at(17, "10:30"), serviceIds: [colour] }),
        409,
        "RESOURCE_UNAVAILABLE",
      );

      // Rescheduling keeps each guest's cart.
      const moved = await post(
        app,
        `/api/bookings/${body.id}/reschedule`,
        { startTime: at(17, "14:00"), timezone: TZ },
        { authorization: `Bearer ${body.manageToken}` },
      );
      expect(moved.status).toBe(200);
      expect(((await moved.json()) as Json).endTime).toBe(at(17, "15:00"));
      expect(
        (await items(body.id)).map((r) => `${r.service === colour ? "colour" : "cut"} ${r.s}-${r.e}`).sort(),
      ).toEqual(["colour 14:00-15:00", "cut 14:00-14:30"]);
    });

    it("serves one guest's services back to back, and count-only guests by their carts", async () => {
      const { cut, colour } = fx.services;
      // Booker: Cut then Colour (10:00–11:30); guest: Cut. s3 does Colour, so the two Cuts at 10:00 go to s2 and s3.
      const res = await book({
        calendarId: fx.calendars.salon,
        startTime: at(18, "10:00"),
        serviceIds: [cut, colour],
        guestCarts: [[cut]],
      });
      expect(res.status).toBe(201);
      const body = (await res.json()) as Json;
      expect(body).toMatchObject({
        endTime: at(18, "11:30"),
        seats: 2,
        carts: [[cut, colour], [cut]],
        priceCents: 3000 + 9000 + 3000,
      });
      const rows = await items(body.id);
      expect(rows).toHaveLength(3);
      expect(rows.filter((r) => r.service === cut).map((r) => `${r.s}-${r.e}`)).toEqual(["10:00-10:30", "10:00-10:30"]);
      expect(rows.find((r) => r.service === colour)).toMatchObject({ staff: fx.staff.s3, s: "10:30", e: "11:30" });
    });

    it("refuses carts that cannot be staffed at once, and agrees with free slots", async () => {
      const { cut, colour } = fx.services;
      // Three people at 10:00 need three providers; the salon has two.
      const query = `serviceIds=${colour}&guestCarts=${cut};${cut}`;
      expect(await freeOn(19, query)).toEqual([]);
      await expectProblem(
        await book({
          calendarId: fx.calendars.salon,
          startTime: at(19, "10:00"),
          serviceIds: [colour],
          guestCarts: [[cut], [cut]],
        }),
        409,
        "RESOURCE_UNAVAILABLE",
        "Booking unsuccessful, resource unavailable at the moment.",
      );
      await expectProblem(
        await post(app, `/api/calendars/${fx.calendars.salon}/holds`, {
          startTime: at(19, "10:00"),
          timezone: TZ,
          serviceIds: [colour],
          guestCarts: [[cut], [cut]],
        }),
        409,
        "RESOURCE_UNAVAILABLE",
      );
    });

    it("a hold takes every guest's cart, and its booking releases it", async () => {
      const { cut, colour } = fx.services;
      const hold = await post(app, `/api/calendars/${fx.calendars.salon}/holds`, {
        startTime: at(19, "13:00"),
        timezone: TZ,
        serviceIds: [colour],
        guestCarts: [[cut]],
      });
      expect(hold.status).toBe(201);
      const { holdId } = (await hold.json()) as Json;
      expect(await freeOn(19, `serviceIds=${cut}`)).not.toContain(at(19, "13:00"));
      const res = await book({
        calendarId: fx.calendars.salon,
        startTime: at(19, "13:00"),
        serviceIds: [colour],
        guests: [{ name: "Bo", email: "bo@example.com", serviceIds: [cut] }],
        holdId,
      });
      expect(res.status).toBe(201);
      expect(
        (await testDb.database.execute("select count(*)::int as n from holds where id = $1", [holdId])).rows[0]?.n,
      ).toBe(0);
    });

    it("the per-service guest limit, with its count", async () => {
      const { cut, colour } = fx.services;
      const message =
        "You can reserve up to 1 slot for this service. To book for additional guests, kindly select a different service for the same time slot.";
      const refused = await expectProblem(
        await book({
          calendarId: fx.calendars.salon,
          startTime: at(20, "10:00"),
          serviceIds: [colour, cut],
          guests: [{ name: "Bo", email: "bo@example.com", serviceIds: [colour] }],
        }),
        400,
        "SERVICE_GUEST_LIMIT",
        message,
      );
      expect(refused.count).toBe(1);
      const slots = await expectProblem(
        await get(
          `/api/calendars/${fx.calendars.salon}/free-slots?startDate=2026-12-20&endDate=2026-12-20&timezone=${TZ}&serviceIds=${cut}&guestCarts=${colour};${colour}`,
        ),
        400,
        "SERVICE_GUEST_LIMIT",
        message,
      );
      expect(slots.count).toBe(1);
      // Cut allows two per slot: three guests with Cut are refused with count 2.
      const cuts = await expectProblem(
        await book({
          calendarId: fx.calendars.salon,
          startTime: at(20, "10:00"),
          serviceIds: [cut],
          guestCarts: [[cut], [cut]],
        }),
        400,
        "SERVICE_GUEST_LIMIT",
      );
      expect(cuts.count).toBe(2);
      expect(cuts.detail).toBe(
        "You can reserve up to 2 slots for this service. To book for additional guests, kindly select a different service for the same time slot.",
      );
    });

    it("SERVICES_REQUIRED when any guest has no services; guestCarts must match the guests", async () => {
      const { cut } = fx.services;
      const required = "Please ensure you select services for all guests before proceeding";
      const bo = { name: "Bo", email: "bo@example.com" };
      const cy = { name: "Cy", email: "cy@example.com" };
      const empty = await expectProblem(
        await book({
          calendarId: fx.calendars.salon,
          startTime: at(20, "12:00"),
          serviceIds: [cut],
          guests: [{ ...bo, serviceIds: [] }],
        }),
        400,
        "SERVICES_REQUIRED",
        required,
      );
      expect(empty.errors).toEqual([{ path: "guests.0.serviceIds", code: "SERVICES_REQUIRED", message: required }]);
      // One guest brought a cart, the other none.
      const missing = await expectProblem(
        await book({
          calendarId: fx.calendars.salon,
          startTime: at(20, "12:00"),
          serviceIds: [cut],
          guests: [{ ...bo, serviceIds: [cut] }, cy],
        }),
        400,
        "SERVICES_REQUIRED",
        required,
      );
      expect(missing.errors.map((e: Json) => e.path)).toEqual(["guests.1.serviceIds"]);
      const unknown = await expectProblem(
        await book({
          calendarId: fx.calendars.salon,
          startTime: at(20, "12:00"),
          serviceIds: [],
          guestCarts: [[randomUUID()]],
        }),
        400,
        "SERVICES_REQUIRED",
        required,
      );
      expect(unknown.errors.map((e: Json) => e.path)).toEqual(["serviceIds", "guestCarts.0"]);
      await expectProblem(
        await get(
          `/api/calendars/${fx.calendars.salon}/free-slots?startDate=2026-12-20&endDate=2026-12-20&timezone=${TZ}&serviceIds=${cut}&guestCarts=${cut};`,
        ),
        400,
        "SERVICES_REQUIRED",
        required,
      );
      await expectProblem(
        await post(app, `/api/calendars/${fx.calendars.salon}/holds`, {
          startTime: at(20, "12:00"),
          timezone: TZ,
          serviceIds: [cut],
          guestCarts: [[]],
        }),
        400,
        "SERVICES_REQUIRED",
        required,
      );
      // The shape itself: one cart per guest, in one place.
      const mismatch = await expectProblem(
        await book({
          calendarId: fx.calendars.salon,
          startTime: at(20, "12:00"),
          serviceIds: [cut],
          guests: [bo, cy],
          guestCarts: [[cut]],
        }),
        400,
        "VALIDATION_FAILED",
      );
      expect(mismatch.errors[0].path).toBe("guestCarts");
      await expectProblem(
        await book({
          calendarId: fx.calendars.salon,
          startTime: at(20, "12:00"),
          serviceIds: [cut],
          guests: [{ ...bo, serviceIds: [cut] }],
          guestCarts: [[cut]],
        }),
        400,
        "VALIDATION_FAILED",
      );
      await expectProblem(
        await get(
          `/api/calendars/${fx.calendars.salon}/free-slots?startDate=2026-12-20&endDate=2026-12-20&timezone=${TZ}&serviceIds=${cut}&guests=2&guestCarts=${cut}`,
        ),
        400,
        "VALIDATION_FAILED",
      );
      // Without per-guest carts everyone takes `serviceIds`, as before.
      const same = await book({
        calendarId: fx.calendars.salon,
        startTime: at(20, "12:00"),
        serviceIds: [cut],
        guests: [bo],
      });
      expect(same.status).toBe(201);
      expect(((await same.json()) as Json).carts).toEqual([[cut], [cut]]);
    });
  });

  describe("idempotency", () => {
    it("replays the identical response, refuses a different body (422) and a key in flight (409)", async () => {
      const key = randomUUID();
      const request = { calendarId: fx.calendars.personal, startTime: at(8, "09:00") };
      const first = await book(request, { "Idempotency-Key": key });
      const again = await book(request, { "Idempotency-Key": key });
      expect(first.status).toBe(201);
      expect(again.status).toBe(201);
      expect(await again.text()).toBe(await first.text());
      expect(again.headers.get("idempotent-replayed")).toBe("true");
      const count = await testDb.database.execute("select count(*)::int as n from bookings where starts_at = $1", [
        new Date(at(8, "09:00")),
      ]);
      expect(count.rows[0]?.n).toBe(1);
      await expectProblem(
        await book({ ...request, startTime: at(8, "11:00") }, { "Idempotency-Key": key }),
        422,
        "IDEMPOTENCY_KEY_REUSED",
      );

      const refusedKey = randomUUID();
      const refused = await book(request, { "Idempotency-Key": refusedKey });
      const refusedAgain = await book(request, { "Idempotency-Key": refusedKey });
      expect(refused.status).toBe(409);
      expect(refusedAgain.status).toBe(409);
      expect(await refusedAgain.text()).toBe(await refused.text());

      const inFlight = randomUUID();
      const payload = JSON.stringify({ timezone: TZ, contact, ...request });
      await testDb.database.execute(
        "insert into idempotency_keys (endpoint, key, business_id, request_hash, created_at) values ('POST /api/bookings', $1, $2, $3, $4)",
        [
          inFlight,
          fx.businessId,
          createHash("sha256")
            .update(canonicalJson(JSON.parse(payload)))
            .digest("hex"),
          NOW,
        ],
      );
      await expectProblem(await book(request, { "Idempotency-Key": inFlight }), 409, "IDEMPOTENCY_IN_FLIGHT");
    });

    it("keeps a key per business, and stores no answer for a request refused before any calendar was known (ADR 0057)", async () => {
      const other = await seedBookingFixture(testDb.database);
      const keyOf = async (key: string) =>
        (
          await testDb.database.execute(
            "select business_id, status_code from idempotency_keys where key = $1 order by status_code",
            [key],
          )
        ).rows;
      // One key, two businesses' calendars: two requests, two bookings, each key stored under its business.
      const key = randomUUID();
      const here = await book(
        { calendarId: fx.calendars.personal, startTime: at(25, "09:00") },
        { "Idempotency-Key": key },
      );
      const there = await book(
        { calendarId: other.calendars.personal, startTime: at(25, "09:00") },
        { "Idempotency-Key": key },
      );
      expect([here.status, there.status]).toEqual([201, 201]);
      expect(((await here.json()) as Json).id).not.toBe(((await there.json()) as Json).id);
      expect(new Set((await keyOf(key)).map((r) => r.business_id))).toEqual(new Set([fx.businessId, other.businessId]));
      // A refusal once the calendar is known is stored under its business, and replayed.
      const busyKey = randomUUID();
      const busy = await book(
        { calendarId: fx.calendars.personal, startTime: at(25, "09:00") },
        { "Idempotency-Key": busyKey },
      );
      expect(busy.status).toBe(409);
      expect(await keyOf(busyKey)).toEqual([{ business_id: fx.businessId, status_code: 409 }]);
      // No calendar has the id: nothing is stored, and the same request is refused alike.
      const lostKey = randomUUID();
      const nowhere = { calendarId: randomUUID(), startTime: at(25, "10:00") };
      await expectProblem(await book(nowhere, { "Idempotency-Key": lostKey }), 404, "CALENDAR_NOT_FOUND");
      await expectProblem(await book(nowhere, { "Idempotency-Key": lostKey }), 404, "CALENDAR_NOT_FOUND");
      expect(await keyOf(lostKey)).toEqual([]);
    });

    it("treats the same JSON with other white space and key order as the same request (issue 13)", async () => {
      const key = randomUUID();
      const body = await withBookingProof((p, i) => app.request(p, i), {
        timezone: TZ,
        contact,
        calendarId: fx.calendars.personal,
        startTime: at(8, "13:00"),
      });
      const compact = await app.request("/api/bookings", {
        method: "POST",
        headers: { "content-type": "application/json", "idempotency-key": key },
        body: JSON.stringify(body),
      });
      const reordered = {
        proof: body.proof,
        startTime: body.startTime,
        calendarId: body.calendarId,
        contact,
        timezone: TZ,
      };
      const spaced = await app.request("/api/bookings", {
        method: "POST",
        headers: { "content-type": "application/json", "idempotency-key": key },
        body: JSON.stringify(reordered, null, 4),
      });
      expect(compact.status).toBe(201);
      expect(spaced.status).toBe(201);
      expect(spaced.headers.get("idempotent-replayed")).toBe("true");
      expect(await spaced.text()).toBe(await compact.text());
    });

    it("keeps no manage token in the clear in the stored answer, and replays it all the same (issue 13)", async () => {
      const key = randomUUID();
      const request = { calendarId: fx.calendars.personal, startTime: at(8, "15:00") };
      const first = await book(request, { "Idempotency-Key": key });
      const created = (await first.clone().json()) as Json;
      expect(created.manageToken).toMatch(/\S{32,}/);
      const stored = await testDb.database.execute(
        "select response::text as response from idempotency_keys where key = $1",
        [key],
      );
      expect(String(stored.rows[0]?.response)).not.toContain(created.manageToken);
      expect(String(stored.rows[0]?.response)).toContain(created.id);
      const replay = await book(request, { "Idempotency-Key": key });
      expect(await replay.text()).toBe(await first.text());
    });
  });

  describe("manage token, reschedule and cancel", () => {
    let booking: Json;
    beforeAll(async () => {
      booking = (await (await book({ calendarId: fx.calendars.personal, startTime: at(9, "09:00") })).json()) as Json;
    });

    it("shows the booking with the token (Bearer or ?token=) and 'No calendar event found' otherwise", async () => {
      const res = await get(`/api/bookings/${booking.id}`, { authorization: `Bearer ${booking.manageToken}` });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({
        id: booking.id,
        status: "confirmed",
        startTime: at(9, "09:00"),
        canCancel: true,
        canReschedule: true,
      });
      expect((await get(`/api/bookings/${booking.id}?token=${booking.manageToken}`)).status).toBe(200);
      const wrong = booking.manageToken.slice(0, -1) + (booking.manageToken.endsWith("A") ? "B" : "A");
      await expectProblem(
        await get(`/api/bookings/${booking.id}?token=${wrong}`),
        404,
        "BOOKING_NOT_FOUND",
        "No calendar event found",
      );
      await expectProblem(
        await get(`/api/bookings/${booking.id}`),
        404,
        "BOOKING_NOT_FOUND",
        "No calendar event found",
      );
      await expectProblem(
        await get(`/api/bookings/${randomUUID()}?token=${booking.manageToken}`),
        404,
        "BOOKING_NOT_FOUND",
      );
      await expectProblem(await get(`/api/bookings/nope?token=${booking.manageToken}`), 404, "BOOKING_NOT_FOUND");
    });

    it("reschedules atomically: previous start recorded, sequence incremented, old time freed", async () => {
      const auth = { authorization: `Bearer ${booking.manageToken}` };
      await book({ calendarId: fx.calendars.personal, startTime: at(9, "14:00") });
      await expectProblem(
        await post(app, `/api/bookings/${booking.id}/reschedule`, { startTime: at(9, "14:00"), timezone: TZ }, auth),
        409,
        "STAFF_BUSY",
      );
      // Moving within its own span (09:00 → 09:30 would overlap itself with the buffer) is allowed.
      const moved = await post(
        app,
        `/api/bookings/${booking.id}/reschedule`,
        { startTime: at(9, "09:30"), timezone: TZ },
        auth,
      );
      expect(moved.status).toBe(200);
      expect(await moved.json()).toMatchObject({
        startTime: at(9, "09:30"),
        previousStartTime: at(9, "09:00"),
        sequence: 1,
      });
      expect(
        (await book({ calendarId: fx.calendars.personal, startTime: at(9, "08:00".replace("08", "09")) })).status,
      ).toBe(409);
      expect(await outboxKinds(booking.id)).toEqual(["booking_confirmed", "booking_rescheduled"]);
      await expectProblem(
        await post(app, `/api/bookings/${booking.id}/reschedule`, { startTime: at(9, "12:00"), timezone: TZ }),
        404,
        "BOOKING_NOT_FOUND",
      );
    });

    it("moves a service booking to the other provider when its own is busy, and records who serves it", async () => {
      const cut = { calendarId: fx.calendars.salon, serviceIds: [fx.services.cut] };
      const first = (await (await book({ ...cut, startTime: at(11, "10:00") })).json()) as Json;
      const [served] = first.staffIds as string[];
      const other = served === fx.staff.s2 ? fx.staff.s3 : fx.staff.s2;
      expect((await book({ ...cut, staffId: served, startTime: at(11, "14:00") })).status).toBe(201);
      const moved = await post(
        app,
        `/api/bookings/${first.id}/reschedule`,
        { startTime: at(11, "14:00"), timezone: TZ },
        { authorization: `Bearer ${first.manageToken}` },
      );
      expect(moved.status).toBe(200);
      expect(await moved.json()).toMatchObject({ staff: [{ id: other }], startTime: at(11, "14:00") });
      const row = await testDb.database.execute("select staff_id, staff_ids from bookings where id = $1", [first.id]);
      expect(row.rows[0]).toEqual({ staff_id: other, staff_ids: [other] });
      // The first provider is free again at 10:00, the other is taken at 14:00.
      expect((await book({ ...cut, staffId: served, startTime: at(11, "10:00") })).status).toBe(201);
      expect((await book({ ...cut, staffId: other, startTime: at(11, "14:00") })).status).toBe(409);
    });

    it("cancels, frees the time, and refuses a second cancel", async () => {
      const auth = { authorization: `Bearer ${booking.manageToken}` };
      const res = await post(app, `/api/bookings/${booking.id}/cancel`, { reason: "Sick" }, auth);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ status: "cancelled", cancelReason: "Sick" });
      expect((await book({ calendarId: fx.calendars.personal, startTime: at(9, "09:30") })).status).toBe(201);
      await expectProblem(await post(app, `/api/bookings/${booking.id}/cancel`, {}, auth), 409, "BOOKING_CANCELLED");
      expect(await outboxKinds(booking.id)).toContain("booking_cancelled");
    });

    it("a booking being moved sees its own time as free, by its manage token only: it moves to an overlapping start", async () => {
      const moved = (await (
        await book({ calendarId: fx.calendars.personal, startTime: at(21, "13:00") })
      ).json()) as Json;
      const auth = { authorization: `Bearer ${moved.manageToken}` };
      const day = (query: string, headers: Record<string, string> = {}) =>
        app.request(
          `/api/calendars/${fx.calendars.personal}/free-slots?startDate=2026-12-21&endDate=2026-12-21&timezone=${TZ}${query}`,
          { headers },
        );
      const slots = async (response: Response) => {
        expect(response.status).toBe(200);
        return (((await response.json()) as Json)["2026-12-21"]?.slots ?? []) as string[];
      };
      const startMs = Date.parse(moved.startTime);
      // Its time with the calendar's 15 minutes after it (a buffer is part of what it occupies).
      const endMs = Date.parse(moved.endTime) + 15 * 60_000;
      const overlapping = (list: string[]) => list.filter((s) => Date.parse(s) >= startMs && Date.parse(s) < endMs);
      // To everyone else its time is taken; to the booking itself, free (its own start included).
      expect(overlapping(await slots(await day("")))).toEqual([]);
      const own = overlapping(await slots(await day(`&rescheduling=${moved.id}`, auth)));
      expect(own[0]).toBe(at(21, "13:00"));
      expect(own.length).toBeGreaterThan(1);
      // Without its token, or with another's, nothing is freed: it looks like no booking at all.
      await expectProblem(await day(`&rescheduling=${moved.id}`), 404, "BOOKING_NOT_FOUND");
      await expectProblem(
        await day(`&rescheduling=${moved.id}`, { authorization: "Bearer wrong-token" }),
        404,
        "BOOKING_NOT_FOUND",
      );
      const next = await app.request(
        `/api/calendars/${fx.calendars.personal}/next-available?from=2026-12-21&timezone=${TZ}&rescheduling=${moved.id}`,
        { headers: auth },
      );
      expect(next.status).toBe(200);
      // And the move itself: to the next start, overlapping where it was.
      const res = await post(app, `/api/bookings/${moved.id}/reschedule`, { startTime: own[1], timezone: TZ }, auth);
      expect(res.status).toBe(200);
      expect(((await res.json()) as Json).startTime).toBe(own[1]);
    });

    it("honours allowReschedule, allowCancel and the change cut-off", async () => {
      const locked = (await (
        await book({ calendarId: fx.calendars.locked, startTime: at(10, "09:00") })
      ).json()) as Json;
      const auth = { authorization: `Bearer ${locked.manageToken}` };
      await expectProblem(
        await post(app, `/api/bookings/${locked.id}/reschedule`, { startTime: at(10, "11:00"), timezone: TZ }, auth),
        403,
        "RESCHEDULE_NOT_ALLOWED",
      );
      await expectProblem(await post(app, `/api/bookings/${locked.id}/cancel`, {}, auth), 403, "CANCEL_NOT_ALLOWED");
      const late = (await (await book({ calendarId: fx.calendars.late, startTime: at(2, "09:00") })).json()) as Json;
      await expectProblem(
        await post(app, `/api/bookings/${late.id}/cancel`, {}, { authorization: `Bearer ${late.manageToken}` }),
        409,
        "CHANGE_WINDOW_CLOSED",
      );
    });
  });

  describe("holds, one-time links, requests, recurring", () => {
    it("a new hold replaces the visitor's previous one: never two times held, the same time holdable again", async () => {
      const first = (await (
        await post(app, `/api/calendars/${fx.calendars.personal}/holds`, { startTime: at(14, "09:00"), timezone: TZ })
      ).json()) as Json;
      const second = await post(app, `/api/calendars/${fx.calendars.personal}/holds`, {
        startTime: at(14, "11:00"),
        timezone: TZ,
        replacesHoldId: first.holdId,
      });
      expect(second.status).toBe(201);
      const held = await testDb.database.execute("select id from holds where id = any($1::uuid[])", [
        [first.holdId, ((await second.json()) as Json).holdId],
      ]);
      expect(held.rows).toHaveLength(1);
      expect((await book({ calendarId: fx.calendars.personal, startTime: at(14, "09:00") })).status).toBe(201);

      // The same time again, over the visitor's own hold.
      const own = (await (
        await post(app, `/api/calendars/${fx.calendars.personal}/holds`, { startTime: at(14, "13:00"), timezone: TZ })
      ).json()) as Json;
      const again = await post(app, `/api/calendars/${fx.calendars.personal}/holds`, {
        startTime: at(14, "13:00"),
        timezone: TZ,
        replacesHoldId: own.holdId,
      });
      expect(again.status).toBe(201);
    });

    it("a released hold frees its time at once: another visitor can book it; a repeat or a stranger's id changes nothing", async () => {
      const freeOn15 = async () =>
        (
          (await (
            await app.request(
              `/api/calendars/${fx.calendars.personal}/free-slots?startDate=2026-12-15&endDate=2026-12-15&timezone=${TZ}`,
            )
          ).json()) as Json
        )["2026-12-15"]?.slots ?? [];
      const start = at(15, "15:00");
      expect(await freeOn15()).toContain(start);
      const { holdId } = (await (
        await post(app, `/api/calendars/${fx.calendars.personal}/holds`, { startTime: start, timezone: TZ })
      ).json()) as Json;
      expect(await freeOn15()).not.toContain(start);
      const release = (calendarId: string, id: string) =>
        app.request(`/api/calendars/${calendarId}/holds/${id}/release`, { method: "POST" });
      // Another calendar's id, or an id that is no hold: nothing is released, and nothing is said about it.
      expect((await release(fx.calendars.salon, holdId)).status).toBe(204);
      expect((await release(fx.calendars.personal, "not-a-hold")).status).toBe(204);
      expect(await freeOn15()).not.toContain(start);
      const released = await release(fx.calendars.personal, holdId);
      expect(released.status).toBe(204);
      expect(await released.text()).toBe("");
      expect(await freeOn15()).toContain(start);
      expect(
        (await testDb.database.execute("select count(*)::int as n from holds where id = $1", [holdId])).rows[0]?.n,
      ).toBe(0);
      expect((await release(fx.calendars.personal, holdId)).status).toBe(204);
      expect((await book({ calendarId: fx.calendars.personal, startTime: start })).status).toBe(201);
    });

    it("a hold blocks others, is consumed by its booking, and stops blocking when it expires", async () => {
      const hold = await post(app, `/api/calendars/${fx.calendars.personal}/holds`, {
        startTime: at(11, "09:00"),
        timezone: TZ,
      });
      expect(hold.status).toBe(201);
      const { holdId, expiresAt } = (await hold.json()) as Json;
      expect(new Date(expiresAt).getTime() - NOW.getTime()).toBe(10 * 60_000);
      await expectProblem(
        await book({ calendarId: fx.calendars.personal, startTime: at(11, "09:00") }),
        409,
        "STAFF_BUSY",
      );
      expect((await book({ calendarId: fx.calendars.personal, startTime: at(11, "09:00"), holdId })).status).toBe(201);
      expect(
        (await testDb.database.execute("select count(*)::int as n from holds where id = $1", [holdId])).rows[0]?.n,
      ).toBe(0);

      await post(app, `/api/calendars/${fx.calendars.personal}/holds`, { startTime: at(11, "12:00"), timezone: TZ });
      const later = bookingApp(testDb.database, {}, () => new Date(NOW.getTime() + 11 * 60_000));
      const free = (await (
        await later.request(
          `/api/calendars/${fx.calendars.personal}/free-slots?startDate=2026-12-11&endDate=2026-12-11&timezone=${TZ}`,
        )
      ).json()) as Json;
      expect(free["2026-12-11"].slots).toContain(at(11, "12:00"));
      expect(
        (
          await post(later, "/api/bookings", {
            calendarId: fx.calendars.personal,
            startTime: at(11, "12:00"),
            timezone: TZ,
            contact,
          })
        ).status,
      ).toBe(201);
      await expectProblem(
        await post(app, `/api/calendars/${fx.calendars.yoga}/holds`, { startTime: at(11, "10:00"), timezone: TZ }),
        422,
        "HOLD_NOT_SUPPORTED",
      );
    });

    it("a one-time link is consumed with its booking; afterwards 'Slug Expired'", async () => {
      expect((await get(`/api/one-time-links/${fx.oneTimeSlug}`)).status).toBe(200);
      expect(
        (await book({ calendarId: fx.calendars.personal, startTime: at(12, "09:00"), oneTimeSlug: fx.oneTimeSlug }))
          .status,
      ).toBe(201);
      await expectProblem(await get(`/api/one-time-links/${fx.oneTimeSlug}`), 410, "SLUG_EXPIRED", "Slug Expired");
      await expectProblem(
        await book({ calendarId: fx.calendars.personal, startTime: at(12, "11:00"), oneTimeSlug: fx.oneTimeSlug }),
        410,
        "SLUG_EXPIRED",
        "Slug Expired",
      );
      await expectProblem(await get("/api/one-time-links/never-issued"), 404, "LINK_NOT_FOUND");
    });

    it("requests start as new; the business confirms (re-checking overlap) or declines", async () => {
      const a = (await (await book({ calendarId: fx.calendars.requests, startTime: at(14, "09:00") })).json()) as Json;
      const b = (await (
        await book({
          calendarId: fx.calendars.requests,
          startTime: at(14, "09:00"),
          contact: { ...contact, email: "b@example.com" },
        })
      ).json()) as Json;
      expect([a.status, b.status]).toEqual(["new", "new"]);
      expect(await outboxKinds(a.id)).toEqual(["request_received"]);
      const confirmed = await confirmRequest(deps, fx.businessId, a.id);
      expect(confirmed.ok && confirmed.value.status).toBe("confirmed");
      const clash = await confirmRequest(deps, fx.businessId, b.id);
      expect(!clash.ok && clash.error.code).toBe("STAFF_BUSY");
      // A request does not occupy (its rows are inactive, the constraint never sees it), so the
      // engine, not the database, refuses one over a confirmed booking: occupancy is still read.
      await expectProblem(
        await book({ calendarId: fx.calendars.requests, startTime: at(14, "09:00") }),
        409,
        "STAFF_BUSY",
        "Not booked: Staff busy",
      );
      expect((await confirmRequest(deps, fx.businessId, a.id)).ok).toBe(false);
      expect((await confirmRequest(deps, randomUUID(), b.id)).ok).toBe(false);
      const declined = await declineRequest(deps, fx.businessId, b.id, "Fully booked");
      expect(declined.ok && declined.value.status).toBe("cancelled");
      expect(await outboxKinds(a.id)).toEqual(["request_received", "request_confirmed"]);
      expect(await outboxKinds(b.id)).toEqual(["request_received", "request_declined"]);
    });

    it("a request can be withdrawn inside the change cut-off until it starts; once confirmed, the cut-off holds", async () => {
      const request = (await (
        await book({ calendarId: fx.calendars.requests, startTime: at(15, "09:00") })
      ).json()) as Json;
      const confirmedOne = (await (
        await book({ calendarId: fx.calendars.requests, startTime: at(15, "11:00") })
      ).json()) as Json;
      expect((await confirmRequest(deps, fx.businessId, confirmedOne.id)).ok).toBe(true);
      // 30 minutes before each start: inside the calendar's 60-minute cut-off.
      const shortlyBefore = (iso: string) =>
        bookingApp(testDb.database, {}, () => new Date(Date.parse(iso) - 30 * 60_000));
      const nearRequest = shortlyBefore(request.startTime);
      const auth = { authorization: `Bearer ${request.manageToken}` };
      const view = (await (await nearRequest.request(`/api/bookings/${request.id}`, { headers: auth })).json()) as Json;
      expect([view.canCancel, view.canReschedule]).toEqual([true, false]);
      await expectProblem(
        await post(
          nearRequest,
          `/api/bookings/${request.id}/reschedule`,
          { startTime: at(16, "09:00"), timezone: TZ },
          auth,
        ),
        409,
        "CHANGE_WINDOW_CLOSED",
      );
      const withdrawn = await post(
        nearRequest,
        `/api/bookings/${request.id}/cancel`,
        { reason: "Plans changed" },
        auth,
      );
      expect(withdrawn.status).toBe(200);
      expect(((await withdrawn.json()) as Json).status).toBe("cancelled");
      // Its emails say it was withdrawn, not that an appointment was cancelled.
      expect(await outboxKinds(request.id)).toEqual(["request_received", "request_withdrawn"]);
      await expectProblem(
        await post(
          shortlyBefore(confirmedOne.startTime),
          `/api/bookings/${confirmedOne.id}/cancel`,
          {},
          {
            authorization: `Bearer ${confirmedOne.manageToken}`,
          },
        ),
        409,
        "CHANGE_WINDOW_CLOSED",
      );
      // After its start, not even a request.
      const late = (await (
        await book({ calendarId: fx.calendars.requests, startTime: at(15, "14:00") })
      ).json()) as Json;
      const afterLateStart = bookingApp(testDb.database, {}, () => new Date(Date.parse(late.startTime) + 60_000));
      await expectProblem(
        await post(
          afterLateStart,
          `/api/bookings/${late.id}/cancel`,
          {},
          { authorization: `Bearer ${late.manageToken}` },
        ),
        409,
        "CHANGE_WINDOW_CLOSED",
      );
    });

    it("books a weekly series in one transaction: skip lists 'Not booked: Staff busy', book_next moves on", async () => {
      await book({ calendarId: fx.calendars.personal, startTime: at(22, "09:00") });
      const skip = await book({
        calendarId: fx.calendars.personal,
        startTime: at(15, "09:00"),
        recurring: { frequency: "weekly", count: 3, policy: "skip" },
      });
      expect(skip.status).toBe(201);
      const body = (await skip.json()) as Json;
      expect(body.occurrences.map((o: Json) => [o.status, o.message])).toEqual([
        ["booked", null],
        ["not_booked", "Not booked: Staff busy"],
        ["booked", null],
      ]);
      const next = (await (
        await book({
          calendarId: fx.calendars.personal,
          startTime: at(15, "11:00"),
          recurring: { frequency: "weekly", count: 2, policy: "book_next" },
          contact: { ...contact, email: "n@example.com" },
        })
      ).json()) as Json;
      expect(next.occurrences.map((o: Json) => o.status)).toEqual(["booked", "booked"]);
      await book({ calendarId: fx.calendars.personal, startTime: at(16, "09:00") });
      const busy = await book({
        calendarId: fx.calendars.personal,
        startTime: at(16, "09:00"),
        recurring: { frequency: "daily", count: 1, policy: "skip" },
      });
      await expectProblem(busy, 409, "STAFF_BUSY", "Not booked: Staff busy");
    });
    it("continue keeps a busy occurrence as a request that occupies nothing, confirmed once its time is free", async () => {
      const blocker = (await (
        await book({
          calendarId: fx.calendars.personal,
          startTime: at(23, "14:00"),
          contact: { ...contact, email: "blocker@example.com" },
        })
      ).json()) as Json;
      const res = await book({
        calendarId: fx.calendars.personal,
        startTime: at(16, "14:00"),
        recurring: { frequency: "weekly", count: 2, policy: "continue" },
        contact: { ...contact, email: "continue@example.com" },
      });
      expect(res.status).toBe(201);
      const body = (await res.json()) as Json;
      expect(body.occurrences.map((o: Json) => [o.status, o.message])).toEqual([
        ["booked", null],
        ["requested", null],
      ]);
      const requested = body.occurrences[1].bookingId as string;
      const rows = await testDb.database.execute(
        "select b.status, bool_or(i.active) as active from bookings b join booking_items i on i.booking_id = b.id where b.id = $1 group by b.status",
        [requested],
      );
      expect(rows.rows).toEqual([{ status: "new", active: false }]);
      // One e-mail for the series (issue 17): the first occurrence's tells both. The request still has
      // a message of its own, for its webhooks and calendar writes, that sends no e-mail.
      expect(await outboxKinds(requested)).toEqual(["request_received"]);
      const own = await testDb.database.execute(
        "select payload->'toldWithSeries' as told from outbox where payload->'booking'->>'bookingId' = $1",
        [requested],
      );
      expect(own.rows).toEqual([{ told: true }]);
      const told = await testDb.database.execute(
        "select payload->'booking'->'series' as series from outbox where payload->'booking'->>'bookingId' = $1",
        [body.occurrences[0].bookingId],
      );
      expect((told.rows[0]!.series as Json).occurrences.map((o: Json) => [o.bookingId, o.status])).toEqual([
        [body.occurrences[0].bookingId, "confirmed"],
        [requested, "new"],
      ]);
      // Never two active bookings of one staff member: confirming waits until the time is free.
      const clash = await confirmRequest(deps, fx.businessId, requested);
      expect(!clash.ok && clash.error.code).toBe("STAFF_BUSY");
      const cancelled = await post(
        app,
        `/api/bookings/${blocker.id}/cancel`,
        { reason: "Moved" },
        { authorization: `Bearer ${blocker.manageToken}` },
      );
      expect(cancelled.status).toBe(200);
      const confirmed = await confirmRequest(deps, fx.businessId, requested);
      expect(confirmed.ok && confirmed.value.status).toBe("confirmed");
    });

    it("issue 17: the calendar's repetition setting, a preview of every occurrence, cancelling the rest of a series", async () => {
      const calendarId = fx.calendars.personal;
      await patchCalendarSettings(testDb.database, calendarId, {
        recurring: { frequencies: ["weekly"], maxCount: 3, policy: "skip" },
      });
      try {
        // Earlier tests may have the calendar cached: the change reaches the cache by notification.
        await expect
          .poll(async () => ((await (await get(`/api/calendars/${calendarId}`)).json()) as Json).recurring, {
            timeout: 10_000,
          })
          .toEqual({ frequencies: ["weekly"], maxCount: 3, policy: "skip" });
        const series = (recurring: Json) => ({ calendarId, startTime: at(17, "10:00"), recurring });
        // Only what the calendar allows.
        for (const recurring of [
          { frequency: "daily", count: 2, policy: "skip" },
          { frequency: "weekly", count: 4, policy: "skip" },
          { frequency: "weekly", count: 2, policy: "continue" },
        ])
          await expectProblem(await book(series(recurring)), 422, "RECURRING_NOT_OFFERED");

        await book({ calendarId, startTime: at(24, "10:00"), contact: { ...contact, email: "xmas@example.com" } });
        const weekly = { frequency: "weekly", count: 3, policy: "skip" };
        const preview = await post(app, `/api/calendars/${calendarId}/series-preview`, {
          timezone: TZ,
          ...series(weekly),
        });
        expect(preview.status).toBe(200);
        const planned = ((await preview.json()) as Json).occurrences as Json[];
        expect(planned.map((o) => [o.requestedStartTime, o.status, o.code])).toEqual([
          [at(17, "10:00"), "booked", null],
          [at(24, "10:00"), "not_booked", "STAFF_BUSY"],
          [at(31, "10:00"), "booked", null],
        ]);
        const created = (await (
          await book({ ...series(weekly), contact: { ...contact, email: "series@example.com" } })
        ).json()) as Json;
        expect(created.occurrences.map((o: Json) => o.status)).toEqual(planned.map((o) => o.status));
        const [first, , last] = created.occurrences.map((o: Json) => o.bookingId as string);

        const auth = { authorization: `Bearer ${created.manageToken}` };
        // The calendar file of any occurrence holds every occurrence still on, each its own event.
        const withFiles = bookingApp(testDb.database, { renderCalendarFile: renderCalendarFile(() => NOW) });
        const file = async (id: string) =>
          (await withFiles.request(`/api/bookings/${id}/calendar.ics`, { headers: auth })).text();
        const both = await file(last);
        expect(both.match(/BEGIN:VEVENT/g)).toHaveLength(2);
        expect(both).toContain(`UID:${first}@booking-widget`);
        const notASeries = (await (await book({ calendarId, startTime: at(18, "10:00") })).json()) as Json;
        await expectProblem(
          await post(
            app,
            `/api/bookings/${notASeries.id}/cancel-series`,
            {},
            {
              authorization: `Bearer ${notASeries.manageToken}`,
            },
          ),
          422,
          "RECURRING_NOT_SUPPORTED",
        );
        await expectProblem(await post(app, `/api/bookings/${first}/cancel-series`, {}, {}), 404, "BOOKING_NOT_FOUND");
        const cancelled = await post(app, `/api/bookings/${first}/cancel-series`, { reason: "Moving away" }, auth);
        expect(cancelled.status).toBe(200);
        const result = (await cancelled.json()) as Json;
        expect(result.cancelled.map((b: Json) => [b.id, b.status])).toEqual([
          [first, "cancelled"],
          [last, "cancelled"],
        ]);
        expect(result.kept).toEqual([]);
        expect(await outboxKinds(first)).toEqual(["booking_confirmed", "booking_cancelled"]);
        // One cancellation e-mail for the rest of the series (the chosen date's, listing both); the
        // later date's rows are for its webhooks, calendar writes and reminders only.
        expect(await outboxKinds(last)).toEqual(["booking_confirmed", "booking_cancelled"]);
        expect(await file(first)).toContain("METHOD:CANCEL");
      } finally {
        await patchCalendarSettings(testDb.database, calendarId, { recurring: null });
      }
    });

    it("issue 17: every 2 weeks where the calendar offers it, with the series' price in the preview", async () => {
      const calendarId = fx.calendars.personal;
      await patchCalendarSettings(testDb.database, calendarId, {
        recurring: { frequencies: ["weekly", { frequency: "weekly", interval: 2 }], maxCount: 3, policy: "skip" },
      });
      try {
        // Written straight into the database: the app drops its cached calendar when the change's
        // notification arrives, which on PostgreSQL is asynchronous (a loaded machine once read it stale).
        await expect
          .poll(async () => ((await (await get(`/api/calendars/${calendarId}`)).json()) as Json).recurring?.frequencies)
          .toEqual(["weekly", { frequency: "weekly", interval: 2 }]);
        const series = (recurring: Json) => ({ calendarId, timezone: TZ, startTime: at(3, "10:00"), recurring });
        const fortnightly = { frequency: "weekly", interval: 2, count: 3, policy: "skip" };
        const preview = await post(app, `/api/calendars/${calendarId}/series-preview`, series(fortnightly));
        expect(preview.status).toBe(200);
        const planned = (await preview.json()) as Json;
        expect(planned.occurrences.map((o: Json) => [o.requestedStartTime, o.status])).toEqual([
          [at(3, "10:00"), "booked"],
          [at(17, "10:00"), "booked"],
          [at(31, "10:00"), "booked"],
        ]);
        // The total is the server's own sum of what each date would cost.
        const one = planned.occurrences[0].priceMinor as number;
        expect(planned.totalMinor).toBe(3 * one);
        expect(planned.depositMinor).toBe(
          planned.occurrences.reduce((sum: number, o: Json) => sum + (o.depositMinor as number), 0),
        );
        // Every 3 weeks is not offered: its own code, not "needs a single staff member".
        await expectProblem(
          await post(app, `/api/calendars/${calendarId}/series-preview`, series({ ...fortnightly, interval: 3 })),
          422,
          "RECURRING_NOT_OFFERED",
        );
        await expectProblem(
          await post(app, `/api/calendars/${calendarId}/series-preview`, series({ ...fortnightly, interval: 5 })),
          400,
          "VALIDATION_FAILED",
        );
        const created = (await (
          await book({ ...series(fortnightly), contact: { ...contact, email: "fortnight@example.com" } })
        ).json()) as Json;
        expect(created.occurrences.map((o: Json) => [o.startTime, o.status])).toEqual([
          [at(3, "10:00"), "booked"],
          [at(17, "10:00"), "booked"],
          [at(31, "10:00"), "booked"],
        ]);
      } finally {
        await patchCalendarSettings(testDb.database, calendarId, { recurring: null });
      }
    });
  });

  describe("rate limits and documentation", () => {
    /** What @hono/node-server passes as `c.env` for a request that came over a socket from `address`. */
    const fromSocket = (address: string) => ({ incoming: { socket: { remoteAddress: address } } });
    const send = (app: ReturnType<typeof bookingApp>, path: string, address: string, headers = {}) =>
      app.request(
        path,
        path.endsWith("/bookings")
          ? { method: "POST", headers: { "content-type": "application/json", ...headers }, body: "{}" }
          : { headers },
        fromSocket(address),
      );
    const slots = () =>
      `/api/calendars/${fx.calendars.personal}/free-slots?startDate=2026-12-01&endDate=2026-12-01&timezone=${TZ}`;

    it("answers 429 with Retry-After over the limit, per client address", async () => {
      const limited = bookingApp(testDb.database, { rateLimits: { bookingsPerMinute: 2, slotsPerMinute: 1 } });
      for (let i = 0; i < 2; i++) expect((await send(limited, "/api/bookings", "203.0.113.7")).status).toBe(400);
      const res = await send(limited, "/api/bookings", "203.0.113.7");
      const body = await expectProblem(res, 429, "RATE_LIMITED");
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(body.retryAfterSeconds).toBe(Number(res.headers.get("retry-after")));
      expect((await send(limited, "/api/bookings", "198.51.100.1")).status).toBe(400);
      expect((await send(limited, slots(), "203.0.113.7")).status).toBe(200);
      expect((await send(limited, slots(), "203.0.113.7")).status).toBe(429);
    });

    it("does not believe X-Forwarded-For without a trusted proxy: rotating it is still one client", async () => {
      // A hundred refusals in a row: answered at once here (the delay for repeated refusals is tested apart).
      const limited = bookingApp(testDb.database, {
        rateLimits: { bookingsPerMinute: 30, slotsPerMinute: 300, repeatRefusalDelayMs: 0 },
      });
      const statuses: number[] = [];
      for (let i = 0; i < 60; i++) {
        const forged = { "x-forwarded-for": `198.51.${i >> 8}.${i & 255}` };
        statuses.push((await send(limited, "/api/bookings", "203.0.113.9", forged)).status);
      }
      expect(statuses.filter((s) => s === 429)).toHaveLength(30);
      const slotStatuses: number[] = [];
      for (let i = 0; i < 400; i++) {
        const forged = { "x-forwarded-for": `192.0.2.${i & 255}, 10.${i}.0.1` };
        slotStatuses.push((await send(limited, slots(), "203.0.113.9", forged)).status);
      }
      expect(slotStatuses.filter((s) => s === 429)).toHaveLength(100);
    });

    it("believes a trusted proxy's X-Forwarded-For: the right-most untrusted hop is the client", async () => {
      const limited = bookingApp(
        testDb.database,
        { rateLimits: { bookingsPerMinute: 1, slotsPerMinute: 1 } },
        undefined,
        { trustedProxy: { kind: "ranges", ranges: ["10.0.0.0/8"] } },
      );
      // The visitor forges a left-most entry; the proxy (10.0.0.2) appends the address it saw.
      const viaProxy = (seen: string, forged: string) => ({ "x-forwarded-for": `${forged}, ${seen}` });
      expect((await send(limited, "/api/bookings", "10.0.0.2", viaProxy("198.51.100.5", "1.1.1.1"))).status).toBe(400);
      expect((await send(limited, "/api/bookings", "10.0.0.2", viaProxy("198.51.100.5", "2.2.2.2"))).status).toBe(429);
      expect((await send(limited, "/api/bookings", "10.0.0.2", viaProxy("198.51.100.6", "1.1.1.1"))).status).toBe(400);
    });

    it("serves the OpenAPI 3.1 document and a self-contained reference page", async () => {
      const doc = (await (await get("/api/openapi.json")).json()) as Json;
      expect(doc.openapi).toBe("3.1.0");
      expect(Object.keys(doc.paths)).toEqual(
        expect.arrayContaining([
          "/api/bookings",
          "/api/calendars/{calendarId}/free-slots",
          "/api/bookings/{id}/reschedule",
        ]),
      );
      expect(doc.components.schemas.BookingRequest.properties.contact).toBeDefined();
      const page = await get("/api/docs");
      expect(page.headers.get("content-type")).toContain("text/html");
      const html = await page.text();
      expect(html).toContain("/api/openapi.json");
      expect(html).not.toMatch(/<(script|link)[^>]+(src|href)="https?:/);
    });
  });
});

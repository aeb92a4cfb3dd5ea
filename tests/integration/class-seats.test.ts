/**
 * Seats left and full classes in GET /api/calendars/:id/free-slots (issue 17, "Seats left"), on
 * PGlite and PostgreSQL: counts fall with each booking, a full class is listed as full, the
 * business's "display available seats" toggle and one-seat classes keep the plain shape.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "../support/databases.ts";
import {
  at,
  bookingApp,
  businessHeaders,
  contact,
  post,
  seedBookingFixture,
  type Fixture,
} from "./booking-fixtures.ts";

// Response bodies are read field by field in assertions; a loose type keeps them short.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;
const TZ = "Europe/Berlin";
/** Wednesday 2 December 2026: the yoga classes (five seats) run hourly 09:00–16:00 in Berlin. */
const DAY = "2026-12-02";
const HOURS = ["09:00", "10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00"];

describe.each(DATABASE_KINDS)("class seats in free slots on %s", (kind) => {
  let testDb: TestDatabase;
  let fx: Fixture;
  let app: ReturnType<typeof bookingApp>;
  let business: Record<string, string>;
  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    fx = await seedBookingFixture(testDb.database);
    app = bookingApp(testDb.database);
    business = await businessHeaders(testDb.database, fx, "seats");
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  async function freeSlots(calendarId: string, extra = ""): Promise<Json> {
    const res = await app.request(
      `/api/calendars/${calendarId}/free-slots?startDate=${DAY}&endDate=${DAY}&timezone=${encodeURIComponent(TZ)}${extra}`,
    );
    expect(res.status).toBe(200);
    return (await res.json()) as Json;
  }
  const bookYoga = (time: string, email: string) =>
    post(app, "/api/bookings", {
      calendarId: fx.calendars.yoga,
      startTime: at(2, time),
      timezone: TZ,
      contact: { ...contact, email },
    });
  async function patchSettings(settings: Json) {
    const res = await app.request(`/api/business/calendars/${fx.calendars.yoga}`, {
      method: "PATCH",
      headers: business,
      body: JSON.stringify({ settings }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as Json).settings as Json;
  }

  it("counts the seats left at each class and lists a class as full once its seats are gone", async () => {
    expect(await freeSlots(fx.calendars.yoga)).toEqual({
      [DAY]: { slots: HOURS.map((h) => at(2, h)), seats: HOURS.map(() => 5), full: [] },
    });

    for (let i = 0; i < 4; i++) expect((await bookYoga("10:00", `yogi${i}@example.com`)).status).toBe(201);
    const oneLeft = await freeSlots(fx.calendars.yoga);
    expect(oneLeft[DAY].slots).toEqual(HOURS.map((h) => at(2, h)));
    expect(oneLeft[DAY].seats).toEqual([5, 1, 5, 5, 5, 5, 5, 5]);
    expect(oneLeft[DAY].full).toEqual([]);

    // Asked for two places (the booker and one more), the 10:00 class has too few: full for them.
    const forTwo = await freeSlots(fx.calendars.yoga, "&guests=1");
    expect(forTwo[DAY].slots).toEqual(HOURS.filter((h) => h !== "10:00").map((h) => at(2, h)));
    expect(forTwo[DAY].seats).toEqual([5, 5, 5, 5, 5, 5, 5]);
    expect(forTwo[DAY].full).toEqual([at(2, "10:00")]);

    expect((await bookYoga("10:00", "last@example.com")).status).toBe(201);
    const full = await freeSlots(fx.calendars.yoga);
    expect(full[DAY]).toEqual({
      slots: HOURS.filter((h) => h !== "10:00").map((h) => at(2, h)),
      seats: [5, 5, 5, 5, 5, 5, 5],
      full: [at(2, "10:00")],
    });
    const refused = await bookYoga("10:00", "late@example.com");
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as Json).code).toBe("SEATS_EXCEEDED");
  });

  it("the business turns seat display off and on through its API; off keeps the plain shape", async () => {
    const shown = await app.request(`/api/business/calendars/${fx.calendars.yoga}`, { headers: business });
    expect(((await shown.json()) as Json).settings.displayAvailableSeats).toBe(true);

    expect((await patchSettings({ displayAvailableSeats: false })).displayAvailableSeats).toBe(false);
    expect(await freeSlots(fx.calendars.yoga)).toEqual({
      [DAY]: { slots: HOURS.filter((h) => h !== "10:00").map((h) => at(2, h)) },
    });

    expect((await patchSettings({ displayAvailableSeats: true })).displayAvailableSeats).toBe(true);
    expect((await freeSlots(fx.calendars.yoga))[DAY].full).toEqual([at(2, "10:00")]);

    const bad = await app.request(`/api/business/calendars/${fx.calendars.yoga}`, {
      method: "PATCH",
      headers: business,
      body: JSON.stringify({ settings: { displayAvailableSeats: "yes" } }),
    });
    expect(bad.status).toBe(400);
  });

  it("seats appear only when a class has more than one seat; other calendars keep the plain shape", async () => {
    await patchSettings({ seatsPerSlot: 1 });
    const single = await freeSlots(fx.calendars.yoga);
    expect(Object.keys(single[DAY]).sort()).toEqual(["slots"]);
    await patchSettings({ seatsPerSlot: 5 });

    for (const calendarId of [fx.calendars.personal, fx.calendars.roundRobin, fx.calendars.collective]) {
      const body = await freeSlots(calendarId);
      for (const day of Object.values(body)) expect(Object.keys(day)).toEqual(["slots"]);
    }
  });
});

/**
 * The database refuses double bookings, whatever the application does: 150 simultaneous requests
 * for one slot give exactly one booking (a 5-seat class: exactly five), on PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sqlStateOf } from "../../src/adapters/db/kernel.ts";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "../support/databases.ts";
import { at, bookingApp, contact, post, seedBookingFixture, type Fixture } from "./booking-fixtures.ts";

const CONCURRENT = 150;

describe.each(DATABASE_KINDS)("booking concurrency on %s", (kind) => {
  let testDb: TestDatabase;
  let fx: Fixture;
  let app: ReturnType<typeof bookingApp>;
  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    fx = await seedBookingFixture(testDb.database);
    app = bookingApp(testDb.database);
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  async function storm(body: (i: number) => unknown) {
    const responses = await Promise.all(
      Array.from({ length: CONCURRENT }, (_, i) => post(app, "/api/bookings", body(i))),
    );
    const statuses = responses.map((r) => r.status);
    const bodies = await Promise.all(responses.map((r) => r.json() as Promise<{ code?: string; detail?: string }>));
    return { statuses, bodies };
  }

  it(`${CONCURRENT} simultaneous bookings of one personal slot: exactly one succeeds`, async () => {
    const { statuses, bodies } = await storm((i) => ({
      calendarId: fx.calendars.personal,
      startTime: at(1, "10:00"),
      timezone: "Europe/Berlin",
      contact: { ...contact, email: `p${i}@example.com` },
    }));
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    const refused = bodies.filter((b, i) => statuses[i] !== 201);
    expect(new Set(refused.map((b) => b.code))).toEqual(new Set(["STAFF_BUSY"]));
    expect(refused[0]?.detail).toBe("Not booked: Staff busy");
    const rows = await testDb.database.execute("select count(*)::int as n from bookings where calendar_id = $1", [
      fx.calendars.personal,
    ]);
    expect(rows.rows[0]?.n).toBe(1);
  });

  it(`${CONCURRENT} simultaneous bookings of a 5-seat class: exactly five succeed`, async () => {
    const { statuses, bodies } = await storm((i) => ({
      calendarId: fx.calendars.yoga,
      startTime: at(2, "10:00"),
      timezone: "Europe/Berlin",
      contact: { ...contact, email: `y${i}@example.com` },
    }));
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    const refused = bodies.filter((_, i) => statuses[i] !== 201);
    expect(new Set(refused.map((b) => b.code))).toEqual(new Set(["SEATS_EXCEEDED"]));
    expect(refused.some((b) => b.detail === "Total available seats for this slot is only 0")).toBe(true);
    const session = await testDb.database.execute(
      "select seats_taken, seats_total from class_sessions where calendar_id = $1",
      [fx.calendars.yoga],
    );
    expect(session.rows).toEqual([{ seats_taken: 5, seats_total: 5 }]);
  });

  it(`${CONCURRENT} simultaneous round-robin bookings with two members: exactly two succeed, one each`, async () => {
    const { statuses } = await storm((i) => ({
      calendarId: fx.calendars.roundRobin,
      startTime: at(3, "10:00"),
      timezone: "Europe/Berlin",
      contact: { ...contact, email: `r${i}@example.com` },
    }));
    expect(statuses.filter((s) => s === 201)).toHaveLength(2);
    const rows = await testDb.database.execute(
      "select staff_id from bookings where calendar_id = $1 order by staff_id",
      [fx.calendars.roundRobin],
    );
    expect(rows.rows.map((r) => r.staff_id).sort()).toEqual([fx.staff.s2, fx.staff.s3].sort());
  });

  it("a class session occupies its host once: a personal booking of the host over the class is refused", async () => {
    // s4 teaches yoga at 10:00 on day 2 and is a member of the collective calendar.
    const res = await post(app, "/api/bookings", {
      calendarId: fx.calendars.collective,
      startTime: at(2, "10:00"),
      timezone: "Europe/Berlin",
      contact,
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: "STAFF_BUSY" });
    const direct = await testDb.database
      .execute(
        "insert into booking_items (business_id, booking_id, staff_id, blocked, starts_at, ends_at) select business_id, id, $1, tstzrange('2026-12-02T09:30:00Z', '2026-12-02T09:45:00Z'), '2026-12-02T09:30:00Z', '2026-12-02T09:45:00Z' from bookings limit 1",
        [fx.staff.s4],
      )
      .then(
        () => null,
        (e: unknown) => sqlStateOf(e).code,
      );
    expect(direct).toBe("23P01");
  });

  it("a direct overlapping SQL insert into the occupancy table is refused (23P01), a cancelled one is not", async () => {
    const [booking] = (
      await testDb.database.execute("select id, business_id from bookings where calendar_id = $1", [
        fx.calendars.personal,
      ])
    ).rows;
    const insert = (range: string, active = true) =>
      testDb.database
        .execute(
          `insert into booking_items (business_id, booking_id, staff_id, blocked, starts_at, ends_at, active) values ($1, $2, $3, $4::tstzrange, lower($4::tstzrange), upper($4::tstzrange), $5)`,
          [booking!.business_id, booking!.id, fx.staff.s1, range, active],
        )
        .then(
          () => null,
          (e: unknown) => sqlStateOf(e).code,
        );
    // The booking holds 09:00–09:30Z plus a 15-minute buffer after.
    expect(await insert("[2026-12-01T09:40:00Z,2026-12-01T10:00:00Z)")).toBe("23P01");
    expect(await insert("[2026-12-01T09:40:00Z,2026-12-01T10:00:00Z)", false)).toBeNull();
    expect(await insert("[2026-12-01T09:45:00Z,2026-12-01T10:00:00Z)")).toBeNull();
    const overSeat = await testDb.database.execute("update class_sessions set seats_taken = seats_total + 1").then(
      () => null,
      (e: unknown) => sqlStateOf(e).code,
    );
    expect(overSeat).toBe("23514");
  });
});

/**
 * Concurrent bookings share statements (ADR 0011) without sharing fates: on PGlite and PostgreSQL,
 * simultaneous bookings of different staff are written several to a transaction, a booking the
 * database refuses fails alone while its batch neighbours are booked, and two requests with one
 * Idempotency-Key still give one booking.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/server/app.ts";
import { createLogger } from "../../src/server/logger.ts";
import { TEST_BOOKING_PROOF, withBookingProof } from "../support/booking-proof.ts";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "../support/databases.ts";
import { NOW, post, seedPersonalCalendars } from "./booking-fixtures.ts";

const STAFF = 20;
describe.each(DATABASE_KINDS)("batched booking writes on %s", (kind) => {
  let testDb: TestDatabase;
  let app: ReturnType<typeof createApp>;
  let calendarIds: string[] = [];

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    ({ calendarIds } = await seedPersonalCalendars(testDb.database, STAFF));
    // One statement at a time: everything that arrives meanwhile waits for the next batch.
    app = createApp({
      database: testDb.database,
      pages: {} as never,
      logger: createLogger("silent"),
      clock: () => NOW,
      mode: "test",
      bookingWriteConcurrency: 1,
      bookingApi: {
        publicUrl: "https://book.example.com",
        rateLimits: { bookingsPerMinute: 100_000, slotsPerMinute: 100_000 },
        bookingProof: TEST_BOOKING_PROOF,
      },
    });
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  /** Day `day` of December 2026 at `hour`:00 UTC. */
  const slot = (day: number, hour: number) =>
    `2026-12-${String(day).padStart(2, "0")}T${String(hour).padStart(2, "0")}:00:00Z`;
  const booking = (calendar: number, startTime: string, email: string) => ({
    calendarId: calendarIds[calendar],
    startTime,
    timezone: "UTC",
    contact: { firstName: "Batch", lastName: "Visitor", email },
  });
  const transactionsOf = async (day: string) =>
    Number(
      (
        await testDb.database.execute(
          "select count(distinct xmin::text)::int as n from bookings where starts_at::date = $1::date",
          [day],
        )
      ).rows[0]?.n,
    );

  it("writes simultaneous bookings of different staff several to a transaction, each with its occupancy, outbox row and key", async () => {
    // Proofs solved first, so that the bookings themselves arrive together.
    const bodies = await Promise.all(
      Array.from({ length: 2 * STAFF }, (_, i) =>
        withBookingProof(
          (p, init) => app.request(p, init),
          booking(i % STAFF, slot(3, 8 + Math.floor(i / STAFF)), `v${i}@batch.example`),
        ),
      ),
    );
    const requests = bodies.map((body, i) => post(app, "/api/bookings", body, { "idempotency-key": `batch-${i}` }));
    const responses = await Promise.all(requests);
    expect(responses.map((r) => r.status)).toEqual(responses.map(() => 201));
    const ids = await Promise.all(responses.map(async (r) => ((await r.json()) as { id: string }).id));
    expect(new Set(ids).size).toBe(2 * STAFF);
    const transactions = await transactionsOf("2026-12-03");
    expect(transactions).toBeGreaterThan(1);
    expect(transactions).toBeLessThan(2 * STAFF);
    const counts = await testDb.database.execute(
      `select (select count(*) from booking_items where booking_id = any($1::uuid[]))::int as items,
              (select count(*) from outbox where payload->'booking'->>'bookingId' = any($2::text[]))::int as outbox,
              (select count(*) from idempotency_keys where key like 'batch-%')::int as keys`,
      [`{${ids.join(",")}}`, ids],
    );
    expect(counts.rows[0]).toEqual({ items: 2 * STAFF, outbox: 2 * STAFF, keys: 2 * STAFF });
  });

  it("a booking the database refuses fails alone: its batch neighbours are booked", async () => {
    // Staff 0 is taken at 10:00 on the 4th; the engine leaves that verdict to the constraint, so the
    // second request for it reaches a batch, and sinks it, until the batch is written one by one.
    expect((await post(app, "/api/bookings", booking(0, slot(4, 10), "first@batch.example"))).status).toBe(201);
    const responses = await Promise.all([
      ...Array.from({ length: STAFF - 1 }, (_, i) =>
        post(app, "/api/bookings", booking(i + 1, slot(4, 10), `n${i}@batch.example`)),
      ),
      post(app, "/api/bookings", booking(0, slot(4, 10), "late@batch.example")),
      ...Array.from({ length: STAFF - 1 }, (_, i) =>
        post(app, "/api/bookings", booking(i + 1, slot(4, 11), `m${i}@batch.example`)),
      ),
    ]);
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(2 * (STAFF - 1));
    const refused = responses[STAFF - 1]!;
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: "STAFF_BUSY", detail: "Not booked: Staff busy" });
    const rows = await testDb.database.execute(
      "select count(*)::int as n from bookings where starts_at::date = '2026-12-04' and status <> 'cancelled'",
    );
    expect(rows.rows[0]?.n).toBe(1 + 2 * (STAFF - 1));
  });

  it("two simultaneous requests with one Idempotency-Key book once and answer alike", async () => {
    const body = booking(5, slot(5, 9), "same@batch.example");
    const [a, b] = await Promise.all([
      post(app, "/api/bookings", body, { "idempotency-key": "same-key" }),
      post(app, "/api/bookings", body, { "idempotency-key": "same-key" }),
    ]);
    expect([a!.status, b!.status]).toEqual([201, 201]);
    const [ja, jb] = [(await a!.json()) as { id: string }, (await b!.json()) as { id: string }];
    expect(ja.id).toBe(jb.id);
    const rows = await testDb.database.execute("select count(*)::int as n from bookings where starts_at = $1", [
      slot(5, 9),
    ]);
    expect(rows.rows[0]?.n).toBe(1);
  });
});

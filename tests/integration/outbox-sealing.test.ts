/**
 * The manage token exists in the clear only in the visitor's answer and their emails: the
 * bookings tables keep its hash, and the outbox keeps the links sealed until delivery.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPublicPagesRepository } from "../../src/adapters/db/public-pages-repository.ts";
import { createLinkSealer } from "../../src/adapters/outbox/link-sealing.ts";
import { DEMO } from "../../src/adapters/db/seed/demo-ids.ts";
import { seedDemo } from "../../src/adapters/db/seed/demo.ts";
import { createApp } from "../../src/server/app.ts";
import { createLogger } from "../../src/server/logger.ts";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "../support/databases.ts";
import { withBookingProof } from "../support/booking-proof.ts";

describe.each(DATABASE_KINDS)("manage token at rest on %s", (kind) => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    await seedDemo(testDb.database.db);
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  it("is nowhere in the database in the clear, and the worker's opener restores the links", async () => {
    const sealer = createLinkSealer("test secret ".repeat(4));
    const app = createApp({
      database: testDb.database,
      pages: createPublicPagesRepository(testDb.database.db, DEMO.businessSlug),
      logger: createLogger("silent"),
      clock: () => new Date(),
      mode: "test",
      linkSealer: sealer,
    });
    // A week from the day after next: whatever today is, it holds working days of the demo's host.
    const dayIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const slots = (await (
      await app.request(
        `/api/calendars/${DEMO.calendars.introCall}/free-slots?startDate=${dayIn(8)}&endDate=${dayIn(14)}&timezone=UTC`,
      )
    ).json()) as Record<string, { slots: string[] }>;
    const startTime = Object.values(slots).find((day) => day.slots.length > 0)?.slots[0];
    expect(startTime).toBeDefined();
    const res = await app.request("/api/bookings", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(
        await withBookingProof((p, i) => app.request(p, i), {
          calendarId: DEMO.calendars.introCall,
          startTime,
          timezone: "UTC",
          contact: { firstName: "Sam", lastName: "Seal", email: "sam@example.com" },
        }),
      ),
    });
    expect(res.status).toBe(201);
    const { manageToken } = (await res.json()) as { manageToken: string };

    const dump = await testDb.database.execute(
      "select (select coalesce(json_agg(b), '[]') from bookings b)::text as bookings, (select coalesce(json_agg(o.payload), '[]') from outbox o)::text as outbox",
    );
    expect(String(dump.rows[0]!.bookings)).not.toContain(manageToken);
    expect(String(dump.rows[0]!.outbox)).not.toContain(manageToken);
    expect(String(dump.rows[0]!.outbox)).toContain("sealed:v1:");

    const payload = (await testDb.database.execute("select payload from outbox order by created_at desc limit 1"))
      .rows[0]!.payload;
    const opened = sealer.open(payload as never);
    expect(opened.booking.cancelUrl).toContain(manageToken);
  });
});

/**
 * Warm busy indexes (issue 22) never answer with busy time older than the request: a booking made
 * by another app instance on the same database, a row written straight into it with no
 * notification heard, a cancellation, a hold that merely expired — each shows in the very next
 * free-slots answer, with no polling. Answers equal those of an app that indexes afresh on every
 * request, from the first (cold) one on.
 */
import { randomUUID } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBookingRepository } from "../../src/adapters/db/booking-repository.ts";
import { OCCUPANCY_CHANGED_SINCE } from "../../src/adapters/db/bookings/reads.ts";
import { iso, uuidArray } from "../../src/adapters/db/bookings/executor.ts";
import { openDatabase, type Database } from "../../src/adapters/db/client.ts";
import { DEFAULT_CALENDAR_SETTINGS } from "../../src/core/calendar/calendar-setup.ts";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "../support/databases.ts";
import { at, bookingApp, contact, NOW, post, seedBookingFixture, type Fixture } from "./booking-fixtures.ts";

const TZ = "Europe/Berlin";

describe.each(DATABASE_KINDS)("warm busy indexes on %s", (kind) => {
  let testDb: TestDatabase;
  let fx: Fixture;
  /** A second app instance on the same database: its own pool (PostgreSQL) and its own caches. */
  let other: Database;
  let now = NOW;
  const clock = () => now;
  let warm: ReturnType<typeof bookingApp>;
  let deaf: ReturnType<typeof bookingApp>;
  let cold: ReturnType<typeof bookingApp>;
  let elsewhere: ReturnType<typeof bookingApp>;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    fx = await seedBookingFixture(testDb.database);
    other = testDb.url ? await openDatabase({ kind: "postgres", url: testDb.url }) : testDb.database;
    warm = bookingApp(testDb.database, {}, clock);
    // Hears no notification at all: only the version check can tell it that busy time changed.
    deaf = bookingApp({ ...testDb.database, listen: async () => {} }, {}, clock);
    cold = bookingApp(testDb.database, {}, clock, { warmBusyIndexes: false });
    elsewhere = bookingApp(other, {}, clock);
  });
  afterAll(async () => {
    if (other !== testDb?.database) await other?.close();
    await testDb?.drop();
  });

  const slots = async (app: ReturnType<typeof bookingApp>, calendarId: string, from: string, to: string) => {
    const res = await app.request(
      `/api/calendars/${calendarId}/free-slots?startDate=${from}&endDate=${to}&timezone=${TZ}`,
    );
    expect(res.status).toBe(200);
    return (await res.json()) as Record<string, { slots: string[]; seats?: number[]; full?: string[] }>;
  };
  const day = async (app: ReturnType<typeof bookingApp>, d: number, calendarId = fx.calendars.personal) => {
    const date = `2026-12-${String(d).padStart(2, "0")}`;
    return (await slots(app, calendarId, date, date))[date]?.slots ?? [];
  };

  const month = async (app: ReturnType<typeof bookingApp>, calendarId: string) => {
    const res = await app.request(
      `/api/calendars/${calendarId}/free-slots?startDate=2026-12-01&endDate=2026-12-31&timezone=${TZ}` +
        (calendarId === fx.calendars.salon ? `&serviceIds=${fx.services.cut}` : ""),
    );
    return `${res.status} ${await res.text()}`;
  };

  it("answers from a cold start exactly as indexing afresh does, for every kind of calendar", async () => {
    const offering: string[] = [];
    for (const calendarId of Object.values(fx.calendars)) {
      const fresh = await month(cold, calendarId);
      if (fresh.startsWith("200 ")) offering.push(calendarId);
      expect(await month(warm, calendarId)).toBe(fresh);
      // The second answer comes from the warm index: still the same.
      expect(await month(warm, calendarId)).toBe(fresh);
    }
    expect(offering).toEqual(expect.arrayContaining([fx.calendars.personal, fx.calendars.yoga, fx.calendars.salon]));
  });

  it("a booking made by another app instance is gone from the next answer", async () => {
    for (const app of [warm, deaf]) expect(await day(app, 7)).toContain(at(7, "10:00"));
    const res = await post(elsewhere, "/api/bookings", {
      calendarId: fx.calendars.personal,
      startTime: at(7, "10:00"),
      timezone: TZ,
      contact,
    });
    expect(res.status).toBe(201);
    for (const app of [warm, deaf]) {
      const offered = await day(app, 7);
      expect(offered).not.toContain(at(7, "10:00"));
      expect(offered).toEqual(await day(cold, 7));
    }
    // The round-robin calendar shares the staff member: its warm index sees the booking as well.
    expect(await slots(deaf, fx.calendars.roundRobin, "2026-12-01", "2026-12-31")).toEqual(
      await slots(cold, fx.calendars.roundRobin, "2026-12-01", "2026-12-31"),
    );
  });

  // A hold written by hand (as a script or another product version would), 11:00–11:30 on day `d`:
  // its row first (no busy time yet), then its occupancy item (the busy change).
  const [HOLD_EXPIRES, HELD] = ["2026-11-30T08:00:00Z", "11:00"];
  const writeHoldRow = async (d: number) => {
    const holdId = randomUUID();
    await testDb.database.execute(
      `insert into holds (id, business_id, calendar_id, starts_at, ends_at, staff_ids, expires_at)
       values ($1, $2, $3, $4, $5, array[$6::uuid], $7)`,
      [holdId, fx.businessId, fx.calendars.personal, at(d, HELD), at(d, "11:30"), fx.staff.s1, HOLD_EXPIRES],
    );
    return holdId;
  };
  const writeHoldItem = (holdId: string, d: number) =>
    testDb.database.execute(
      `insert into booking_items (business_id, hold_id, staff_id, blocked, starts_at, ends_at, hold_expires_at)
       values ($1, $2, $3, tstzrange($4, $5), $4, $5, $6)`,
      [fx.businessId, holdId, fx.staff.s1, at(d, HELD), at(d, "11:30"), HOLD_EXPIRES],
    );
  /** `app` offers 11:00 on day `d`, not once a hold is written straight in, and again once it is deleted. */
  const seesStraightWrites = async (app: ReturnType<typeof bookingApp>, d: number) => {
    expect(await day(app, d)).toContain(at(d, HELD));
    const holdId = await writeHoldRow(d);
    await writeHoldItem(holdId, d);
    expect(await day(app, d)).not.toContain(at(d, HELD));
    // Deleting it (its items go by cascade) frees the time again.
    await testDb.database.execute("delete from holds where id = $1", [holdId]);
    expect(await day(app, d)).toContain(at(d, HELD));
  };

  it("every occupancy read names the business: a staff id of another business reads nothing (ADR 0057)", async () => {
    const reads = createBookingRepository(testDb.database);
    const [from, to] = [Date.parse(at(14, "00:00")), Date.parse(at(15, "00:00"))];
    const { version } = await reads.loadOccupancyVersioned!(fx.businessId, [fx.staff.s1], from, to);
    const holdId = await writeHoldRow(14);
    await writeHoldItem(holdId, 14);
    try {
      const elsewhereId = randomUUID();
      expect(await reads.loadOccupancy(fx.businessId, [fx.staff.s1], from, to)).toHaveLength(1);
      expect(await reads.loadOccupancy(elsewhereId, [fx.staff.s1], from, to)).toEqual([]);
      expect((await reads.loadOccupancyVersioned!(elsewhereId, [fx.staff.s1], from, to)).occupancy).toEqual([]);
      const own = await reads.occupancyChangedSince!(fx.businessId, [fx.staff.s1], from, to, version);
      expect([own.changed, own.occupancy.length]).toEqual([[fx.staff.s1], 1]);
      const foreign = await reads.occupancyChangedSince!(elsewhereId, [fx.staff.s1], from, to, version);
      expect([foreign.changed, foreign.occupancy]).toEqual([[], []]);
    } finally {
      await testDb.database.execute("delete from holds where id = $1", [holdId]);
    }
  });

  it("the version check reads no occupancy when nothing changed, and the changed staff's when something did", async () => {
    // Every warm request runs it. A regression made it walk the business's month in the exclusion index on every
    // request (the occupancy subquery ran with an empty change set): 1.5 ms a request at 10,000 bookings.
    const staff = [fx.staff.s1, fx.staff.s2, fx.staff.s3];
    const [from, to] = [Date.parse(at(15, "00:00")), Date.parse(at(16, "00:00"))];
    const snapshot = String((await testDb.database.execute("select pg_current_snapshot()::text as s")).rows[0]?.s);
    const params = [uuidArray(staff), iso(from), iso(to), fx.businessId, snapshot];
    /** Loops of the plan's nodes over booking_items (its table or its exclusion index). */
    const occupancyLoops = async () => {
      const { rows } = await testDb.database.execute(
        `explain (analyze, format json) ${OCCUPANCY_CHANGED_SINCE}`,
        params,
      );
      const plan = JSON.stringify(rows[0]?.["QUERY PLAN"] ?? rows[0]);
      type Node = { "Relation Name"?: string; "Index Name"?: string; "Actual Loops"?: number; Plans?: Node[] };
      const loops: number[] = [];
      const walk = (node: Node) => {
        if (node["Relation Name"] === "booking_items" || node["Index Name"]?.startsWith("booking_items"))
          loops.push(node["Actual Loops"] ?? -1);
        node.Plans?.forEach(walk);
      };
      walk((JSON.parse(plan) as { Plan: Node }[])[0]!.Plan);
      return loops;
    };
    const quiet = await occupancyLoops();
    expect(quiet.length).toBeGreaterThan(0);
    expect(quiet.every((n) => n === 0)).toBe(true);
    const holdId = await writeHoldRow(15);
    await writeHoldItem(holdId, 15);
    try {
      expect((await occupancyLoops()).some((n) => n > 0)).toBe(true);
    } finally {
      await testDb.database.execute("delete from holds where id = $1", [holdId]);
    }
  });

  it("rows written straight into the database, with no notification heard, show at once", async () => {
    await seesStraightWrites(deaf, 8);
  });

  it("the warm instance too sees rows written straight into the database at once", async () => {
    // On the embedded database it trusts its notifications (no version check while none came):
    // a commit's notification must then be heard before the commit returns (the test below).
    await seesStraightWrites(warm, 9);
  });

  it.runIf(kind === "pglite")(
    "embedded: a commit's busy_changes notification is heard before the commit returns",
    async () => {
      const heard: string[] = [];
      await testDb.database.listen("busy_changes", (payload) => heard.push(payload ?? ""));
      const holdId = await writeHoldRow(10);
      // Checked in the very continuation of the commit: nothing else may run in between.
      await writeHoldItem(holdId, 10).then(() => expect(heard).toContain(fx.staff.s1));
      heard.length = 0;
      // A transaction's notification comes with its commit, and is heard before that returns too.
      await testDb.database.db
        .transaction(async (tx) => {
          await tx.execute(sql`delete from holds where id = ${holdId}`);
          expect(heard).toEqual([]);
        })
        .then(() => expect(heard).toContain(fx.staff.s1));
    },
  );

  it("a booking cancelled in the database frees its time in the next answer", async () => {
    const res = await post(warm, "/api/bookings", {
      calendarId: fx.calendars.personal,
      startTime: at(9, "14:00"),
      timezone: TZ,
      contact,
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    expect(await day(deaf, 9)).not.toContain(at(9, "14:00"));
    // Only the status changes (its occupancy row is untouched): the booking's own trigger reports it.
    await testDb.database.execute("update bookings set status = 'cancelled' where id = $1", [id]);
    expect(await day(deaf, 9)).toContain(at(9, "14:00"));
    expect(await day(deaf, 9)).toEqual(await day(cold, 9));
  });

  it("a hold frees its time when it expires, with nothing written", async () => {
    const res = await post(warm, `/api/calendars/${fx.calendars.personal}/holds`, {
      startTime: at(10, "15:00"),
      timezone: TZ,
    });
    expect(res.status).toBe(201);
    expect(await day(deaf, 10)).not.toContain(at(10, "15:00"));
    expect(await day(deaf, 10)).not.toContain(at(10, "15:00"));
    now = new Date(NOW.getTime() + 11 * 60_000);
    try {
      expect(await day(deaf, 10)).toContain(at(10, "15:00"));
      expect(await day(deaf, 10)).toEqual(await day(cold, 10));
    } finally {
      now = NOW;
    }
  });

  it("after changes to shared staff, collective bookings and class seats, every calendar still answers as afresh", async () => {
    for (const app of [deaf, warm]) for (const calendarId of Object.values(fx.calendars)) await month(app, calendarId);
    const booked = [
      { calendarId: fx.calendars.collective, startTime: at(14, "10:00") },
      { calendarId: fx.calendars.yoga, startTime: at(15, "10:00") },
      { calendarId: fx.calendars.roundRobin, startTime: at(16, "09:00") },
      { calendarId: fx.calendars.requests, startTime: at(16, "12:00") },
    ];
    for (const body of booked) {
      const res = await post(elsewhere, "/api/bookings", { ...body, timezone: TZ, contact });
      expect(res.status, body.calendarId).toBe(201);
    }
    for (const calendarId of Object.values(fx.calendars)) {
      const fresh = await month(cold, calendarId);
      expect(await month(deaf, calendarId)).toBe(fresh);
      expect(await month(warm, calendarId)).toBe(fresh);
    }
  });

  describe("kept answers (free-slot-answers.ts)", () => {
    const dayRequest = (app: ReturnType<typeof bookingApp>, d: number, etag?: string) => {
      const date = `2026-12-${String(d).padStart(2, "0")}`;
      return app.request(
        `/api/calendars/${fx.calendars.personal}/free-slots?startDate=${date}&endDate=${date}&timezone=${TZ}`,
        etag ? { headers: { "if-none-match": etag } } : {},
      );
    };

    it("a repeated query gets the same bytes and ETag (304 when held); another instance's booking changes both", async () => {
      for (const app of [warm, deaf]) {
        const first = await dayRequest(app, 21);
        const again = await dayRequest(app, 21);
        expect(again.headers.get("etag")).toBe(first.headers.get("etag"));
        expect(await again.text()).toBe(await first.text());
        const held = await dayRequest(app, 21, first.headers.get("etag")!);
        expect(held.status).toBe(304);
        expect(await held.text()).toBe("");
      }
      const before = await dayRequest(deaf, 21);
      const etag = before.headers.get("etag")!;
      expect(((await before.json()) as Record<string, { slots: string[] }>)["2026-12-21"]?.slots).toContain(
        at(21, "10:00"),
      );
      const res = await post(elsewhere, "/api/bookings", {
        calendarId: fx.calendars.personal,
        startTime: at(21, "10:00"),
        timezone: TZ,
        contact,
      });
      expect(res.status).toBe(201);
      for (const app of [warm, deaf]) {
        // The old ETag no longer matches: the whole new answer comes, without the booked start.
        const after = await dayRequest(app, 21, etag);
        expect(after.status).toBe(200);
        expect(after.headers.get("etag")).not.toBe(etag);
        expect(await day(app, 21)).not.toContain(at(21, "10:00"));
        expect(await day(app, 21)).toEqual(await day(cold, 21));
      }
    });

    it("a browser accepting gzip gets the kept answer's bytes gzipped once, the same answer, and 304 with that tag", async () => {
      const url = `/api/calendars/${fx.calendars.personal}/free-slots?startDate=2026-12-01&endDate=2026-12-31&timezone=${TZ}`;
      const gzip = { "accept-encoding": "gzip, deflate, br" };
      const plain = await warm.request(url);
      const first = await warm.request(url, { headers: gzip });
      const again = await warm.request(url, { headers: gzip });
      expect(first.status).toBe(200);
      expect(first.headers.get("content-encoding")).toBe("gzip");
      expect(first.headers.get("vary")).toBe("Accept-Encoding");
      const zipped = Buffer.from(await first.arrayBuffer());
      // The very same bytes again (compressed once, not per request), and the same answer as unencoded.
      expect(Buffer.from(await again.arrayBuffer()).equals(zipped)).toBe(true);
      // Bytes made before the answer is sent have a length (compressing per request streams, without one).
      expect(first.headers.get("content-length")).toBe(String(zipped.length));
      expect(gunzipSync(zipped).toString("utf8")).toBe(await plain.text());
      expect(zipped.length).toBeLessThan(Number(plain.headers.get("content-length") ?? Infinity));
      // Another representation: a weak validator of the same tag, and either revalidates.
      expect(first.headers.get("etag")).toBe(`W/${plain.headers.get("etag")}`);
      expect(
        (await warm.request(url, { headers: { ...gzip, "if-none-match": first.headers.get("etag")! } })).status,
      ).toBe(304);
      // A client refusing gzip gets the plain bytes.
      const refused = await warm.request(url, { headers: { "accept-encoding": "gzip;q=0, deflate" } });
      expect(refused.headers.get("content-encoding")).not.toBe("gzip");
    });

    it("an expiring hold reappears on time in a kept answer's place", async () => {
      const res = await post(warm, `/api/calendars/${fx.calendars.personal}/holds`, {
        startTime: at(22, "15:00"),
        timezone: TZ,
      });
      expect(res.status).toBe(201);
      const { expiresAt } = (await res.json()) as { expiresAt: string };
      const expiry = Date.parse(expiresAt);
      try {
        now = new Date(expiry - 1);
        expect(await day(deaf, 22)).not.toContain(at(22, "15:00"));
        expect(await day(deaf, 22)).not.toContain(at(22, "15:00"));
        now = new Date(expiry);
        expect(await day(deaf, 22)).toContain(at(22, "15:00"));
        expect(await day(deaf, 22)).toEqual(await day(cold, 22));
      } finally {
        now = NOW;
      }
    });

    it("a start is gone from a kept answer the moment the minimum notice passes it", async () => {
      const start = at(23, "10:00");
      try {
        now = new Date(Date.parse(start) - 60 * 60_000);
        expect(await day(deaf, 23)).toContain(start);
        now = new Date(Date.parse(start) - 1);
        expect(await day(deaf, 23)).toContain(start);
        now = new Date(Date.parse(start) + 1);
        expect(await day(deaf, 23)).not.toContain(start);
        expect(await day(deaf, 23)).toEqual(await day(cold, 23));
      } finally {
        now = NOW;
      }
    });

    it("a settings change made elsewhere is seen by the next answers", async () => {
      const before = await day(warm, 24);
      expect(await day(warm, 24)).toEqual(before);
      // Written on the other instance's connection: only calendar_changes tells this one.
      const setInterval = (minutes: number) =>
        other.execute(
          `update calendars set settings = jsonb_set(settings, '{slotIntervalMinutes}', to_jsonb($2::int)) where id = $1`,
          [fx.calendars.personal, minutes],
        );
      await setInterval(60);
      try {
        // An app started after the change has nothing cached: what every answer must come to.
        const expected = await day(bookingApp(testDb.database, {}, clock, { warmBusyIndexes: false }), 24);
        expect(expected).not.toEqual(before);
        await expect.poll(() => day(warm, 24), { timeout: 5000 }).toEqual(expected);
      } finally {
        await setInterval(DEFAULT_CALENDAR_SETTINGS.slotIntervalMinutes);
      }
    });
  });

  it("every change of busy time notifies busy_changes with the staff it touched", async () => {
    const received: (string | undefined)[] = [];
    await testDb.database.listen("busy_changes", (payload) => received.push(payload));
    const res = await post(elsewhere, "/api/bookings", {
      calendarId: fx.calendars.personal,
      startTime: at(17, "10:00"),
      timezone: TZ,
      contact,
    });
    expect(res.status).toBe(201);
    await expect.poll(() => received.some((p) => p?.split(",").includes(fx.staff.s1)), { timeout: 5000 }).toBe(true);
  });
});

/**
 * Rate limits counted in the database (issue 19): two database clients on one PostgreSQL database
 * stand for two server processes; hit at once from both, they together allow exactly the limit.
 * The same SQL runs on PGlite (the embedded database keeps its limits in memory in production, but
 * the table exists there too).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../src/adapters/db/client.ts";
import { databaseRateLimiters } from "../../src/adapters/db/rate-limit-windows.ts";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "../support/databases.ts";

const T0 = Date.parse("2026-12-07T10:00:00Z");

describe.each(DATABASE_KINDS)("rate limits counted in the database on %s", (kind) => {
  let testDb: TestDatabase;
  let other: Database;
  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    other = testDb.url ? await openDatabase({ kind: "postgres", url: testDb.url }) : testDb.database;
  });
  afterAll(async () => {
    if (other !== testDb.database) await other?.close();
    await testDb?.drop();
  });

  it("two processes hitting one client at once allow exactly the limit between them", async () => {
    const a = databaseRateLimiters(testDb.database)("bookings", 30);
    const b = databaseRateLimiters(other)("bookings", 30);
    const answers = await Promise.all(
      Array.from({ length: 80 }, (_, i) => (i % 2 === 0 ? a : b).hit("203.0.113.7", T0 + 5_000)),
    );
    expect(answers.filter((wait) => wait === null)).toHaveLength(30);
    // Refused with the seconds left in the minute-aligned window (10:00:05 → 10:01:00).
    expect(new Set(answers.filter((wait) => wait !== null))).toEqual(new Set([55]));
    // Another client and another limit count apart.
    expect(await b.hit("203.0.113.8", T0 + 5_000)).toBeNull();
    expect(await databaseRateLimiters(other)("slots", 30).hit("203.0.113.7", T0 + 5_000)).toBeNull();
    // The next window starts afresh.
    expect(await a.hit("203.0.113.7", T0 + 60_000)).toBeNull();
  });

  it("a client refused once is refused again without a round trip until its window ends", async () => {
    const limiter = databaseRateLimiters(testDb.database)("flood", 2);
    const hits = async () =>
      Number(
        (
          await testDb.database.execute(
            "select coalesce(sum(hits), 0)::int as n from rate_limit_windows where limiter = 'flood'",
          )
        ).rows[0]!.n,
      );
    for (let i = 0; i < 2; i++) expect(await limiter.hit("192.0.2.66", T0 + 1_000)).toBeNull();
    expect(await limiter.hit("192.0.2.66", T0 + 1_000)).toBe(59);
    // A hundred more from the flooding address: still refused, the database not asked again.
    for (let i = 0; i < 100; i++) expect(await limiter.hit("192.0.2.66", T0 + 2_000)).toBe(58);
    expect(await hits()).toBe(3);
    // Another process has not refused it yet: it asks the database, which still says no.
    expect(await databaseRateLimiters(other)("flood", 2).hit("192.0.2.66", T0 + 3_000)).toBe(57);
    // Others are counted as before, and the next window starts afresh.
    expect(await limiter.hit("192.0.2.67", T0 + 2_000)).toBeNull();
    expect(await limiter.hit("192.0.2.66", T0 + 60_000)).toBeNull();
  });

  it("waitFor says when a key is at its limit without counting", async () => {
    const failed = databaseRateLimiters(testDb.database)("console-failed-sign-ins", 3, 15 * 60_000);
    const key = "someone@example.com";
    for (let i = 0; i < 3; i++) {
      expect(await failed.waitFor(key, T0 + i)).toBeNull();
      expect(await failed.hit(key, T0 + i)).toBeNull();
    }
    // 15-minute windows aligned to the epoch: 10:00 → 10:15.
    expect(await databaseRateLimiters(other)("console-failed-sign-ins", 3, 15 * 60_000).waitFor(key, T0 + 60_000)).toBe(
      14 * 60,
    );
    expect(await failed.waitFor(key, T0 + 15 * 60_000)).toBeNull();
  });

  const sharedHits = async (limiter: string, key: string) =>
    Number(
      (
        await testDb.database.execute(
          "select coalesce(sum(hits), 0)::int as n from rate_limit_windows where limiter = $1 and client_key = $2",
          [limiter, key],
        )
      ).rows[0]!.n,
    );

  it("a batched limit answers without a round trip and adds its hits to the shared count in batches", async () => {
    // 100 a minute: batches of 10. Nine hits are answered from memory; none reached the database.
    const limiter = databaseRateLimiters(testDb.database)("slots-batched", 100, 60_000, "batched");
    for (let i = 0; i < 9; i++) expect(await limiter.hit("198.51.100.20", T0 + 1_000)).toBeNull();
    expect(await sharedHits("slots-batched", "198.51.100.20")).toBe(0);
    // The tenth completes a batch: sent off the request's path.
    expect(await limiter.hit("198.51.100.20", T0 + 1_000)).toBeNull();
    await expect.poll(() => sharedHits("slots-batched", "198.51.100.20"), { timeout: 5_000, interval: 10 }).toBe(10);
    // A single hit older than a second is sent with the next one.
    expect(await limiter.hit("198.51.100.20", T0 + 2_000)).toBeNull();
    expect(await limiter.hit("198.51.100.20", T0 + 3_500)).toBeNull();
    await expect.poll(() => sharedHits("slots-batched", "198.51.100.20"), { timeout: 5_000, interval: 10 }).toBe(12);
  });

  it("two processes on a batched limit never refuse before the limit and overshoot it by at most a batch each", async () => {
    const limit = 50;
    const batch = 5;
    const a = databaseRateLimiters(testDb.database)("slots-two", limit, 60_000, "batched");
    const b = databaseRateLimiters(other)("slots-two", limit, 60_000, "batched");
    const answers: (number | null)[] = [];
    const allowedBy = [0, 0];
    for (let i = 0; i < 200; i++) {
      const answer = await (i % 2 === 0 ? a : b).hit("203.0.113.50", T0 + 10_000 + i);
      answers.push(answer);
      if (answer === null) allowedBy[i % 2]! += 1;
      // A visitor's next request comes after a moment: a batch sent meanwhile has been counted (waited
      // for here rather than assumed of a fixed pause: on a busy machine a round trip can take longer),
      // and its answer has reached the process that sent it.
      const sent = allowedBy.reduce((n, k) => n + Math.floor(k / batch) * batch, 0);
      await expect.poll(() => sharedHits("slots-two", "203.0.113.50"), { timeout: 5_000, interval: 2 }).toBe(sent);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const allowed = answers.filter((wait) => wait === null).length;
    const firstRefusal = answers.findIndex((wait) => wait !== null);
    expect(answers.slice(0, firstRefusal).every((wait) => wait === null)).toBe(true);
    expect(firstRefusal).toBeGreaterThanOrEqual(limit);
    expect(allowed).toBeGreaterThanOrEqual(limit);
    expect(allowed).toBeLessThanOrEqual(limit + 2 * batch);
    // Refused with the seconds left in the window, like the exact limit.
    expect(answers[firstRefusal]).toBe(50);
  });

  it("deletes ended windows now and then", async () => {
    const count = async () =>
      Number((await testDb.database.execute("select count(*)::int as n from rate_limit_windows")).rows[0]!.n);
    expect(await count()).toBeGreaterThan(0);
    // A fresh process's first hit a day later sweeps everything that has ended.
    await databaseRateLimiters(testDb.database)("slots", 300).hit("198.51.100.1", T0 + 86_400_000);
    await expect.poll(count, { timeout: 5_000, interval: 20 }).toBe(1);
  });
});

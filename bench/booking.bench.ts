/**
 * Booking creation on PostgreSQL with 16 concurrent clients, through the public API in process
 * (validation, idempotency key, availability check, transaction with occupancy + outbox), next to
 * the raw insert-transaction rate of the same database measured in the same run.
 *
 *   npx tsx bench/booking.bench.ts            (BENCH_BOOKINGS=8000 BENCH_CLIENTS=16 to change)
 *
 * Targets (issue 4): ≥ 1,200 bookings/s, p99 ≤ 50 ms, ≥ 50 % of the raw rate.
 * Skips with a message when PostgreSQL is unreachable.
 */
import { randomBytes, randomUUID } from "node:crypto";
import pg from "pg";
import { openDatabase } from "../src/adapters/db/client.ts";
import { migrateDatabase } from "../src/adapters/db/migrate.ts";
import * as t from "../src/adapters/db/schema.ts";
import { DEFAULT_CALENDAR_SETTINGS } from "../src/adapters/db/seed/demo.ts";
import { createApp } from "../src/server/app.ts";
import { createLogger } from "../src/server/logger.ts";

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 8000);
const RAW_TRANSACTIONS = Number(process.env.BENCH_RAW ?? 20000);
const STAFF = 64;
const WARMUP = 400;
const NOW = new Date("2026-11-30T00:00:00Z");

async function reachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** Runs `total` jobs over `clients` concurrent workers; returns the wall time and each job's latency. */
async function run(total: number, clients: number, job: (i: number) => Promise<void>) {
  let next = 0;
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (let i = next++; i < total; i = next++) {
        const t0 = performance.now();
        await job(i);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { perSecond: total / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

async function main() {
  if (!(await reachable())) {
    console.log(`booking bench skipped: PostgreSQL is not reachable at ${ADMIN_URL}`);
    return;
  }
  const name = `bench_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  const database = await openDatabase({ kind: "postgres", url });
  try {
    await migrateDatabase(database);
    const businessId = randomUUID();
    await database.db.insert(t.businesses).values({ id: businessId, slug: "bench", name: "Bench", timeZone: "UTC", currency: "EUR" });
    const allDay = Object.fromEntries(["1", "2", "3", "4", "5", "6", "7"].map((d) => [d, [{ start: "00:00", end: "24:00" }]]));
    const staffIds = Array.from({ length: STAFF }, () => randomUUID());
    const calendarIds = Array.from({ length: STAFF }, () => randomUUID());
    await database.db.insert(t.staff).values(staffIds.map((id, i) => ({ id, businessId, name: `Staff ${i}`, email: `s${i}@bench.example`, timeZone: "UTC", weeklyHours: allDay })));
    await database.db.insert(t.calendars).values(
      calendarIds.map((id, i) => ({
        id,
        businessId,
        slug: `c${i}`,
        type: "personal" as const,
        name: `Calendar ${i}`,
        settings: { ...DEFAULT_CALENDAR_SETTINGS, minimumNoticeMinutes: 0, bookingWindow: { kind: "rolling_days" as const, days: 3000 } },
      })),
    );
    await database.db.insert(t.calendarMembers).values(calendarIds.map((calendarId, i) => ({ calendarId, staffId: staffIds[i]!, isPrimary: true })));

    const app = createApp({
      database,
      pages: {} as never,
      logger: createLogger("silent"),
      clock: () => NOW,
      mode: "production",
      bookingApi: { publicUrl: "https://bench.example", rateLimits: { bookingsPerMinute: 1e9, slotsPerMinute: 1e9 } },
    });
    // Booking k: calendar k mod 64, its (k div 64)-th half-hour from NOW: all distinct, all free.
    const bookingBody = (k: number) => ({
      calendarId: calendarIds[k % STAFF],
      startTime: new Date(NOW.getTime() + (Math.floor(k / STAFF) + 1) * 30 * 60_000).toISOString(),
      timezone: "UTC",
      contact: { firstName: "Bench", lastName: "Client", email: `c${k}@bench.example` },
    });
    let failures = 0;
    const bookOne = async (k: number) => {
      const res = await app.request("/api/bookings", {
        method: "POST",
        headers: { "content-type": "application/json", "idempotency-key": `bench-${k}` },
        body: JSON.stringify(bookingBody(k)),
      });
      if (res.status !== 201) {
        failures++;
        if (failures < 3) console.error(res.status, await res.text());
      } else await res.arrayBuffer();
    };

    await run(WARMUP, CLIENTS, (i) => bookOne(i));
    const booking = await run(BOOKINGS, CLIENTS, (i) => bookOne(WARMUP + i));

    await database.execute("create table bench_scratch (id uuid primary key, payload text not null, created_at timestamptz not null default now())");
    const pool = new pg.Pool({ connectionString: url, max: CLIENTS });
    const rawOne = async () => {
      const client = await pool.connect();
      try {
        await client.query("begin");
        await client.query("insert into bench_scratch (id, payload) values ($1, $2)", [randomUUID(), "x".repeat(200)]);
        await client.query("commit");
      } finally {
        client.release();
      }
    };
    await run(WARMUP, CLIENTS, rawOne);
    const raw = await run(RAW_TRANSACTIONS, CLIENTS, rawOne);
    await pool.end();

    const rows = await database.execute("select (select count(*) from bookings)::int as bookings, (select count(*) from outbox)::int as outbox");
    const ratio = booking.perSecond / raw.perSecond;
    console.log(`PostgreSQL ${(await database.execute("show server_version")).rows[0]?.server_version}, ${CLIENTS} concurrent clients, ${STAFF} staff`);
    console.log(`bookings:  ${BOOKINGS} in ${(BOOKINGS / booking.perSecond).toFixed(2)} s  → ${booking.perSecond.toFixed(0)} bookings/s, p50 ${booking.p50.toFixed(1)} ms, p99 ${booking.p99.toFixed(1)} ms (failures: ${failures})`);
    console.log(`raw insert transactions: ${raw.perSecond.toFixed(0)} tx/s, p50 ${raw.p50.toFixed(1)} ms, p99 ${raw.p99.toFixed(1)} ms`);
    console.log(`bookings / raw: ${(ratio * 100).toFixed(0)} %   (rows: ${rows.rows[0]?.bookings} bookings, ${rows.rows[0]?.outbox} outbox)`);
    const verdict = [
      `≥ 1,200/s: ${booking.perSecond >= 1200 ? "yes" : "NO"}`,
      `p99 ≤ 50 ms: ${booking.p99 <= 50 ? "yes" : "NO"}`,
      `≥ 50 % of raw: ${ratio >= 0.5 ? "yes" : "NO"}`,
    ];
    console.log(`targets: ${verdict.join(", ")}`);
  } finally {
    await database.close();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const dropper = new pg.Client({ connectionString: ADMIN_URL });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

import type { ChildProcess } from "node:child_process";
/**
 * Booking creation on PostgreSQL with 16 concurrent clients, next to the raw insert-transaction
 * rate of the same database measured in the same run, the same way.
 *
 *   npx tsx bench/booking.bench.ts   (BENCH_BOOKINGS=8000 BENCH_RAW=16000 BENCH_ROUNDS=4 BENCH_CLIENTS=16 to change)
 *
 * What is measured: the real HTTP endpoint `POST /api/bookings` (the app of src/server/app.ts on
 * @hono/node-server, config from parseConfig with RATE_LIMIT_BOOKINGS_PER_MINUTE raised), driven by
 * a load generator in a separate process (bench/booking-load.ts: `BENCH_CLIENTS` keep-alive
 * connections, one request in flight each, latency measured by the client). The raw baseline goes
 * through the same server, the same connections and the same kind of request: `POST /bench/raw`
 * parses the same JSON body and runs `begin; insert …; commit` on its own pool of the same size.
 * Durability is the server's default (synchronous_commit on) for both. The two alternate in rounds so a
 * machine whose speed drifts during the run weighs on both alike. The load generator sends no
 * Accept-Encoding (an API client), so response compression is not part of either figure.
 *
 * Targets (issue 4): ≥ 1,200 bookings/s, p99 ≤ 50 ms, ≥ 50 % of the raw rate.
 * Skips with a message when PostgreSQL is unreachable.
 */
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import pg from "pg";
import { openDatabase } from "../src/adapters/db/client.ts";
import { migrateDatabase } from "../src/adapters/db/migrate.ts";
import { createApp } from "../src/server/app.ts";
import { parseConfig } from "../src/server/config.ts";
import { createLogger } from "../src/server/logger.ts";
import { seedPersonalCalendars } from "../tests/integration/booking-fixtures.ts";
import type { LoadJob, LoadResult } from "./booking-load.ts";
import {
  BENCH_PROOF_MAX_NUMBER,
  benchBookingBody,
  rawInsertHandler,
  reachable,
  serveWithLoader,
  withProofs,
} from "./support.ts";

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 8000);
const RAW_TRANSACTIONS = Number(process.env.BENCH_RAW ?? 16000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const STAFF = 64;
const WARMUP = 800;
const NOW = new Date("2026-11-30T00:00:00Z");
/** The same pool size as the app's (src/adapters/db/client.ts). */
const RAW_POOL_MAX = Number(process.env.BENCH_RAW_POOL ?? 20);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/**
 * CPU time (ms) so far of the PostgreSQL backends serving `database` (their command line names it),
 * from /proc (Linux); null elsewhere. Other databases' work on a shared server does not count.
 */
function postgresCpuMs(database: string): number | null {
  try {
    const tick = 1000 / 100; // USER_HZ
    let total = 0;
    for (const pid of readdirSync("/proc")) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
        const close = stat.lastIndexOf(")");
        if (stat.slice(stat.indexOf("(") + 1, close) !== "postgres") continue;
        if (!readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(` ${database} `)) continue;
        const fields = stat.slice(close + 2).split(" ");
        total += (Number(fields[11]) + Number(fields[12])) * tick;
      } catch {
        // the process ended meanwhile
      }
    }
    return total;
  } catch {
    return null;
  }
}

interface Phase {
  readonly requests: number;
  readonly seconds: number;
  readonly latencies: number[];
  readonly failures: number;
  readonly serverCpuMs: number;
  readonly clientCpuMs: number;
  readonly postgresCpuMs: number | null;
}

/** One phase through the load-generator process, with the CPU time of the server and of PostgreSQL. */
async function drive(loader: ChildProcess, job: LoadJob, database: string): Promise<Phase> {
  const pg0 = postgresCpuMs(database);
  const cpu0 = process.cpuUsage();
  const result = await new Promise<LoadResult>((resolve) => {
    loader.once("message", (message) => resolve(message as LoadResult));
    loader.send(job);
  });
  const cpu = process.cpuUsage(cpu0);
  const pg1 = postgresCpuMs(database);
  for (const failure of result.firstFailures) console.error(`${job.path}: ${failure}`);
  return {
    requests: job.requests.length,
    seconds: result.seconds,
    latencies: result.latencies,
    failures: result.failures,
    serverCpuMs: (cpu.user + cpu.system) / 1000,
    clientCpuMs: result.cpuMs,
    postgresCpuMs: pg0 === null || pg1 === null ? null : pg1 - pg0,
  };
}

/** Rounds of one kind added up: rate over their total time, percentiles over all latencies, CPU per request. */
function summarise(phases: readonly Phase[]) {
  const n = phases.reduce((sum, p) => sum + p.requests, 0);
  const seconds = phases.reduce((sum, p) => sum + p.seconds, 0);
  const latencies = phases.flatMap((p) => p.latencies).sort((a, b) => a - b);
  const pgCpu = phases.every((p) => p.postgresCpuMs !== null)
    ? phases.reduce((sum, p) => sum + p.postgresCpuMs!, 0) / n
    : null;
  return {
    perSecond: n / seconds,
    seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    failures: phases.reduce((sum, p) => sum + p.failures, 0),
    serverCpuMs: phases.reduce((sum, p) => sum + p.serverCpuMs, 0) / n,
    clientCpuMs: phases.reduce((sum, p) => sum + p.clientCpuMs, 0) / n,
    postgresCpuMs: pgCpu,
  };
}

async function main() {
  if (!(await reachable(ADMIN_URL))) {
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
    const { calendarIds } = await seedPersonalCalendars(database, STAFF, 3000);

    const config = parseConfig({
      ...process.env,
      RATE_LIMIT_BOOKINGS_PER_MINUTE: "1000000000",
      RATE_LIMIT_SLOTS_PER_MINUTE: "1000000000",
    });
    const app = createApp({
      database,
      pages: {} as never,
      logger: createLogger("silent"),
      clock: () => NOW,
      mode: "production",
      // Challenges are fetched for the bookings from addresses of their own (bench/support.ts withProofs).
      trustedProxy: { kind: "ranges", ranges: ["127.0.0.1"] },
      ...(config.BOOKING_WRITE_CONCURRENCY ? { bookingWriteConcurrency: config.BOOKING_WRITE_CONCURRENCY } : {}),
      bookingApi: {
        publicUrl: "https://bench.example",
        holdMinutes: config.HOLD_MINUTES,
        rateLimits: {
          bookingsPerMinute: config.RATE_LIMIT_BOOKINGS_PER_MINUTE,
          slotsPerMinute: config.RATE_LIMIT_SLOTS_PER_MINUTE,
        },
        bookingProof: { maxNumber: BENCH_PROOF_MAX_NUMBER },
      },
    });

    // The raw baseline's endpoint: same server, same body parsing, one insert transaction.
    await database.execute(
      "create table bench_scratch (id uuid primary key, payload text not null, created_at timestamptz not null default now())",
    );
    const rawPool = new pg.Pool({ connectionString: url, max: RAW_POOL_MAX });
    const raw = rawInsertHandler(rawPool);
    const { server, port, loader } = await serveWithLoader((request: Request, env: unknown) =>
      request.url.endsWith("/bench/raw") ? raw(request) : app.fetch(request, env as never),
    );

    const bookingBody = (k: number) => benchBookingBody(calendarIds, NOW, k);
    const requests = (from: number, n: number, prefix: string) =>
      Array.from({ length: n }, (_, i) => ({ key: `${prefix}-${from + i}`, body: bookingBody(from + i) }));
    // Each booking carries a proof, solved before the timed part; the raw baseline's body has none.
    const proven = (from: number, n: number) => withProofs(`http://127.0.0.1:${port}`, requests(from, n, "bench"));
    const job = (path: string, list: LoadJob["requests"]): LoadJob => ({
      port,
      path,
      clients: CLIENTS,
      requests: list,
      expectStatus: 201,
    });

    // Interleaved rounds (bookings, raw, bookings, raw, …): a machine whose speed drifts during the
    // run (shared cores) weighs on both rates alike, so their ratio stays fair.
    const bookingPhases: Phase[] = [];
    const rawPhases: Phase[] = [];
    try {
      await drive(loader, job("/api/bookings", await proven(0, WARMUP)), name);
      await drive(loader, job("/bench/raw", requests(0, WARMUP, "raw")), name);
      const perRound = Math.ceil(BOOKINGS / ROUNDS);
      const rawPerRound = Math.ceil(RAW_TRANSACTIONS / ROUNDS);
      for (let round = 0; round < ROUNDS; round++) {
        const from = WARMUP + round * perRound;
        bookingPhases.push(await drive(loader, job("/api/bookings", await proven(from, perRound)), name));
        rawPhases.push(
          await drive(loader, job("/bench/raw", requests(WARMUP + round * rawPerRound, rawPerRound, "raw")), name),
        );
      }
    } finally {
      loader.kill();
      server.close();
      await rawPool.end();
    }
    const booking = summarise(bookingPhases);
    const rawRun = summarise(rawPhases);
    const BOOKED = bookingPhases.reduce((sum, p) => sum + p.requests, 0);

    const rows = await database.execute(
      "select (select count(*) from bookings)::int as bookings, (select count(distinct xmin::text) from bookings)::int as transactions, (select count(*) from outbox)::int as outbox, current_setting('synchronous_commit') as sync",
    );
    const ratio = booking.perSecond / rawRun.perSecond;
    const row = rows.rows[0] ?? {};
    console.log(
      `PostgreSQL ${(await database.execute("show server_version")).rows[0]?.server_version} (synchronous_commit ${row.sync}), ${CLIENTS} concurrent clients, ${STAFF} staff`,
    );
    console.log(
      `measured: HTTP POST /api/bookings on a node server, load generator in a separate process; raw = POST /bench/raw (same server, same body, begin/insert/commit)`,
    );
    console.log(
      `bookings:  ${BOOKED} in ${booking.seconds.toFixed(2)} s  → ${booking.perSecond.toFixed(0)} bookings/s, p50 ${booking.p50.toFixed(1)} ms, p99 ${booking.p99.toFixed(1)} ms (failures: ${booking.failures}; CPU per booking: server ${booking.serverCpuMs.toFixed(2)} ms, client ${booking.clientCpuMs.toFixed(2)} ms, PostgreSQL ${booking.postgresCpuMs?.toFixed(2) ?? "?"} ms)`,
    );
    console.log(
      `raw insert transactions: ${rawRun.perSecond.toFixed(0)} tx/s, p50 ${rawRun.p50.toFixed(1)} ms, p99 ${rawRun.p99.toFixed(1)} ms (failures: ${rawRun.failures}; CPU per tx: server ${rawRun.serverCpuMs.toFixed(2)} ms, client ${rawRun.clientCpuMs.toFixed(2)} ms, PostgreSQL ${rawRun.postgresCpuMs?.toFixed(2) ?? "?"} ms)`,
    );
    console.log(
      `bookings / raw: ${(ratio * 100).toFixed(0)} %   (rows: ${row.bookings} bookings in ${row.transactions} transactions, ${(Number(row.bookings) / Number(row.transactions)).toFixed(1)} per transaction; ${row.outbox} outbox)`,
    );
    const verdict = [
      `≥ 1,200/s: ${booking.perSecond >= 1200 ? "YES" : "NO"}`,
      `p99 ≤ 50 ms: ${booking.p99 <= 50 ? "YES" : "NO"}`,
      `≥ 50 % of raw: ${ratio >= 0.5 ? "YES" : "NO"}`,
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

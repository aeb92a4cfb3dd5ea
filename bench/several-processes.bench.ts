/**
 * Booking throughput with 1 and 2 app processes on one PostgreSQL (issue 19), beside the raw insert
 * rate of the same database measured in the same run, and what a shared rate-limit hit costs.
 *
 *   npx tsx bench/several-processes.bench.ts   (BENCH_MP_BOOKINGS=3000 BENCH_MP_ROUNDS=2 BENCH_CLIENTS=16)
 *
 * Each app process (bench/app-process.ts) is wired as production wires it on PostgreSQL: slot changes
 * relayed over LISTEN/NOTIFY and every rate limit counted in the database (one upsert per request).
 * Load: `BENCH_CLIENTS` keep-alive connections in all, from load generators in processes of their own
 * (bench/booking-load.ts), split evenly over the app processes; 256 visitors' addresses, so limits
 * count per visitor as they would behind a proxy. Raw: `POST /bench/raw` on one process (same body,
 * `begin; insert; commit`). The kinds alternate in rounds, so drift weighs on all alike. This machine
 * has two cores shared by PostgreSQL, the app processes and the load generators: a second process
 * cannot add CPU here, so the 2-process figure shows what the cross-process machinery costs rather
 * than how far a bigger machine scales.
 *
 * Skips with a message when PostgreSQL is unreachable.
 */
import type { ChildProcess } from "node:child_process";
import { openDatabase } from "../src/adapters/db/client.ts";
import { migrateDatabase } from "../src/adapters/db/migrate.ts";
import { databaseRateLimiters } from "../src/adapters/db/rate-limit-windows.ts";
import { seedPersonalCalendars } from "../tests/integration/booking-fixtures.ts";
import type { LoadJob } from "./booking-load.ts";
import {
  benchBookingBody,
  percentile,
  reachable,
  runLoad,
  scratchDatabase,
  startAppProcess,
  startLoader,
  stopAppProcesses,
  withProofs,
} from "./support.ts";

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const BOOKINGS = Number(process.env.BENCH_MP_BOOKINGS ?? 3000);
const ROUNDS = Number(process.env.BENCH_MP_ROUNDS ?? 2);
const VISITORS = 256;
const STAFF = 64;
const WARMUP = 400;
const LIMIT_HITS = 2000;
const NOW = new Date("2026-11-30T00:00:00Z");

interface Phase {
  readonly requests: number;
  readonly seconds: number;
  readonly latencies: number[];
  readonly failures: number;
}

/** `requests` split evenly over `ports` (one load generator each), all at once; time is the slowest's. */
async function drive(
  loaders: readonly ChildProcess[],
  ports: readonly number[],
  path: string,
  requests: LoadJob["requests"],
): Promise<Phase> {
  const share = Math.ceil(requests.length / ports.length);
  const results = await Promise.all(
    ports.map((port, i) =>
      runLoad(loaders[i]!, {
        port,
        path,
        clients: Math.ceil(CLIENTS / ports.length),
        requests: requests.slice(i * share, (i + 1) * share),
        expectStatus: 201,
        visitors: VISITORS,
      }),
    ),
  );
  for (const failure of results.flatMap((r) => r.firstFailures)) console.error(`${path}: ${failure}`);
  return {
    requests: requests.length,
    seconds: Math.max(...results.map((r) => r.seconds)),
    latencies: results.flatMap((r) => r.latencies),
    failures: results.reduce((sum, r) => sum + r.failures, 0),
  };
}

function summarise(phases: readonly Phase[]) {
  const n = phases.reduce((sum, p) => sum + p.requests, 0);
  const seconds = phases.reduce((sum, p) => sum + p.seconds, 0);
  const latencies = phases.flatMap((p) => p.latencies).sort((a, b) => a - b);
  const failures = phases.reduce((sum, p) => sum + p.failures, 0);
  return { n, perSecond: n / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99), failures };
}

/** Mean microseconds of `count` sequential calls of `call`. */
async function microsPerCall(count: number, call: (i: number) => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 100; i++) await call(i);
  const t0 = performance.now();
  for (let i = 0; i < count; i++) await call(i);
  return ((performance.now() - t0) * 1000) / count;
}

async function main() {
  if (!(await reachable(ADMIN_URL))) {
    console.log(`several-processes bench skipped: PostgreSQL is not reachable at ${ADMIN_URL}`);
    return;
  }
  const scratch = await scratchDatabase(ADMIN_URL);
  const url = scratch.url;
  const database = await openDatabase({ kind: "postgres", url });
  const apps: ChildProcess[] = [];
  const loaders = [startLoader(), startLoader()];
  try {
    await migrateDatabase(database);
    const { calendarIds } = await seedPersonalCalendars(database, STAFF, 3000);
    await database.execute(
      "create table bench_scratch (id uuid primary key, payload text not null, created_at timestamptz not null default now())",
    );

    // The hot path's extra cost: one shared rate-limit hit, next to the cheapest round trip there is.
    const limiter = databaseRateLimiters(database)("bench", 1_000_000_000);
    const selectOne = await microsPerCall(LIMIT_HITS, () => database.execute("select 1"));
    const hit = await microsPerCall(LIMIT_HITS, (i) => limiter.hit(`10.0.0.${i % VISITORS}`, NOW.getTime()));

    const first = await startAppProcess(url, NOW);
    const second = await startAppProcess(url, NOW);
    apps.push(first.child, second.child);

    const bookingBody = (k: number) => benchBookingBody(calendarIds, NOW, k);
    let next = 0;
    // Each booking carries a proof, solved before the timed part (either process accepts the other's).
    const bookings = (n: number) =>
      withProofs(
        `http://127.0.0.1:${first.port}`,
        Array.from({ length: n }, () => {
          const k = next++;
          return { key: `mp-${k}`, body: bookingBody(k) };
        }),
      );
    let nextRaw = 0;
    const raws = (n: number) =>
      Array.from({ length: n }, () => ({ key: `raw-${nextRaw}`, body: bookingBody(nextRaw++) }));

    const one = [first.port];
    const two = [first.port, second.port];
    await drive(loaders, two, "/api/bookings", await bookings(WARMUP));
    await drive(loaders, one, "/bench/raw", raws(WARMUP));
    const phases = { one: [] as Phase[], two: [] as Phase[], raw: [] as Phase[] };
    const perRound = Math.ceil(BOOKINGS / ROUNDS);
    for (let round = 0; round < ROUNDS; round++) {
      phases.one.push(await drive(loaders, one, "/api/bookings", await bookings(perRound)));
      phases.two.push(await drive(loaders, two, "/api/bookings", await bookings(perRound)));
      phases.raw.push(await drive(loaders, one, "/bench/raw", raws(perRound)));
    }
    const oneProcess = summarise(phases.one);
    const twoProcesses = summarise(phases.two);
    const raw = summarise(phases.raw);
    const counts = (
      await database.execute(
        "select (select count(*) from bookings)::int as bookings, (select count(*) from rate_limit_windows)::int as windows",
      )
    ).rows[0]!;

    console.log(
      `PostgreSQL ${(await database.execute("show server_version")).rows[0]?.server_version}, ${CLIENTS} concurrent clients in all, ${VISITORS} visitors, ${STAFF} staff; app processes wired as in production (LISTEN/NOTIFY slot changes, rate limits counted in the database)`,
    );
    const line = (label: string, s: ReturnType<typeof summarise>, unit: string) =>
      console.log(
        `${label.padEnd(28)} ${s.perSecond.toFixed(0).padStart(6)} ${unit}/s, p50 ${s.p50.toFixed(1)} ms, p99 ${s.p99.toFixed(1)} ms (${s.n} requests, failures: ${s.failures})`,
      );
    line("bookings, 1 app process:", oneProcess, "bookings");
    line("bookings, 2 app processes:", twoProcesses, "bookings");
    line("raw insert transactions:", raw, "tx");
    console.log(
      `2 processes / 1 process: ${((twoProcesses.perSecond / oneProcess.perSecond) * 100).toFixed(0)} %; bookings / raw: 1 process ${((oneProcess.perSecond / raw.perSecond) * 100).toFixed(0)} %, 2 processes ${((twoProcesses.perSecond / raw.perSecond) * 100).toFixed(0)} %`,
    );
    console.log(
      `shared rate-limit hit (one upsert, sequential): ${hit.toFixed(0)} µs; baseline "select 1" round trip: ${selectOne.toFixed(0)} µs (rows: ${counts.bookings} bookings, ${counts.windows} rate-limit windows)`,
    );
  } finally {
    for (const loader of loaders) loader.kill();
    await stopAppProcesses(apps);
    await database.close();
    await scratch.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

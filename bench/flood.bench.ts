/**
 * One address flooding the booking endpoint while other visitors book (issue 19): the visitors'
 * latency with and without the flood, measured in the same run on the same server.
 *
 *   npx tsx bench/flood.bench.ts   (BENCH_FLOOD_CLIENTS=32 BENCH_FLOOD_BOOKINGS=600 BENCH_FLOOD_ROUNDS=2)
 *
 * One app process wired as production wires it on PostgreSQL (bench/app-process.ts) with the
 * configured per-visitor limits (RATE_LIMIT_BOOKINGS_PER_MINUTE, default 30), counted in the
 * database as they are across processes. Visitors: 256 addresses behind the trusted proxy, 8
 * keep-alive connections, each booking a distinct free time. The flood: one address on
 * `BENCH_FLOOD_CLIENTS` connections sending bookings as fast as it is answered — past its limit each
 * is answered 429 before any booking work, a repeated refusal after a second (rate-limit.ts). Rounds alternate "alone" and "under flood", so drift weighs
 * on both alike. The load generators run in processes of their own; this machine's two cores are
 * shared by PostgreSQL, the app and both generators, so the flood also takes CPU from everyone.
 *
 * The embedded database serves one process and keeps its limits in memory the same way; it is not
 * measured here. Skips with a message when PostgreSQL is unreachable.
 */
import type { ChildProcess } from "node:child_process";
import { availableParallelism, loadavg } from "node:os";
import { openDatabase } from "../src/adapters/db/client.ts";
import { migrateDatabase } from "../src/adapters/db/migrate.ts";
import { seedPersonalCalendars } from "../tests/integration/booking-fixtures.ts";
import type { LoadJob, LoadResult } from "./booking-load.ts";
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
const FLOOD_CLIENTS = Number(process.env.BENCH_FLOOD_CLIENTS ?? 32);
const BOOKINGS = Number(process.env.BENCH_FLOOD_BOOKINGS ?? 600);
const ROUNDS = Number(process.env.BENCH_FLOOD_ROUNDS ?? 2);
const VISITOR_CLIENTS = 8;
const VISITORS = 256;
const STAFF = 64;
const FLOODER = "10.99.99.99";
const FLOOD_REQUESTS = 100_000;
const NOW = new Date("2026-11-30T00:00:00Z");

async function main() {
  if (!(await reachable(ADMIN_URL))) {
    console.log(`flood bench skipped: PostgreSQL is not reachable at ${ADMIN_URL}`);
    return;
  }
  const scratch = await scratchDatabase(ADMIN_URL);
  const database = await openDatabase({ kind: "postgres", url: scratch.url });
  const apps: ChildProcess[] = [];
  const loaders: ChildProcess[] = [];
  try {
    await migrateDatabase(database);
    const { calendarIds } = await seedPersonalCalendars(database, STAFF, 3000);
    const app = await startAppProcess(scratch.url, NOW, { BENCH_RATE_LIMITS: "production" });
    apps.push(app.child);
    const visitors = startLoader();
    const flooder = startLoader();
    loaders.push(visitors, flooder);

    const body = (k: number) => benchBookingBody(calendarIds, NOW, k, `v${k}@bench.example`);
    let next = 0;
    const visitorBookings = (n: number) =>
      Array.from({ length: n }, () => {
        const k = next++;
        return { key: `visit-${k}`, body: body(k) };
      });
    // The flooder asks for times far beyond the visitors' (its few allowed bookings take nobody's time).
    const floodBody = (k: number) => body(1_000_000 + k);
    // Each visitor's booking carries a proof, solved before the timed part (the flood sends none: its
    // few bookings within the limit are refused for that, the rest are limited before any check).
    const solved = (n: number) => withProofs(`http://127.0.0.1:${app.port}`, visitorBookings(n));
    const book = (requests: LoadJob["requests"]) =>
      runLoad(visitors, {
        port: app.port,
        path: "/api/bookings",
        clients: VISITOR_CLIENTS,
        requests,
        expectStatus: 201,
        visitors: VISITORS,
      });

    await book(await solved(200)); // warm-up
    const alone: LoadResult[] = [];
    const flooded: LoadResult[] = [];
    const floods: LoadResult[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      alone.push(await book(await solved(Math.ceil(BOOKINGS / ROUNDS))));
      const underFlood = await solved(Math.ceil(BOOKINGS / ROUNDS));
      // The flood runs from before the visitors start until they are done, then is told to stop.
      const flood = runLoad(flooder, {
        port: app.port,
        path: "/api/bookings",
        clients: FLOOD_CLIENTS,
        // More than it can send while the visitors book (checked below); a hundred distinct times.
        requests: Array.from({ length: FLOOD_REQUESTS }, (_, k) => ({
          key: `flood-${round}-${k}`,
          body: floodBody(round * 100 + (k % 100)),
        })),
        expectStatus: 429,
        address: FLOODER,
      });
      await new Promise((resolve) => setTimeout(resolve, 1000));
      flooded.push(await book(underFlood));
      flooder.send("stop");
      floods.push(await flood);
    }
    const floodSent = floods.reduce((sum, f) => sum + f.latencies.length, 0);
    const floodSeconds = floods.reduce((sum, f) => sum + f.seconds, 0);
    const floodAllowed = floods.reduce((sum, f) => sum + f.failures, 0);
    if (floods.some((f) => f.latencies.length >= FLOOD_REQUESTS))
      console.log("  (the flood ran out of requests before the visitors were done: raise FLOOD_REQUESTS)");
    const stats = (results: readonly LoadResult[]) => {
      const latencies = results.flatMap((r) => r.latencies).sort((a, b) => a - b);
      const seconds = results.reduce((sum, r) => sum + r.seconds, 0);
      return {
        n: latencies.length,
        perSecond: latencies.length / seconds,
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
        failures: results.reduce((sum, r) => sum + r.failures, 0),
        firstFailures: results.flatMap((r) => r.firstFailures).slice(0, 3),
      };
    };
    const quiet = stats(alone);
    const loud = stats(flooded);
    console.log(
      `flood bench: PostgreSQL, one app process with the production limits (${process.env.RATE_LIMIT_BOOKINGS_PER_MINUTE ?? 30} bookings per minute per address, counted in the database); load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")} on ${availableParallelism()} cores`,
    );
    const line = (label: string, s: ReturnType<typeof stats>) =>
      console.log(
        `  ${label.padEnd(34)} p50 ${s.p50.toFixed(1)} ms, p99 ${s.p99.toFixed(1)} ms, ${s.perSecond.toFixed(0)} bookings/s (${s.n} bookings, failures: ${s.failures})`,
      );
    line("visitors alone (baseline):", quiet);
    line(`visitors under a flood of ${FLOOD_CLIENTS} conn.:`, loud);
    for (const failure of [...quiet.firstFailures, ...loud.firstFailures]) console.log(`    failure: ${failure}`);
    console.log(
      `  the flood: ${floodSent} requests from one address in ${floodSeconds.toFixed(1)} s (${(floodSent / floodSeconds).toFixed(0)}/s), ${floodAllowed} of them not refused; p99 under flood / alone ×${(loud.p99 / quiet.p99).toFixed(1)}`,
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

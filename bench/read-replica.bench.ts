/**
 * Free slots from a read replica against the primary (issue 19, ADR 0056): the same month of the
 * same two calendars as bench/free-slots.bench.ts (its seed), served by an app reading the primary and
 * by one with DATABASE_READ_URL, on a primary and a streaming replica of the bench's own (initdb +
 * `pg_basebackup -R`, this machine's binaries; skipped without them). Latency with one client,
 * throughput with 8, then the large case while 20 bookings/s arrive on the primary (each one
 * notified: the routed app must ask the primary's position and may read the primary meanwhile).
 * Besides time: statements the primary committed per slot request (`pg_stat_database.xact_commit`),
 * and how the routed app's slot reads split between the servers.
 *
 *   npx tsx bench/read-replica.bench.ts   (BENCH_REPLICA_REQUESTS=400 to change)
 *
 * Both servers run on this machine's cores, beside the app and the load generator: the replica adds
 * no CPU here, so throughput shows the routing's cost, not a replica's gain in capacity.
 */
import type { ChildProcess } from "node:child_process";
import { openDatabase, type Database } from "../src/adapters/db/client.ts";
import { migrateDatabase } from "../src/adapters/db/migrate.ts";
import { postgresBin, startReplicaCluster } from "../tests/support/replica-cluster.ts";
import type { LoadJob } from "./booking-load.ts";
import { CHURN_PER_SECOND, keepBooking, load, MONTH, seed, slotsApp } from "./free-slots.bench.ts";
import { percentile, runLoad, serveWithLoader } from "./support.ts";

const REQUESTS = Number(process.env.BENCH_REPLICA_REQUESTS ?? 400);
const CLIENTS = 8;

/** Transactions the server committed so far (its statistics lag up to a second: read after a pause). */
async function commits(database: Database): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 1100));
  await database.execute("select pg_stat_clear_snapshot()");
  const { rows } = await database.execute(
    "select xact_commit::bigint::float8 as n from pg_stat_database where datname = current_database()",
  );
  return Number(rows[0]?.n);
}

async function main() {
  const bin = postgresBin();
  if (!bin) return console.log("read-replica bench skipped: no PostgreSQL binaries under /usr/lib/postgresql");
  console.log(`read-replica bench (${load()})`);
  const cluster = await startReplicaCluster(bin);
  let primary: Database | null = null;
  let routed: Database | null = null;
  let loader: ChildProcess | null = null;
  let server: { close(): void } | null = null;
  try {
    primary = await openDatabase({ kind: "postgres", url: cluster.primaryUrl });
    await migrateDatabase(primary);
    const { large, typical, bookOne } = await seed(primary);
    routed = await openDatabase({ kind: "postgres", url: cluster.primaryUrl, readUrl: cluster.replicaUrl });
    const version = (await primary.execute("show server_version")).rows[0]?.server_version;
    console.log(`PostgreSQL ${String(version)}, primary and streaming replica on this machine; 10,200 bookings`);
    const onPrimary = slotsApp(primary);
    const onReplica = slotsApp(routed);
    const served = await serveWithLoader((request: Request) => {
      const url = new URL(request.url);
      if (url.pathname.startsWith("/replica/"))
        return onReplica.fetch(new Request(new URL(url.pathname.slice(8) + url.search, url), request));
      return onPrimary.fetch(request);
    });
    ({ loader, server } = served);
    const job = (path: string, clients: number, n: number): LoadJob => ({
      port: served.port,
      path,
      clients,
      method: "GET",
      expectStatus: 200,
      requests: Array.from({ length: n }, (_, i) => ({ key: String(i), body: "" })),
    });
    const answer = async (path: string) => (await fetch(`http://127.0.0.1:${served.port}${path}`)).text();
    const cases = [
      { name: "large  ", path: `/api/calendars/${large}/free-slots?${MONTH}` },
      { name: "typical", path: `/api/calendars/${typical}/free-slots?${MONTH}` },
      {
        name: `large, ${CHURN_PER_SECOND} bookings/s`,
        path: `/api/calendars/${large}/free-slots?${MONTH}`,
        churn: true,
      },
    ];
    for (const c of cases.slice(0, 2))
      console.log(
        `  ${c.name.trim()}: replica = primary: ${(await answer(c.path)) === (await answer(`/replica${c.path}`)) ? "yes" : "NO"}`,
      );
    for (const c of cases) for (const prefix of ["", "/replica"]) await runLoad(loader, job(prefix + c.path, 1, 50));
    console.log(
      "  GET free-slots, one month        reads from     p50 ms   p99 ms  req/s (8 cl.)  primary commits/req  slot reads replica/primary",
    );
    for (const c of cases)
      for (const prefix of ["", "/replica"]) {
        const path = prefix + c.path;
        const counts = { ...routed.slotReads!.counts };
        const before = await commits(primary);
        const churn = c.churn ? keepBooking(bookOne) : null;
        const one = await runLoad(loader, job(path, 1, REQUESTS));
        const many = await runLoad(loader, job(path, CLIENTS, REQUESTS));
        const written = churn ? await churn.stop() : 0;
        // The churn's own statements are the primary's work in both runs: not counted as the reads'.
        const perRequest = ((await commits(primary)) - before - written) / (2 * REQUESTS);
        const sorted = [...one.latencies].sort((a, b) => a - b);
        const after = routed.slotReads!.counts;
        const split = prefix ? `${after.replica - counts.replica} / ${after.primary - counts.primary}` : "—";
        console.log(
          `  ${c.name.padEnd(27)} ${(prefix ? "replica" : "primary").padEnd(10)} ${percentile(sorted, 50).toFixed(2).padStart(8)} ${percentile(sorted, 99).toFixed(2).padStart(8)} ${(REQUESTS / many.seconds).toFixed(0).padStart(13)} ${perRequest.toFixed(2).padStart(20)}  ${split}` +
            (one.failures + many.failures ? `  (${one.failures + many.failures} failures)` : ""),
        );
      }
    // What the replica's app answers after the bookings is what the primary's does (once both heard of the last one).
    await new Promise((resolve) => setTimeout(resolve, 300));
    const [viaPrimary, viaReplica] = [await answer(cases[0]!.path), await answer(`/replica${cases[0]!.path}`)];
    console.log(`  after the bookings: replica = primary: ${viaPrimary === viaReplica ? "yes" : "NO"} (${load()})`);
  } finally {
    loader?.kill();
    server?.close();
    await routed?.close();
    await primary?.close();
    cluster.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

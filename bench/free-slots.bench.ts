/**
 * Free slots over HTTP (issue 22): `GET /api/calendars/{id}/free-slots` for a month, served from warm
 * busy indexes, next to the same server rebuilding the index on every request (warmBusyIndexes: false)
 * and to its empty JSON route, all measured in the same run.
 *
 *   npx tsx bench/free-slots.bench.ts
 *   (BENCH_SLOTS_REQUESTS=600 BENCH_SLOTS_THROUGHPUT_REQUESTS=3000 BENCH_SLOTS_ROUNDS=2 BENCH_SLOTS_PGLITE=0 to change)
 *
 * Two calendars: the large case (round robin over 50 staff, 10,000 bookings in the 31 queried days,
 * half of them of this calendar, slot interval 15 min, daily limit per staff) and a typical calendar
 * (1 staff member, 200 bookings that month). Latency: one client, one request at a time (a visitor
 * waiting); throughput: 8 clients, each fast case over 3,000 requests in all (with 300 a round, as
 * before, the empty route's run lasted ~40 ms, so connection set-up and the loader's start weighed on it
 * more than on the slower cases; its figure, the goal's denominator, read 1,800 to 7,000 req/s in runs
 * of one week). The load generator is a separate process (bench/booking-load.ts);
 * it sends no Accept-Encoding. Data lives in PostgreSQL (skipped when unreachable) and then in
 * embedded PGlite (in the server's process, so its work shares the server's CPU). One more phase
 * measures the large case while bookings arrive (20/s, written on another connection). Garbage is collected
 * before each measured phase, so no case pays for the previous one's.
 *
 * Baselines in the same run: the empty JSON route (answered by the bench's own handler in the same
 * process, without the app's middleware) and GET /api/health (the app's middleware and one `select 1`);
 * and a client revalidating the typical answer with its ETag (If-None-Match: 304).
 *
 * Goals on 2 cores: large p50 ≤ 8 ms and p99 ≤ 20 ms; typical p99 ≤ 3 ms; slots throughput ≥ 40 % of
 * the empty JSON route's.
 */
import type { ChildProcess } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { availableParallelism, loadavg } from "node:os";
import v8 from "node:v8";
import { pathToFileURL } from "node:url";
import vm from "node:vm";
import pg from "pg";
import { openDatabase, type Database } from "../src/adapters/db/client.ts";
import { migrateDatabase } from "../src/adapters/db/migrate.ts";
import { DEFAULT_CALENDAR_SETTINGS } from "../src/core/calendar/calendar-setup.ts";
import { databaseRateLimiters } from "../src/adapters/db/rate-limit-windows.ts";
import { createApp } from "../src/server/app.ts";
import { createLogger } from "../src/server/logger.ts";
import type { LoadJob, LoadResult } from "./booking-load.ts";
import { reachable, rng, serveWithLoader } from "./support.ts";

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const REQUESTS = Number(process.env.BENCH_SLOTS_REQUESTS ?? 600);
const ROUNDS = Number(process.env.BENCH_SLOTS_ROUNDS ?? 2);
/** Requests per round of each throughput case (the rebuild cases keep the latency count: seconds each). */
const THROUGHPUT_REQUESTS = Number(process.env.BENCH_SLOTS_THROUGHPUT_REQUESTS ?? 3000);
const WITH_PGLITE = process.env.BENCH_SLOTS_PGLITE !== "0";
const THROUGHPUT_CLIENTS = 8;
export const CHURN_PER_SECOND = 20;
export const NOW = new Date("2026-03-01T00:00:00Z");
export const MONTH = "startDate=2026-03-10&endDate=2026-04-09&timezone=America/Los_Angeles";
const MINUTE = 60_000;
const DAY = 86_400_000;

v8.setFlagsFromString("--expose-gc");
const collectGarbage = vm.runInNewContext("gc") as () => void;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
export const load = () =>
  `load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(" ")} on ${availableParallelism()} cores`;

export interface Seeded {
  readonly large: string;
  readonly typical: string;
  /** Books the next free half hour of the large calendar's next member (as another process would). */
  readonly bookOne: () => Promise<void>;
}

/**
 * `count` bookings of distinct half hours per staff member (no two overlap: the exclusion constraint
 * holds), 08:00–18:00 UTC over 31 days from 10 March, written in one statement.
 */
export async function seed(database: Database): Promise<Seeded> {
  const random = rng(42);
  const businessId = randomUUID();
  const weekday = [
    { start: "09:00", end: "12:00" },
    { start: "13:00", end: "18:00" },
  ];
  const weekly = { 1: weekday, 2: weekday, 3: weekday, 4: weekday, 5: weekday, 6: [{ start: "10:00", end: "14:00" }] };
  const zones = ["Europe/Berlin", "America/New_York", "Asia/Kolkata", "UTC", "America/Los_Angeles"];
  const staff = Array.from({ length: 51 }, (_, i) => ({ id: randomUUID(), zone: zones[i % zones.length]! }));
  const [large, other, typical] = [randomUUID(), randomUUID(), randomUUID()];
  await database.execute(
    "insert into businesses (id, slug, name, time_zone, currency) values ($1, $2, 'Bench', 'Europe/Berlin', 'EUR')",
    [businessId, `bench-${businessId.slice(0, 8)}`],
  );
  for (const [i, s] of staff.entries())
    await database.execute(
      "insert into staff (id, business_id, name, email, time_zone, weekly_hours) values ($1, $2, $3, $4, $5, $6::jsonb)",
      [s.id, businessId, `Staff ${i}`, `s${i}@bench.example`, s.zone, JSON.stringify(weekly)],
    );
  const calendar = (id: string, type: string, slug: string, settings: object) =>
    database.execute(
      "insert into calendars (id, business_id, slug, type, name, settings) values ($1, $2, $3, $4, $3, $5::jsonb)",
      [id, businessId, slug, type, JSON.stringify({ ...DEFAULT_CALENDAR_SETTINGS, ...settings })],
    );
  await calendar(large, "round_robin", "large", {
    slotIntervalMinutes: 15,
    bufferBeforeMinutes: 5,
    bufferAfterMinutes: 10,
    maxBookingsPerDayPerStaff: 8,
  });
  await calendar(other, "personal", "other", {});
  await calendar(typical, "personal", "typical", {});
  for (const [i, s] of staff.slice(0, 50).entries())
    await database.execute(
      "insert into calendar_members (business_id, calendar_id, staff_id, priority) values ($1, $2, $3, $4)",
      [businessId, large, s.id, i % 3 === 0 ? 2 : 1],
    );
  await database.execute(
    "insert into calendar_members (business_id, calendar_id, staff_id, is_primary) values ($1, $2, $3, true)",
    [businessId, typical, staff[50]!.id],
  );

  const from = Date.parse("2026-03-10T00:00:00Z");
  const rows: { staffId: string; calendarId: string; start: number }[] = [];
  const takenBy = new Map<string, Set<number>>();
  const place = (staffId: string, count: number, calendarOf: () => string) => {
    const taken = new Set<number>();
    takenBy.set(staffId, taken);
    while (taken.size < count) {
      const start = from + Math.floor(random() * 31) * DAY + (8 * 60 + Math.floor(random() * 20) * 30) * MINUTE;
      if (taken.has(start)) continue;
      taken.add(start);
      rows.push({ staffId, calendarId: calendarOf(), start });
    }
  };
  for (const s of staff.slice(0, 50)) place(s.id, 200, () => (random() < 0.5 ? large : other));
  place(staff[50]!.id, 200, () => typical);
  await insertBookings(database, businessId, rows);
  const free = staff.slice(0, 50).map((member) => {
    const taken = takenBy.get(member.id)!;
    const starts: number[] = [];
    for (let day = 0; day < 31; day++)
      for (let k = 0; k < 20; k++) {
        const start = from + day * DAY + (8 * 60 + k * 30) * MINUTE;
        if (!taken.has(start)) starts.push(start);
      }
    return { staffId: member.id, starts };
  });
  let booked = 0;
  const bookOne = async () => {
    const member = free[booked % free.length]!;
    const start = member.starts[Math.floor(booked / free.length)];
    booked++;
    if (start !== undefined)
      await insertBookings(database, businessId, [{ staffId: member.staffId, calendarId: large, start }]);
  };
  return { large, typical, bookOne };
}

/** Confirmed half-hour bookings with their occupancy, in one statement (the booking path's rows, less outbox and keys). */
async function insertBookings(
  database: Database,
  businessId: string,
  rows: readonly { staffId: string; calendarId: string; start: number }[],
): Promise<void> {
  const iso = (ms: number) => new Date(ms).toISOString();
  await database.execute(
    `with input as (
       select gen_random_uuid() as id, staff_id, calendar_id, starts_at, starts_at + interval '30 minutes' as ends_at
         from unnest($2::uuid[], $3::uuid[], $4::timestamptz[]) as t(staff_id, calendar_id, starts_at)
     ), b as (
       insert into bookings (id, business_id, calendar_id, status, starts_at, ends_at, time_zone, staff_id, staff_ids,
                             contact, currency, manage_token_hash)
       select id, $1, calendar_id, 'confirmed', starts_at, ends_at, 'UTC', staff_id, array[staff_id],
              '{"firstName":"Bench","lastName":"Visitor","email":"v@bench.example"}'::jsonb, 'EUR', md5(id::text)
         from input
     )
     insert into booking_items (business_id, booking_id, staff_id, blocked, starts_at, ends_at)
     select $1, id, staff_id, tstzrange(starts_at, ends_at), starts_at, ends_at from input`,
    [businessId, rows.map((r) => r.staffId), rows.map((r) => r.calendarId), rows.map((r) => iso(r.start))],
  );
}

/** Books one every 1/CHURN_PER_SECOND s until stopped; stop() says how many. */
export function keepBooking(bookOne: () => Promise<void>): { stop(): Promise<number> } {
  let running = true;
  let count = 0;
  const loop = (async () => {
    while (running) {
      await bookOne();
      count++;
      await new Promise((resolve) => setTimeout(resolve, 1000 / CHURN_PER_SECOND));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return count;
    },
  };
}

interface Figures {
  readonly p50: number;
  readonly p99: number;
  readonly perSecond: number;
  readonly failures: number;
}

async function drive(loader: ChildProcess, job: LoadJob): Promise<LoadResult> {
  const result = await new Promise<LoadResult>((resolve) => {
    loader.once("message", (message) => resolve(message as LoadResult));
    loader.send(job);
  });
  for (const failure of result.firstFailures) console.error(`${job.path}: ${failure}`);
  return result;
}

/** The app as production wires it, at the bench's clock, with limits no load reaches. */
export function slotsApp(database: Database, warmBusyIndexes = true) {
  return createApp({
    database,
    pages: {} as never,
    logger: createLogger("silent"),
    clock: () => NOW,
    mode: "production",
    warmBusyIndexes,
    // As `npm start` runs: limits counted in the database on PostgreSQL, in memory on the embedded one.
    ...(database.kind === "postgres" ? { rateLimiters: databaseRateLimiters(database) } : {}),
    bookingApi: {
      publicUrl: "https://bench.example",
      rateLimits: { bookingsPerMinute: 1e9, slotsPerMinute: 1e9 },
    },
  });
}

/** Measures one database: every case in alternating rounds, so drift of a shared machine weighs on all alike. */
async function measure(database: Database, label: string): Promise<void> {
  await migrateDatabase(database);
  const seedStart = performance.now();
  const { large, typical, bookOne } = await seed(database);
  const seeded = performance.now() - seedStart;
  console.log(`${label}: seeded 10,200 bookings in ${(seeded / 1000).toFixed(1)} s (${load()})`);
  const warmApp = slotsApp(database, true);
  const rebuildApp = slotsApp(database, false);
  const { server, port, loader } = await serveWithLoader((request: Request) => {
    const url = new URL(request.url);
    if (url.pathname === "/bench/empty") return Response.json({});
    if (url.pathname.startsWith("/rebuild/"))
      return rebuildApp.fetch(new Request(new URL(url.pathname.slice(8) + url.search, url), request));
    return warmApp.fetch(request);
  });
  const cases = [
    { name: "large, warm index      ", path: `/api/calendars/${large}/free-slots?${MONTH}`, share: 1 },
    { name: "large, rebuild per req.", path: `/rebuild/api/calendars/${large}/free-slots?${MONTH}`, share: 0.25 },
    { name: "typical, warm index    ", path: `/api/calendars/${typical}/free-slots?${MONTH}`, share: 1 },
    { name: "typical, rebuild p. r. ", path: `/rebuild/api/calendars/${typical}/free-slots?${MONTH}`, share: 1 },
    { name: "empty JSON route       ", path: "/bench/empty", share: 1 },
    // The app's own cheapest route with one database round trip (its middleware, `select 1`).
    { name: "GET /api/health        ", path: "/api/health", share: 1 },
    // The app's JSON answer with no work behind it: its middleware, then 404 problem+json (no database).
    { name: "app JSON 404, no work  ", path: "/api/bench-nothing", share: 1, status: 404 },
    // Browsers accept gzip: a kept answer's bytes are gzipped once (kept-json.ts).
    { name: "large, warm, gzip      ", path: `/api/calendars/${large}/free-slots?${MONTH}`, share: 1, gzip: true },
    { name: "typical, warm, gzip    ", path: `/api/calendars/${typical}/free-slots?${MONTH}`, share: 1, gzip: true },
    // A client holding the answer asks again (If-None-Match): 304 when the ETag still matches.
    { name: "typical, warm, held tag", path: `/api/calendars/${typical}/free-slots?${MONTH}`, share: 1, held: true },
    // Bookings keep arriving (written on another connection, as another process would): each
    // changes one member, whose part of the warm index is replaced.
    {
      name: `large, warm, ${CHURN_PER_SECOND} bookings/s`,
      path: `/api/calendars/${large}/free-slots?${MONTH}`,
      share: 1,
      churn: true,
    },
  ];
  // The ETag a revalidating client holds (none before this change: it gets the whole answer, 200).
  const heldTag = (await fetch(`http://127.0.0.1:${port}${cases[2]!.path}`)).headers.get("etag");
  const job = (path: string, clients: number, n: number, held = false, gzip = false, status = 200): LoadJob => ({
    port,
    path,
    clients,
    method: "GET",
    ...(gzip ? { acceptEncoding: "gzip, deflate, br, zstd" } : {}),
    expectStatus: held && heldTag ? 304 : status,
    ...(held && heldTag ? { ifNoneMatch: heldTag } : {}),
    requests: Array.from({ length: n }, (_, i) => ({ key: String(i), body: "" })),
  });
  // Both servers must give the same answer, and a real one (slots on most days), or the figures mean nothing.
  const answer = async (path: string) => (await fetch(`http://127.0.0.1:${port}${path}`)).text();
  const offered = (text: string) =>
    Object.values(JSON.parse(text) as Record<string, { slots: string[] }>).reduce((n, d) => n + d.slots.length, 0);
  const answers: string[] = [];
  for (const c of cases.filter((c) => c.path.includes("free-slots"))) answers.push(await answer(c.path));
  const same = answers[0] === answers[1] && answers[2] === answers[3];
  console.log(
    `  answers: large ${offered(answers[0]!)} starts, typical ${offered(answers[2]!)}; warm = rebuilt: ${same ? "yes" : "NO"}`,
  );
  const latency = new Map<string, number[]>();
  const throughput = new Map<string, { n: number; seconds: number; failures: number }>();
  try {
    // Warm-up: JIT, prepared statements, and each server's first (cold) answer.
    for (const c of cases)
      await drive(loader, job(c.path, 1, Math.max(20, Math.round(100 * c.share)), "held" in c, "gzip" in c, c.status));
    for (let round = 0; round < ROUNDS; round++) {
      for (const c of cases) {
        const n = Math.max(20, Math.round((REQUESTS / ROUNDS) * c.share));
        // The previous case's garbage (the rebuilds' above all) is not this one's to collect.
        collectGarbage();
        const churn = "churn" in c ? keepBooking(bookOne) : null;
        const one = await drive(loader, job(c.path, 1, n, "held" in c, "gzip" in c, c.status));
        latency.set(c.name, [...(latency.get(c.name) ?? []), ...one.latencies]);
        const manyN = c.path.startsWith("/rebuild/") ? n : Math.round(THROUGHPUT_REQUESTS / ROUNDS);
        const many = await drive(loader, job(c.path, THROUGHPUT_CLIENTS, manyN, "held" in c, "gzip" in c, c.status));
        const t = throughput.get(c.name) ?? { n: 0, seconds: 0, failures: 0 };
        throughput.set(c.name, {
          n: t.n + manyN,
          seconds: t.seconds + many.seconds,
          failures: t.failures + many.failures + one.failures,
        });
        if (churn) console.log(`  (${await churn.stop()} bookings written during "${c.name.trim()}")`);
      }
    }
    const after = [await answer(cases[0]!.path), await answer(cases[1]!.path)];
    console.log(`  after the bookings: warm = rebuilt: ${after[0] === after[1] ? "yes" : "NO"}`);
  } finally {
    loader.kill();
    server.close();
  }
  const figures = new Map<string, Figures>();
  for (const c of cases) {
    const sorted = (latency.get(c.name) ?? []).sort((a, b) => a - b);
    const t = throughput.get(c.name)!;
    figures.set(c.name, {
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      perSecond: t.n / t.seconds,
      failures: t.failures,
    });
  }
  console.log("  GET free-slots, one month          p50        p99   (1 client)   req/s (8 clients)   failures");
  for (const [name, f] of figures)
    console.log(
      `  ${name}          ${f.p50.toFixed(2).padStart(7)} ms ${f.p99.toFixed(2).padStart(7)} ms            ${f.perSecond.toFixed(0).padStart(7)}            ${f.failures}`,
    );
  const get = (name: string) => figures.get(cases.find((c) => c.name.startsWith(name))!.name)!;
  const lw = get("large, warm");
  const lr = get("large, rebuild");
  const tw = get("typical, warm");
  const tr = get("typical, rebuild");
  const empty = get("empty");
  const health = get("GET /api/health");
  const appNothing = get("app JSON 404");
  console.log(
    `  warm / rebuild: large p50 ×${(lr.p50 / lw.p50).toFixed(1)}, p99 ×${(lr.p99 / lw.p99).toFixed(1)}; typical p50 ×${(tr.p50 / tw.p50).toFixed(1)}, p99 ×${(tr.p99 / tw.p99).toFixed(1)}`,
  );
  console.log(
    `  targets: large p50 ≤ 8 ms ${lw.p50 <= 8 ? "YES" : "NO"}, large p99 ≤ 20 ms ${lw.p99 <= 20 ? "YES" : "NO"}, typical p99 ≤ 3 ms ${tw.p99 <= 3 ? "YES" : "NO"}, ` +
      `large throughput ≥ 40 % of empty route ${lw.perSecond / empty.perSecond >= 0.4 ? "YES" : "NO"} (${((lw.perSecond / empty.perSecond) * 100).toFixed(0)} %; typical ${((tw.perSecond / empty.perSecond) * 100).toFixed(0)} %)`,
  );
  const share = (f: Figures, of: Figures) => `${((f.perSecond / of.perSecond) * 100).toFixed(0)} %`;
  console.log(
    `  throughput as share of the empty JSON route / of GET /api/health: large ${share(lw, empty)} / ${share(lw, health)}, ` +
      `typical ${share(tw, empty)} / ${share(tw, health)}, typical with the ETag held ${share(get("typical, warm, held"), empty)} / ${share(get("typical, warm, held"), health)}` +
      ` (${heldTag ? "304" : "no ETag: 200"}; ${load()})`,
  );
  // What the app's own middleware leaves of the bare route, before any slots work: the goal's ceiling.
  console.log(
    `  the app's JSON answer with no work behind it runs at ${share(appNothing, empty)} of the empty JSON route; ` +
      `of it, large ${share(lw, appNothing)}, typical ${share(tw, appNothing)}, large gzip ${share(get("large, warm, gzip"), appNothing)}, typical gzip ${share(get("typical, warm, gzip"), appNothing)}`,
  );
  console.log(
    `  browsers (Accept-Encoding: gzip, the kept answer gzipped once): large ${share(get("large, warm, gzip"), empty)}, ` +
      `typical ${share(get("typical, warm, gzip"), empty)} of the empty JSON route; p99 large ${get("large, warm, gzip").p99.toFixed(2)} ms, typical ${get("typical, warm, gzip").p99.toFixed(2)} ms`,
  );
}

async function main() {
  console.log(`free-slots bench (${load()})`);
  if (await reachable(ADMIN_URL)) {
    const name = `bench_${randomBytes(5).toString("hex")}`;
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const database = await openDatabase({ kind: "postgres", url: ADMIN_URL.replace(/\/[^/]*$/, `/${name}`) });
    try {
      const version = (await database.execute("show server_version")).rows[0]?.server_version;
      await measure(database, `PostgreSQL ${String(version)}`);
    } finally {
      await database.close();
      const dropper = new pg.Client({ connectionString: ADMIN_URL });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    }
  } else console.log(`PostgreSQL skipped: not reachable at ${ADMIN_URL}`);
  if (WITH_PGLITE) {
    const database = await openDatabase({ kind: "pglite", dataDir: null });
    try {
      await measure(database, "embedded PGlite (in memory, in the server's process)");
    } finally {
      await database.close();
    }
  }
}

// Run as a bench, not when bench/read-replica.bench.ts borrows its seed.
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href)
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );

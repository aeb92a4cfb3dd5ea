/** What several benchmarks share: deterministic data, the PostgreSQL probe, and a server with its load generator. */
import { fork, type ChildProcess } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { serve } from "@hono/node-server";
import pg from "pg";
import { solvedProof } from "../tests/support/booking-proof.ts";
import type { LoadJob, LoadResult } from "./booking-load.ts";

/** Deterministic PRNG (mulberry32) so every run measures the same data. */
export function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Whether PostgreSQL answers at `url` within two seconds (benchmarks skip it otherwise). */
export async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/**
 * `fetch` served on a free local port, and the load generator (bench/booking-load.ts) in a process
 * of its own, so the clients do not share the server's event loop.
 */
export async function serveWithLoader(
  /** `env` carries the socket (@hono/node-server): pass it on to the app, whose client address comes from it. */
  fetch: (request: Request, env: unknown) => Response | Promise<Response>,
): Promise<{ server: ReturnType<typeof serve>; port: number; loader: ChildProcess }> {
  const server = serve({ fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise((resolve) => server.once("listening", resolve));
  const port = (server.address() as { port: number }).port;
  const loader = fork(new URL("./booking-load.ts", import.meta.url), {
    execArgv: ["--import", "tsx"],
    stdio: "inherit",
  });
  return { server, port, loader };
}

/** The p-th percentile of ascending `sorted` latencies (the nearest rank below). */
export const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/**
 * An app process wired as production wires it on PostgreSQL (bench/app-process.ts) on a free port.
 * `env` adds to its environment (BENCH_RATE_LIMITS=production: the configured per-visitor limits);
 * its proof of work is the benches' easy one unless `env` says otherwise.
 */
export function startAppProcess(
  url: string,
  now: Date,
  env: Record<string, string> = {},
): Promise<{ port: number; child: ChildProcess }> {
  const child = fork(new URL("./app-process.ts", import.meta.url), {
    execArgv: ["--import", "tsx"],
    env: {
      ...process.env,
      BOOKING_PROOF_MAX_NUMBER: String(BENCH_PROOF_MAX_NUMBER),
      ...env,
      DATABASE_URL: url,
      BENCH_NOW: now.toISOString(),
    },
    stdio: "inherit",
  });
  return new Promise((resolve, reject) => {
    child.once("message", (message) => resolve({ port: (message as { port: number }).port, child }));
    child.once("exit", (code) => reject(new Error(`app process exited with ${code}`)));
  });
}

/** Asks app processes started by `startAppProcess` to stop, and waits until they have. */
export const stopAppProcesses = (children: readonly ChildProcess[]) =>
  Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) => {
          child.once("exit", resolve);
          child.send("stop");
        }),
    ),
  );

/** A load generator (bench/booking-load.ts) in a process of its own. */
export function startLoader(): ChildProcess {
  return fork(new URL("./booking-load.ts", import.meta.url), { execArgv: ["--import", "tsx"], stdio: "inherit" });
}

/** Runs one job on a load generator; resolves with its result. */
export const runLoad = (loader: ChildProcess, job: LoadJob) =>
  new Promise<LoadResult>((resolve) => {
    loader.once("message", (message) => resolve(message as LoadResult));
    loader.send(job);
  });

/** A PostgreSQL database of its own for one bench run, beside `adminUrl`'s; `drop` removes it. */
export async function scratchDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `bench_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return {
    url: adminUrl.replace(/\/[^/]*$/, `/${name}`),
    async drop() {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/**
 * Booking k of a bench over personal calendars: calendar k mod their count, its (k div count)-th
 * half-hour after `now` — all distinct, all free. `email` names the booker (one per k).
 */
export function benchBookingBody(calendarIds: readonly string[], now: Date, k: number, email = `c${k}@bench.example`) {
  const n = calendarIds.length;
  return JSON.stringify({
    calendarId: calendarIds[k % n],
    startTime: new Date(now.getTime() + (Math.floor(k / n) + 1) * 30 * 60_000).toISOString(),
    timezone: "UTC",
    contact: { firstName: "Bench", lastName: "Client", email },
  });
}

/**
 * The benches' proof-of-work difficulty (BOOKING_PROOF_MAX_NUMBER, ADR 0055): about fifty SHA-256 a
 * booking, so that solving thousands of challenges before a run takes seconds, not an hour. The
 * server's cost of checking a proof does not depend on it (one hash, one HMAC, one ledger row).
 */
export const BENCH_PROOF_MAX_NUMBER = 100;

let challengesFetched = 0;
/**
 * The address the next challenge is fetched from (X-Forwarded-For, behind a server trusting
 * loopback): a new one each time, so no address takes enough challenges to be given raised ones.
 */
export function challengeAddress(): string {
  const k = challengesFetched++;
  return `10.200.${Math.floor(k / 250) % 250}.${(k % 250) + 1}`;
}

/**
 * `requests` with each body carrying a solved `proof`, as a client makes one: GET
 * /api/booking-challenge, find the number, send it. Done before a timed run (solving is the client's
 * work, not the server's), one challenge a booking since each books once.
 */
export async function withProofs<R extends { readonly body: string }>(
  baseUrl: string,
  requests: readonly R[],
): Promise<R[]> {
  const proven: R[] = new Array(requests.length);
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const i = next++;
      const request = requests[i]!;
      const headers = { "x-forwarded-for": challengeAddress() };
      const proof = await solvedProof(fetch(`${baseUrl}/api/booking-challenge`, { headers }));
      proven[i] = { ...request, body: JSON.stringify({ ...JSON.parse(request.body), proof }) };
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return proven;
}

/**
 * The booking benches' raw baseline (same server, same body parsing): one insert transaction into
 * `bench_scratch` a request, on its own pool; what a booking costs above the database's own work.
 */
export function rawInsertHandler(rawPool: pg.Pool): (request: Request) => Promise<Response> {
  return async (request) => {
    const payload = JSON.stringify(await request.json());
    const id = randomUUID();
    const client = await rawPool.connect();
    try {
      await client.query("begin");
      await client.query("insert into bench_scratch (id, payload) values ($1, $2)", [id, payload]);
      await client.query("commit");
    } finally {
      client.release();
    }
    return Response.json({ id }, { status: 201 });
  };
}

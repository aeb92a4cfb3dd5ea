/** What several benchmarks share: deterministic data, the PostgreSQL probe, and a server with its load generator. */
import { fork, type ChildProcess } from "node:child_process";
import { serve } from "@hono/node-server";
import pg from "pg";

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
  fetch: (request: Request) => Response | Promise<Response>,
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

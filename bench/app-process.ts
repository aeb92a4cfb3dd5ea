/**
 * One app process of bench/several-processes.bench.ts, wired as src/server/main.ts wires it on
 * PostgreSQL — slot changes relayed over LISTEN/NOTIFY, every rate limit counted in the database —
 * minus the web build and the outbox worker. Listens on a free port with loopback as its trusted
 * proxy (the load generator sends each visitor's X-Forwarded-For), reports `{ port }` to its parent,
 * and stops on "stop". `POST /bench/raw` is the raw baseline of bench/booking.bench.ts: the same JSON
 * body parsed, then `begin; insert …; commit` on a pool of the app's size.
 *
 * Parent's environment: DATABASE_URL, BENCH_NOW (ISO instant the app's clock stands at), and
 * BENCH_RATE_LIMITS=production for the configured per-visitor limits (bench/flood.bench.ts) instead
 * of limits no visitor reaches.
 */
import { serve } from "@hono/node-server";
import pg from "pg";
import { openDatabase } from "../src/adapters/db/client.ts";
import { databaseRateLimiters } from "../src/adapters/db/rate-limit-windows.ts";
import { slotChangeChannel } from "../src/adapters/db/slot-change-channel.ts";
import { createApp } from "../src/server/app.ts";
import { parseConfig } from "../src/server/config.ts";
import { createLogger } from "../src/server/logger.ts";
import { rawInsertHandler } from "./support.ts";

const url = process.env.DATABASE_URL!;
const now = new Date(process.env.BENCH_NOW!);
const RAW_POOL_MAX = 20;

const database = await openDatabase({ kind: "postgres", url });
const config = parseConfig({ ...process.env, APP_SECRET: "bench".repeat(8) });
const app = createApp({
  // Every process of one deployment shares its secret: a challenge issued by one is checked by another.
  appSecret: config.APP_SECRET,
  database,
  slotChanges: await slotChangeChannel(database, { onError: (error) => console.error(error) }),
  rateLimiters: databaseRateLimiters(database),
  pages: {} as never,
  logger: createLogger("silent"),
  clock: () => now,
  mode: "production",
  trustedProxy: { kind: "ranges", ranges: ["127.0.0.1"] },
  ...(config.BOOKING_WRITE_CONCURRENCY ? { bookingWriteConcurrency: config.BOOKING_WRITE_CONCURRENCY } : {}),
  bookingApi: {
    publicUrl: "https://bench.example",
    holdMinutes: config.HOLD_MINUTES,
    // Counted for every request, as in production; by default high enough that no visitor reaches them.
    rateLimits:
      process.env.BENCH_RATE_LIMITS === "production"
        ? {
            bookingsPerMinute: config.RATE_LIMIT_BOOKINGS_PER_MINUTE,
            slotsPerMinute: config.RATE_LIMIT_SLOTS_PER_MINUTE,
          }
        : { bookingsPerMinute: 1_000_000_000, slotsPerMinute: 1_000_000_000 },
    ...(config.BOOKING_PROOF_MAX_NUMBER ? { bookingProof: { maxNumber: config.BOOKING_PROOF_MAX_NUMBER } } : {}),
  },
});
const rawPool = new pg.Pool({ connectionString: url, max: RAW_POOL_MAX });
const raw = rawInsertHandler(rawPool);
const server = serve({
  fetch: (request, env) => (request.url.endsWith("/bench/raw") ? raw(request) : app.fetch(request, env)),
  port: 0,
  hostname: "127.0.0.1",
});
server.once("listening", () => process.send!({ port: (server.address() as { port: number }).port }));
process.on("message", (message) => {
  if (message !== "stop") return;
  server.close();
  void Promise.all([rawPool.end(), database.close()]).finally(() => process.exit(0));
});

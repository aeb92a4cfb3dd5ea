/**
 * Request counts per client and window, shared by every server process on one PostgreSQL (issue 19):
 * N processes together allow exactly a limit, because each request is one atomic upsert that
 * returns the window's new count (adapters/db/rate-limit-windows.ts). Windows are fixed and aligned
 * to the epoch, so every process agrees on which one a request falls in. UNLOGGED (migration
 * `*_rate_limit_windows.sql`): counters need no crash safety, and skipping the write-ahead log keeps
 * the hot path cheap; after a database crash the limits simply start afresh. Ended windows are
 * deleted now and then by whichever process notices. The embedded database keeps counts in memory.
 */
import { integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

export const rateLimitWindows = pgTable(
  "rate_limit_windows",
  {
    /** Which limit: `bookings`, `slots`, `console-attempts`, … */
    limiter: text("limiter").notNull(),
    /** The client (its address as client-address.ts resolved it, or a sign-in's email address). */
    clientKey: text("client_key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    /** When the window ends: the row may be deleted from then on. */
    windowEnd: timestamp("window_end", { withTimezone: true }).notNull(),
    hits: integer("hits").notNull(),
  },
  (t) => [primaryKey({ columns: [t.limiter, t.clientKey, t.windowStart] })],
);

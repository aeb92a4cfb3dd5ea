/**
 * Rate limits counted in the database (`rate_limit_windows`, schema-rate-limits.ts), so several server
 * processes on one PostgreSQL together allow exactly each limit (issue 19). A request is one round
 * trip: an upsert that adds one to its window and returns the new count — atomic, so two processes
 * counting the same client at once never both see the last free hit. Windows are fixed and aligned to
 * the epoch, so every process puts a request in the same one. Ended windows are deleted by whichever
 * process first notices a minute has passed since it last did, off the request's path.
 * See docs/decisions/0029-several-processes.md.
 */
import type { RateLimiters } from "../../server/routes/rate-limit.ts";
import { secondsUntil } from "../../server/routes/rate-limit.ts";
import type { Database } from "./client.ts";

const HIT = `insert into rate_limit_windows as w (limiter, client_key, window_start, window_end, hits)
  values ($1, $2, $3, $4, 1)
  on conflict (limiter, client_key, window_start) do update set hits = w.hits + 1
  returning w.hits`;
const HITS = `select hits from rate_limit_windows where limiter = $1 and client_key = $2 and window_start = $3`;
const SWEEP = `delete from rate_limit_windows where window_end <= $1`;

/** How often a process deletes ended windows (any process may; deleting twice is harmless). */
const SWEEP_EVERY_MS = 60_000;

export function databaseRateLimiters(
  database: Database,
  options: { onSweepError?: (error: unknown) => void } = {},
): RateLimiters {
  let lastSweepMs = 0;
  const sweepNowAndThen = (nowMs: number) => {
    if (nowMs - lastSweepMs < SWEEP_EVERY_MS) return;
    lastSweepMs = nowMs;
    database.execute(SWEEP, [new Date(nowMs).toISOString()]).catch((error: unknown) => options.onSweepError?.(error));
  };
  return (name, limit, windowMs = 60_000) => {
    const windowOf = (nowMs: number) => {
      const startMs = Math.floor(nowMs / windowMs) * windowMs;
      return {
        start: new Date(startMs).toISOString(),
        end: new Date(startMs + windowMs).toISOString(),
        endMs: startMs + windowMs,
      };
    };
    return {
      async hit(key, nowMs) {
        sweepNowAndThen(nowMs);
        const window = windowOf(nowMs);
        const { rows } = await database.execute(HIT, [name, key, window.start, window.end]);
        return Number(rows[0]?.hits) > limit ? secondsUntil(window.endMs, nowMs) : null;
      },
      async waitFor(key, nowMs) {
        const window = windowOf(nowMs);
        const { rows } = await database.execute(HITS, [name, key, window.start]);
        return Number(rows[0]?.hits ?? 0) >= limit ? secondsUntil(window.endMs, nowMs) : null;
      },
    };
  };
}

/**
 * Rate limits counted in the database (`rate_limit_windows`, schema-rate-limits.ts), so several server
 * processes on one PostgreSQL together allow exactly each limit (issue 19). A request is one round
 * trip: an upsert that adds one to its window and returns the new count — atomic, so two processes
 * counting the same client at once never both see the last free hit. Windows are fixed and aligned to
 * the epoch, so every process puts a request in the same one. Ended windows are deleted by whichever
 * process first notices a minute has passed since it last did, off the request's path.
 *
 * A client this process has seen refused is refused here again, without a round trip, until its
 * window ends: the database's count can only grow within a window, so the answer cannot change. A
 * flood from one address then costs one map lookup per request instead of an upsert that queues on
 * one row's lock and holds a pooled connection while it waits — which was slowing everyone else
 * (bench/flood.bench.ts). Other processes still count its hits until they have refused it once.
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
/** Past this many remembered refusals, those whose window has ended are forgotten. */
const REMEMBERED_REFUSALS = 10_000;

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
    /** Clients refused in this process, with the end of the window they were refused in. */
    const refusedUntil = new Map<string, number>();
    const remember = (key: string, endMs: number, nowMs: number) => {
      if (refusedUntil.size >= REMEMBERED_REFUSALS)
        for (const [k, end] of refusedUntil) if (end <= nowMs) refusedUntil.delete(k);
      refusedUntil.set(key, endMs);
    };
    return {
      async hit(key, nowMs) {
        const knownEnd = refusedUntil.get(key);
        if (knownEnd !== undefined && knownEnd > nowMs) return secondsUntil(knownEnd, nowMs);
        sweepNowAndThen(nowMs);
        const window = windowOf(nowMs);
        const { rows } = await database.execute(HIT, [name, key, window.start, window.end]);
        if (Number(rows[0]?.hits) <= limit) return null;
        remember(key, window.endMs, nowMs);
        return secondsUntil(window.endMs, nowMs);
      },
      async waitFor(key, nowMs) {
        const window = windowOf(nowMs);
        const { rows } = await database.execute(HITS, [name, key, window.start]);
        return Number(rows[0]?.hits ?? 0) >= limit ? secondsUntil(window.endMs, nowMs) : null;
      },
    };
  };
}

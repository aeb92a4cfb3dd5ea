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
 *
 * A `batched` limit (free slots, issue 22) costs no round trip on the request's path: the process
 * counts in memory and adds its hits to the shared row in batches, reading the shared count back with
 * each (see SharedPrecision in rate-limit.ts for what it guarantees).
 * See docs/decisions/0029-several-processes.md.
 */
import type { RateLimiters } from "../../server/routes/rate-limit.ts";
import { secondsUntil } from "../../server/routes/rate-limit.ts";
import type { Database } from "./client.ts";
import { sweepNowAndThen } from "./sweep-now-and-then.ts";

const HIT = `insert into rate_limit_windows as w (limiter, client_key, window_start, window_end, hits)
  values ($1, $2, $3, $4, $5)
  on conflict (limiter, client_key, window_start) do update set hits = w.hits + excluded.hits
  returning w.hits`;
const HITS = `select hits from rate_limit_windows where limiter = $1 and client_key = $2 and window_start = $3`;
const SWEEP = `delete from rate_limit_windows where window_end <= $1`;

/** A batched limit adds a process's hits to the shared count once this share of the limit is unsent… */
const BATCH_SHARE = 0.1;
/** …or once its oldest unsent hit is this old. */
const BATCH_MAX_AGE_MS = 1_000;
/** Past this many clients, a batched limit forgets those whose window has ended. */
const BATCHED_CLIENTS = 50_000;

/** Past this many remembered refusals, those whose window has ended are forgotten. */
const REMEMBERED_REFUSALS = 10_000;

export function databaseRateLimiters(
  database: Database,
  options: { onBackgroundError?: (error: unknown) => void } = {},
): RateLimiters {
  // Ended windows are deleted by any process now and then (sweep-now-and-then.ts).
  const sweep = sweepNowAndThen(database, SWEEP, options.onBackgroundError);
  return (name, limit, windowMs = 60_000, precision = "exact") => {
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
    const waitFor = async (key: string, nowMs: number) => {
      const window = windowOf(nowMs);
      const { rows } = await database.execute(HITS, [name, key, window.start]);
      return Number(rows[0]?.hits ?? 0) >= limit ? secondsUntil(window.endMs, nowMs) : null;
    };
    if (precision === "batched") {
      /** Per client: the window counted, the shared count last read back, and hits not sent yet. */
      const clients = new Map<
        string,
        {
          windowEndMs: number;
          shared: number;
          unsent: number;
          firstUnsentMs: number;
          sending: boolean;
          /** A batch became due while one was on its way: sent when that one is back. */
          due: boolean;
        }
      >();
      const batch = Math.max(1, Math.floor(limit * BATCH_SHARE));
      const send = (key: string, client: NonNullable<ReturnType<typeof clients.get>>, nowMs: number) => {
        const n = client.unsent;
        const window = windowOf(nowMs);
        client.unsent = 0;
        client.sending = true;
        database
          .execute(HIT, [name, key, window.start, window.end, n])
          .then(
            ({ rows }) => {
              if (client.windowEndMs === window.endMs) client.shared = Math.max(client.shared, Number(rows[0]?.hits));
            },
            // Not sent: kept to send with the next batch, so no hit is lost to the shared count.
            (error: unknown) => {
              if (client.windowEndMs === window.endMs) client.unsent += n;
              options.onBackgroundError?.(error);
            },
          )
          .finally(() => {
            client.sending = false;
            if (client.due && client.unsent > 0 && client.windowEndMs === window.endMs) send(key, client, nowMs);
            client.due = false;
          });
      };
      return {
        async hit(key, nowMs) {
          sweep(nowMs);
          const window = windowOf(nowMs);
          let client = clients.get(key);
          if (!client || client.windowEndMs !== window.endMs) {
            if (clients.size >= BATCHED_CLIENTS)
              for (const [k, c] of clients) if (c.windowEndMs <= nowMs) clients.delete(k);
            client = {
              windowEndMs: window.endMs,
              shared: 0,
              unsent: 0,
              firstUnsentMs: nowMs,
              sending: false,
              due: false,
            };
            clients.set(key, client);
          }
          // The shared count only grows within a window, and this process's unsent hits are not in it
          // yet: at the limit here means at the limit everywhere — a refusal is never early.
          if (client.shared + client.unsent >= limit) return secondsUntil(window.endMs, nowMs);
          if (client.unsent === 0) client.firstUnsentMs = nowMs;
          client.unsent++;
          if (client.unsent >= batch || nowMs - client.firstUnsentMs >= BATCH_MAX_AGE_MS) {
            if (client.sending) client.due = true;
            else send(key, client, nowMs);
          }
          return null;
        },
        waitFor,
      };
    }
    return {
      async hit(key, nowMs) {
        const knownEnd = refusedUntil.get(key);
        if (knownEnd !== undefined && knownEnd > nowMs) return secondsUntil(knownEnd, nowMs);
        sweep(nowMs);
        const window = windowOf(nowMs);
        const { rows } = await database.execute(HIT, [name, key, window.start, window.end, 1]);
        if (Number(rows[0]?.hits) <= limit) return null;
        remember(key, window.endMs, nowMs);
        return secondsUntil(window.endMs, nowMs);
      },
      waitFor,
    };
  };
}

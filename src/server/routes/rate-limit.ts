/**
 * Per-client request limits in fixed windows (one minute unless said otherwise). The client is the
 * address `clientAddressMiddleware` resolved (the socket, or a trusted proxy's X-Forwarded-For —
 * never a header the client alone controls). Each limit is made by a `RateLimiters` factory: in
 * memory here (one process: the embedded database), or counted in PostgreSQL so that several
 * processes on one database together allow exactly the limit (adapters/db/rate-limit-windows.ts,
 * docs/decisions/0029-several-processes.md). In memory, at most `capacity` windows are kept
 * whatever the keys, the least recently started going first.
 */
import type { MiddlewareHandler } from "hono";
import { clientKey, UNKNOWN_CLIENT } from "../http/client-address.ts";
import { problem } from "../http/problem.ts";

export interface RateLimiter {
  /** Counts one request; resolves to the seconds to wait when over the limit, else null. */
  hit(key: string, nowMs: number): Promise<number | null>;
  /** The seconds to wait if the key is over its limit now, else null — without counting anything. */
  waitFor(key: string, nowMs: number): Promise<number | null>;
}

/**
 * How exactly a limit shared by several processes holds. `exact`: together they allow exactly the
 * limit (each request is counted where the processes share counts before it is answered) — for
 * writes and sign-ins. `batched`: each process counts in memory and adds its hits to the shared
 * count in batches of a tenth of the limit (or after a second), off the request's path; a refusal is
 * still never early, and N processes together allow the limit plus, at most, what each admits before
 * its latest batch is counted (a tenth of the limit and what arrives within one round trip) — for reads
 * a visitor makes many of (free slots), where a round trip per request would cost more than the read.
 */
export type SharedPrecision = "exact" | "batched";

/**
 * Makes the limit named `name` (the same name in every process counts together where counts are
 * shared): `limit` requests per key and `windowMs`.
 */
export type RateLimiters = (name: string, limit: number, windowMs?: number, precision?: SharedPrecision) => RateLimiter;

/** Seconds from `nowMs` until a window ending at `endMs` (at least one: Retry-After is whole seconds). */
export function secondsUntil(endMs: number, nowMs: number): number {
  return Math.max(1, Math.ceil((endMs - nowMs) / 1000));
}

export interface InMemoryRateLimiter extends RateLimiter {
  /** Windows held now (for tests and metrics). */
  size(): number;
}

/** Enough for every client of a busy minute; ~100 bytes each, so a few MB at most. */
const DEFAULT_CAPACITY = 50_000;

export function createRateLimiter(limit: number, windowMs = 60_000, capacity = DEFAULT_CAPACITY): InMemoryRateLimiter {
  // A Map iterates in insertion order: a window is re-inserted when it restarts, so the first
  // entry is always the least recently started one — the one to drop when full.
  const windows = new Map<string, { count: number; resetAtMs: number }>();
  return {
    async hit(key, nowMs) {
      let w = windows.get(key);
      if (!w || w.resetAtMs <= nowMs) {
        windows.delete(key);
        while (windows.size >= capacity) windows.delete(windows.keys().next().value as string);
        w = { count: 0, resetAtMs: nowMs + windowMs };
        windows.set(key, w);
      }
      w.count++;
      return w.count > limit ? secondsUntil(w.resetAtMs, nowMs) : null;
    },
    async waitFor(key, nowMs) {
      const w = windows.get(key);
      if (!w || w.resetAtMs <= nowMs || w.count < limit) return null;
      return secondsUntil(w.resetAtMs, nowMs);
    },
    size: () => windows.size,
  };
}

/** Limits kept in this process's memory. */
export const inMemoryRateLimiters: RateLimiters = (_name, limit, windowMs) => createRateLimiter(limit, windowMs);

/**
 * A client refused again within the window it was refused in waits this long for its answer. Load
 * tools, scripts and browsers wait for an answer before sending the next request on a connection,
 * so a flood over a few dozen connections drops from thousands of refusals a second — each one
 * parsed, routed and answered on the CPU every visitor shares — to a few dozen (bench/flood.bench.ts).
 * A person over the limit reads the same message a moment later.
 */
export const REPEAT_REFUSAL_DELAY_MS = 1_000;
/** At most this many answers wait at once (each holds a socket and a timer); past it, refusals are immediate. */
const MAX_DELAYED_REFUSALS = 2_000;
/** Remembered refusals per limit, past which those whose window has ended are forgotten. */
const REMEMBERED_REFUSALS = 10_000;

export function rateLimit(
  limiter: RateLimiter,
  clock: () => Date,
  repeatRefusalDelayMs = REPEAT_REFUSAL_DELAY_MS,
): MiddlewareHandler {
  /** Clients refused, with when their refusal ends. */
  const refusedUntil = new Map<string, number>();
  let delayed = 0;
  return async (c, next) => {
    const key = clientKey(c.get("clientAddress") ?? UNKNOWN_CLIENT);
    const nowMs = clock().getTime();
    const wait = await limiter.hit(key, nowMs);
    if (wait !== null) {
      const repeated = (refusedUntil.get(key) ?? 0) > nowMs;
      if (!repeated) {
        if (refusedUntil.size >= REMEMBERED_REFUSALS)
          for (const [k, end] of refusedUntil) if (end <= nowMs) refusedUntil.delete(k);
        refusedUntil.set(key, nowMs + wait * 1000);
      } else if (repeatRefusalDelayMs > 0 && delayed < MAX_DELAYED_REFUSALS) {
        delayed++;
        await new Promise((resolve) => setTimeout(resolve, repeatRefusalDelayMs)).finally(() => delayed--);
      }
      c.header("Retry-After", String(wait));
      return problem(c, 429, "RATE_LIMITED", "Too many requests. Please try again shortly.", {
        retryAfterSeconds: wait,
      });
    }
    await next();
  };
}

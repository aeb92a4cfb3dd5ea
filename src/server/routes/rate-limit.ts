/**
 * Per-client request limits (fixed one-minute windows, in memory). The client is the address
 * `clientAddressMiddleware` resolved (the socket, or a trusted proxy's X-Forwarded-For — never a
 * header the client alone controls). Memory is bounded whatever the keys: at most `capacity`
 * windows are kept, the least recently started going first. Several processes would need a shared
 * store behind the same `RateLimiter` interface.
 */
import type { MiddlewareHandler } from "hono";
import { clientKey, UNKNOWN_CLIENT } from "../http/client-address.ts";
import { problem } from "../http/problem.ts";

export interface RateLimiter {
  /** Counts one request; returns the seconds to wait when over the limit, else null. */
  hit(key: string, nowMs: number): number | null;
  /** The seconds to wait if the key is over its limit now, else null — without counting anything. */
  waitFor(key: string, nowMs: number): number | null;
  /** Windows held now (for tests and metrics). */
  size(): number;
}

/** Enough for every client of a busy minute; ~100 bytes each, so a few MB at most. */
const DEFAULT_CAPACITY = 50_000;

export function createRateLimiter(limitPerMinute: number, windowMs = 60_000, capacity = DEFAULT_CAPACITY): RateLimiter {
  // A Map iterates in insertion order: a window is re-inserted when it restarts, so the first
  // entry is always the least recently started one — the one to drop when full.
  const windows = new Map<string, { count: number; resetAtMs: number }>();
  return {
    hit(key, nowMs) {
      let w = windows.get(key);
      if (!w || w.resetAtMs <= nowMs) {
        windows.delete(key);
        while (windows.size >= capacity) windows.delete(windows.keys().next().value as string);
        w = { count: 0, resetAtMs: nowMs + windowMs };
        windows.set(key, w);
      }
      w.count++;
      return w.count > limitPerMinute ? Math.max(1, Math.ceil((w.resetAtMs - nowMs) / 1000)) : null;
    },
    waitFor(key, nowMs) {
      const w = windows.get(key);
      if (!w || w.resetAtMs <= nowMs || w.count < limitPerMinute) return null;
      return Math.max(1, Math.ceil((w.resetAtMs - nowMs) / 1000));
    },
    size: () => windows.size,
  };
}

export function rateLimit(limiter: RateLimiter, clock: () => Date): MiddlewareHandler {
  return async (c, next) => {
    const wait = limiter.hit(clientKey(c.get("clientAddress") ?? UNKNOWN_CLIENT), clock().getTime());
    if (wait !== null) {
      c.header("Retry-After", String(wait));
      return problem(c, 429, "RATE_LIMITED", "Too many requests. Please try again shortly.", {
        retryAfterSeconds: wait,
      });
    }
    await next();
  };
}

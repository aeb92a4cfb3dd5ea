/**
 * Per-client request limits (fixed one-minute windows, in memory). One process serves the API, so
 * memory is the right store; several processes would need a shared one. The client is the first
 * hop of X-Forwarded-For (the server runs behind a proxy that sets it) or the socket address.
 */
import type { Context, MiddlewareHandler } from "hono";
import { problem } from "../http/problem.ts";

export interface RateLimiter {
  /** Counts one request; returns the seconds to wait when over the limit, else null. */
  hit(key: string, nowMs: number): number | null;
}

export function createRateLimiter(limitPerMinute: number, windowMs = 60_000): RateLimiter {
  const windows = new Map<string, { count: number; resetAtMs: number }>();
  return {
    hit(key, nowMs) {
      let w = windows.get(key);
      if (!w || w.resetAtMs <= nowMs) {
        if (windows.size > 50_000) for (const [k, v] of windows) if (v.resetAtMs <= nowMs) windows.delete(k);
        w = { count: 0, resetAtMs: nowMs + windowMs };
        windows.set(key, w);
      }
      w.count++;
      return w.count > limitPerMinute ? Math.max(1, Math.ceil((w.resetAtMs - nowMs) / 1000)) : null;
    },
  };
}

export function clientKey(c: Context): string {
  const forwarded = c.req.header("x-forwarded-for");
  const first = forwarded?.split(",")[0]?.trim();
  if (first) return first;
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? "unknown";
}

export function rateLimit(limiter: RateLimiter, clock: () => Date): MiddlewareHandler {
  return async (c, next) => {
    const wait = limiter.hit(clientKey(c), clock().getTime());
    if (wait !== null) {
      c.header("Retry-After", String(wait));
      return problem(c, 429, "RATE_LIMITED", "Too many requests. Please try again shortly.", {
        retryAfterSeconds: wait,
      });
    }
    await next();
  };
}

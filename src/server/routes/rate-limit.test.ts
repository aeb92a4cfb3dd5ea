import { Hono } from "hono";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createRateLimiter, rateLimit, REPEAT_REFUSAL_DELAY_MS } from "./rate-limit.ts";

describe("rate limiter", () => {
  it("limits per key within a window and restarts after it", async () => {
    const limiter = createRateLimiter(2, 60_000);
    expect(await limiter.hit("a", 0)).toBeNull();
    expect(await limiter.hit("a", 1)).toBeNull();
    expect(await limiter.hit("a", 2)).toBe(60);
    expect(await limiter.hit("b", 2)).toBeNull();
    expect(await limiter.hit("a", 60_000)).toBeNull();
  });

  it("keeps its memory bounded whatever the keys (40,000 distinct clients, capacity 1,000)", async () => {
    const limiter = createRateLimiter(5, 60_000, 1_000);
    for (let i = 0; i < 40_000; i++) await limiter.hit(`client-${i}`, i);
    expect(limiter.size()).toBe(1_000);
    // The most recent clients are still counted.
    for (let i = 0; i < 5; i++) await limiter.hit("client-39999", 40_000);
    expect(await limiter.hit("client-39999", 40_001)).not.toBeNull();
  });
});

describe("rate limit middleware", () => {
  afterEach(() => vi.useRealTimers());

  it("answers a first refusal at once and a repeated one only after a delay, which slows a flood", async () => {
    vi.useFakeTimers({ now: Date.parse("2026-12-07T10:00:05Z") });
    const app = new Hono();
    app.use(rateLimit(createRateLimiter(1, 60_000), () => new Date()));
    app.get("/", (c) => c.text("ok"));
    expect((await app.request("/")).status).toBe(200);
    const first = await app.request("/");
    expect(first.status).toBe(429);
    expect(first.headers.get("retry-after")).toBe("60");
    // The same client again: its answer waits.
    let settled = false;
    const repeated = Promise.resolve(app.request("/")).then((res) => {
      settled = true;
      return res;
    });
    await vi.advanceTimersByTimeAsync(REPEAT_REFUSAL_DELAY_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await repeated).status).toBe(429);
    // Once the window has ended, the client is answered at once again.
    await vi.advanceTimersByTimeAsync(60_000);
    expect((await app.request("/")).status).toBe(200);
  });
});

import { describe, expect, it } from "vitest";
import { createRateLimiter } from "./rate-limit.ts";

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

import { describe, expect, it } from "vitest";
import { checkFillToken, issueFillToken, MIN_FILL_MS } from "./fill-token.ts";

const secret = "s".repeat(32);
const t0 = new Date("2026-11-30T10:00:00Z");
const later = (ms: number) => new Date(t0.getTime() + ms);

describe("fill token", () => {
  it("accepts a token after the minimum fill time and refuses one sent sooner", () => {
    const token = issueFillToken(secret, t0);
    expect(checkFillToken(secret, token, later(MIN_FILL_MS - 1))).toBe("too-fast");
    expect(checkFillToken(secret, token, later(MIN_FILL_MS))).toBe("ok");
  });
  it("refuses a forged, altered, missing or stale token", () => {
    const token = issueFillToken(secret, t0);
    const [issued, signature] = token.split(".");
    expect(checkFillToken("x".repeat(32), token, later(5000))).toBe("invalid");
    expect(checkFillToken(secret, `${Number(issued) - 60_000}.${signature}`, later(5000))).toBe("invalid");
    expect(checkFillToken(secret, undefined, later(5000))).toBe("invalid");
    expect(checkFillToken(secret, token, later(25 * 60 * 60 * 1000))).toBe("invalid");
  });
});

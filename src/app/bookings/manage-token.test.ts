import { describe, expect, it } from "vitest";
import { isManageTokenFormat } from "../../core/booking/manage-token.ts";
import { generateManageToken, verifyManageToken } from "./manage-token.ts";
import { hashSecretToken } from "../shared/secret-token.ts";

describe("manage tokens", () => {
  // 1,000 tokens span several refills of the random pool (128 tokens each).
  const tokens = Array.from({ length: 1000 }, generateManageToken);

  it("are 256 random bits in base64url, never repeated across pool refills", () => {
    expect(tokens.every(isManageTokenFormat)).toBe(true);
    expect(tokens.every((t) => Buffer.from(t, "base64url").length === 32)).toBe(true);
    expect(new Set(tokens).size).toBe(tokens.length);
  });

  it("look uniformly random: every bit position is set in about half of the tokens", () => {
    const ones = new Array<number>(256).fill(0);
    for (const token of tokens) {
      const bytes = Buffer.from(token, "base64url");
      for (let bit = 0; bit < 256; bit++) if (bytes[bit >> 3]! & (1 << (bit & 7))) ones[bit]!++;
    }
    // Binomial(1000, 0.5): mean 500, sd ≈ 15.8; ±6 sd is never crossed by a working generator.
    expect(Math.min(...ones)).toBeGreaterThan(405);
    expect(Math.max(...ones)).toBeLessThan(595);
  });

  it("verify against their stored hash only", () => {
    const [a, b] = tokens;
    const stored = hashSecretToken(a!);
    expect(stored).toMatch(/^[0-9a-f]{64}$/);
    expect(verifyManageToken(a, stored)).toBe(true);
    expect(verifyManageToken(b, stored)).toBe(false);
    // No stored hash (no such booking): compared against a stand-in all the same, and never a match.
    expect(verifyManageToken(a, undefined)).toBe(false);
    const altered = a!.slice(0, -1) + (a!.endsWith("A") ? "B" : "A");
    expect(verifyManageToken(altered, stored)).toBe(false);
    expect(verifyManageToken(null, stored)).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { refundOnCancel } from "./refund-policy.ts";

const START = Date.UTC(2026, 11, 10, 10);
const HOUR = 3_600_000;
const ask = (over: Partial<Parameters<typeof refundOnCancel>[0]>) =>
  refundOnCancel({
    paidMinor: 8000,
    depositMinor: 2000,
    startMs: START,
    nowMs: START - 48 * HOUR,
    fullRefundHoursBefore: 24,
    by: "visitor",
    ...over,
  });

describe("refund on cancel", () => {
  it("gives everything back before the limit, and keeps the deposit after it", () => {
    expect(ask({})).toBe(8000);
    expect(ask({ nowMs: START - 24 * HOUR })).toBe(8000);
    expect(ask({ nowMs: START - 24 * HOUR + 1 })).toBe(6000);
    // A paid deposit is kept whole after the limit.
    expect(ask({ nowMs: START - HOUR, paidMinor: 2000 })).toBe(0);
  });

  it("the business cancelling, or no limit set: always in full; nothing paid: nothing back", () => {
    expect(ask({ nowMs: START - HOUR, by: "business" })).toBe(8000);
    expect(ask({ nowMs: START - HOUR, fullRefundHoursBefore: null })).toBe(8000);
    expect(ask({ paidMinor: 0 })).toBe(0);
  });
});

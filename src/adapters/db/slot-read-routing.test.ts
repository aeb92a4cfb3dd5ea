import { describe, expect, it } from "vitest";
import { lsnOf } from "./slot-read-routing.ts";

describe("lsnOf", () => {
  it("orders WAL positions as PostgreSQL does, across the 32-bit halves", () => {
    expect(lsnOf("0/30160A0")).toBe(0x30160a0n);
    expect(lsnOf("16/B374D848")).toBe((0x16n << 32n) + 0xb374d848n);
    // The low half is not padded: 1/0 is past 0/FFFFFFFF.
    expect(lsnOf("1/0") > lsnOf("0/FFFFFFFF")).toBe(true);
    expect(lsnOf("0/A") > lsnOf("0/9")).toBe(true);
  });

  it("refuses what is not a position (a replica that is no standby answers null)", () => {
    expect(() => lsnOf(null)).toThrow(/Not a WAL position/);
    expect(() => lsnOf("")).toThrow(/Not a WAL position/);
  });
});

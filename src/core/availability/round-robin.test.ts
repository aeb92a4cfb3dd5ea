import { describe, expect, it } from "vitest";
import { pickRoundRobinMember } from "./round-robin.ts";

describe("pickRoundRobinMember", () => {
  it.each([
    ["nobody free", [], {}, {}, null],
    ["higher priority wins over fewer bookings", ["a", "b"], { a: 0.5, b: 1 }, { a: 0, b: 9 }, "b"],
    ["equal priority: fewest recent bookings", ["a", "b", "c"], { a: 1, b: 1, c: 1 }, { a: 3, b: 1, c: 2 }, "b"],
    ["full tie: lowest id, whatever the input order", ["c", "a", "b"], {}, {}, "a"],
    ["missing priority counts as 0.5", ["a", "b"], { b: 0 }, {}, "a"],
    ["missing count counts as 0", ["a", "b"], {}, { a: 1 }, "b"],
  ] as const)("%s", (_name, free, priorities, counts, expected) => {
    expect(pickRoundRobinMember(free, priorities, counts)).toBe(expected);
  });

  it("distributes evenly over time when everyone is always free", () => {
    const counts: Record<string, number> = { a: 0, b: 0, c: 0 };
    for (let i = 0; i < 30; i++) {
      const pick = pickRoundRobinMember(["a", "b", "c"], {}, counts);
      if (pick) counts[pick] = (counts[pick] ?? 0) + 1;
    }
    expect(counts).toEqual({ a: 10, b: 10, c: 10 });
  });

  it("equal distribution: fewest recent bookings first, priority only between members with as many", () => {
    const priorities = { a: 1, b: 0.5, c: 0 };
    expect(pickRoundRobinMember(["a", "b", "c"], priorities, { a: 4, b: 2, c: 2 }, "equal_distribution")).toBe("b");
    expect(pickRoundRobinMember(["a", "b", "c"], priorities, { a: 4, b: 2, c: 2 }, "availability")).toBe("a");
  });
});

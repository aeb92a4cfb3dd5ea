import { describe, expect, it } from "vitest";
import { at, booking, everyDay, input, range, rules, staff } from "./fixtures.test-helper.ts";
import { planRecurring } from "./recurring.ts";

const NOW = at("2026-01-01T00:00:00Z");
const hours = everyDay(range("09:00", "12:00"));

function plan(busy: ReturnType<typeof booking>[], request: Parameters<typeof planRecurring>[1], zone = "UTC") {
  const result = planRecurring(input(rules({ timeZone: zone }), [staff("a", zone, hours)], busy), request, NOW);
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.value.map((o) => [
    o.status,
    o.bookedStartMs === null ? null : new Date(o.bookedStartMs).toISOString().slice(0, 16),
    o.reason ?? null,
  ]);
}

describe("planRecurring", () => {
  const busy = [
    booking("a", "2026-03-03T09:00:00Z", "2026-03-03T09:30:00Z"),
    booking("a", "2026-03-04T09:00:00Z", "2026-03-04T10:30:00Z"),
  ];

  it("skip: books the free occurrences, reports the taken ones with a reason", () => {
    expect(
      plan(busy, { firstStartMs: at("2026-03-02T09:00:00Z"), frequency: "daily", count: 3, policy: "skip" }),
    ).toEqual([
      ["free", "2026-03-02T09:00", null],
      ["taken", null, "STAFF_BUSY"],
      ["taken", null, "STAFF_BUSY"],
    ]);
  });

  it("book_next: takes the next free slot among the next 3, else drops it", () => {
    expect(
      plan(busy, { firstStartMs: at("2026-03-02T09:00:00Z"), frequency: "daily", count: 3, policy: "book_next" }),
    ).toEqual([
      ["free", "2026-03-02T09:00", null],
      ["taken", "2026-03-03T09:30", "STAFF_BUSY"],
      // 09:30, 10:00 and 10:30 are the next three starts; 10:00 and earlier are busy, 10:30 is free.
      ["taken", "2026-03-04T10:30", "STAFF_BUSY"],
    ]);
    const longer = [booking("a", "2026-03-03T09:00:00Z", "2026-03-03T11:00:00Z")];
    expect(
      plan(longer, { firstStartMs: at("2026-03-03T09:00:00Z"), frequency: "daily", count: 1, policy: "book_next" }),
    ).toEqual([["taken", null, "STAFF_BUSY"]]);
  });

  it("continue: keeps a busy occurrence at its time as an overlap; other reasons still skip", () => {
    const request = {
      firstStartMs: at("2026-03-02T09:00:00Z"),
      frequency: "daily",
      count: 3,
      policy: "continue",
    } as const;
    expect(plan(busy, request)).toEqual([
      ["free", "2026-03-02T09:00", null],
      ["taken", "2026-03-03T09:00", "STAFF_BUSY"],
      ["taken", "2026-03-04T09:00", "STAFF_BUSY"],
    ]);
    const result = planRecurring(input(rules(), [staff("a", "UTC", hours)], busy), request, NOW);
    expect(result.ok && result.value.map((o) => [o.overlap ?? false, o.staffIds])).toEqual([
      [false, ["a"]],
      [true, ["a"]],
      [true, ["a"]],
    ]);
    // 11:30 + 30 minutes ends after the 12:00 close: outside hours is no overlap to record.
    expect(
      plan([], { firstStartMs: at("2026-03-02T11:45:00Z"), frequency: "daily", count: 1, policy: "continue" }),
    ).toEqual([["taken", null, "OUTSIDE_HOURS"]]);
  });

  it("keeps the local time across DST (weekly, Berlin)", () => {
    const result = plan(
      [],
      { firstStartMs: at("2026-03-23T09:00:00Z"), frequency: "weekly", count: 2, policy: "skip" },
      "Europe/Berlin",
    );
    // 10:00 CET, then 10:00 CEST a week later.
    expect(result).toEqual([
      ["free", "2026-03-23T09:00", null],
      ["free", "2026-03-30T08:00", null],
    ]);
  });

  it("every 2 weeks keeps the local wall time across both DST changes (Berlin)", () => {
    const spring = plan(
      [],
      { firstStartMs: at("2026-03-16T09:00:00Z"), frequency: "weekly", interval: 2, count: 3, policy: "skip" },
      "Europe/Berlin",
    );
    // 10:00 CET on 16 March, 10:00 CEST on 30 March (after the 29 March change) and 13 April.
    expect(spring.map((r) => r[1])).toEqual(["2026-03-16T09:00", "2026-03-30T08:00", "2026-04-13T08:00"]);
    const autumn = plan(
      [],
      { firstStartMs: at("2026-10-19T08:00:00Z"), frequency: "weekly", interval: 2, count: 2, policy: "skip" },
      "Europe/Berlin",
    );
    // 10:00 CEST on 19 October, 10:00 CET on 2 November (after the 25 October change).
    expect(autumn.map((r) => r[1])).toEqual(["2026-10-19T08:00", "2026-11-02T09:00"]);
  });

  it("every 3 days and every 2 months step by their interval; interval 1 is the plain frequency", () => {
    const days = plan([], {
      firstStartMs: at("2026-03-02T09:00:00Z"),
      frequency: "daily",
      interval: 3,
      count: 3,
      policy: "skip",
    });
    expect(days.map((r) => r[1])).toEqual(["2026-03-02T09:00", "2026-03-05T09:00", "2026-03-08T09:00"]);
    // Every 2 months from 31 January: March, May (RFC 5545 still skips a step without the 31st).
    const months = plan([], {
      firstStartMs: at("2026-01-31T09:00:00Z"),
      frequency: "monthly",
      interval: 2,
      count: 3,
      policy: "skip",
    });
    expect(months.map((r) => r[1])).toEqual(["2026-01-31T09:00", "2026-03-31T09:00", "2026-05-31T09:00"]);
    const one = { firstStartMs: at("2026-03-02T09:00:00Z"), frequency: "weekly", count: 2, policy: "skip" } as const;
    expect(plan([], { ...one, interval: 1 })).toEqual(plan([], one));
  });

  it("refuses an interval outside 1–4", () => {
    for (const interval of [0, 5, 1.5]) {
      const result = planRecurring(
        input(rules(), [staff("a", "UTC", hours)], []),
        { firstStartMs: at("2026-03-02T09:00:00Z"), frequency: "weekly", interval, count: 2, policy: "skip" },
        NOW,
      );
      expect(result).toEqual({ ok: false, error: { code: "INVALID_RECURRENCE", field: "interval" } });
    }
  });

  it("monthly skips months without that day (RFC 5545) and still makes count occurrences", () => {
    const result = plan([], {
      firstStartMs: at("2026-01-31T09:00:00Z"),
      frequency: "monthly",
      count: 3,
      policy: "skip",
    });
    expect(result.map((r) => r[1])).toEqual(["2026-01-31T09:00", "2026-03-31T09:00", "2026-05-31T09:00"]);
  });

  it("reports the window and notice like single bookings", () => {
    const r = planRecurring(
      input(rules({ bookingWindow: { kind: "rolling_days", days: 70 } }), [staff("a", "UTC", hours)]),
      { firstStartMs: at("2026-03-09T09:00:00Z"), frequency: "weekly", count: 2, policy: "skip" },
      NOW,
    );
    expect(r.ok && r.value.map((o) => o.reason ?? "ok")).toEqual(["ok", "OUTSIDE_WINDOW"]);
  });

  it.each([
    [{ count: 25 }, "INVALID_RECURRENCE"],
    [{ count: 0 }, "INVALID_RECURRENCE"],
  ])("rejects %j", (extra, code) => {
    const r = planRecurring(
      input(rules(), [staff("a", "UTC", hours)]),
      { firstStartMs: at("2026-03-02T09:00:00Z"), frequency: "daily", policy: "skip", ...extra },
      NOW,
    );
    expect(!r.ok && r.error.code).toBe(code);
  });

  it("round robin with several members needs one chosen member", () => {
    const rr = rules({
      type: "round_robin",
      members: [
        { staffId: "a", priority: 1 },
        { staffId: "b", priority: 1 },
      ],
    });
    const inp = input(rr, [staff("a", "UTC", hours), staff("b", "UTC", hours)]);
    const request = {
      firstStartMs: at("2026-03-02T09:00:00Z"),
      frequency: "daily" as const,
      count: 2,
      policy: "skip" as const,
    };
    expect(planRecurring(inp, request, NOW)).toEqual({ ok: false, error: { code: "RECURRING_NEEDS_SINGLE_STAFF" } });
    const chosen = planRecurring(inp, { ...request, staffId: "b" }, NOW);
    expect(chosen.ok && chosen.value.map((o) => o.staffIds)).toEqual([["b"], ["b"]]);
  });
});

import { describe, expect, it } from "vitest";
import { checkSlot, computeSlots, toPublicSlots } from "./compute-slots.ts";
import { at, booking, everyDay, input, range, rules, staff } from "./fixtures.test-helper.ts";
import type { AvailabilityInput, SlotQuery, SlotsByDate } from "./model.ts";

const NOW = at("2026-01-01T00:00:00Z");

function query(startDate: string, endDate: string, visitorTimeZone: string, extra: Partial<SlotQuery> = {}): SlotQuery {
  return { startDate, endDate, visitorTimeZone, ...extra };
}

function slotsOf(inp: AvailabilityInput, q: SlotQuery, now = NOW): Record<string, string[]> {
  const result = computeSlots(inp, q, now);
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  const pub = toPublicSlots(result.value);
  return Object.fromEntries(Object.entries(pub).map(([d, v]) => [d, [...v.slots]]));
}

const flat = (r: Record<string, string[]>): string[] => Object.values(r).flat();

describe("computeSlots: personal calendar basics", () => {
  const weekly = everyDay(range("09:00", "12:00"), range("13:00", "15:00"));

  it("offers grid starts inside the hours; a break is a gap", () => {
    const inp = input(rules({ durationMinutes: 60, timeZone: "Europe/Berlin" }), [staff("a", "Europe/Berlin", weekly)]);
    expect(slotsOf(inp, query("2026-06-01", "2026-06-01", "Europe/Berlin"))).toEqual({
      "2026-06-01": [
        "2026-06-01T09:00:00+02:00",
        "2026-06-01T09:30:00+02:00",
        "2026-06-01T10:00:00+02:00",
        "2026-06-01T10:30:00+02:00",
        "2026-06-01T11:00:00+02:00",
        "2026-06-01T13:00:00+02:00",
        "2026-06-01T13:30:00+02:00",
        "2026-06-01T14:00:00+02:00",
      ],
    });
  });

  it("returns the engine shape with startMs and staff, and omits empty dates", () => {
    const inp = input(rules(), [staff("a", "UTC", { 1: [range("09:00", "10:00")] })]);
    const result = computeSlots(inp, query("2026-06-01", "2026-06-07", "UTC"), NOW);
    expect(result.ok && result.value).toEqual({
      "2026-06-01": {
        slots: [
          { start: "2026-06-01T09:00:00+00:00", startMs: at("2026-06-01T09:00:00Z"), staffIds: ["a"] },
          { start: "2026-06-01T09:30:00+00:00", startMs: at("2026-06-01T09:30:00Z"), staffIds: ["a"] },
        ],
      },
    } satisfies SlotsByDate);
  });

  it.each([
    [
      "adjacent booking before and after: no conflict",
      [
        booking("a", "2026-06-01T09:00:00Z", "2026-06-01T09:30:00Z"),
        booking("a", "2026-06-01T10:30:00Z", "2026-06-01T11:00:00Z"),
      ],
      0,
      0,
      ["09:30", "10:00", "11:00", "11:30"],
    ],
    [
      "booking blocks its own time",
      [booking("a", "2026-06-01T10:00:00Z", "2026-06-01T11:00:00Z")],
      0,
      0,
      ["09:00", "09:30", "11:00", "11:30"],
    ],
    [
      "the booking's own buffers block",
      [
        booking("a", "2026-06-01T10:00:00Z", "2026-06-01T10:30:00Z", {
          bufferBeforeMinutes: 15,
          bufferAfterMinutes: 15,
        }),
      ],
      0,
      0,
      ["09:00", "11:00", "11:30"],
    ],
    [
      "the new slot's buffers block",
      [booking("a", "2026-06-01T10:00:00Z", "2026-06-01T10:30:00Z")],
      10,
      10,
      ["09:00", "11:00", "11:30"],
    ],
    [
      "buffers that exactly touch do not conflict",
      [booking("a", "2026-06-01T10:00:00Z", "2026-06-01T10:30:00Z", { bufferAfterMinutes: 15 })],
      15,
      0,
      ["09:00", "09:30", "11:00", "11:30"],
    ],
    [
      "cancelled bookings never block",
      [booking("a", "2026-06-01T10:00:00Z", "2026-06-01T11:00:00Z", { status: "cancelled" })],
      0,
      0,
      ["09:00", "09:30", "10:00", "10:30", "11:00", "11:30"],
    ],
    [
      "external busy time blocks",
      [
        {
          staffId: "a",
          startMs: at("2026-06-01T09:10:00Z"),
          endMs: at("2026-06-01T09:20:00Z"),
          kind: "external" as const,
        },
      ],
      0,
      0,
      ["09:30", "10:00", "10:30", "11:00", "11:30"],
    ],
    [
      "an active hold blocks",
      [
        {
          staffId: "a",
          startMs: at("2026-06-01T09:00:00Z"),
          endMs: at("2026-06-01T09:30:00Z"),
          kind: "hold" as const,
          expiresAtMs: at("2026-06-01T00:00:00Z") + 1,
        },
      ],
      0,
      0,
      ["09:30", "10:00", "10:30", "11:00", "11:30"],
    ],
    [
      "an expired hold does not",
      [
        {
          staffId: "a",
          startMs: at("2026-06-01T09:00:00Z"),
          endMs: at("2026-06-01T09:30:00Z"),
          kind: "hold" as const,
          expiresAtMs: at("2026-06-01T00:00:00Z"),
        },
      ],
      0,
      0,
      ["09:00", "09:30", "10:00", "10:30", "11:00", "11:30"],
    ],
  ])("%s", (_name, busy, before, after, expected) => {
    const r = rules({ bufferBeforeMinutes: before, bufferAfterMinutes: after });
    const inp = input(r, [staff("a", "UTC", { 1: [range("09:00", "12:00")] })], busy, at("2026-06-01T00:00:00Z"));
    const got = flat(slotsOf(inp, query("2026-06-01", "2026-06-01", "UTC"), at("2026-06-01T00:00:00Z")));
    expect(got.map((s) => s.slice(11, 16))).toEqual(expected);
  });

  it.each([
    [true, ["09:00", "10:00"]],
    [false, ["09:00", "09:30", "10:00"]],
  ])("unconfirmed requests block iff unconfirmedBlocks=%s", (blocks, expected) => {
    const r = rules({ unconfirmedBlocks: blocks });
    const inp = input(
      r,
      [staff("a", "UTC", { 1: [range("09:00", "10:30")] })],
      [booking("a", "2026-06-01T09:30:00Z", "2026-06-01T10:00:00Z", { status: "new" })],
    );
    expect(flat(slotsOf(inp, query("2026-06-01", "2026-06-01", "UTC"))).map((s) => s.slice(11, 16))).toEqual(expected);
  });

  it("time off blocks like busy time, buffers included", () => {
    const r = rules({ bufferAfterMinutes: 15 });
    const inp = input(r, [
      staff(
        "a",
        "UTC",
        { 1: [range("09:00", "12:00")] },
        { timeOff: [{ startMs: at("2026-06-01T10:00:00Z"), endMs: at("2026-06-01T12:00:00Z") }] },
      ),
    ]);
    expect(flat(slotsOf(inp, query("2026-06-01", "2026-06-01", "UTC"))).map((s) => s.slice(11, 16))).toEqual(["09:00"]);
  });

  it("an empty date override is a day off; a filled one replaces the weekly hours", () => {
    const inp = input(rules(), [
      staff("a", "UTC", everyDay(range("09:00", "10:00")), {
        dateOverrides: { "2026-06-01": [], "2026-06-02": [range("14:00", "15:00")] },
      }),
    ]);
    expect(slotsOf(inp, query("2026-06-01", "2026-06-03", "UTC"))).toEqual({
      "2026-06-02": ["2026-06-02T14:00:00+00:00", "2026-06-02T14:30:00+00:00"],
      "2026-06-03": ["2026-06-03T09:00:00+00:00", "2026-06-03T09:30:00+00:00"],
    });
  });

  it("ignores malformed ranges instead of failing", () => {
    const inp = input(rules(), [
      staff("a", "UTC", { 1: [range("9:00", "10:00"), range("11:00", "10:00"), range("12:00", "12:30")] }),
    ]);
    expect(flat(slotsOf(inp, query("2026-06-01", "2026-06-01", "UTC")))).toEqual(["2026-06-01T12:00:00+00:00"]);
  });
});

describe("computeSlots: time zones and DST", () => {
  const cases: {
    name: string;
    staffZone: string;
    visitorZone: string;
    date: string;
    hours: [string, string];
    duration: number;
    interval?: number;
    queryDate?: string;
    expected: string[];
  }[] = [
    {
      name: "Berlin spring forward: the grid runs in elapsed time across the skipped hour",
      staffZone: "Europe/Berlin",
      visitorZone: "Europe/Berlin",
      date: "2026-03-29",
      hours: ["00:00", "06:00"],
      duration: 60,
      expected: [
        "2026-03-29T00:00:00+01:00",
        "2026-03-29T00:30:00+01:00",
        "2026-03-29T01:00:00+01:00",
        "2026-03-29T01:30:00+01:00",
        "2026-03-29T03:00:00+02:00",
        "2026-03-29T03:30:00+02:00",
        "2026-03-29T04:00:00+02:00",
        "2026-03-29T04:30:00+02:00",
        "2026-03-29T05:00:00+02:00",
      ],
    },
    {
      name: "Berlin fall back: the repeated hour is offered twice, with its two offsets",
      staffZone: "Europe/Berlin",
      visitorZone: "Europe/Berlin",
      date: "2026-10-25",
      hours: ["01:00", "04:00"],
      duration: 60,
      interval: 60,
      expected: [
        "2026-10-25T01:00:00+02:00",
        "2026-10-25T02:00:00+02:00",
        "2026-10-25T02:00:00+01:00",
        "2026-10-25T03:00:00+01:00",
      ],
    },
    {
      name: "New York spring forward: hours starting in the gap start at the transition",
      staffZone: "America/New_York",
      visitorZone: "America/New_York",
      date: "2026-03-08",
      hours: ["02:30", "05:00"],
      duration: 60,
      interval: 60,
      expected: ["2026-03-08T03:00:00-04:00", "2026-03-08T04:00:00-04:00"],
    },
    {
      name: "New York fall back seen from Berlin",
      staffZone: "America/New_York",
      visitorZone: "Europe/Berlin",
      date: "2026-11-01",
      hours: ["00:00", "03:00"],
      duration: 60,
      interval: 60,
      expected: [
        "2026-11-01T05:00:00+01:00",
        "2026-11-01T06:00:00+01:00",
        "2026-11-01T07:00:00+01:00",
        "2026-11-01T08:00:00+01:00",
      ],
    },
    {
      name: "Lord Howe: a 30-minute shift forward",
      staffZone: "Australia/Lord_Howe",
      visitorZone: "Australia/Lord_Howe",
      date: "2026-10-04",
      hours: ["01:00", "04:00"],
      duration: 30,
      expected: [
        "2026-10-04T01:00:00+10:30",
        "2026-10-04T01:30:00+10:30",
        "2026-10-04T02:30:00+11:00",
        "2026-10-04T03:00:00+11:00",
        "2026-10-04T03:30:00+11:00",
      ],
    },
    {
      name: "Lord Howe: a 30-minute shift back repeats 01:30–02:00",
      staffZone: "Australia/Lord_Howe",
      visitorZone: "Australia/Lord_Howe",
      date: "2026-04-05",
      hours: ["01:00", "03:00"],
      duration: 30,
      expected: [
        "2026-04-05T01:00:00+11:00",
        "2026-04-05T01:30:00+11:00",
        "2026-04-05T01:30:00+10:30",
        "2026-04-05T02:00:00+10:30",
        "2026-04-05T02:30:00+10:30",
      ],
    },
    {
      name: "Kolkata staff (+05:30) seen from UTC",
      staffZone: "Asia/Kolkata",
      visitorZone: "UTC",
      date: "2026-06-01",
      hours: ["09:00", "10:00"],
      duration: 30,
      expected: ["2026-06-01T03:30:00+00:00", "2026-06-01T04:00:00+00:00"],
    },
    {
      name: "UTC staff seen from Kathmandu (+05:45)",
      staffZone: "UTC",
      visitorZone: "Asia/Kathmandu",
      date: "2026-06-01",
      hours: ["09:00", "10:00"],
      duration: 30,
      expected: ["2026-06-01T14:45:00+05:45", "2026-06-01T15:15:00+05:45"],
    },
    {
      name: "Chatham staff (+12:45) seen from Kolkata",
      staffZone: "Pacific/Chatham",
      visitorZone: "Asia/Kolkata",
      date: "2026-06-02",
      hours: ["09:00", "10:00"],
      duration: 30,
      expected: ["2026-06-02T01:45:00+05:30", "2026-06-02T02:15:00+05:30"],
    },
    {
      name: "Kiritimati staff seen from Pago Pago, 25 hours behind: the previous visitor date",
      staffZone: "Pacific/Kiritimati",
      visitorZone: "Pacific/Pago_Pago",
      date: "2026-03-30",
      hours: ["09:00", "10:00"],
      duration: 30,
      queryDate: "2026-03-29",
      expected: ["2026-03-29T08:00:00-11:00", "2026-03-29T08:30:00-11:00"],
    },
  ];

  it.each(cases)("$name", ({ staffZone, visitorZone, date, hours, duration, interval, queryDate, expected }) => {
    const inp = input(rules({ durationMinutes: duration, slotIntervalMinutes: interval ?? 30, timeZone: staffZone }), [
      staff("a", staffZone, {}, { dateOverrides: { [date]: [range(hours[0], hours[1])] } }),
    ]);
    const d = queryDate ?? date;
    expect(slotsOf(inp, query(d, d, visitorZone))).toEqual({ [d]: expected });
  });

  it("a date override across midnight joins the next day's hours: a slot may span midnight", () => {
    const inp = input(rules({ durationMinutes: 90, slotIntervalMinutes: 60, timeZone: "Europe/Berlin" }), [
      staff(
        "a",
        "Europe/Berlin",
        { 3: [range("00:00", "02:00")] },
        { dateOverrides: { "2026-03-10": [range("22:00", "24:00")] } },
      ),
    ]);
    expect(slotsOf(inp, query("2026-03-10", "2026-03-11", "Europe/Berlin"))).toEqual({
      "2026-03-10": ["2026-03-10T22:00:00+01:00", "2026-03-10T23:00:00+01:00"],
      // The 11th's period anchors its own grid at 00:00.
      "2026-03-11": ["2026-03-11T00:00:00+01:00"],
    });
  });

  it("groups by the visitor's date when the staff's day spans two visitor dates", () => {
    const inp = input(rules({ durationMinutes: 60, slotIntervalMinutes: 60 }), [
      staff("a", "Asia/Tokyo", { 1: [range("08:00", "11:00")] }),
    ]);
    // 08:00–11:00 JST on Monday 2026-06-01 = 2026-05-31 16:00 – 19:00 in New York (-04:00).
    expect(slotsOf(inp, query("2026-05-31", "2026-06-01", "America/New_York"))).toEqual({
      "2026-05-31": ["2026-05-31T19:00:00-04:00", "2026-05-31T20:00:00-04:00", "2026-05-31T21:00:00-04:00"],
    });
  });
});

describe("computeSlots: window, notice and grid", () => {
  const weekly = everyDay(range("09:00", "12:00"));

  it("notice removes starts without moving the grid", () => {
    const inp = input(rules({ minimumNoticeMinutes: 60 }), [staff("a", "UTC", weekly)]);
    expect(flat(slotsOf(inp, query("2026-06-01", "2026-06-01", "UTC"), at("2026-06-01T09:05:00Z")))).toEqual([
      "2026-06-01T10:30:00+00:00",
      "2026-06-01T11:00:00+00:00",
      "2026-06-01T11:30:00+00:00",
    ]);
  });

  it("a slot exactly at now + notice is offered", () => {
    const inp = input(rules({ minimumNoticeMinutes: 60 }), [staff("a", "UTC", weekly)]);
    expect(flat(slotsOf(inp, query("2026-06-01", "2026-06-01", "UTC"), at("2026-06-01T10:00:00Z")))[0]).toBe(
      "2026-06-01T11:00:00+00:00",
    );
  });

  it("buffers may reach outside working hours at both edges of the day", () => {
    const inp = input(rules({ bufferBeforeMinutes: 30, bufferAfterMinutes: 30 }), [staff("a", "UTC", weekly)]);
    const got = flat(slotsOf(inp, query("2026-06-01", "2026-06-01", "UTC")));
    expect(got[0]).toBe("2026-06-01T09:00:00+00:00");
    expect(got[got.length - 1]).toBe("2026-06-01T11:30:00+00:00");
  });

  it("buffers at the edges still collide with busy time outside the hours", () => {
    const inp = input(
      rules({ bufferBeforeMinutes: 30 }),
      [staff("a", "UTC", weekly)],
      [{ staffId: "a", startMs: at("2026-06-01T08:00:00Z"), endMs: at("2026-06-01T08:45:00Z"), kind: "external" }],
    );
    expect(flat(slotsOf(inp, query("2026-06-01", "2026-06-01", "UTC")))[0]).toBe("2026-06-01T09:30:00+00:00");
  });

  it("rolling window of N calendar days counts today, in the calendar's zone", () => {
    const inp = input(rules({ timeZone: "America/New_York", bookingWindow: { kind: "rolling_days", days: 2 } }), [
      staff("a", "America/New_York", weekly),
    ]);
    // now is 2026-06-01 23:00 in New York (already the 2nd in UTC): window = the 1st and 2nd in New York.
    const got = slotsOf(inp, query("2026-06-01", "2026-06-05", "America/New_York"), at("2026-06-02T03:00:00Z"));
    expect(Object.keys(got)).toEqual(["2026-06-02"]);
  });

  it("a date-range window includes both end dates and nothing else", () => {
    const inp = input(rules({ bookingWindow: { kind: "date_range", start: "2026-06-02", end: "2026-06-03" } }), [
      staff("a", "UTC", weekly),
    ]);
    expect(Object.keys(slotsOf(inp, query("2026-06-01", "2026-06-05", "UTC")))).toEqual(["2026-06-02", "2026-06-03"]);
  });

  it("a rolling window of N days with availability skips days off and time off", () => {
    const inp = input(rules({ bookingWindow: { kind: "rolling_available_days", days: 3 } }), [
      staff(
        "a",
        "UTC",
        { 1: [range("09:00", "10:00")], 3: [range("09:00", "10:00")], 5: [range("09:00", "10:00")] },
        {
          timeOff: [{ startMs: at("2026-06-03T00:00:00Z"), endMs: at("2026-06-04T00:00:00Z") }],
        },
      ),
    ]);
    // Mon 1st, (Wed 3rd is off), Fri 5th, Mon 8th.
    expect(Object.keys(slotsOf(inp, query("2026-06-01", "2026-06-30", "UTC"), at("2026-06-01T00:00:00Z")))).toEqual([
      "2026-06-01",
      "2026-06-05",
      "2026-06-08",
    ]);
  });

  it("a window start edge: a slot with a before-buffer reaching before the window is still offered", () => {
    const inp = input(
      rules({ bufferBeforeMinutes: 60, bookingWindow: { kind: "date_range", start: "2026-06-02", end: "2026-06-02" } }),
      [staff("a", "UTC", everyDay(range("00:00", "01:00")))],
    );
    expect(flat(slotsOf(inp, query("2026-06-01", "2026-06-03", "UTC")))).toEqual([
      "2026-06-02T00:00:00+00:00",
      "2026-06-02T00:30:00+00:00",
    ]);
  });

  it("a window end edge: a slot starting before the end and running past it is offered", () => {
    const inp = input(
      rules({
        durationMinutes: 60,
        bufferAfterMinutes: 30,
        bookingWindow: { kind: "date_range", start: "2026-06-01", end: "2026-06-01" },
      }),
      [
        staff("a", "UTC", everyDay(range("23:00", "24:00")), {
          dateOverrides: { "2026-06-02": [range("00:00", "01:00")] },
        }),
      ],
    );
    expect(flat(slotsOf(inp, query("2026-06-01", "2026-06-02", "UTC")))).toEqual([
      "2026-06-01T23:00:00+00:00",
      "2026-06-01T23:30:00+00:00",
    ]);
  });

  it.each([
    [15, ["09:00", "09:15", "09:30", "09:45", "10:00", "10:15"]],
    [45, ["09:00", "09:45"]],
  ])("slot interval %i counts from the period start", (interval, expected) => {
    const inp = input(rules({ durationMinutes: 45, slotIntervalMinutes: interval }), [
      staff("a", "UTC", { 1: [range("09:00", "11:00")] }),
    ]);
    expect(flat(slotsOf(inp, query("2026-06-01", "2026-06-01", "UTC"))).map((s) => s.slice(11, 16))).toEqual(expected);
  });
});

describe("computeSlots: limits and calendar types", () => {
  it("max bookings per day per staff and per calendar", () => {
    const weekly = everyDay(range("09:00", "12:00"));
    const busy = [
      booking("a", "2026-06-01T09:00:00Z", "2026-06-01T09:30:00Z"),
      booking("a", "2026-06-02T09:00:00Z", "2026-06-02T09:30:00Z", { calendarId: "other" }),
    ];
    const perStaff = input(rules({ maxBookingsPerDayPerStaff: 1 }), [staff("a", "UTC", weekly)], busy);
    expect(Object.keys(slotsOf(perStaff, query("2026-06-01", "2026-06-02", "UTC")))).toEqual(["2026-06-02"]);
    const perCalendar = input(rules({ maxBookingsPerDay: 1 }), [staff("a", "UTC", weekly)], busy);
    expect(Object.keys(slotsOf(perCalendar, query("2026-06-01", "2026-06-02", "UTC")))).toEqual(["2026-06-02"]);
  });

  it("per-calendar limit counts a collective booking once", () => {
    const r = rules({
      type: "collective",
      maxBookingsPerDay: 2,
      members: [
        { staffId: "a", priority: 1 },
        { staffId: "b", priority: 1 },
      ],
    });
    const hours = everyDay(range("09:00", "12:00"));
    const busy = [
      booking("a", "2026-06-01T09:00:00Z", "2026-06-01T09:30:00Z", { bookingId: "x" }),
      booking("b", "2026-06-01T09:00:00Z", "2026-06-01T09:30:00Z", { bookingId: "x" }),
    ];
    const inp = input(r, [staff("a", "UTC", hours), staff("b", "UTC", hours)], busy);
    expect(flat(slotsOf(inp, query("2026-06-01", "2026-06-01", "UTC"))).length).toBe(5);
  });

  it("round robin offers a start when any member is free and lists who", () => {
    const r = rules({
      type: "round_robin",
      members: [
        { staffId: "a", priority: 1 },
        { staffId: "b", priority: 0.5 },
      ],
    });
    const inp = input(
      r,
      [staff("a", "UTC", { 1: [range("09:00", "10:00")] }), staff("b", "UTC", { 1: [range("09:30", "10:30")] })],
      [booking("a", "2026-06-01T09:30:00Z", "2026-06-01T10:00:00Z")],
    );
    const result = computeSlots(inp, query("2026-06-01", "2026-06-01", "UTC"), NOW);
    expect(result.ok && result.value["2026-06-01"]?.slots.map((s) => [s.start.slice(11, 16), s.staffIds])).toEqual([
      ["09:00", ["a"]],
      ["09:30", ["b"]],
      ["10:00", ["b"]],
    ]);
    const onlyA = computeSlots(inp, query("2026-06-01", "2026-06-01", "UTC", { staffIds: ["a"] }), NOW);
    expect(onlyA.ok && onlyA.value["2026-06-01"]?.slots.map((s) => s.staffIds)).toEqual([["a"]]);
  });

  it("collective offers only what all members share, on the shared period's grid", () => {
    const r = rules({
      type: "collective",
      durationMinutes: 30,
      members: [
        { staffId: "a", priority: 1 },
        { staffId: "b", priority: 1 },
      ],
    });
    const inp = input(
      r,
      [
        staff("a", "UTC", { 1: [range("09:00", "11:00")] }),
        staff("b", "Europe/London", { 1: [range("10:15", "13:00")] }),
      ],
      [booking("b", "2026-06-01T10:15:00Z", "2026-06-01T10:45:00Z")],
    );
    // b works 09:15–12:00 UTC: shared 09:15–11:00; b busy 10:15–10:45.
    expect(flat(slotsOf(inp, query("2026-06-01", "2026-06-01", "UTC"))).map((s) => s.slice(11, 16))).toEqual(
      ["09:15", "09:45", "10:15"].filter((t) => t !== "10:15"),
    );
  });

  it("class: offered while remaining seats ≥ guests, remaining seats reported", () => {
    const r = rules({ type: "class", durationMinutes: 60, slotIntervalMinutes: 60, seatsPerSlot: 5 });
    const inp = input(
      r,
      [staff("a", "UTC", { 1: [range("09:00", "12:00")] })],
      [
        booking("a", "2026-06-01T09:00:00Z", "2026-06-01T10:00:00Z", { seats: 3 }),
        booking("a", "2026-06-01T09:00:00Z", "2026-06-01T10:00:00Z", { seats: 1 }),
        booking("a", "2026-06-01T10:00:00Z", "2026-06-01T11:00:00Z", { seats: 2 }),
        // Another calendar's booking blocks the host as usual.
        booking("a", "2026-06-01T11:00:00Z", "2026-06-01T11:30:00Z", { calendarId: "other" }),
      ],
    );
    const result = computeSlots(inp, query("2026-06-01", "2026-06-01", "UTC", { guests: 2 }), NOW);
    expect(
      result.ok && result.value["2026-06-01"]?.slots.map((s) => [s.start.slice(11, 16), s.remainingSeats]),
    ).toEqual([["10:00", 3]]);
    const one = computeSlots(inp, query("2026-06-01", "2026-06-01", "UTC", { guests: 1 }), NOW);
    expect(one.ok && one.value["2026-06-01"]?.slots.map((s) => [s.start.slice(11, 16), s.remainingSeats])).toEqual([
      ["09:00", 1],
      ["10:00", 3],
    ]);
  });

  it("class: a session blocks overlapping starts other than its own", () => {
    const r = rules({ type: "class", durationMinutes: 60, slotIntervalMinutes: 30, seatsPerSlot: 5 });
    const inp = input(
      r,
      [staff("a", "UTC", { 1: [range("09:00", "11:00")] })],
      [booking("a", "2026-06-01T09:30:00Z", "2026-06-01T10:30:00Z")],
    );
    expect(flat(slotsOf(inp, query("2026-06-01", "2026-06-01", "UTC"))).map((s) => s.slice(11, 16))).toEqual(["09:30"]);
  });

  describe("service calendars", () => {
    const services = [
      { serviceId: "cut", durationMinutes: 30, staffIds: ["a", "b"], maxGuestsPerSlot: 2 },
      { serviceId: "colour", durationMinutes: 60, staffIds: ["b"] },
    ];
    const r = rules({
      type: "service",
      slotIntervalMinutes: 15,
      members: [
        { staffId: "a", priority: 1 },
        { staffId: "b", priority: 1 },
      ],
      services,
    });
    const hours = { 1: [range("09:00", "11:00")] };

    it("a cart runs back to back, each service by eligible free staff", () => {
      const inp = input(r, [staff("a", "UTC", hours), staff("b", "UTC", hours)]);
      const result = computeSlots(
        inp,
        query("2026-06-01", "2026-06-01", "UTC", { carts: [{ serviceIds: ["cut", "colour"] }] }),
        NOW,
      );
      const slots = result.ok ? (result.value["2026-06-01"]?.slots ?? []) : [];
      // 90 minutes must fit before 11:00; colour needs b.
      expect(slots.map((s) => s.start.slice(11, 16))).toEqual(["09:00", "09:15", "09:30"]);
      expect(slots[0]?.assignments?.map((a) => [a.serviceId, a.staffId])).toEqual([
        ["cut", "a"],
        ["colour", "b"],
      ]);
    });

    it("two guests at once need two staff members", () => {
      const inp = input(
        r,
        [staff("a", "UTC", hours), staff("b", "UTC", hours)],
        [booking("b", "2026-06-01T09:00:00Z", "2026-06-01T10:00:00Z")],
      );
      const result = computeSlots(
        inp,
        query("2026-06-01", "2026-06-01", "UTC", { carts: [{ serviceIds: ["cut"] }, { serviceIds: ["cut"] }] }),
        NOW,
      );
      expect(result.ok && result.value["2026-06-01"]?.slots.map((s) => s.start.slice(11, 16))).toEqual([
        "10:00",
        "10:15",
        "10:30",
      ]);
    });

    it("refuses more guests for a service than its per-slot maximum, with the count", () => {
      const inp = input(r, [staff("a", "UTC", hours), staff("b", "UTC", hours)]);
      const carts = [{ serviceIds: ["cut"] }, { serviceIds: ["cut"] }, { serviceIds: ["cut"] }];
      expect(computeSlots(inp, query("2026-06-01", "2026-06-01", "UTC", { carts }), NOW)).toEqual({
        ok: false,
        error: { code: "SERVICE_GUEST_LIMIT", serviceId: "cut", maxGuests: 2 },
      });
    });

    it.each([
      [[], "EMPTY_CART"],
      [[{ serviceIds: ["nope"] }], "UNKNOWN_SERVICE"],
    ])("rejects cart %j with %s", (carts, code) => {
      const inp = input(r, [staff("a", "UTC", hours)]);
      const result = computeSlots(inp, query("2026-06-01", "2026-06-01", "UTC", { carts }), NOW);
      expect(!result.ok && result.error.code).toBe(code);
    });
  });
});

describe("computeSlots: query errors", () => {
  const inp = input(rules(), [staff("a", "UTC", {})]);
  it.each([
    [query("2026-06-01", "2026-07-01", "UTC"), null],
    [query("2026-06-01", "2026-07-02", "UTC"), "RANGE_TOO_LONG"],
    [query("2026-06-02", "2026-06-01", "UTC"), "INVALID_RANGE"],
    [query("2026-02-30", "2026-03-01", "UTC"), "INVALID_DATE"],
    [query("2026-06-01", "2026-06-01", "Mars/Base"), "INVALID_TIME_ZONE"],
    [query("2026-06-01", "2026-06-01", "UTC", { guests: 0 }), "INVALID_GUEST_COUNT"],
  ])("%j → %s", (q, code) => {
    const result = computeSlots(inp, q, NOW);
    expect(result.ok ? null : result.error.code).toBe(code);
  });

  it("rejects invalid rules with the field", () => {
    const result = computeSlots(
      input(rules({ slotIntervalMinutes: 0 }), []),
      query("2026-06-01", "2026-06-01", "UTC"),
      NOW,
    );
    expect(result).toEqual({ ok: false, error: { code: "INVALID_RULES", field: "slotIntervalMinutes" } });
  });
});

describe("checkSlot", () => {
  const weekly = everyDay(range("09:00", "12:00"));
  const r = rules({
    minimumNoticeMinutes: 60,
    maxBookingsPerDayPerStaff: 2,
    bookingWindow: { kind: "date_range", start: "2026-06-01", end: "2026-06-02" },
  });
  const inp = input(
    r,
    [staff("a", "UTC", weekly)],
    [
      booking("a", "2026-06-02T09:00:00Z", "2026-06-02T09:30:00Z"),
      booking("a", "2026-06-01T10:00:00Z", "2026-06-01T10:30:00Z"),
      booking("a", "2026-06-01T11:00:00Z", "2026-06-01T11:30:00Z", { calendarId: "other" }),
    ],
  );
  const now = at("2026-06-01T08:00:00Z");

  it.each([
    ["2026-06-01T09:00:00Z", null],
    ["2026-06-01T08:30:00Z", "NOTICE"],
    ["2026-06-03T09:00:00Z", "OUTSIDE_WINDOW"],
    ["2026-06-01T12:00:00Z", "OUTSIDE_HOURS"],
    ["2026-06-01T11:45:00Z", "OUTSIDE_HOURS"],
    ["2026-06-01T09:10:00Z", "NOT_ON_GRID"],
    ["2026-06-01T10:00:00Z", "STAFF_BUSY"],
    ["2026-06-01T11:00:00Z", "STAFF_BUSY"],
    ["2026-06-02T10:00:00Z", null],
  ])("%s → %s", (iso, code) => {
    const result = checkSlot(inp, at(iso), now);
    expect(result.ok ? null : result.error.code).toBe(code);
  });

  it("reports DAILY_LIMIT and NO_SEATS", () => {
    const limited = input(
      { ...r, maxBookingsPerDayPerStaff: 1 },
      [staff("a", "UTC", weekly)],
      [booking("a", "2026-06-01T10:00:00Z", "2026-06-01T10:30:00Z")],
    );
    expect(checkSlot(limited, at("2026-06-01T09:00:00Z"), now)).toEqual({ ok: false, error: { code: "DAILY_LIMIT" } });
    const cls = input(
      rules({ type: "class", seatsPerSlot: 2 }),
      [staff("a", "UTC", weekly)],
      [booking("a", "2026-06-01T09:00:00Z", "2026-06-01T09:30:00Z")],
    );
    expect(checkSlot(cls, at("2026-06-01T09:00:00Z"), now, { guests: 2 })).toEqual({
      ok: false,
      error: { code: "NO_SEATS" },
    });
    expect(checkSlot(cls, at("2026-06-01T09:00:00Z"), now, { guests: 1 })).toEqual({
      ok: true,
      value: { startMs: at("2026-06-01T09:00:00Z"), staffIds: ["a"], remainingSeats: 1 },
    });
  });

  it("round robin: reports the member who came closest", () => {
    const rr = rules({
      type: "round_robin",
      members: [
        { staffId: "a", priority: 1 },
        { staffId: "b", priority: 1 },
      ],
    });
    const both = input(
      rr,
      [staff("a", "UTC", weekly), staff("b", "UTC", {})],
      [booking("a", "2026-06-01T09:00:00Z", "2026-06-01T09:30:00Z")],
    );
    expect(checkSlot(both, at("2026-06-01T09:00:00Z"), now)).toEqual({ ok: false, error: { code: "STAFF_BUSY" } });
    expect(checkSlot(both, at("2026-06-01T09:30:00Z"), now)).toEqual({
      ok: true,
      value: { startMs: at("2026-06-01T09:30:00Z"), staffIds: ["a"] },
    });
  });
});

describe("checkSlot: services and rules limits", () => {
  const services = [
    { serviceId: "cut", durationMinutes: 30, staffIds: ["a", "b"] },
    { serviceId: "colour", durationMinutes: 60, staffIds: ["b"] },
  ];
  const r = rules({
    type: "service",
    slotIntervalMinutes: 15,
    members: [
      { staffId: "a", priority: 1 },
      { staffId: "b", priority: 1 },
    ],
    services,
  });
  const hours = { 1: [range("09:00", "11:00")] };
  const inp = input(
    r,
    [staff("a", "UTC", hours), staff("b", "UTC", hours)],
    [booking("b", "2026-06-01T09:30:00Z", "2026-06-01T10:00:00Z")],
  );

  it("returns the plan for a feasible cart and a reason otherwise", () => {
    const carts = [{ serviceIds: ["cut", "colour"] }];
    expect(checkSlot(inp, at("2026-06-01T09:00:00Z"), NOW, { carts })).toEqual({
      ok: false,
      error: { code: "STAFF_BUSY" },
    });
    const ok = checkSlot(inp, at("2026-06-01T09:30:00Z"), NOW, { carts });
    expect(ok.ok && ok.value.assignments?.map((a) => [a.serviceId, a.staffId])).toEqual([
      ["cut", "a"],
      ["colour", "b"],
    ]);
    expect(checkSlot(inp, at("2026-06-01T09:40:00Z"), NOW, { carts })).toEqual({
      ok: false,
      error: { code: "NOT_ON_GRID" },
    });
  });

  it("refuses rolling windows beyond ten years", () => {
    const result = computeSlots(
      input(rules({ bookingWindow: { kind: "rolling_days", days: 5000 } }), []),
      query("2026-06-01", "2026-06-01", "UTC"),
      NOW,
    );
    expect(result).toEqual({ ok: false, error: { code: "INVALID_RULES", field: "bookingWindow" } });
  });
});

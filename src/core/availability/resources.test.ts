import fc from "fast-check";
import { Temporal } from "temporal-polyfill";
import { describe, expect, it } from "vitest";
import { indexBusy } from "./busy-index.ts";
import { checkSlot, computeSlots } from "./compute-slots.ts";
import type {
  AvailabilityInput,
  CalendarRules,
  ResourceInput,
  ResourceNeed,
  ResourceSchedule,
  SlotQuery,
  SlotsByDate,
  StaffSchedule,
  UnitBusy,
  WeeklyHours,
} from "./model.ts";
import { oracleSlots } from "./oracle.test-helper.ts";

/**
 * Resources (issue 21): rooms and equipment with capacity, checked against the minute-by-minute
 * oracle on random data (capacity 1 and N, any-of groups, all-of, opening hours, time off,
 * buffers, carts of several services and guests, DST dates), plus worked examples.
 */

const MINUTE = 60_000;
const ALL_WEEK: WeeklyHours = Object.fromEntries(
  [1, 2, 3, 4, 5, 6, 7].map((d) => [d, [{ start: "09:00", end: "12:00" }]]),
) as WeeklyHours;

function rules(services: CalendarRules["services"], extra: Partial<CalendarRules> = {}): CalendarRules {
  return {
    calendarId: "cal",
    type: "service",
    timeZone: "UTC",
    durationMinutes: 30,
    slotIntervalMinutes: 30,
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 0,
    minimumNoticeMinutes: 0,
    bookingWindow: { kind: "date_range", start: "2026-06-01", end: "2026-06-30" },
    unconfirmedBlocks: true,
    members: [{ staffId: "a", priority: 1 }],
    services,
    ...extra,
  };
}

const staff = (ids: string[], weekly: WeeklyHours = ALL_WEEK, timeZone = "UTC"): StaffSchedule[] =>
  ids.map((staffId) => ({ staffId, timeZone, weekly, dateOverrides: {}, timeOff: [] }));

const room = (resourceId: string, capacity: number, extra: Partial<ResourceSchedule> = {}): ResourceSchedule => ({
  resourceId,
  timeZone: "UTC",
  hours: null,
  timeOff: [],
  units: Array.from({ length: capacity }, (_, i) => `${resourceId}#${i + 1}`),
  ...extra,
});

const at = (hhmm: string, date = "2026-06-01") => Date.parse(`${date}T${hhmm}:00Z`);
const NOW = Date.parse("2026-05-01T00:00:00Z");

function starts(input: AvailabilityInput, carts: string[][], date = "2026-06-01"): string[] {
  const result = computeSlots(
    input,
    { startDate: date, endDate: date, visitorTimeZone: "UTC", carts: carts.map((serviceIds) => ({ serviceIds })) },
    NOW,
  );
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return Object.values(result.value).flatMap(({ slots }) => slots.map((s) => s.start.slice(11, 16)));
}

function input(r: CalendarRules, schedules: StaffSchedule[], resources: ResourceInput | undefined): AvailabilityInput {
  return { rules: r, staff: schedules, busy: indexBusy(r, [], NOW), ...(resources ? { resources } : {}) };
}

const massage = (resources: ResourceNeed[], extra: object = {}) => ({
  serviceId: "massage",
  durationMinutes: 60,
  staffIds: ["a", "b", "c"],
  resources,
  ...extra,
});

describe("resources: worked examples", () => {
  it("capacity 1: a booked room hides the overlapping starts even with staff free", () => {
    const busy: UnitBusy[] = [{ unitId: "r1#1", startMs: at("10:00"), endMs: at("11:00") }];
    const inp = input(rules([massage([{ mode: "any", resourceIds: ["r1"] }])]), staff(["a", "b"]), {
      schedules: [room("r1", 1)],
      busy,
    });
    expect(starts(inp, [["massage"]])).toEqual(["09:00", "11:00"]);
  });

  it("capacity N: two units serve two guests at once, the third guest finds no start", () => {
    const inp = input(rules([massage([{ mode: "any", resourceIds: ["r"] }])]), staff(["a", "b", "c"]), {
      schedules: [room("r", 2)],
      busy: [],
    });
    expect(starts(inp, [["massage"], ["massage"]])).toEqual(["09:00", "09:30", "10:00", "10:30", "11:00"]);
    expect(starts(inp, [["massage"], ["massage"], ["massage"]])).toEqual([]);
  });

  it("a unit held across the span blocks even when each instant has capacity left (units are fixed)", () => {
    // Unit 1 taken 09:00–10:00, unit 2 taken 10:00–11:00: 09:30–10:30 fits in neither unit, though
    // at every instant one of the two is free.
    const busy: UnitBusy[] = [
      { unitId: "r#1", startMs: at("09:00"), endMs: at("10:00") },
      { unitId: "r#2", startMs: at("10:00"), endMs: at("11:00") },
    ];
    const inp = input(rules([massage([{ mode: "any", resourceIds: ["r"] }])]), staff(["a"]), {
      schedules: [room("r", 2)],
      busy,
    });
    expect(starts(inp, [["massage"]])).toEqual(["09:00", "10:00", "10:30", "11:00"]);
  });

  it("any of a group takes the least used free resource; all of needs every one", () => {
    const busy: UnitBusy[] = [{ unitId: "r1#1", startMs: at("11:00"), endMs: at("12:00") }];
    const schedules = [room("r1", 1), room("r2", 1), room("us", 1)];
    const anyOf = input(rules([massage([{ mode: "any", resourceIds: ["r1", "r2"] }])]), staff(["a"]), {
      schedules,
      busy,
    });
    const verdict = checkSlot(anyOf, at("09:00"), NOW, { carts: [{ serviceIds: ["massage"] }] });
    expect(verdict.ok && verdict.value.assignments?.[0]?.units).toEqual([{ resourceId: "r2", unitId: "r2#1" }]);
    const allOf = input(rules([massage([{ mode: "all", resourceIds: ["r1", "us"] }])]), staff(["a"]), {
      schedules,
      busy,
    });
    expect(starts(allOf, [["massage"]])).toEqual(["09:00", "09:30", "10:00"]);
    const taken = checkSlot(allOf, at("11:00"), NOW, { carts: [{ serviceIds: ["massage"] }] });
    expect(taken).toEqual({ ok: false, error: { code: "RESOURCE_BUSY" } });
  });

  it("opening hours and time off of the resource; buffers may reach outside its hours", () => {
    const schedules = [
      room("r", 1, {
        hours: { weekly: { 1: [{ start: "09:30", end: "11:30" }] }, dateOverrides: {} },
        timeOff: [{ startMs: at("10:45"), endMs: at("11:00") }],
      }),
    ];
    const svc = massage([{ mode: "any", resourceIds: ["r"] }], { durationMinutes: 30, bufferBeforeMinutes: 15 });
    const inp = input(rules([svc]), staff(["a"]), { schedules, busy: [] });
    // 09:30 (its buffer from 09:15 lies outside the hours: fine) and 10:00; 10:30 and 11:00 would block
    // 10:15–11:00 and 10:45–11:30 over the time off; 09:00 is before opening.
    expect(starts(inp, [["massage"]])).toEqual(["09:30", "10:00"]);
  });

  it("buffers: a booked unit's blocked span and the new task's buffers both count", () => {
    const busy: UnitBusy[] = [{ unitId: "r#1", startMs: at("10:00"), endMs: at("10:45") }];
    const svc = massage([{ mode: "any", resourceIds: ["r"] }], { durationMinutes: 30, bufferAfterMinutes: 15 });
    const inp = input(rules([svc]), staff(["a"]), { schedules: [room("r", 1)], busy });
    expect(starts(inp, [["massage"]])).toEqual(["09:00", "11:00", "11:30"]);
  });

  it("a cart of two services in one room back to back: one unit, the buffer between them shared", () => {
    const colour = {
      serviceId: "colour",
      durationMinutes: 30,
      staffIds: ["a"],
      resources: [{ mode: "any" as const, resourceIds: ["r"] }],
    };
    const svc = massage([{ mode: "any", resourceIds: ["r"] }], { durationMinutes: 30 });
    const one = input(rules([svc, colour]), staff(["a"]), { schedules: [room("r", 1)], busy: [] });
    expect(starts(one, [["massage", "colour"]])).toEqual(["09:00", "09:30", "10:00", "10:30", "11:00"]);
    // With a 15-minute buffer after each, the visitor stays in the room from massage to colour: no
    // turnover between their own services (as for a staff member), only after the stay (ADR 0038).
    const bufferedRules = rules([
      { ...svc, bufferAfterMinutes: 15 },
      { ...colour, bufferAfterMinutes: 15 },
    ]);
    const buffered = input(bufferedRules, staff(["a"]), { schedules: [room("r", 1)], busy: [] });
    expect(starts(buffered, [["massage", "colour"]])).toEqual(["09:00", "09:30", "10:00", "10:30", "11:00"]);
    // The stay's own buffer still counts against the next booking of the room: busy from 10:45.
    const taken = input(bufferedRules, staff(["a"]), {
      schedules: [room("r", 1)],
      busy: [{ unitId: "r#1", startMs: at("10:45"), endMs: at("11:30") }],
    });
    expect(starts(taken, [["massage", "colour"]])).toEqual(["09:00", "09:30"]);
    // Two guests at the same time still need two units.
    expect(starts(buffered, [["massage"], ["massage"]])).toEqual([]);
  });

  it("expired holds free their unit; services without needs ignore resources", () => {
    const busy: UnitBusy[] = [{ unitId: "r#1", startMs: at("09:00"), endMs: at("12:00"), expiresAtMs: NOW - 1 }];
    const inp = input(rules([massage([{ mode: "any", resourceIds: ["r"] }])]), staff(["a"]), {
      schedules: [room("r", 1)],
      busy,
    });
    expect(starts(inp, [["massage"]])).toEqual(["09:00", "09:30", "10:00", "10:30", "11:00"]);
    const none = input(rules([massage([{ mode: "any", resourceIds: ["gone"] }])]), staff(["a"]), {
      schedules: [],
      busy: [],
    });
    expect(starts(none, [["massage"]])).toEqual([]);
  });

  it("DST: resource hours are wall-clock hours in its zone (Berlin spring forward)", () => {
    const schedules = [
      room("r", 1, {
        timeZone: "Europe/Berlin",
        hours: { weekly: { 7: [{ start: "01:00", end: "05:00" }] }, dateOverrides: {} },
      }),
    ];
    const weekly = { 7: [{ start: "00:00", end: "06:00" }] } as WeeklyHours;
    const inp = input(
      rules([massage([{ mode: "any", resourceIds: ["r"] }])], {
        timeZone: "Europe/Berlin",
        bookingWindow: { kind: "date_range", start: "2026-03-01", end: "2026-03-31" },
      }),
      staff(["a"], weekly, "Europe/Berlin"),
      { schedules, busy: [] },
    );
    const result = computeSlots(
      inp,
      {
        startDate: "2026-03-29",
        endDate: "2026-03-29",
        visitorTimeZone: "Europe/Berlin",
        carts: [{ serviceIds: ["massage"] }],
      },
      Date.parse("2026-03-01T00:00:00Z"),
    );
    if (!result.ok) throw new Error("refused");
    expect(result.value["2026-03-29"]?.slots.map((s) => s.start.slice(11))).toEqual([
      "01:00:00+01:00",
      "01:30:00+01:00", // runs 60 real minutes to 03:30+02:00, inside the room's 01:00–05:00
      "03:00:00+02:00",
      "03:30:00+02:00",
      "04:00:00+02:00",
    ]);
  });
});

// ------------------------------------------------------------------------------------------------
// Property test against the oracle
// ------------------------------------------------------------------------------------------------

const ZONES = ["Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Asia/Kathmandu", "UTC"] as const;
const DATES = ["2026-03-29", "2026-03-08", "2026-10-25", "2026-10-04", "2026-06-15"] as const;
const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
const ranges = fc.array(
  fc
    .tuple(fc.integer({ min: 0, max: 90 }), fc.integer({ min: 2, max: 40 }))
    .map(([s, l]) => ({ start: hhmm(s * 15), end: hhmm(Math.min(96, s + l) * 15) })),
  { minLength: 1, maxLength: 2 },
);
const weekly: fc.Arbitrary<WeeklyHours> = ranges.map(
  (r) => Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((d) => [d, r])) as WeeklyHours,
);

const scenario = fc
  .record({
    date: fc.constantFrom(...DATES),
    zone: fc.constantFrom(...ZONES),
    resourceZone: fc.constantFrom(...ZONES),
    staffWeekly: weekly,
    staffCount: fc.integer({ min: 1, max: 3 }),
    resources: fc.array(
      fc.record({
        capacity: fc.integer({ min: 1, max: 3 }),
        hours: fc.option(weekly),
        timeOff: fc.array(fc.tuple(fc.integer({ min: -100, max: 300 }), fc.integer({ min: 1, max: 24 })), {
          maxLength: 1,
        }),
      }),
      { minLength: 1, maxLength: 3 },
    ),
    busy: fc.array(
      fc.record({
        resource: fc.integer({ min: 0, max: 2 }),
        unit: fc.integer({ min: 0, max: 2 }),
        start5: fc.integer({ min: -50, max: 330 }),
        length5: fc.integer({ min: 1, max: 30 }),
        expires: fc.option(fc.integer({ min: -60, max: 60 })),
      }),
      { maxLength: 8 },
    ),
    services: fc.array(
      fc.record({
        duration: fc.constantFrom(15, 30, 45, 60),
        before: fc.constantFrom(0, 0, 10),
        after: fc.constantFrom(0, 0, 15),
        needs: fc.array(
          fc.record({
            mode: fc.constantFrom("any" as const, "all" as const),
            of: fc.subarray([0, 1, 2], { minLength: 1 }),
          }),
          { maxLength: 2 },
        ),
      }),
      { minLength: 1, maxLength: 2 },
    ),
    carts: fc.array(fc.array(fc.integer({ min: 0, max: 1 }), { minLength: 1, maxLength: 2 }), {
      minLength: 1,
      maxLength: 3,
    }),
    interval: fc.constantFrom(15, 30),
  })
  .map((g) => {
    const baseMs = Date.parse(`${g.date}T00:00:00Z`);
    const staffIds = ["s0", "s1", "s2"].slice(0, g.staffCount);
    const schedules: ResourceSchedule[] = g.resources.map((r, i) => ({
      resourceId: `r${i}`,
      timeZone: g.resourceZone,
      hours: r.hours === null ? null : { weekly: r.hours, dateOverrides: {} },
      timeOff: r.timeOff.map(([s, l]) => ({ startMs: baseMs + s * 5 * MINUTE, endMs: baseMs + (s + l) * 5 * MINUTE })),
      units: Array.from({ length: r.capacity }, (_, k) => `r${i}#${k}`),
    }));
    const nowMs = baseMs - 3 * 86_400_000;
    const busy: UnitBusy[] = g.busy.map((b) => ({
      unitId: `r${b.resource}#${b.unit}`,
      startMs: baseMs + b.start5 * 5 * MINUTE,
      endMs: baseMs + (b.start5 + b.length5) * 5 * MINUTE,
      ...(b.expires === null ? {} : { expiresAtMs: nowMs + b.expires * MINUTE }),
    }));
    const r: CalendarRules = rules(
      g.services.map((svc, i) => ({
        serviceId: `svc${i}`,
        durationMinutes: svc.duration,
        bufferBeforeMinutes: svc.before,
        bufferAfterMinutes: svc.after,
        staffIds,
        resources: svc.needs.map((n) => ({ mode: n.mode, resourceIds: n.of.map((k) => `r${k}`) })),
      })),
      {
        timeZone: g.zone,
        slotIntervalMinutes: g.interval,
        bookingWindow: { kind: "rolling_days", days: 10 },
        members: staffIds.map((staffId) => ({ staffId, priority: 1 })),
      },
    );
    const query: SlotQuery = {
      startDate: Temporal.PlainDate.from(g.date).subtract({ days: 1 }).toString(),
      endDate: g.date,
      visitorTimeZone: g.zone,
      carts: g.carts.map((c) => ({ serviceIds: c.map((k) => `svc${k % g.services.length}`) })),
    };
    const staffSchedules: StaffSchedule[] = staffIds.map((staffId) => ({
      staffId,
      timeZone: g.zone,
      weekly: g.staffWeekly,
      dateOverrides: {},
      timeOff: [],
    }));
    return { rules: r, staff: staffSchedules, resources: { schedules, busy }, query, nowMs };
  });

type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

const engineInputOf = (s: Scenario): AvailabilityInput => ({
  rules: s.rules,
  staff: s.staff,
  busy: indexBusy(s.rules, [], s.nowMs),
  resources: s.resources,
});

/** The units the engine chose: open, free, one per need, never one unit for two needs of the booking at once. */
function checkUnits(s: Scenario, slots: SlotsByDate): void {
  const services = new Map((s.rules.services ?? []).map((x) => [x.serviceId, x]));
  const resources = new Map(s.resources.schedules.map((r) => [r.resourceId, r]));
  for (const { slots: list } of Object.values(slots)) {
    for (const slot of list) {
      const taken: { unitId: string; startMs: number; endMs: number }[] = [];
      for (const a of slot.assignments ?? []) {
        const svc = services.get(a.serviceId);
        if (!svc) throw new Error("unknown service");
        const lo = a.startMs - (svc.bufferBeforeMinutes ?? 0) * MINUTE;
        const hi = a.endMs + (svc.bufferAfterMinutes ?? 0) * MINUTE;
        const expected = (svc.resources ?? []).reduce(
          (n, need) => n + (need.mode === "all" ? new Set(need.resourceIds).size : 1),
          0,
        );
        expect(a.units?.length ?? 0).toBe(expected);
        for (const u of a.units ?? []) {
          expect(resources.get(u.resourceId)?.units).toContain(u.unitId);
          for (const b of s.resources.busy)
            if (b.unitId === u.unitId && (b.expiresAtMs === undefined || b.expiresAtMs > s.nowMs))
              expect(b.startMs < hi && lo < b.endMs).toBe(false);
          // Within the booking only the tasks may not overlap: the buffer between them is shared (ADR 0038).
          for (const t of taken)
            if (t.unitId === u.unitId) expect(t.startMs < a.endMs && a.startMs < t.endMs).toBe(false);
          taken.push({ unitId: u.unitId, startMs: a.startMs, endMs: a.endMs });
        }
      }
    }
  }
}

describe("resources: engine = minute-by-minute oracle", () => {
  it("offers exactly the starts the oracle finds, with a valid unit for every need (400 random scenarios)", () => {
    let offered = 0;
    let withUnits = 0;
    fc.assert(
      fc.property(scenario, (s) => {
        const expected = oracleSlots(
          { rules: s.rules, staff: s.staff, busy: [], resources: s.resources },
          s.query,
          s.nowMs,
        );
        const result = computeSlots(engineInputOf(s), s.query, s.nowMs);
        if (!result.ok) throw new Error(JSON.stringify(result.error));
        const view = Object.fromEntries(
          Object.entries(result.value).map(([date, { slots }]) => [
            date,
            slots.map((slot) => ({
              start: slot.start,
              staffIds: slot.staffIds,
              assignments: slot.assignments?.map(({ units: _units, ...a }) => a),
            })),
          ]),
        );
        expect(view).toEqual(expected);
        checkUnits(s, result.value);
        for (const { slots } of Object.values(result.value)) {
          offered += slots.length;
          withUnits += slots.filter((x) => x.assignments?.some((a) => (a.units?.length ?? 0) > 0)).length;
          // checkSlot agrees with the listing.
          for (const slot of slots.slice(0, 3)) {
            const v = checkSlot(engineInputOf(s), slot.startMs, s.nowMs, { carts: s.query.carts });
            expect(v.ok).toBe(true);
          }
        }
      }),
      { numRuns: 400 },
    );
    // The scenarios do offer slots that take units (else the property says little).
    expect(offered).toBeGreaterThan(100);
    expect(withUnits).toBeGreaterThan(50);
  });
});

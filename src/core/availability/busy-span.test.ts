import fc from "fast-check";
import { Temporal } from "temporal-polyfill";
import { describe, expect, it } from "vitest";
import { blockedSpan, indexBusy } from "./busy-index.ts";
import { busySpanFor } from "./busy-span.ts";
import { checkSlot } from "./compute-slots.ts";
import { at, everyDay, generatedServices, range, rules, staff } from "./fixtures.test-helper.ts";
import type { BusyInterval, CalendarRules, CalendarType, GuestCart, StaffSchedule, WeeklyHours } from "./model.ts";
import { BOOK_NEXT_HORIZON_MS, planRecurring, recurrenceStarts, type RecurrenceRequest } from "./recurring.ts";

const MINUTE = 60_000;
const DAY = 86_400_000;

describe("busySpanFor: the bounds", () => {
  const hours = everyDay(range("00:00", "24:00"));
  const s = at("2026-06-15T10:00:00Z");

  it("without daily limits: the candidate's blocked span, buffers included, plus a minute of slack", () => {
    const r = rules({ durationMinutes: 45, bufferBeforeMinutes: 10, bufferAfterMinutes: 15 });
    expect(busySpanFor({ rules: r, staff: [staff("a", "UTC", hours)] }, [s])).toEqual({
      startMs: s - 11 * MINUTE,
      endMs: s + (45 + 15 + 1) * MINUTE,
    });
  });

  it("a per-staff daily limit adds the staff member's local day, a wall day wider on each side", () => {
    const r = rules({ maxBookingsPerDayPerStaff: 2, timeZone: "UTC" });
    // 10:00Z is 19:00 in Tokyo: the local day is 2026-06-15 00:00+09:00 … 2026-06-16 00:00+09:00.
    const span = busySpanFor({ rules: r, staff: [staff("a", "Asia/Tokyo", hours)] }, [s]);
    expect(span).toEqual({
      startMs: at("2026-06-14T15:00:00Z") - DAY - MINUTE,
      endMs: Math.max(at("2026-06-16T00:00:00Z"), at("2026-06-15T15:00:00Z")) + DAY + MINUTE,
    });
  });

  it("a per-calendar daily limit adds the calendar-zone day; DST days have their real length", () => {
    const r = rules({ maxBookingsPerDay: 3, timeZone: "Europe/Berlin" });
    const sunday = at("2026-10-25T10:00:00Z"); // Berlin falls back that night: a 25-hour day
    expect(busySpanFor({ rules: r, staff: [staff("a", "Europe/Berlin", hours)] }, [sunday])).toEqual({
      startMs: at("2026-10-24T22:00:00Z") - DAY - MINUTE,
      endMs: at("2026-10-25T23:00:00Z") + DAY + MINUTE,
    });
  });

  it("services: the longest cart and the largest service buffers", () => {
    const r = rules({
      type: "service",
      bufferBeforeMinutes: 5,
      bufferAfterMinutes: 0,
      services: [
        { serviceId: "cut", durationMinutes: 30, staffIds: ["a"], bufferAfterMinutes: 20 },
        { serviceId: "colour", durationMinutes: 60, staffIds: ["a"] },
      ],
    });
    const carts: GuestCart[] = [{ serviceIds: ["cut"] }, { serviceIds: ["cut", "colour"] }];
    expect(busySpanFor({ rules: r, staff: [staff("a", "UTC", hours)] }, [s], { carts })).toEqual({
      startMs: s - 6 * MINUTE,
      endMs: s + (90 + 20 + 1) * MINUTE,
    });
  });

  it("a series: from the first occurrence to the last plus the book_next horizon", () => {
    const r = rules({ bufferAfterMinutes: 15 });
    const starts = [s, s + 7 * DAY, s + 14 * DAY];
    expect(busySpanFor({ rules: r, staff: [staff("a", "UTC", hours)] }, starts, {}, BOOK_NEXT_HORIZON_MS)).toEqual({
      startMs: s - MINUTE,
      endMs: s + 14 * DAY + BOOK_NEXT_HORIZON_MS + (30 + 15 + 1) * MINUTE,
    });
  });
});

// ---------------------------------------------------------------------------------------------
// Narrow (busySpanFor) versus wide (the previous −2 … +10 days) occupancy: the same verdicts.
// ---------------------------------------------------------------------------------------------

const ZONES = [
  "Europe/Berlin",
  "America/New_York",
  "Australia/Lord_Howe",
  "Asia/Kathmandu",
  "Pacific/Kiritimati",
  "UTC",
];
const BASE_DATES = ["2026-03-29", "2026-10-25", "2026-11-01", "2026-10-04", "2026-06-15"];

const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
const dayRanges = fc.oneof(
  fc.constant([range("00:00", "24:00")]),
  fc
    .array(
      fc
        .tuple(fc.integer({ min: 0, max: 95 }), fc.integer({ min: 4, max: 60 }))
        .map(([a, n]) => range(hhmm(a * 15), hhmm(Math.min(96, a + n) * 15))),
      { maxLength: 2 },
    )
    .map((x) => x),
);
const weekly: fc.Arbitrary<WeeklyHours> = fc
  .array(dayRanges, { minLength: 7, maxLength: 7 })
  .map((days) => Object.fromEntries(days.map((r, i) => [i + 1, r])) as WeeklyHours);

interface Case {
  readonly rules: CalendarRules;
  readonly staff: StaffSchedule[];
  readonly busy: BusyInterval[];
  readonly nowMs: number;
  readonly baseMs: number;
  readonly staffIds: readonly string[] | undefined;
  readonly guests: number;
  readonly carts: GuestCart[] | undefined;
}

function cases(types: readonly CalendarType[]): fc.Arbitrary<Case> {
  return fc
    .record({
      type: fc.constantFrom(...types),
      base: fc.constantFrom(...BASE_DATES),
      calendarZone: fc.constantFrom(...ZONES),
      staffZones: fc.array(fc.constantFrom(...ZONES), { minLength: 3, maxLength: 3 }),
      weeklies: fc.array(weekly, { minLength: 3, maxLength: 3 }),
      staffCount: fc.integer({ min: 1, max: 3 }),
      busy: fc.array(
        fc.record({
          staff: fc.integer({ min: 0, max: 2 }),
          // −3 … +12 days around the base, in 15-minute steps; most of them where the probes are.
          start: fc.oneof(fc.integer({ min: -3 * 96, max: 12 * 96 }), fc.integer({ min: -4, max: 8 * 96 })),
          length: fc.integer({ min: 1, max: 16 }),
          kind: fc.constantFrom("booking", "booking", "booking", "hold"),
          status: fc.constantFrom("confirmed", "confirmed", "new", "showed"),
          own: fc.boolean(),
          before: fc.constantFrom(0, 0, 15, 60),
          after: fc.constantFrom(0, 0, 15, 90),
          seats: fc.integer({ min: 1, max: 3 }),
          expires: fc.option(fc.integer({ min: -600, max: 600 })),
          // A second entry of the same booking (a service cart, or a collective member), hours later.
          second: fc.option(fc.record({ staff: fc.integer({ min: 0, max: 2 }), gap: fc.integer({ min: 0, max: 40 }) })),
        }),
        { maxLength: 80 },
      ),
      duration: fc.constantFrom(15, 30, 60, 120),
      interval: fc.constantFrom(15, 30, 60),
      bufferBefore: fc.constantFrom(0, 15, 45),
      bufferAfter: fc.constantFrom(0, 15, 60),
      notice: fc.constantFrom(0, 60),
      perStaff: fc.option(fc.integer({ min: 1, max: 4 }), { freq: 2 }),
      perCalendar: fc.option(fc.integer({ min: 1, max: 6 }), { freq: 2 }),
      seats: fc.integer({ min: 1, max: 5 }),
      guests: fc.integer({ min: 1, max: 2 }),
      unconfirmedBlocks: fc.boolean(),
      filter: fc.option(fc.subarray(["s0", "s1", "s2"], { minLength: 1 })),
      services: fc.array(
        fc.record({
          duration: fc.constantFrom(15, 30, 60, 90),
          staff: fc.subarray(["s0", "s1", "s2"], { minLength: 1 }),
          before: fc.option(fc.constantFrom(0, 10, 30)),
          after: fc.option(fc.constantFrom(0, 15, 45)),
        }),
        { minLength: 2, maxLength: 3 },
      ),
      carts: fc.array(fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 2 }), {
        minLength: 1,
        maxLength: 2,
      }),
    })
    .map((g): Case => {
      const baseMs = Temporal.PlainDate.from(g.base).toZonedDateTime({ timeZone: "UTC" }).epochMilliseconds;
      const nowMs = baseMs - DAY;
      const ids = ["s0", "s1", "s2"].slice(0, g.staffCount);
      const staffList = ids.map((id, i) => staff(id, g.staffZones[i] ?? "UTC", g.weeklies[i] ?? {}));
      const busy: BusyInterval[] = [];
      for (const [n, b] of g.busy.entries()) {
        const entry = (staffIndex: number, start: number): BusyInterval => ({
          staffId: ids[staffIndex % ids.length] ?? "s0",
          startMs: baseMs + start * 15 * MINUTE,
          endMs: baseMs + (start + b.length) * 15 * MINUTE,
          kind: b.kind as BusyInterval["kind"],
          ...(b.kind === "booking"
            ? {
                status: b.status as BusyInterval["status"],
                calendarId: b.own ? "cal" : "other",
                bookingId: `b${n}`,
                bufferBeforeMinutes: b.before,
                bufferAfterMinutes: b.after,
                seats: b.seats,
              }
            : b.expires === null
              ? {}
              : { expiresAtMs: nowMs + b.expires * MINUTE }),
        });
        busy.push(entry(b.staff, b.start));
        if (b.second && b.kind === "booking") busy.push(entry(b.second.staff, b.start + b.second.gap));
      }
      const r: CalendarRules = {
        calendarId: "cal",
        type: g.type,
        timeZone: g.calendarZone,
        durationMinutes: g.duration,
        slotIntervalMinutes: g.interval,
        bufferBeforeMinutes: g.bufferBefore,
        bufferAfterMinutes: g.bufferAfter,
        minimumNoticeMinutes: g.notice,
        bookingWindow: { kind: "rolling_days", days: 60 },
        ...(g.perStaff === null ? {} : { maxBookingsPerDayPerStaff: g.perStaff }),
        ...(g.perCalendar === null ? {} : { maxBookingsPerDay: g.perCalendar }),
        seatsPerSlot: g.seats,
        unconfirmedBlocks: g.unconfirmedBlocks,
        members: ids.map((staffId, i) => ({ staffId, priority: i === 0 ? 1 : 0.5 })),
        services: generatedServices(g.services),
      };
      return {
        rules: r,
        staff: staffList,
        busy,
        nowMs,
        baseMs,
        staffIds: g.filter ?? undefined,
        guests: g.guests,
        carts:
          g.type === "service"
            ? g.carts.map((c) => ({ serviceIds: c.map((k) => `svc${k % g.services.length}`) }))
            : undefined,
      };
    });
}

/** What loadOccupancy returns for [from, to): the entries whose blocked span overlaps it, in order. */
const loaded = (busy: readonly BusyInterval[], from: number, to: number) =>
  busy.filter((b) => {
    const span = blockedSpan(b);
    return span.startMs < to && from < span.endMs;
  });

const inputOf = (c: Case, busy: readonly BusyInterval[]) => ({
  rules: c.rules,
  staff: c.staff,
  busy: indexBusy(c.rules, busy, c.nowMs),
});

describe("busySpanFor: checkSlot and planRecurring answer the same as with the wide window", () => {
  it.each([["personal"], ["round_robin"], ["collective"], ["class"], ["service"]] as const)("%s calendars", (type) => {
    fc.assert(
      fc.property(
        cases([type]),
        fc.array(fc.integer({ min: 0, max: 8 * 96 }), { minLength: 1, maxLength: 12 }),
        (c, probes) => {
          const request = { staffIds: c.staffIds, guests: c.guests, carts: c.carts };
          for (const p of probes) {
            const s = c.baseMs + p * 15 * MINUTE;
            const span = busySpanFor(c, [s], request);
            const narrow = checkSlot(inputOf(c, loaded(c.busy, span.startMs, span.endMs)), s, c.nowMs, request);
            const wide = checkSlot(inputOf(c, loaded(c.busy, s - 2 * DAY, s + 10 * DAY)), s, c.nowMs, request);
            expect(narrow).toEqual(wide);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("recurring series, skip and book_next", () => {
    fc.assert(
      fc.property(
        cases(["personal", "collective", "class", "round_robin"]),
        fc.integer({ min: 0, max: 4 * 96 }),
        fc.constantFrom("daily", "weekly", "monthly"),
        fc.integer({ min: 1, max: 6 }),
        fc.constantFrom("skip", "book_next"),
        (c, p, frequency, count, policy) => {
          const request: RecurrenceRequest = {
            firstStartMs: c.baseMs + p * 15 * MINUTE,
            frequency: frequency as RecurrenceRequest["frequency"],
            count,
            policy: policy as RecurrenceRequest["policy"],
            guests: c.guests,
            ...(c.rules.type === "round_robin" ? { staffId: "s0" } : {}),
          };
          const starts = recurrenceStarts(c, request);
          const span = busySpanFor(c, starts, {}, policy === "book_next" ? BOOK_NEXT_HORIZON_MS : 0);
          const first = request.firstStartMs;
          const last = starts[starts.length - 1] ?? first;
          const narrow = planRecurring(inputOf(c, loaded(c.busy, span.startMs, span.endMs)), request, c.nowMs);
          const wide = planRecurring(inputOf(c, loaded(c.busy, first - 2 * DAY, last + 10 * DAY)), request, c.nowMs);
          expect(narrow).toEqual(wide);
        },
      ),
      { numRuns: 300 },
    );
  });
});

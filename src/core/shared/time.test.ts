import fc from "fast-check";
import { Temporal } from "temporal-polyfill";
import { describe, expect, it } from "vitest";
import {
  addDays,
  addMonthsExact,
  diffDays,
  epochMsToLocalDate,
  formatInstant,
  isLocalDate,
  isValidTimeZone,
  localDateTimeToEpochMs,
  offsetMsAt,
  parseTimeOfDay,
  startOfLocalDay,
  weekdayOf,
  ZoneClock,
} from "./time.ts";

const iso = (s: string): number => Temporal.Instant.from(s).epochMilliseconds;

describe("local date arithmetic", () => {
  it.each([
    ["2026-02-28", 1, "2026-03-01"],
    ["2028-02-28", 1, "2028-02-29"],
    ["2026-12-31", 1, "2027-01-01"],
    ["2026-03-01", -1, "2026-02-28"],
    ["1969-12-31", 1, "1970-01-01"],
  ])("addDays(%s, %i) = %s", (date, n, expected) => {
    expect(addDays(date, n)).toBe(expected);
  });

  it.each([
    ["2026-03-29", 7],
    ["2026-03-30", 1],
    ["1970-01-01", 4],
    ["2000-02-29", 2],
  ])("weekdayOf(%s) = %i", (date, expected) => {
    expect(weekdayOf(date)).toBe(expected);
  });

  it("validates local dates", () => {
    expect(isLocalDate("2026-02-29")).toBe(false);
    expect(isLocalDate("2028-02-29")).toBe(true);
    expect(isLocalDate("2026-13-01")).toBe(false);
    expect(isLocalDate("2026-1-01")).toBe(false);
  });

  it("adds months without clamping (RFC 5545 skips missing days)", () => {
    expect(addMonthsExact("2026-01-31", 1)).toBeNull();
    expect(addMonthsExact("2026-01-31", 2)).toBe("2026-03-31");
    expect(addMonthsExact("2026-11-15", 3)).toBe("2027-02-15");
  });

  it("parses times of day", () => {
    expect(parseTimeOfDay("09:30")).toBe(570);
    expect(parseTimeOfDay("24:00")).toBe(1440);
    expect(parseTimeOfDay("24:30")).toBeNull();
    expect(parseTimeOfDay("9:30")).toBeNull();
  });

  it("agrees with Temporal on random dates", () => {
    fc.assert(
      fc.property(fc.integer({ min: -100_000, max: 100_000 }), fc.integer({ min: -400, max: 400 }), (dayNumber, n) => {
        const date = Temporal.PlainDate.from("1970-01-01").add({ days: dayNumber });
        expect(addDays(date.toString(), n)).toBe(date.add({ days: n }).toString());
        expect(diffDays(date.toString(), date.add({ days: n }).toString())).toBe(n);
        expect(weekdayOf(date.toString())).toBe(date.dayOfWeek);
      }),
      { numRuns: 300 },
    );
  });
});

describe("zones", () => {
  it("accepts IANA names only", () => {
    expect(isValidTimeZone("Europe/Berlin")).toBe(true);
    expect(isValidTimeZone("UTC")).toBe(true);
    expect(isValidTimeZone("Mars/Olympus")).toBe(false);
    expect(isValidTimeZone("+02:00")).toBe(false);
    expect(isValidTimeZone("")).toBe(false);
  });

  // The DST table: local wall time → instant, with the rule for skipped and repeated times.
  it.each([
    // zone, date, time, expected instant, note
    ["Europe/Berlin", "2026-03-29", "01:59", "2026-03-29T00:59:00Z", "before spring forward"],
    ["Europe/Berlin", "2026-03-29", "02:00", "2026-03-29T01:00:00Z", "skipped: clamps to the transition"],
    ["Europe/Berlin", "2026-03-29", "02:30", "2026-03-29T01:00:00Z", "skipped: clamps to the transition"],
    ["Europe/Berlin", "2026-03-29", "03:00", "2026-03-29T01:00:00Z", "first valid time"],
    ["Europe/Berlin", "2026-03-29", "10:00", "2026-03-29T08:00:00Z", "summer time"],
    ["Europe/Berlin", "2026-10-25", "02:30", "2026-10-25T00:30:00Z", "repeated: the earlier one"],
    ["Europe/Berlin", "2026-10-25", "03:00", "2026-10-25T02:00:00Z", "after fall back"],
    ["America/New_York", "2026-03-08", "02:30", "2026-03-08T07:00:00Z", "skipped"],
    ["America/New_York", "2026-03-08", "03:00", "2026-03-08T07:00:00Z", "after spring forward"],
    ["America/New_York", "2026-11-01", "01:30", "2026-11-01T05:30:00Z", "repeated: EDT one"],
    ["America/New_York", "2026-11-01", "02:00", "2026-11-01T07:00:00Z", "after fall back"],
    ["Australia/Lord_Howe", "2026-10-04", "02:15", "2026-10-03T15:30:00Z", "30-minute gap"],
    ["Australia/Lord_Howe", "2026-10-04", "02:30", "2026-10-03T15:30:00Z", "30-minute gap end"],
    ["Australia/Lord_Howe", "2026-04-05", "01:45", "2026-04-04T14:45:00Z", "30-minute overlap: earlier"],
    ["Australia/Lord_Howe", "2026-04-05", "02:00", "2026-04-04T15:30:00Z", "after 30-minute fall back"],
    ["Asia/Kolkata", "2026-03-29", "09:00", "2026-03-29T03:30:00Z", "+05:30"],
    ["Asia/Kathmandu", "2026-03-29", "09:00", "2026-03-29T03:15:00Z", "+05:45"],
    ["Pacific/Chatham", "2026-06-10", "09:00", "2026-06-09T20:15:00Z", "+12:45"],
    ["Pacific/Chatham", "2026-01-10", "09:00", "2026-01-09T19:15:00Z", "+13:45 in summer"],
    ["Pacific/Kiritimati", "2026-03-29", "00:00", "2026-03-28T10:00:00Z", "+14:00"],
    ["Pacific/Pago_Pago", "2026-03-29", "00:00", "2026-03-29T11:00:00Z", "-11:00"],
  ])("%s %s %s → %s (%s)", (zone, date, time, expected) => {
    expect(localDateTimeToEpochMs(date, parseTimeOfDay(time) ?? -1, zone)).toBe(iso(expected));
  });

  it.each([
    ["2026-03-29T00:59:00Z", "Europe/Berlin", "2026-03-29T01:59:00+01:00"],
    ["2026-03-29T01:00:00Z", "Europe/Berlin", "2026-03-29T03:00:00+02:00"],
    ["2026-10-25T00:30:00Z", "Europe/Berlin", "2026-10-25T02:30:00+02:00"],
    ["2026-10-25T01:30:00Z", "Europe/Berlin", "2026-10-25T02:30:00+01:00"],
    ["2026-03-29T03:15:00Z", "Asia/Kathmandu", "2026-03-29T09:00:00+05:45"],
    ["2026-06-09T20:15:00Z", "Pacific/Chatham", "2026-06-10T09:00:00+12:45"],
    ["2026-03-28T10:00:00Z", "Pacific/Kiritimati", "2026-03-29T00:00:00+14:00"],
    ["2026-03-28T10:00:00Z", "Pacific/Pago_Pago", "2026-03-27T23:00:00-11:00"],
    ["2026-04-04T15:00:00Z", "Australia/Lord_Howe", "2026-04-05T01:30:00+10:30"],
    ["2026-01-15T12:00:00Z", "UTC", "2026-01-15T12:00:00+00:00"],
  ])("formats %s in %s as %s", (instant, zone, expected) => {
    expect(formatInstant(iso(instant), zone)).toBe(expected);
  });

  it("finds the first instant of days where midnight is skipped", () => {
    // America/Santiago springs forward at 24:00 → 01:00 (2026-09-06).
    const start = startOfLocalDay("2026-09-06", "America/Santiago");
    expect(formatInstant(start, "America/Santiago")).toBe("2026-09-06T01:00:00-03:00");
  });

  it("reads local dates across the international date line", () => {
    const instant = iso("2026-03-28T11:30:00Z");
    expect(epochMsToLocalDate(instant, "Pacific/Kiritimati")).toBe("2026-03-29");
    expect(epochMsToLocalDate(instant, "Pacific/Pago_Pago")).toBe("2026-03-28");
    expect((offsetMsAt("Pacific/Kiritimati", instant) - offsetMsAt("Pacific/Pago_Pago", instant)) / 3_600_000).toBe(25);
  });

  const zones = [
    "Europe/Berlin",
    "America/New_York",
    "Australia/Lord_Howe",
    "Asia/Kolkata",
    "Asia/Kathmandu",
    "Pacific/Chatham",
    "Pacific/Kiritimati",
    "Pacific/Pago_Pago",
    "America/Santiago",
    "UTC",
  ];

  it("agrees with Temporal on offsets and formatting at random instants", () => {
    const from = iso("2024-01-01T00:00:00Z");
    const to = iso("2029-01-01T00:00:00Z");
    fc.assert(
      fc.property(fc.constantFrom(...zones), fc.integer({ min: from / 60_000, max: to / 60_000 }), (zone, minute) => {
        const ms = minute * 60_000;
        const zdt = Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(zone);
        const clock = new ZoneClock(zone, ms, ms + 1);
        expect(clock.offsetMsAt(ms)).toBe(zdt.offsetNanoseconds / 1e6);
        expect(clock.formatIso(ms)).toBe(zdt.toString({ timeZoneName: "never", smallestUnit: "second" }));
        expect(clock.localDateOf(ms)).toBe(zdt.toPlainDate().toString());
      }),
      { numRuns: 500 },
    );
  });

  it("wall → instant agrees with Temporal 'earlier' wherever the wall time exists", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.integer({ min: 0, max: 5 * 366 }),
        fc.integer({ min: 0, max: 1439 }),
        (zone, dayOffset, minuteOfDay) => {
          const date = addDays("2024-01-01", dayOffset);
          const pdt = Temporal.PlainDate.from(date).toPlainDateTime({
            hour: Math.floor(minuteOfDay / 60),
            minute: minuteOfDay % 60,
          });
          const ours = localDateTimeToEpochMs(date, minuteOfDay, zone);
          const earlier = pdt.toZonedDateTime(zone, { disambiguation: "earlier" });
          if (Temporal.PlainDateTime.compare(earlier.toPlainDateTime(), pdt) === 0) {
            expect(ours).toBe(earlier.epochMilliseconds);
          } else {
            // Skipped wall time: the transition instant, which lies between the two readings.
            const later = pdt.toZonedDateTime(zone, { disambiguation: "later" });
            expect(ours).toBeGreaterThan(earlier.epochMilliseconds - 1);
            expect(ours).toBeLessThanOrEqual(later.epochMilliseconds);
            const before = Temporal.Instant.fromEpochMilliseconds(ours - 1).toZonedDateTimeISO(zone);
            expect(before.offsetNanoseconds).not.toBe(
              Temporal.Instant.fromEpochMilliseconds(ours).toZonedDateTimeISO(zone).offsetNanoseconds,
            );
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it("is monotonic: later wall times never map to earlier instants", () => {
    const clock = new ZoneClock("Australia/Lord_Howe", iso("2026-01-01T00:00:00Z"), iso("2027-01-01T00:00:00Z"));
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 365 * 1440 }), fc.integer({ min: 0, max: 240 }), (a, d) => {
        const base = iso("2026-01-01T00:00:00Z");
        expect(clock.fromWallMs(base + (a + d) * 60_000)).toBeGreaterThanOrEqual(clock.fromWallMs(base + a * 60_000));
      }),
      { numRuns: 300 },
    );
  });
});

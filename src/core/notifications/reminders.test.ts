import { describe, expect, it } from "vitest";
import { isStillDue, remindersFor } from "./reminders.ts";

const at = (iso: string) => Date.parse(iso);
const rules = { beforeMinutes: [60, 1440, 60], followUpAfterMinutes: 120 };

describe("reminders and the follow-up", () => {
  const start = at("2026-12-10T10:00:00Z");
  const end = at("2026-12-10T10:45:00Z");

  it("schedules each distinct offset before the start, earliest first, and the follow-up after the end", () => {
    expect(remindersFor(rules, start, end, at("2026-12-01T00:00:00Z"))).toEqual([
      { kind: "booking_reminder", offsetMinutes: 1440, dueMs: at("2026-12-09T10:00:00Z") },
      { kind: "booking_reminder", offsetMinutes: 60, dueMs: at("2026-12-10T09:00:00Z") },
      { kind: "booking_follow_up", offsetMinutes: 120, dueMs: at("2026-12-10T12:45:00Z") },
    ]);
  });

  it("leaves out what would already be past: a booking made 30 minutes ahead gets no reminder", () => {
    expect(remindersFor(rules, start, end, at("2026-12-10T09:30:00Z")).map((m) => m.kind)).toEqual([
      "booking_follow_up",
    ]);
    expect(remindersFor(rules, start, end, at("2026-12-10T09:00:00Z")).map((m) => m.offsetMinutes)).toEqual([120]);
  });

  it("nothing when the calendar sends nothing", () => {
    expect(remindersFor({ beforeMinutes: [], followUpAfterMinutes: null }, start, end, 0)).toEqual([]);
  });

  it("counts real hours across a DST change: 24 h before 10:00 the day after Berlin's clocks go back is 11:00 local", () => {
    // 2026-10-25 03:00 CEST → 02:00 CET. A 10:00 CET start on the 25th is 09:00Z; 24 h earlier is 09:00Z on the 24th = 11:00 CEST.
    const dstStart = at("2026-10-25T09:00:00Z");
    const [reminder] = remindersFor({ beforeMinutes: [1440], followUpAfterMinutes: null }, dstStart, dstStart, 0);
    expect(new Date(reminder!.dueMs).toISOString()).toBe("2026-10-24T09:00:00.000Z");
    const local = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Berlin", timeStyle: "short" });
    expect(local.format(reminder!.dueMs)).toBe("11:00");
  });

  it("at its time, goes out only for a booking still confirmed at the start it was made for", () => {
    expect(isStillDue(start, { status: "confirmed", startMs: start })).toBe(true);
    expect(isStillDue(start, { status: "confirmed", startMs: start + 3_600_000 })).toBe(false); // rescheduled
    expect(isStillDue(start, { status: "cancelled", startMs: start })).toBe(false);
    expect(isStillDue(start, { status: "new", startMs: start })).toBe(false);
    expect(isStillDue(start, null)).toBe(false);
  });
});

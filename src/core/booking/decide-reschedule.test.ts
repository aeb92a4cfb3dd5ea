import { describe, expect, it } from "vitest";
import { at, booking, everyDay, input, range, rules, staff } from "../availability/fixtures.test-helper.ts";
import type { BusyInterval, CalendarRules } from "../availability/model.ts";
import { DEFAULT_CALENDAR_SETTINGS } from "../calendar/calendar-setup.ts";
import type { CalendarSettings, CalendarType } from "../calendar/calendar.ts";
import type { BookingCalendar } from "./booking-calendar.ts";
import {
  decideReschedule,
  readNewStart,
  releaseOwnSeats,
  rescheduleRequest,
  type MovedBooking,
} from "./decide-reschedule.ts";

const NOW = at("2026-11-01T00:00:00Z");
const OLD = at("2026-12-01T09:00:00Z");
const NEW = at("2026-12-02T10:00:00Z");

function setup(type: CalendarType, settings: Partial<CalendarSettings> = {}, busy: BusyInterval[] = []) {
  const s: CalendarSettings = { ...DEFAULT_CALENDAR_SETTINGS, minimumNoticeMinutes: 0, ...settings };
  const members = ["a", "b"].map((staffId) => ({ staffId, priority: 0.5, isPrimary: staffId === "a" }));
  const services = [{ id: "cut", priceCents: 0, deposit: null, staffIds: ["b"] }];
  const calendar: BookingCalendar = { calendar: { id: "cal", type, settings: s }, members, services };
  const r: CalendarRules = rules({
    type,
    unconfirmedBlocks: s.unconfirmedBlocks,
    ...(s.seatsPerSlot != null ? { seatsPerSlot: s.seatsPerSlot } : {}),
    members: members.map((m) => ({ staffId: m.staffId, priority: m.priority })),
    ...(type === "service" ? { services: [{ serviceId: "cut", durationMinutes: 45, staffIds: ["b"] }] } : {}),
  });
  const schedules = ["a", "b"].map((id) => staff(id, "UTC", everyDay(range("09:00", "17:00"))));
  return { calendar, availability: input(r, schedules, busy, NOW) };
}

const moved = (extra: Partial<MovedBooking> = {}): MovedBooking => ({
  id: "bk",
  status: "confirmed",
  startMs: OLD,
  endMs: OLD + 30 * 60_000,
  staffId: "a",
  staffIds: ["a"],
  serviceIds: [],
  carts: [],
  seats: 1,
  classSessionId: null,
  bufferBeforeMinutes: 5,
  bufferAfterMinutes: 0,
  ...extra,
});

function decide(
  type: CalendarType,
  b: MovedBooking,
  opts: { busy?: BusyInterval[]; settings?: Partial<CalendarSettings> } = {},
) {
  const { calendar, availability } = setup(type, opts.settings, opts.busy);
  return decideReschedule({ calendar, booking: b, startMs: NEW, availability, occupancy: [], nowMs: NOW });
}

describe("readNewStart", () => {
  it.each([
    [{ startTime: "2026-12-02T10:00:00Z", timezone: "Asia/Kolkata" }, "ok"],
    [{ startTime: "2026-12-02T10:00:00Z", timezone: "Nowhere/City" }, "TIMEZONE_NOT_FOUND"],
    [{ startTime: "soon", timezone: "UTC" }, "NO_SLOTS"],
  ])("%j → %s", (given, code) => {
    const r = readNewStart(given);
    expect(r.ok ? "ok" : r.error.code).toBe(code);
  });
});

describe("decideReschedule", () => {
  it.each<[string, CalendarType, MovedBooking, BusyInterval[], string]>([
    [
      "the new time is busy",
      "personal",
      moved(),
      [booking("a", "2026-12-02T10:00:00Z", "2026-12-02T10:30:00Z")],
      "STAFF_BUSY",
    ],
    [
      "the service's staff is busy: the resource",
      "service",
      moved({ staffId: "b", staffIds: ["b"], serviceIds: ["cut"], carts: [["cut"]] }),
      [booking("b", "2026-12-02T10:00:00Z", "2026-12-02T10:30:00Z")],
      "RESOURCE_UNAVAILABLE",
    ],
    [
      "round robin keeps its member, even when another is free",
      "round_robin",
      moved(),
      [booking("a", "2026-12-02T10:00:00Z", "2026-12-02T10:30:00Z")],
      "STAFF_BUSY",
    ],
  ])("%s → %s", (_name, type, b, busy, code) => {
    const r = decide(type, b, { busy });
    expect(r.ok ? "ok" : r.error.code).toBe(code);
  });

  it("its own occupancy is not counted against it (the use case leaves it out of the busy time)", () => {
    expect(decide("personal", moved()).ok).toBe(true);
  });

  it("personal: the same length and people, its own buffers", () => {
    const r = decide("personal", moved({ endMs: OLD + 50 * 60_000 }));
    expect(r.ok && r.value).toEqual({
      startMs: NEW,
      endMs: NEW + 50 * 60_000,
      staffId: "a",
      staffIds: ["a"],
      items: [
        {
          staffId: "a",
          serviceId: null,
          startMs: NEW,
          endMs: NEW + 50 * 60_000,
          blockedStartMs: NEW - 5 * 60_000,
          blockedEndMs: NEW + 50 * 60_000,
        },
      ],
      classSeats: null,
      active: true,
    });
  });

  it("service: re-assigned per task, older bookings' carts taken from their services", () => {
    const r = decide("service", moved({ staffId: "b", staffIds: ["b"], serviceIds: ["cut"], carts: [] }));
    expect(r.ok && [r.value.staffId, r.value.staffIds, r.value.endMs, r.value.items.length]).toEqual([
      "b",
      ["b"],
      NEW + 45 * 60_000,
      1,
    ]);
  });

  it("class: seats at the new session, the calendar's duration", () => {
    const r = decide("class", moved({ seats: 2, classSessionId: "s1" }), { settings: { seatsPerSlot: 8 } });
    expect(r.ok && r.value.classSeats).toMatchObject({
      startMs: NEW,
      endMs: NEW + 30 * 60_000,
      seats: 2,
      seatsTotal: 8,
    });
    expect(r.ok && r.value.items).toEqual([]);
  });

  it("a request that does not block stays inactive", () => {
    const r = decide("personal", moved({ status: "new" }), {
      settings: { autoConfirm: false, unconfirmedBlocks: false },
    });
    expect(r.ok && r.value.active).toBe(false);
  });

  it("releaseOwnSeats gives back the booking's seats in its old session only", () => {
    const rows = [
      { kind: "session", calendarId: "cal", startMs: OLD, seats: 5, sessionId: "s1" },
      { kind: "session", calendarId: "cal", startMs: NEW, seats: 5, sessionId: "s2" },
    ];
    expect(releaseOwnSeats(rows, { classSessionId: "s1", seats: 2 }).map((o) => o.seats)).toEqual([3, 5]);
    expect(releaseOwnSeats(rows, { classSessionId: null, seats: 2 })).toBe(rows);
  });

  it("rescheduleRequest: round robin pins the member, service carts per attendee", () => {
    const rr = setup("round_robin").calendar;
    expect(rescheduleRequest(rr, moved())).toEqual({ staffIds: ["a"], guests: 1 });
    const svc = setup("service").calendar;
    expect(rescheduleRequest(svc, moved({ seats: 2, serviceIds: ["cut"] }))).toEqual({
      guests: 2,
      carts: [{ serviceIds: ["cut"] }, { serviceIds: ["cut"] }],
    });
  });
});

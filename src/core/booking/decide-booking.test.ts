import { describe, expect, it } from "vitest";
import { at, booking, everyDay, input, range, rules, staff } from "../availability/fixtures.test-helper.ts";
import type { BusyInterval, CalendarRules } from "../availability/model.ts";
import { DEFAULT_CALENDAR_SETTINGS } from "../calendar/calendar-setup.ts";
import type { CalendarSettings, CalendarType } from "../calendar/calendar.ts";
import type { BookingCalendar } from "./booking-calendar.ts";
import {
  bookingAttempts,
  decideBooking,
  seriesPrice,
  type BookingDecision,
  type BookingDraft,
} from "./decide-booking.ts";
import type { Outcome } from "./errors.ts";
import { readBookingRequest, type BookingInput, type ReadBookingRequestOptions } from "./read-booking-request.ts";
import type { SessionSeats } from "./slot-refusals.ts";

const NOW = at("2026-11-01T00:00:00Z");
const START = "2026-12-01T09:00:00Z";

interface Scenario {
  readonly type?: CalendarType;
  readonly settings?: Partial<CalendarSettings>;
  readonly members?: readonly string[];
  readonly priorities?: Readonly<Record<string, number>>;
  readonly primary?: string;
  readonly services?: BookingCalendar["services"];
  readonly busy?: readonly BusyInterval[];
  readonly sessions?: readonly SessionSeats[];
}

/** A calendar and the engine input the use case would build for it (toRules), everyone 09–17 UTC. */
function calendarOf(s: Scenario) {
  const type = s.type ?? "personal";
  const settings: CalendarSettings = { ...DEFAULT_CALENDAR_SETTINGS, minimumNoticeMinutes: 0, ...s.settings };
  const members = (s.members ?? ["a"]).map((staffId) => ({
    staffId,
    priority: s.priorities?.[staffId] ?? 0.5,
    isPrimary: staffId === s.primary,
  }));
  const services = s.services ?? [];
  const calendar = { calendar: { id: "cal", type, settings, isLive: true }, members, services } as const;
  const r: CalendarRules = rules({
    type,
    durationMinutes: settings.durationMinutes,
    slotIntervalMinutes: settings.slotIntervalMinutes,
    bookingWindow: settings.bookingWindow,
    unconfirmedBlocks: settings.unconfirmedBlocks,
    ...(settings.seatsPerSlot != null ? { seatsPerSlot: settings.seatsPerSlot } : {}),
    members: members.map((m) => ({ staffId: m.staffId, priority: m.priority })),
    ...(type === "service"
      ? { services: services.map((svc) => ({ serviceId: svc.id, durationMinutes: 30, staffIds: svc.staffIds })) }
      : {}),
  });
  const staffIds = [...new Set([...members.map((m) => m.staffId), ...services.flatMap((svc) => svc.staffIds)])];
  const schedules = staffIds.map((id) => staff(id, "UTC", everyDay(range("09:00", "17:00"))));
  return { calendar, availability: input(r, schedules, [...(s.busy ?? [])], NOW) };
}

const visitor = (extra: Partial<BookingInput> = {}): BookingInput => ({
  calendarId: "cal",
  startTime: START,
  timezone: "Europe/Berlin",
  contact: { firstName: "Ann", lastName: "Lee", email: "ann@example.com" },
  ...extra,
});

/** readBookingRequest then decideBooking, as createBooking calls them. */
function decide(s: Scenario, extra: Partial<BookingInput> = {}, read: Partial<ReadBookingRequestOptions> = {}) {
  const { calendar, availability } = calendarOf(s);
  const request = readBookingRequest({
    calendar,
    input: visitor(extra),
    oneTimeLink: null,
    hold: null,
    nowMs: NOW,
    ...read,
  });
  if (!request.ok) return { request, decision: request as Outcome<BookingDecision> };
  const decision = decideBooking({
    calendar,
    request: request.value,
    availability,
    occupancy: s.sessions ?? [],
    nowMs: NOW,
  });
  return { request, decision, calendar };
}

/** The first booking a single start would write (recent counts as given). */
function firstDraft(
  s: Scenario,
  extra: Partial<BookingInput> = {},
  counts: Record<string, number> = {},
): BookingDraft[] {
  const { request, decision, calendar } = decide(s, extra);
  if (!request.ok || !decision.ok || decision.value.kind !== "single" || !calendar)
    throw new Error(`not decided: ${JSON.stringify(decision)}`);
  return bookingAttempts({ calendar, request: request.value, slot: decision.value.slot, recentCounts: counts });
}

const codeOf = (o: Outcome<unknown>) => (o.ok ? "ok" : o.error.code);

describe("readBookingRequest refusals, in the order the visitor is told", () => {
  const closed = { ...calendarOf({}).calendar, calendar: { ...calendarOf({}).calendar.calendar, isLive: false } };
  it.each<[string, Scenario, Partial<BookingInput>, Partial<ReadBookingRequestOptions>, string]>([
    ["calendar not live", {}, {}, { calendar: closed }, "CALENDAR_UNAVAILABLE"],
    ["unknown time zone", {}, { timezone: "Mars/Olympus" }, {}, "TIMEZONE_NOT_FOUND"],
    ["start not a time", {}, { startTime: "tomorrow" }, {}, "NO_SLOTS"],
    ["one-time link unknown", {}, { oneTimeSlug: "x" }, { oneTimeLink: null }, "SLUG_EXPIRED"],
    ["one-time link used", {}, { oneTimeSlug: "x" }, { oneTimeLink: { state: "expired" } }, "SLUG_EXPIRED"],
    [
      "one-time link of another calendar",
      {},
      { oneTimeSlug: "x" },
      { oneTimeLink: { state: "active", calendarId: "other" } },
      "SLUG_EXPIRED",
    ],
    ["guests where none are taken", { settings: { guestMode: "none" } }, { guests: 2 }, {}, "GUESTS_NOT_ALLOWED"],
    [
      "required question unanswered",
      { settings: { questions: [{ id: "q", label: "Why", kind: "text", required: true }] } },
      {},
      {},
      "FIELD_REQUIRED",
    ],
    [
      "service calendar without a cart",
      { type: "service", services: [{ id: "cut", priceCents: 0, deposit: null, staffIds: ["a"] }] },
      {},
      {},
      "SERVICES_REQUIRED",
    ],
    ["staff member not of this calendar", {}, { staffId: "z" }, {}, "STAFF_NOT_FOUND"],
    [
      "a guest with the booker's email",
      {},
      { guests: [{ name: "Bo", email: "ANN@example.com" }] },
      {},
      "GUEST_EMAIL_DUPLICATE",
    ],
  ])("%s → %s", (_name, s, extra, read, code) => {
    expect(codeOf(decide(s, extra, read).request)).toBe(code);
  });

  it("a price quote skips the details still being typed (answers, a required guest) but not the rest", () => {
    const asking: Scenario = {
      settings: { questions: [{ id: "q", label: "Why", kind: "text", required: true }], guestMode: "count_only" },
    };
    expect(codeOf(decide(asking, {}, { purpose: "quote" }).request)).toBe("ok");
    const needsGuest: Scenario = { settings: { requireGuests: true, guestMode: "count_only" } };
    expect(codeOf(decide(needsGuest).request)).toBe("GUESTS_REQUIRED");
    expect(codeOf(decide(needsGuest, {}, { purpose: "quote" }).request)).toBe("ok");
    const cut = { id: "cut", priceCents: 4000, deposit: null, staffIds: ["a"] };
    // What decides the price is still checked.
    expect(codeOf(decide({ type: "service", services: [cut] }, {}, { purpose: "quote" }).request)).toBe(
      "SERVICES_REQUIRED",
    );
    expect(codeOf(decide({}, { staffId: "z" }, { purpose: "quote" }).request)).toBe("STAFF_NOT_FOUND");
  });

  it("accepts a valid one-time link of this calendar", () => {
    const r = decide({}, { oneTimeSlug: "x" }, { oneTimeLink: { state: "active", calendarId: "cal" } }).request;
    expect(r.ok).toBe(true);
  });

  it("a live round-robin hold at this start fixes its member; an expired or other-start hold is ignored", () => {
    const hold = { id: "h", calendarId: "cal", startMs: at(START), expiresAtMs: NOW + 1, staffIds: ["b"] };
    const rr: Scenario = { type: "round_robin", members: ["a", "b"] };
    const live = decide(rr, { holdId: "h" }, { hold }).request;
    expect(live.ok && [live.value.holdId, live.value.staffFilter]).toEqual(["h", ["b"]]);
    const expired = decide(rr, { holdId: "h" }, { hold: { ...hold, expiresAtMs: NOW } }).request;
    expect(expired.ok && [expired.value.holdId, expired.value.staffFilter]).toEqual([null, undefined]);
    const elsewhere = decide(rr, { holdId: "h" }, { hold: { ...hold, startMs: at(START) + 1 } }).request;
    expect(elsewhere.ok && elsewhere.value.holdId).toBeNull();
  });
});

describe("decideBooking refusals", () => {
  const cut = { id: "cut", priceCents: 0, deposit: null, staffIds: ["a"] };
  it.each<[string, Scenario, Partial<BookingInput>, string]>([
    ["outside working hours", {}, { startTime: "2026-12-01T20:00:00Z" }, "NO_SLOTS"],
    ["off the slot grid", {}, { startTime: "2026-12-01T09:10:00Z" }, "NO_SLOTS"],
    ["in the past", {}, { startTime: "2026-10-01T09:00:00Z" }, "NO_SLOTS"],
    ["staff busy", { busy: [booking("a", START, "2026-12-01T09:30:00Z")] }, {}, "STAFF_BUSY"],
    [
      "service staff busy: the resource",
      { type: "service", services: [cut], busy: [booking("a", START, "2026-12-01T09:30:00Z")] },
      { serviceIds: ["cut"] },
      "RESOURCE_UNAVAILABLE",
    ],
    [
      "recurring on round robin without a member",
      { type: "round_robin", members: ["a", "b"] },
      { recurring: { frequency: "weekly", count: 2, policy: "skip" } },
      "RECURRING_NOT_SUPPORTED",
    ],
    [
      "recurring with a count beyond the maximum",
      {},
      { recurring: { frequency: "weekly", count: 99, policy: "skip" } },
      "RECURRING_NOT_SUPPORTED",
    ],
    [
      "every occurrence busy",
      {
        busy: [
          booking("a", START, "2026-12-01T09:30:00Z"),
          booking("a", "2026-12-08T09:00:00Z", "2026-12-08T09:30:00Z"),
        ],
      },
      { recurring: { frequency: "weekly", count: 2, policy: "skip" } },
      "STAFF_BUSY",
    ],
  ])("%s → %s", (_name, s, extra, code) => {
    expect(codeOf(decide(s, extra).decision)).toBe(code);
  });

  it("a full class → SEATS_EXCEEDED with the seats left", () => {
    const s: Scenario = {
      type: "class",
      settings: { seatsPerSlot: 3, guestMode: "count_only" },
      busy: [booking("a", START, "2026-12-01T09:30:00Z", { seats: 2 })],
      sessions: [{ kind: "session", calendarId: "cal", startMs: at(START), seats: 2 }],
    };
    const { decision } = decide(s, { guests: 1 });
    expect(decision.ok ? null : decision.error).toEqual({ code: "SEATS_EXCEEDED", details: { availableSeats: 1 } });
    expect(decide(s).decision.ok).toBe(true);
  });
});

describe("decideBooking: staff, seats, status, price", () => {
  it("round robin: every free member in pick order — priority, then fewest recent bookings, then id", () => {
    const s: Scenario = { type: "round_robin", members: ["a", "b", "c"], priorities: { c: 1 } };
    expect(decide(s).decision).toMatchObject({ ok: true, value: { kind: "single", needsRecentCounts: true } });
    const order = (counts: Record<string, number>) => firstDraft(s, {}, counts).map((d) => d.staffIds);
    expect(order({})).toEqual([["c"], ["a"], ["b"]]);
    expect(order({ a: 3, b: 1 })).toEqual([["c"], ["b"], ["a"]]);
  });

  it("round robin with one free member needs no recent counts; a busy member is never tried", () => {
    const s: Scenario = {
      type: "round_robin",
      members: ["a", "b"],
      busy: [booking("a", START, "2026-12-01T09:30:00Z")],
    };
    expect(decide(s).decision).toMatchObject({ ok: true, value: { needsRecentCounts: false } });
    expect(firstDraft(s).map((d) => d.staffIds)).toEqual([["b"]]);
  });

  it("collective: one booking occupying every member, owned by the primary", () => {
    const [draft, ...rest] = firstDraft({ type: "collective", members: ["a", "b"], primary: "b" });
    expect(rest).toEqual([]);
    expect(draft).toMatchObject({ staffId: "b", staffIds: ["a", "b"] });
    expect(draft?.items.map((i) => i.staffId)).toEqual(["a", "b"]);
  });

  it("class: seats in the session instead of occupancy, buffers around it", () => {
    const [draft] = firstDraft(
      { type: "class", settings: { seatsPerSlot: 12, guestMode: "count_only", bufferBeforeMinutes: 10 } },
      { guests: 2 },
    );
    expect(draft?.items).toEqual([]);
    expect(draft?.classSeats).toEqual({
      staffId: "a",
      startMs: at(START),
      endMs: at("2026-12-01T09:30:00Z"),
      blockedStartMs: at("2026-12-01T08:50:00Z"),
      blockedEndMs: at("2026-12-01T09:30:00Z"),
      seatsTotal: 12,
      seats: 3,
    });
  });

  it.each<[string, Partial<CalendarSettings>, BookingDraft["status"], boolean]>([
    ["auto-confirmed", { autoConfirm: true }, "confirmed", true],
    ["request that blocks", { autoConfirm: false, unconfirmedBlocks: true }, "new", true],
    ["request that does not block", { autoConfirm: false, unconfirmedBlocks: false }, "new", false],
  ])("%s → status %s, active %s", (_name, settings, status, active) => {
    expect(firstDraft({ settings })[0]).toMatchObject({ status, active });
  });

  it.each<[string, Scenario, Partial<BookingInput>, number, number]>([
    ["free", {}, {}, 0, 0],
    [
      "per attendee, percentage deposit",
      { settings: { priceCents: 5000, deposit: { kind: "percentage", percent: 20 }, guestMode: "count_only" } },
      { guests: 1 },
      10000,
      2000,
    ],
    [
      "flat deposit never above the total",
      { settings: { priceCents: 1000, deposit: { kind: "amount", amountCents: 5000 } } },
      {},
      1000,
      1000,
    ],
    [
      "service carts, each line with its service's deposit",
      {
        type: "service",
        settings: { guestMode: "count_only" },
        services: [
          { id: "cut", priceCents: 3000, deposit: { kind: "amount", amountCents: 500 }, staffIds: ["a"] },
          { id: "dye", priceCents: 4000, deposit: null, staffIds: ["b"] },
        ],
      },
      { serviceIds: ["cut"], guestCarts: [["dye"]] },
      7000,
      500,
    ],
    [
      "service carts under the calendar's deposit",
      {
        type: "service",
        settings: { deposit: { kind: "percentage", percent: 50 } },
        services: [{ id: "cut", priceCents: 3001, deposit: { kind: "amount", amountCents: 500 }, staffIds: ["a"] }],
      },
      { serviceIds: ["cut"] },
      3001,
      1501,
    ],
  ])("price: %s → %i total, %i deposit", (_name, s, extra, total, deposit) => {
    expect(firstDraft(s, extra)[0]).toMatchObject({ priceCents: total, depositCents: deposit });
  });

  it("service: one occupancy item per attendee and service, carts and services recorded", () => {
    const [draft] = firstDraft(
      {
        type: "service",
        settings: { guestMode: "count_only" },
        services: [
          { id: "cut", priceCents: 0, deposit: null, staffIds: ["a"] },
          { id: "dye", priceCents: 0, deposit: null, staffIds: ["b"] },
        ],
      },
      { serviceIds: ["cut"], guestCarts: [["dye"]] },
    );
    expect(draft).toMatchObject({ carts: [["cut"], ["dye"]], serviceIds: ["cut", "dye"], seats: 2 });
    expect(draft?.items.map((i) => [i.staffId, i.serviceId])).toEqual([
      ["a", "cut"],
      ["b", "dye"],
    ]);
  });
});

describe("decideBooking: recurring series", () => {
  const second = booking("a", "2026-12-08T09:00:00Z", "2026-12-08T09:30:00Z");
  const series = (policy: "skip" | "book_next" | "continue") => {
    const { decision } = decide({ busy: [second] }, { recurring: { frequency: "weekly", count: 3, policy } });
    if (!decision.ok || decision.value.kind !== "series") throw new Error("no series");
    return decision.value.occurrences.map((o) => [
      o.status,
      o.draft?.startMs ?? null,
      o.draft?.status ?? null,
      o.draft?.active ?? null,
      o.code,
    ]);
  };

  it("skip: the busy occurrence is not booked, with its reason", () => {
    expect(series("skip")).toEqual([
      ["booked", at(START), "confirmed", true, null],
      ["not_booked", null, null, null, "STAFF_BUSY"],
      ["booked", at("2026-12-15T09:00:00Z"), "confirmed", true, null],
    ]);
  });

  it("book_next: the busy occurrence moves to the next free slot", () => {
    expect(series("book_next")[1]).toEqual(["booked", at("2026-12-08T09:30:00Z"), "confirmed", true, null]);
  });

  it("continue: the busy occurrence is a request at its time that occupies nothing", () => {
    expect(series("continue")[1]).toEqual(["requested", at("2026-12-08T09:00:00Z"), "new", false, null]);
  });
});

describe("seriesPrice: what a series costs together (the quote's and the preview's one sum)", () => {
  it("adds the booked and requested occurrences' prices, discounts and deposits; skipped dates count nothing", () => {
    const date = (priceCents: number, discountMinor: number, depositCents: number) => ({
      draft: { priceCents, discountMinor, depositCents },
    });
    expect(seriesPrice([date(1800, 200, 500), { draft: null }, date(1700, 300, 425)])).toEqual({
      subtotalMinor: 4000,
      discountMinor: 500,
      totalMinor: 3500,
      depositMinor: 925,
    });
    expect(seriesPrice([])).toEqual({ subtotalMinor: 0, discountMinor: 0, totalMinor: 0, depositMinor: 0 });
  });
});

import { describe, expect, it } from "vitest";
import {
  currentQuote,
  currentSeries,
  EMPTY_DETAILS,
  flowReducer,
  firstAvailableDate,
  quoteKey,
  seriesKey,
  saveFlow,
  stepsFor,
  type FlowState,
  type Quote,
} from "./flow-reducer.ts";

const base: FlowState = {
  step: "datetime",
  steps: ["datetime", "details"],
  timezone: "Europe/Berlin",
  month: "2026-12",
  slots: {},
  seats: null,
  slotsKey: "k1",
  slotsStatus: "loading",
  selectedDate: null,
  selectedSlot: null,
  staffId: null,
  carts: [[]],
  offers: {},
  activeCart: 0,
  hold: null,
  holdRequested: null,
  notice: null,
  details: EMPTY_DETAILS,
  errors: {},
  errorValues: {},
  submitting: false,
  visibleSlots: 12,
  searchingNext: false,
  payment: null,
  quoted: null,
  series: null,
};
const slots = {
  "2026-12-01": [],
  "2026-12-02": ["2026-12-02T10:00:00+01:00", "2026-12-02T10:30:00+01:00"],
  "2026-12-03": ["2026-12-03T09:00:00+01:00"],
};

describe("booking flow reducer", () => {
  it("selects the first day with times when slots arrive, and ignores answers to older queries", () => {
    const loaded = flowReducer(base, { type: "slotsLoaded", key: "k1", slots });
    expect(loaded).toMatchObject({ slotsStatus: "ready", selectedDate: "2026-12-02" });
    expect(flowReducer(base, { type: "slotsLoaded", key: "old", slots })).toBe(base);
    expect(firstAvailableDate({ "2026-12-05": [], "2026-12-04": ["x"] })).toBe("2026-12-04");
  });

  it("a refused slot goes back to the calendar, drops that time, says it was taken, and keeps the details", () => {
    let s = flowReducer(base, { type: "slotsLoaded", key: "k1", slots });
    s = flowReducer(s, { type: "slotSelected", slot: "2026-12-02T10:00:00+01:00" });
    s = flowReducer(s, { type: "goTo", step: "details" });
    s = flowReducer(s, { type: "detailsChanged", patch: { firstName: "Ada", notes: "hi" } });
    s = flowReducer(s, { type: "submitStarted" });
    s = flowReducer(s, { type: "slotRefused", slot: "2026-12-02T10:00:00+01:00", code: "STAFF_BUSY" });
    expect(s.step).toBe("datetime");
    expect(s.slots["2026-12-02"]).toEqual(["2026-12-02T10:30:00+01:00"]);
    expect(s.notice).toEqual({ kind: "slotTaken", code: "widget.slotTaken" });
    expect(s.details).toMatchObject({ firstName: "Ada", notes: "hi" });
    expect(s.submitting).toBe(false);
  });

  it("a refusal with more to say than 'taken' keeps its own message: seats left, with the count", () => {
    let s = flowReducer(base, { type: "slotsLoaded", key: "k1", slots });
    s = flowReducer(s, { type: "slotSelected", slot: "2026-12-02T10:00:00+01:00" });
    s = flowReducer(s, {
      type: "slotRefused",
      slot: "2026-12-02T10:00:00+01:00",
      code: "SEATS_EXCEEDED",
      values: { count: 2 },
    });
    expect(s.notice).toEqual({ kind: "slotTaken", code: "SEATS_EXCEEDED", values: { count: 2 } });
    s = flowReducer(s, { type: "slotRefused", slot: "2026-12-02T10:30:00+01:00", code: "SCHEDULING_FAILED" });
    expect(s.notice).toEqual({ kind: "slotTaken", code: "SCHEDULING_FAILED" });
  });

  it("other refusals are shown by code and do not count as taken", () => {
    const s = flowReducer(base, { type: "slotRefused", slot: "x", code: "CHANGE_WINDOW_CLOSED" });
    expect(s.notice).toEqual({ kind: "error", code: "CHANGE_WINDOW_CLOSED" });
  });

  it("live updates drop a selected time that someone else took, but keep our own held time", () => {
    let s = flowReducer(base, { type: "slotsLoaded", key: "k1", slots });
    s = flowReducer(s, { type: "slotSelected", slot: "2026-12-02T10:30:00+01:00" });
    const held = flowReducer(s, { type: "holdGranted", slot: "2026-12-02T10:30:00+01:00", id: "h1", expiresAt: "" });
    const afterHold = flowReducer(held, {
      type: "slotsChanged",
      key: "k1",
      slots: { ...slots, "2026-12-02": ["2026-12-02T10:00:00+01:00"] },
    });
    expect(afterHold.selectedSlot).toBe("2026-12-02T10:30:00+01:00");
    expect(afterHold.slots["2026-12-02"]).toContain("2026-12-02T10:30:00+01:00");
    const taken = flowReducer(s, {
      type: "slotsChanged",
      key: "k1",
      slots: { ...slots, "2026-12-02": ["2026-12-02T10:00:00+01:00"] },
    });
    expect(taken.selectedSlot).toBeNull();
    expect(taken.notice?.kind).toBe("slotTaken");
    // Slots fetched while our own hold is being granted already leave its slot out: the choice stays.
    const asking = flowReducer(s, { type: "slotSelected", slot: "2026-12-02T10:30:00+01:00", holdRequested: true });
    const meanwhile = flowReducer(asking, {
      type: "slotsChanged",
      key: "k1",
      slots: { ...slots, "2026-12-02": ["2026-12-02T10:00:00+01:00"] },
    });
    expect(meanwhile.selectedSlot).toBe("2026-12-02T10:30:00+01:00");
    const granted = flowReducer(meanwhile, {
      type: "holdGranted",
      slot: "2026-12-02T10:30:00+01:00",
      id: "h2",
      expiresAt: "",
    });
    expect(granted.hold?.id).toBe("h2");
    expect(granted.holdRequested).toBeNull();
  });

  it("editing a field clears only its message", () => {
    const s = flowReducer(
      { ...base, errors: { email: "e", "guests.0.name": "n", firstName: "f" } },
      { type: "detailsChanged", patch: { email: "a@b.co" } },
    );
    expect(s.errors).toEqual({ "guests.0.name": "n", firstName: "f" });
    const g = flowReducer(
      { ...base, errors: { "guests.0.name": "n", firstName: "f" } },
      { type: "detailsChanged", patch: { guests: [] } },
    );
    expect(g.errors).toEqual({ firstName: "f" });
  });

  it("'find next available' in another month switches month and preselects the day", () => {
    const s = flowReducer(
      { ...base, searchingNext: true },
      { type: "searchNextDone", date: "2027-02-03", month: "2027-02", key: "k2" },
    );
    expect(s).toMatchObject({
      month: "2027-02",
      slotsKey: "k2",
      selectedDate: "2027-02-03",
      slotsStatus: "loading",
      searchingNext: false,
    });
    const loaded = flowReducer(s, {
      type: "slotsLoaded",
      key: "k2",
      slots: { "2027-02-01": ["a"], "2027-02-03": ["b"] },
    });
    expect(loaded.selectedDate).toBe("2027-02-03");
    expect(flowReducer(base, { type: "searchNextDone", date: null }).notice).toEqual({
      kind: "info",
      code: "widget.noSlotsAhead",
    });
  });

  it("service calendars start with services unless the URL chose them", () => {
    expect(stepsFor("service", false)).toEqual(["services", "datetime", "details"]);
    expect(stepsFor("service", true)).toEqual(["datetime", "details"]);
    expect(stepsFor("class", false)).toEqual(["datetime", "details"]);
  });

  it("removing a guest drops their own picks and moves later guests' picks up with them", () => {
    const pick = (variationId: string) => ({ variationId, addOns: {} });
    const state: FlowState = {
      ...base,
      carts: [["cut"], ["cut"], ["cut"], ["cut"]],
      activeCart: 2,
      offers: { cut: pick("short"), "cut@1": pick("long"), "cut@2": pick("medium"), "cut@3": pick("long") },
    };
    const next = flowReducer(state, {
      type: "cartsChanged",
      carts: [["cut"], ["cut"], ["cut"]],
      activeCart: 1,
      removedGuest: 2,
    });
    expect(next.offers).toEqual({ cut: pick("short"), "cut@1": pick("long"), "cut@2": pick("long") });
    // Other cart changes keep every pick.
    expect(flowReducer(state, { type: "cartsChanged", carts: state.carts, activeCart: 0 }).offers).toBe(state.offers);
  });

  it("restores a saved flow (language switch): place and input back, a foreign step ignored", () => {
    const typed: FlowState = {
      ...base,
      step: "details",
      selectedSlot: "2026-12-01T09:00:00+01:00",
      details: { ...EMPTY_DETAILS, firstName: "Zofia" },
      errors: { firstName: "x" },
    };
    const restored = flowReducer(base, { type: "restored", saved: saveFlow(typed) });
    expect(restored).toMatchObject({ step: "details", selectedSlot: typed.selectedSlot, errors: {} });
    expect(restored.details.firstName).toBe("Zofia");
    const foreign = flowReducer(base, { type: "restored", saved: { ...saveFlow(typed), step: "services" } });
    expect(foreign.step).toBe("datetime");
  });
});

describe("class seats in the flow", () => {
  const seats = { left: { "2026-12-03T10:00:00+01:00": 3 }, full: { "2026-12-04": ["2026-12-04T10:00:00+01:00"] } };
  const slots = { "2026-12-03": ["2026-12-03T10:00:00+01:00"], "2026-12-04": [] };

  it("keeps the seats of the answer it takes, and drops them with the month they belong to", () => {
    const loaded = flowReducer(base, { type: "slotsLoaded", key: "k1", slots, seats });
    expect(loaded.seats).toEqual(seats);
    // A day with only full classes is not where the flow starts.
    expect(loaded.selectedDate).toBe("2026-12-03");
    const changed = flowReducer(loaded, { type: "slotsChanged", key: "k1", slots, seats: null });
    expect(changed.seats).toBeNull();
    const next = flowReducer(loaded, { type: "monthShown", month: "2027-01", key: "k2" });
    expect(next.seats).toBeNull();
    expect(flowReducer(loaded, { type: "slotsFailed", key: "k1", code: "NETWORK" }).seats).toBeNull();
  });

  it("keeps an applied coupon's quote only while the choices it was asked for stay the same", () => {
    const onDetails: FlowState = {
      ...base,
      step: "details",
      selectedSlot: "2026-12-02T10:00:00+01:00",
      details: { ...EMPTY_DETAILS, couponCode: "spring10", email: "a@b.org" },
    };
    const q: Quote = {
      currency: "EUR",
      subtotalMinor: 8000,
      discountMinor: 800,
      totalMinor: 7200,
      depositMinor: 0,
      couponCode: "SPRING10",
      payment: null,
    };
    const quoted = flowReducer(onDetails, { type: "quoted", quoted: { key: quoteKey(onDetails), quote: q } });
    expect(currentQuote(quoted)).toEqual(q);
    // Typing elsewhere keeps it; a new code, e-mail, guest count, slot or cart drops it.
    const typed = flowReducer(quoted, { type: "detailsChanged", patch: { firstName: "Ann", notes: "hi" } });
    expect(currentQuote(typed)).toEqual(q);
    for (const patch of [{ couponCode: "SPRING1" }, { email: "c@d.org" }, { guestCount: "2" }])
      expect(currentQuote(flowReducer(quoted, { type: "detailsChanged", patch }))).toBeNull();
    expect(currentQuote({ ...quoted, selectedSlot: "2026-12-02T10:30:00+01:00" })).toBeNull();
    expect(currentQuote({ ...quoted, carts: [["cut"]] })).toBeNull();
    // Surrounding spaces do not change the code.
    expect(currentQuote(flowReducer(quoted, { type: "detailsChanged", patch: { couponCode: " spring10 " } }))).toEqual(
      q,
    );
    expect(currentQuote(flowReducer(quoted, { type: "quoted", quoted: null }))).toBeNull();
  });
  it("keeps a series' price for the summary only while repeating with the choices it was asked for", () => {
    const repeat = { frequency: "weekly" as const, interval: 1, count: 4 };
    const repeating: FlowState = {
      ...base,
      step: "details",
      selectedSlot: "2026-12-02T10:00:00+01:00",
      details: { ...EMPTY_DETAILS, repeat },
    };
    const price = { totalMinor: 24000, depositMinor: 4800, count: 4 };
    const priced = flowReducer(repeating, { type: "seriesPriced", series: { key: seriesKey(repeating), price } });
    expect(currentSeries(priced)).toEqual(price);
    // Typing a coupon (not applied yet) or a name keeps it; another count, slot or "once" drops it.
    for (const patch of [{ couponCode: "SPRING10" }, { firstName: "Ann" }])
      expect(currentSeries(flowReducer(priced, { type: "detailsChanged", patch }))).toEqual(price);
    expect(
      currentSeries(flowReducer(priced, { type: "detailsChanged", patch: { repeat: { ...repeat, count: 3 } } })),
    ).toBeNull();
    expect(currentSeries(flowReducer(priced, { type: "detailsChanged", patch: { repeat: null } }))).toBeNull();
    expect(currentSeries({ ...priced, selectedSlot: "2026-12-02T10:30:00+01:00" })).toBeNull();
    // An applied coupon asks the series again: the price without it no longer holds.
    const withCoupon = { ...priced, details: { ...priced.details, couponCode: "SPRING10", email: "a@b.org" } };
    const q: Quote = {
      currency: "EUR",
      subtotalMinor: 24000,
      discountMinor: 2400,
      totalMinor: 21600,
      depositMinor: 4320,
      couponCode: "SPRING10",
      payment: null,
    };
    const applied = flowReducer(withCoupon, { type: "quoted", quoted: { key: quoteKey(withCoupon), quote: q } });
    expect(currentSeries(applied)).toBeNull();
  });
});

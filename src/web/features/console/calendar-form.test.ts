import { describe, expect, it } from "vitest";
import { DEFAULT_CALENDAR_SETTINGS } from "../../../core/calendar/calendar-setup.ts";
import { calendarBody, draftOf, newDraft, primaryOf } from "./calendar-form.tsx";

const newDraftCalendar = {
  type: "personal",
  name: "Tour",
  slug: "tour",
  description: "",
  members: [],
  serviceIds: [],
  formId: null,
  isPrivate: false,
  settings: DEFAULT_CALENDAR_SETTINGS,
} as const;
import { slugOf } from "./slug.ts";

describe("slugOf", () => {
  it.each([
    ["Intro call", "intro-call"],
    ["  Ånna's   Yoga — Level 2! ", "anna-s-yoga-level-2"],
    ["Überprüfung", "uberprufung"],
    ["!!!", ""],
    ["a".repeat(79) + " b", "a".repeat(79)],
  ])("%j → %j", (name, slug) => {
    expect(slugOf(name)).toBe(slug);
  });
});

describe("calendarBody", () => {
  const draft = { ...newDraft("EUR"), name: "Tour", slug: " tour ", members: ["s1", "s2"] };

  it("turns typed prices into minor units of the currency, with a comma or a point", () => {
    expect(calendarBody({ ...draft, price: "25,50" }, "EUR").settings.priceCents).toBe(2550);
    expect(calendarBody({ ...draft, price: "1500" }, "JPY").settings.priceCents).toBe(1500);
    expect(calendarBody({ ...draft, price: "1.234" }, "KWD").settings.priceCents).toBe(1234);
  });

  it("sends what is not a number as null, for the API to refuse at that field", () => {
    const body = calendarBody({ ...draft, duration: "ten", bufferAfter: "" }, "EUR");
    expect(body.settings.durationMinutes).toBeNull();
    expect(body.settings.bufferAfterMinutes).toBeNull();
  });

  it("keeps one host for a personal calendar, seats and no guests for a class, services only for a service calendar", () => {
    expect(calendarBody(draft, "EUR").members.map((m) => m.staffId)).toEqual(["s1"]);
    const forClass = calendarBody({ ...draft, type: "class", seats: "12" }, "EUR");
    expect(forClass.settings).toMatchObject({ seatsPerSlot: 12, guestMode: "none" });
    expect(calendarBody({ ...draft, services: ["x"] }, "EUR")).not.toHaveProperty("serviceIds");
    const forService = calendarBody({ ...draft, type: "service", services: ["x"] }, "EUR");
    expect(forService).toMatchObject({ serviceIds: ["x"], members: [{ staffId: "s1" }, { staffId: "s2" }] });
  });

  it("leaves the type out of a change (the API does not change types) and sends members' priorities as loaded", () => {
    const loaded = draftOf(
      {
        ...newDraftCalendar,
        type: "round_robin",
        members: [
          { staffId: "s2", priority: 1, isPrimary: false },
          { staffId: "s3", priority: 0, isPrimary: false },
        ],
      },
      "EUR",
    );
    expect(loaded.priorities).toEqual({ s2: 1, s3: 0 });
    const current = {} as Parameters<typeof calendarBody>[2];
    // s3 unticked, s1 ticked: s1 takes the normal priority, s2 keeps its high one.
    const body = calendarBody({ ...loaded, members: ["s1", "s2"] }, "EUR", current);
    expect(body).not.toHaveProperty("type");
    expect(body.members).toEqual([
      { staffId: "s1", priority: 0.5, isPrimary: false },
      { staffId: "s2", priority: 1, isPrimary: false },
    ]);
    expect(body.slug).toBe("tour");
  });

  it("marks exactly one primary owner of a collective: the chosen member while still in the team, else the first", () => {
    const loaded = draftOf(
      {
        ...newDraftCalendar,
        type: "collective",
        members: [
          { staffId: "s1", priority: 0.5, isPrimary: false },
          { staffId: "s2", priority: 0.5, isPrimary: true },
        ],
      },
      "EUR",
    );
    expect(primaryOf(loaded)).toBe("s2");
    expect(calendarBody(loaded, "EUR").members.map((m) => m.isPrimary)).toEqual([false, true]);
    const without = { ...loaded, members: ["s3", "s1"] };
    expect(primaryOf(without)).toBe("s3");
    expect(calendarBody(without, "EUR").members.map((m) => m.isPrimary)).toEqual([true, false]);
    expect(primaryOf({ members: [], primary: "s2" })).toBe("");
    // Elsewhere no member is marked: the server makes a single host primary.
    expect(calendarBody({ ...loaded, type: "round_robin" }, "EUR").members.every((m) => !m.isPrimary)).toBe(true);
  });

  it("sends privacy and the full-refund hours; empty is always, what is no whole number goes as typed", () => {
    const shown = draftOf(
      { ...newDraftCalendar, isPrivate: true, settings: { ...DEFAULT_CALENDAR_SETTINGS, fullRefundHoursBefore: 48 } },
      "EUR",
    );
    expect(shown).toMatchObject({ isPrivate: true, fullRefund: "48" });
    expect(calendarBody(shown, "EUR")).toMatchObject({ isPrivate: true, settings: { fullRefundHoursBefore: 48 } });
    expect(calendarBody({ ...shown, fullRefund: " " }, "EUR").settings.fullRefundHoursBefore).toBeNull();
    expect(calendarBody({ ...shown, fullRefund: "1,5" }, "EUR").settings.fullRefundHoursBefore).toBe("1,5");
    expect(newDraft("EUR")).toMatchObject({ isPrivate: false, fullRefund: "" });
  });

  it("sends reminders typed in hours as minutes, a comma as the decimal sign, what is no number as null", () => {
    const typed = { ...draft, remindBefore: ["24", "1,5", "soon"], followUp: " ", remindBySms: true };
    expect(calendarBody(typed, "EUR").settings.reminders).toEqual({
      beforeMinutes: [1440, 90, null],
      followUpAfterMinutes: null,
      sms: true,
    });
    expect(calendarBody({ ...draft, followUp: "2" }, "EUR").settings.reminders.followUpAfterMinutes).toBe(120);
    const shown = draftOf(
      {
        ...newDraftCalendar,
        settings: { ...newDraftCalendar.settings, reminders: { beforeMinutes: [1440, 30], followUpAfterMinutes: 90 } },
      },
      "EUR",
    );
    expect([shown.remindBefore, shown.followUp, shown.remindBySms]).toEqual([["24", "0.5"], "1.5", false]);
  });

  it("sends a deposit as an amount in minor units or as a percentage", () => {
    expect(calendarBody({ ...draft, depositKind: "amount", deposit: "10" }, "EUR").settings.deposit).toEqual({
      kind: "amount",
      amountCents: 1000,
    });
    expect(calendarBody({ ...draft, depositKind: "percentage", deposit: "20" }, "EUR").settings.deposit).toEqual({
      kind: "percentage",
      percent: 20,
    });
    expect(calendarBody(draft, "EUR").settings.deposit).toBeNull();
  });

  it("sends the booking period, the daily limits and the deadline for changes; empty is none", () => {
    const typed = { ...draft, windowKind: "rolling_available_days" as const, windowDays: "14", maxPerDay: "8" };
    expect(calendarBody(typed, "EUR").settings).toMatchObject({
      bookingWindow: { kind: "rolling_available_days", days: 14 },
      maxBookingsPerDay: 8,
      maxBookingsPerDayPerStaff: null,
      changeCutoffMinutes: 1440,
    });
    const range = { ...draft, windowKind: "date_range" as const, windowStart: "2030-06-01", windowEnd: "2030-08-31" };
    // What is not a number goes as typed, for the API to refuse at its field (null would mean "no limit").
    expect(calendarBody({ ...range, changeCutoff: "", maxPerDay: "many" }, "EUR").settings).toMatchObject({
      bookingWindow: { kind: "date_range", start: "2030-06-01", end: "2030-08-31" },
      changeCutoffMinutes: null,
      maxBookingsPerDay: "many",
    });
    expect(calendarBody({ ...draft, followUp: "later" }, "EUR").settings.reminders.followUpAfterMinutes).toBe("later");
    expect(calendarBody({ ...draft, windowDays: "soon" }, "EUR").settings.bookingWindow).toEqual({
      kind: "rolling_days",
      days: null,
    });
    const shown = draftOf(
      {
        ...newDraftCalendar,
        settings: {
          ...newDraftCalendar.settings,
          bookingWindow: { kind: "date_range", start: "2030-06-01", end: "2030-08-31" },
          maxBookingsPerDayPerStaff: 3,
          changeCutoffMinutes: 90,
        },
      },
      "EUR",
    );
    expect([shown.windowKind, shown.windowStart, shown.windowEnd, shown.maxPerDayPerStaff, shown.changeCutoff]).toEqual(
      ["date_range", "2030-06-01", "2030-08-31", "3", "1.5"],
    );
  });

  it("sends the location (none, or its kind and text; nothing typed for asking the visitor)", () => {
    expect(calendarBody(draft, "EUR").settings.location).toBeNull();
    const at = { ...draft, locationKind: "physical" as const, locationValue: " Main St 1 " };
    expect(calendarBody(at, "EUR").settings.location).toEqual({ kind: "physical", value: "Main St 1" });
    expect(calendarBody({ ...at, locationKind: "ask_booker" }, "EUR").settings.location).toEqual({
      kind: "ask_booker",
      value: "",
    });
  });

  it("sends Look Busy, required guests, series, the attached form and the round-robin mode only where they apply", () => {
    const typed = {
      ...draft,
      lookBusy: " 30 ",
      requireGuests: true,
      recurringOn: true,
      frequencies: ["weekly/1", "weekly/2"],
      maxCount: "6",
      policy: "book_next" as const,
      formId: "f1",
      roundRobinMode: "equal_distribution" as const,
    };
    const body = calendarBody(typed, "EUR");
    expect(body.settings).toMatchObject({
      lookBusyPercent: 30,
      requireGuests: true,
      recurring: { frequencies: ["weekly", { frequency: "weekly", interval: 2 }], maxCount: 6, policy: "book_next" },
    });
    expect(body.settings).not.toHaveProperty("roundRobinMode");
    expect(body.formId).toBe("f1");
    expect(calendarBody({ ...typed, type: "round_robin" }, "EUR").settings.roundRobinMode).toBe("equal_distribution");
    // Not offered there: classes get no Look Busy or required guests, service calendars no series.
    const forClass = calendarBody({ ...typed, type: "class", seats: "10", showSeats: false }, "EUR").settings;
    expect(forClass).not.toHaveProperty("lookBusyPercent");
    expect(forClass).toMatchObject({ requireGuests: false, displayAvailableSeats: false });
    expect(calendarBody({ ...typed, type: "service" }, "EUR").settings).not.toHaveProperty("recurring");
    // Off is null; empty Look Busy is 0; what is not a whole number goes as typed, for the API to refuse at its field.
    const off = calendarBody({ ...typed, recurringOn: false, lookBusy: "", formId: "" }, "EUR");
    expect([off.settings.recurring, off.settings.lookBusyPercent, off.formId]).toEqual([null, 0, null]);
    expect(calendarBody({ ...typed, lookBusy: "lots", maxCount: "six" }, "EUR").settings).toMatchObject({
      lookBusyPercent: "lots",
      recurring: { maxCount: "six" },
    });
  });

  it("shows the stored series, Look Busy and form; a calendar without a series starts from every week", () => {
    const shown = draftOf(
      {
        ...newDraftCalendar,
        formId: "f1",
        settings: {
          ...newDraftCalendar.settings,
          lookBusyPercent: 40,
          recurring: {
            frequencies: ["daily", { frequency: "monthly", interval: 3 }],
            maxCount: 12,
            policy: "continue",
          },
        },
      },
      "EUR",
    );
    expect([shown.lookBusy, shown.formId, shown.recurringOn, shown.frequencies, shown.maxCount, shown.policy]).toEqual([
      "40",
      "f1",
      true,
      ["daily/1", "monthly/3"],
      "12",
      "continue",
    ]);
    const fresh = newDraft("EUR");
    expect([fresh.lookBusy, fresh.recurringOn, fresh.frequencies, fresh.showSeats]).toEqual([
      "0",
      false,
      ["weekly/1"],
      true,
    ]);
  });
});

import { describe, expect, it } from "vitest";
import { EMPTY_DETAILS } from "./flow-reducer.ts";
import { validateDetails } from "./details-validation.ts";
import { newGuestCart, validateCarts } from "./validation.ts";

const config = {
  type: "personal" as const,
  guestMode: "collect_detail" as const,
  requireGuests: false,
  questions: [],
  location: null,
};
const valid = { ...EMPTY_DETAILS, firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" };

describe("details validation (spec §5)", () => {
  it("accepts a complete form and reports every missing field", () => {
    expect(validateDetails(config, valid, "2026-11-22").errors).toEqual({});
    expect(validateDetails(config, EMPTY_DETAILS, "2026-11-22").errors).toEqual({
      firstName: "widget.validation.required",
      lastName: "widget.validation.required",
      email: "widget.validation.emailRequired",
    });
  });

  it.each([
    [
      { name: "", email: "" },
      {
        "guests.0.name": "widget.validation.guestNameRequired",
        "guests.0.email": "widget.validation.guestEmailRequired",
      },
    ],
    [
      { name: "R2-D2 ", email: "r2@x" },
      { "guests.0.name": "widget.validation.guestNameInvalid", "guests.0.email": "widget.validation.emailInvalid" },
    ],
    [{ name: "Charles", email: "ADA@example.com" }, { "guests.0.email": "widget.validation.guestEmailDuplicate" }],
    [{ name: "Zoë O'Brien", email: "zoe@example.com" }, {}],
  ])("guest %j", (guest, errors) => {
    expect(validateDetails(config, { ...valid, guests: [guest] }, "2026-11-22").errors).toEqual(errors);
  });

  it("a guest count is 1 to 100", () => {
    const countOnly = { ...config, guestMode: "count_only" as const };
    for (const [count, ok] of [
      ["0", false],
      ["1", true],
      ["100", true],
      ["101", false],
      ["2.5", false],
      ["", true],
    ] as const) {
      expect({
        count,
        ok: !validateDetails(countOnly, { ...valid, guestCount: count }, "2026-11-22").errors.guestCount,
      }).toEqual({ count, ok });
    }
  });

  it("a calendar that requires guests wants one, by name or by count, next to the guests", () => {
    const required = { ...config, requireGuests: true };
    expect(validateDetails(required, valid, "2026-11-22").errors).toEqual({ guestCount: "problem.GUESTS_REQUIRED" });
    const guest = { name: "Charles Babbage", email: "charles@example.com" };
    expect(validateDetails(required, { ...valid, guests: [guest] }, "2026-11-22").errors).toEqual({});
    const countOnly = { ...required, guestMode: "count_only" as const };
    expect(validateDetails(countOnly, { ...valid, guestCount: "" }, "2026-11-22").errors.guestCount).toBe(
      "problem.GUESTS_REQUIRED",
    );
    // An invalid count keeps its own message.
    expect(validateDetails(countOnly, { ...valid, guestCount: "0" }, "2026-11-22").errors.guestCount).toBe(
      "widget.validation.guestCount",
    );
    expect(validateDetails(countOnly, { ...valid, guestCount: "2" }, "2026-11-22").errors).toEqual({});
  });

  it("questions, location, phone and date of birth", () => {
    const withQuestions = {
      ...config,
      location: { kind: "ask_booker" as const, value: "" },
      questions: [
        { id: "q1", label: "Why", kind: "text" as const, required: true },
        { id: "q2", label: "Pick", kind: "checkbox" as const, required: true, options: ["a", "b"] },
        { id: "q3", label: "One of", kind: "select" as const, required: true, options: ["a", "b"] },
      ],
    };
    expect(
      validateDetails(withQuestions, { ...valid, phone: "call me", dateOfBirth: "2030-01-01" }, "2026-11-22", true)
        .errors,
    ).toEqual({
      phone: "widget.validation.phoneInvalid",
      dateOfBirth: "widget.validation.dateOfBirthInvalid",
      location: "widget.validation.location",
      "answers.q1": "widget.validation.required",
      "answers.q2": "widget.validation.option",
      // One choice: "choose an option", not "at least one".
      "answers.q3": "widget.validation.chooseOne",
    });
  });
});

describe("services per guest", () => {
  const services = [
    { id: "cut", maxGuestsPerSlot: 2 },
    { id: "colour", maxGuestsPerSlot: 1 },
  ];
  it("every attendee needs a service", () => {
    expect(validateCarts([["cut"], []], services).errors).toEqual({ services: "widget.validation.servicesForAll" });
  });
  it("a service takes at most its guest limit, with the count for the message", () => {
    expect(validateCarts([["colour"], ["colour", "cut"]], services)).toEqual({
      errors: { "service.colour": "widget.validation.serviceLimit" },
      values: { "service.colour": { count: 1 } },
    });
    expect(validateCarts([["cut"], ["cut"]], services).errors).toEqual({});
  });
});

describe("newGuestCart (issue 23: adding a guest started with an error)", () => {
  const limits = [
    { id: "colour", maxGuestsPerSlot: 1 },
    { id: "cut", maxGuestsPerSlot: 2 },
    { id: "wash", maxGuestsPerSlot: 0 },
  ];
  it("takes the booker's services that still have room, and never breaks a limit", () => {
    expect(newGuestCart([["colour", "cut", "wash"]], limits)).toEqual(["cut", "wash"]);
    expect(newGuestCart([["cut"], ["cut"]], limits)).toEqual([]);
    expect(newGuestCart([["colour"]], limits)).toEqual([]);
    for (const carts of [[["colour", "cut"]], [["cut", "wash"], ["cut"]], [[]]]) {
      const next = [...carts, newGuestCart(carts, limits)];
      expect(Object.keys(validateCarts(next, limits).errors).filter((k) => k.startsWith("service."))).toEqual([]);
    }
  });
});

import { describe, expect, it } from "vitest";
import { validateAnswers } from "./answers.ts";
import { validateGuests } from "./guests.ts";
import { isManageTokenFormat } from "./manage-token.ts";
import { initialStatus, nextStatus, occupies, visitorChangeRefusal } from "./policy.ts";
import { quotePrice } from "./pricing.ts";

const HOUR = 3_600_000;

describe("validateGuests", () => {
  it.each([
    [undefined, "collect_detail", { count: 0 }],
    [3, "count_only", { count: 3 }],
    [100, "count_only", { count: 100 }],
  ] as const)("accepts %j in %s mode", (input, mode, expected) => {
    const r = validateGuests(input, mode);
    expect(r.ok && r.value.count).toBe(expected.count);
  });

  it.each([
    [101, "GUEST_COUNT_RANGE"],
    [-1, "GUEST_COUNT_RANGE"],
    [1.5, "GUEST_COUNT_RANGE"],
    [[{ name: "", email: "a@b.co" }], "GUEST_NAME_REQUIRED"],
    [[{ name: "R2-D2 <script>", email: "a@b.co" }], "GUEST_NAME_INVALID"],
    [[{ name: "Ann", email: "" }], "GUEST_EMAIL_REQUIRED"],
    [[{ name: "Ann", email: "not-an-email" }], "GUEST_EMAIL_INVALID"],
    [
      [
        { name: "Ann", email: "a@b.co" },
        { name: "Bo", email: "A@B.co" },
      ],
      "GUEST_EMAIL_DUPLICATE",
    ],
  ] as const)("refuses %j with %s", (input, code) => {
    const r = validateGuests(input as never, "collect_detail");
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe(code);
  });

  it("refuses a guest with the booker's own email, as the page does (issue 23)", () => {
    const r = validateGuests([{ name: "Ann", email: " Booker@B.co " }], "collect_detail", "booker@b.co");
    expect(!r.ok && r.error.fields).toEqual([{ path: "guests.0.email", code: "GUEST_EMAIL_DUPLICATE" }]);
    expect(validateGuests([{ name: "Ann", email: "ann@b.co" }], "collect_detail", "booker@b.co").ok).toBe(true);
  });

  it("accepts names in any script with apostrophes and hyphens, and reports every field", () => {
    expect(
      validateGuests(
        [
          { name: "Liam O'Connor", email: "l@x.io" },
          { name: "Zoë Ångström-Ødegård", email: "z@x.io" },
          { name: "佐藤 花子", email: "s@x.jp" },
        ],
        "collect_detail",
      ).ok,
    ).toBe(true);
    const r = validateGuests([{ name: "", email: "" }], "collect_detail");
    expect(!r.ok && r.error.fields?.map((f) => f.code)).toEqual(["GUEST_NAME_REQUIRED", "GUEST_EMAIL_REQUIRED"]);
  });

  it("refuses guests where the calendar takes none", () => {
    const r = validateGuests(2, "none");
    expect(!r.ok && r.error.code).toBe("GUESTS_NOT_ALLOWED");
  });
});

describe("visitorChangeRefusal", () => {
  const settings = { allowReschedule: true, allowCancel: true, changeCutoffMinutes: 24 * 60 };
  const start = 100 * HOUR;
  it("allows changes before the cut-off and refuses inside it", () => {
    expect(visitorChangeRefusal("cancel", settings, "confirmed", start, start - 25 * HOUR)).toBeNull();
    expect(visitorChangeRefusal("cancel", settings, "confirmed", start, start - 24 * HOUR)).toBeNull();
    expect(visitorChangeRefusal("cancel", settings, "confirmed", start, start - 23 * HOUR)).toBe(
      "CHANGE_WINDOW_CLOSED",
    );
    expect(
      visitorChangeRefusal("reschedule", { ...settings, changeCutoffMinutes: null }, "new", start, start + HOUR),
    ).toBeNull();
  });
  it("lets a request (not confirmed yet) be withdrawn inside the cut-off, until its start; not moved", () => {
    expect(visitorChangeRefusal("cancel", settings, "new", start, start - 2 * HOUR)).toBeNull();
    expect(visitorChangeRefusal("cancel", settings, "new", start, start)).toBeNull();
    expect(visitorChangeRefusal("cancel", settings, "new", start, start + 1)).toBe("CHANGE_WINDOW_CLOSED");
    expect(visitorChangeRefusal("reschedule", settings, "new", start, start - 2 * HOUR)).toBe("CHANGE_WINDOW_CLOSED");
    expect(visitorChangeRefusal("cancel", { ...settings, allowCancel: false }, "new", start, start - 2 * HOUR)).toBe(
      "CANCEL_NOT_ALLOWED",
    );
  });
  it("honours the calendar switches and the cancelled state", () => {
    expect(visitorChangeRefusal("reschedule", { ...settings, allowReschedule: false }, "confirmed", start, 0)).toBe(
      "RESCHEDULE_NOT_ALLOWED",
    );
    expect(visitorChangeRefusal("cancel", { ...settings, allowCancel: false }, "confirmed", start, 0)).toBe(
      "CANCEL_NOT_ALLOWED",
    );
    expect(visitorChangeRefusal("cancel", settings, "cancelled", start, 0)).toBe("BOOKING_CANCELLED");
  });
});

describe("status lifecycle", () => {
  it.each([
    ["new", "confirm", "confirmed"],
    ["new", "decline", "cancelled"],
    ["confirmed", "confirm", null],
    ["confirmed", "decline", null],
    ["confirmed", "cancel", "cancelled"],
    ["cancelled", "cancel", null],
    ["cancelled", "reschedule", null],
    ["new", "reschedule", "new"],
  ] as const)("%s --%s--> %s", (from, t, to) => {
    expect(nextStatus(from, t)).toBe(to);
  });
  it("requests start as new and block per unconfirmedBlocks", () => {
    expect(initialStatus({ autoConfirm: false })).toBe("new");
    expect(initialStatus({ autoConfirm: true })).toBe("confirmed");
    expect(occupies("new", { unconfirmedBlocks: false })).toBe(false);
    expect(occupies("new", { unconfirmedBlocks: true })).toBe(true);
    expect(occupies("cancelled", { unconfirmedBlocks: true })).toBe(false);
  });
});

describe("quotePrice", () => {
  it("multiplies by attendees and computes deposits", () => {
    expect(quotePrice([1500], 3, null)).toEqual({ totalCents: 4500, depositCents: 0 });
    expect(quotePrice([3500, 12000], 1, { kind: "percentage", percent: 30 })).toEqual({
      totalCents: 15500,
      depositCents: 4650,
    });
    expect(quotePrice([1001], 1, { kind: "percentage", percent: 50 })).toEqual({ totalCents: 1001, depositCents: 501 });
    expect(quotePrice([1000], 1, { kind: "amount", amountCents: 5000 })).toEqual({
      totalCents: 1000,
      depositCents: 1000,
    });
    expect(quotePrice([0], 1, { kind: "amount", amountCents: 5000 })).toEqual({ totalCents: 0, depositCents: 0 });
  });
});

describe("validateAnswers", () => {
  const questions = [
    { id: "goal", label: "Goal", kind: "text", required: true },
    { id: "topics", label: "Topics", kind: "checkbox", required: true, options: ["a", "b"] },
    { id: "note", label: "Note", kind: "textarea", required: false },
  ] as const;
  it("reports required fields, options and the booker's location", () => {
    const r = validateAnswers(questions as never, { topics: ["zzz"] }, true, "");
    expect(!r.ok && r.error.fields?.map((f) => f.code)).toEqual([
      "FIELD_REQUIRED",
      "OPTION_REQUIRED",
      "LOCATION_REQUIRED",
    ]);
  });
  it("keeps known answers only", () => {
    const r = validateAnswers(questions as never, { goal: " grow ", topics: ["a"], extra: "x" }, false, null);
    expect(r.ok && r.value).toEqual({ goal: "grow", topics: ["a"] });
  });
});

describe("isManageTokenFormat", () => {
  it("recognises 43 base64url characters only", () => {
    expect(isManageTokenFormat("a".repeat(43))).toBe(true);
    expect(isManageTokenFormat("a".repeat(42))).toBe(false);
    expect(isManageTokenFormat("a".repeat(42) + "=")).toBe(false);
    expect(isManageTokenFormat(undefined)).toBe(false);
  });
});

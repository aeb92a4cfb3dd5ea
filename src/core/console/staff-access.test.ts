import { describe, expect, it } from "vitest";
import { mayCall, servesBooking, type ConsoleActor } from "./staff-access.ts";
import { passwordProblem } from "./password-policy.ts";

const owner: ConsoleActor = { userId: "u1", role: "owner", staffId: null };
const staff: ConsoleActor = { userId: "u2", role: "staff", staffId: "s1" };
const unlinked: ConsoleActor = { userId: "u3", role: "staff", staffId: null };

describe("mayCall", () => {
  it("lets an owner call anything", () => {
    for (const [m, p] of [
      ["DELETE", "/staff/s9"],
      ["POST", "/api-keys"],
      ["PATCH", "/"],
    ] as const)
      expect(mayCall(owner, m, p)).toBe(true);
  });

  it("lets staff read the catalogue and act on bookings", () => {
    expect(mayCall(staff, "GET", "/")).toBe(true);
    expect(mayCall(staff, "GET", "/calendars")).toBe(true);
    expect(mayCall(staff, "GET", "/bookings")).toBe(true);
    expect(mayCall(staff, "POST", "/bookings/b1/confirm")).toBe(true);
    expect(mayCall(staff, "POST", "/bookings/b1/reschedule")).toBe(true);
  });

  it("keeps staff off everything owners configure", () => {
    for (const [m, p] of [
      ["PATCH", "/"],
      ["GET", "/api-keys"],
      ["POST", "/calendars"],
      ["GET", "/staff"],
      ["POST", "/bookings/b1/refund"],
      ["GET", "/bookings/b1/payments"],
      ["GET", "/webhooks"],
    ] as const)
      expect(mayCall(staff, m, p), `${m} ${p}`).toBe(false);
  });

  it("lets staff manage their own hours and time off, nobody else's, and not remove themselves", () => {
    expect(mayCall(staff, "GET", "/staff/s1")).toBe(true);
    expect(mayCall(staff, "PUT", "/staff/s1/weekly-hours")).toBe(true);
    expect(mayCall(staff, "PUT", "/staff/s1/date-hours/2026-12-24")).toBe(true);
    expect(mayCall(staff, "POST", "/staff/s1/time-off")).toBe(true);
    expect(mayCall(staff, "DELETE", "/staff/s1/time-off/t1")).toBe(true);
    expect(mayCall(staff, "DELETE", "/staff/s1")).toBe(false);
    expect(mayCall(staff, "PATCH", "/staff/s1")).toBe(false);
    expect(mayCall(staff, "PUT", "/staff/s2/weekly-hours")).toBe(false);
    expect(mayCall(unlinked, "GET", "/staff/s1")).toBe(false);
  });

  it("lets staff connect their own calendars and make their own feed, nobody else's", () => {
    expect(mayCall(staff, "POST", "/staff/s1/calendars")).toBe(true);
    expect(mayCall(staff, "POST", "/staff/s1/calendars/c1/sync")).toBe(true);
    expect(mayCall(staff, "DELETE", "/staff/s1/calendars/c1")).toBe(true);
    expect(mayCall(staff, "POST", "/staff/s1/feed")).toBe(true);
    expect(mayCall(staff, "POST", "/staff/s2/calendars")).toBe(false);
    expect(mayCall(staff, "POST", "/staff/s2/feed")).toBe(false);
    expect(mayCall(staff, "POST", "/staff/s1/calendars/c1/other")).toBe(false);
  });
});

describe("servesBooking", () => {
  it("is every booking for an owner and only their own for staff", () => {
    expect(servesBooking(owner, ["s7"])).toBe(true);
    expect(servesBooking(staff, ["s7", "s1"])).toBe(true);
    expect(servesBooking(staff, ["s7"])).toBe(false);
    expect(servesBooking(unlinked, ["s7"])).toBe(false);
  });
});

describe("passwordProblem", () => {
  it("follows the ASVS length rules, counting what the user sees", () => {
    expect(passwordProblem("short pass", "a@b.c")).toBe("PASSWORD_TOO_SHORT");
    expect(passwordProblem("twelve chars", "a@b.c")).toBeNull();
    expect(passwordProblem("🙂".repeat(11), "a@b.c")).toBe("PASSWORD_TOO_SHORT");
    expect(passwordProblem("x".repeat(129), "a@b.c")).toBe("PASSWORD_TOO_LONG");
    expect(passwordProblem("Owner@Example.com", "owner@example.com")).toBe("PASSWORD_IS_EMAIL");
  });
});

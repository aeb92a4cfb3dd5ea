import { describe, expect, it } from "vitest";
import { bookingStatusKey } from "./booking-status.ts";

describe("a booking's status in the console", () => {
  it("tells a payment that never came from a cancellation", () => {
    expect(bookingStatusKey({ status: "cancelled", cancelReason: "payment_expired" })).toBe(
      "console.status.payment_expired",
    );
    expect(bookingStatusKey({ status: "cancelled", cancelReason: "Feeling ill" })).toBe("console.status.cancelled");
    expect(bookingStatusKey({ status: "cancelled", cancelReason: null })).toBe("console.status.cancelled");
    expect(bookingStatusKey({ status: "pending_payment", cancelReason: null })).toBe("console.status.pending_payment");
  });
});

import { describe, expect, it } from "vitest";
import { notification } from "../../../tests/support/booking-snapshot.ts";
import { eventsOf, webhookPayload } from "./events.ts";

describe("webhook events", () => {
  it("names each booking change, paid bookings twice", () => {
    expect(eventsOf("booking_confirmed", {})).toEqual(["booking.created"]);
    const paid = { payment: { paidMinor: 8000, totalMinor: 8000, currency: "EUR" } };
    expect(eventsOf("booking_confirmed", paid)).toEqual(["booking.created", "booking.paid"]);
    expect(eventsOf("request_confirmed", { payment: { ...paid.payment, held: true } })).toEqual(["booking.confirmed"]);
    expect(eventsOf("request_received", {})).toEqual(["booking.requested"]);
    expect(eventsOf("request_declined", {})).toEqual(["booking.declined"]);
    expect(eventsOf("booking_rescheduled", {})).toEqual(["booking.rescheduled"]);
    expect(eventsOf("payment_refunded", {})).toEqual(["booking.refunded"]);
    expect(eventsOf("booking_reminder", {})).toEqual([]);
  });

  it("carries the business's data about the booking and never the visitor's manage links", () => {
    const message = notification("booking_confirmed");
    const payload = webhookPayload("booking.created", message.booking, new Date("2026-06-01T09:00:00Z"));
    expect(payload).toMatchObject({
      type: "booking.created",
      version: 1,
      timestamp: "2026-06-01T09:00:00.000Z",
      data: { bookingId: message.booking.bookingId, contact: { email: "ada@visitor.example.com" } },
    });
    expect(JSON.stringify(payload)).not.toContain("tok123");
  });
});

import { describe, expect, it } from "vitest";
import { notification } from "../../../tests/support/booking-snapshot.ts";
import { NotificationMessageSchema } from "./notification-payload.ts";

describe("NotificationMessageSchema", () => {
  it("keeps a series' occurrences (issue 17): the one message tells every date", () => {
    const series = {
      occurrences: [
        {
          bookingId: "b0",
          uid: "b0@booking-widget",
          sequence: 0,
          status: "confirmed" as const,
          startUtc: "2026-06-15T14:30:00.000Z",
          endUtc: "2026-06-15T15:15:00.000Z",
        },
        {
          bookingId: null,
          uid: null,
          sequence: 0,
          status: "not_booked" as const,
          startUtc: "2026-06-22T14:30:00.000Z",
          endUtc: null,
        },
      ],
    };
    const message = notification("booking_confirmed", { series });
    expect(NotificationMessageSchema.parse(JSON.parse(JSON.stringify(message))).booking.series).toEqual(series);
  });
});

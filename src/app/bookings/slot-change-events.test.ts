import { describe, expect, it } from "vitest";
import type { BookingStore } from "./ports.ts";
import { createSlotChangeEvents, withSlotChangeEvents, type SlotChange } from "./slot-change-events.ts";

const record = { calendarId: "c1", staffIds: ["s1"] };
const fakeStore = (ok: boolean) =>
  ({
    loadCalendar: async () => null,
    loadBooking: async () => ({ ...record, staffIds: ["s0"] }),
    createBookings: async () => (ok ? { ok: true } : { ok: false, refusal: { code: "STAFF_BUSY", staffId: null } }),
    createHold: async () => ({ ok }),
    reschedule: async () => ({ ok }),
    changeStatus: async () => ({ ok, record }),
  }) as unknown as BookingStore;

describe("slot change events", () => {
  it("publishes after a successful commit only, with the calendar and the staff whose time changed", async () => {
    const events = createSlotChangeEvents();
    const seen: SlotChange[] = [];
    const stop = events.subscribe((c) => seen.push(c));
    const store = withSlotChangeEvents(fakeStore(true), events);
    await store.createHold({ calendarId: "c1", staffIds: ["s1"], items: [{ staffId: "s2" }] } as never);
    await store.reschedule({ bookingId: "b1", items: [{ staffId: "s1" }], classSeats: null } as never);
    await store.changeStatus({} as never);
    expect(seen).toEqual([
      { calendarId: "c1", staffIds: ["s1", "s2"] },
      { calendarId: "c1", staffIds: ["s0", "s1"] },
      { calendarId: "c1", staffIds: ["s1"] },
    ]);
    await withSlotChangeEvents(fakeStore(false), events).createBookings({ bookings: [] } as never);
    expect(seen).toHaveLength(3);
    stop();
    expect(await store.loadCalendar("x")).toBeNull();
  });

  it("a failing subscriber does not affect the others", () => {
    const events = createSlotChangeEvents();
    const seen: string[] = [];
    events.subscribe(() => {
      throw new Error("boom");
    });
    events.subscribe((c) => seen.push(c.calendarId));
    events.publish({ calendarId: "c9", staffIds: [] });
    expect(seen).toEqual(["c9"]);
  });
});

import { describe, expect, it } from "vitest";
import type { BookingStore } from "./ports.ts";
import {
  createSlotChangeEvents,
  slotChangeConcerns,
  withSlotChangeEvents,
  type SlotChange,
} from "./slot-change-events.ts";

const record = { calendarId: "c1", staffIds: ["s1"] };
const fakeStore = (ok: boolean) =>
  ({
    loadCalendar: async () => null,
    loadBooking: async () => ({ ...record, staffIds: ["s0"] }),
    createBookings: async () => (ok ? { ok: true } : { ok: false, refusal: { code: "STAFF_BUSY", staffId: null } }),
    createHold: async () => ({ ok }),
    releaseHold: async () => null,
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

  it("a released hold refreshes the pages of what it occupied; nothing released, nothing published", async () => {
    const events = createSlotChangeEvents();
    const seen: SlotChange[] = [];
    events.subscribe((c) => seen.push(c));
    const released = { staffIds: ["s1", "s2"], resourceIds: ["room-a"] };
    const store = withSlotChangeEvents(
      {
        ...fakeStore(true),
        releaseHold: async (_: string, __: string, id: string) => (id === "h1" ? released : null),
      } as never,
      events,
    );
    expect(await store.releaseHold("b1", "c1", "h1")).toEqual(released);
    expect(await store.releaseHold("b1", "c1", "gone")).toBeNull();
    expect(seen).toEqual([{ calendarId: "c1", staffIds: ["s1", "s2"], resourceIds: ["room-a"] }]);
  });

  it("a hold that replaces another refreshes the pages of what the replaced one occupied too", async () => {
    const events = createSlotChangeEvents();
    const seen: SlotChange[] = [];
    events.subscribe((c) => seen.push(c));
    // The replaced hold's staff (its service lines' included) and rooms, as the store let them go.
    const replaced = { staffIds: ["s9", "s8"], resourceIds: ["room-c"] };
    const store = withSlotChangeEvents(
      {
        ...fakeStore(true),
        createHold: async (command: { replacesHoldId?: string }) => ({
          ok: true,
          replaced: command.replacesHoldId === "h0" ? replaced : null,
        }),
      } as never,
      events,
    );
    await store.createHold({ calendarId: "c1", staffIds: ["s1"], items: [], replacesHoldId: "h0" } as never);
    // Nothing let go (another calendar's hold id, or none): only the new hold's pages.
    await store.createHold({ calendarId: "c2", staffIds: ["s1"], items: [], replacesHoldId: "other" } as never);
    expect(seen).toEqual([
      { calendarId: "c1", staffIds: ["s1", "s9", "s8"], resourceIds: ["room-c"] },
      { calendarId: "c2", staffIds: ["s1"] },
    ]);
  });

  it("names the rooms taken or freed, so calendars sharing only a room refresh too (issue 21)", async () => {
    const events = createSlotChangeEvents();
    const seen: SlotChange[] = [];
    events.subscribe((c) => seen.push(c));
    const roomUnit = (resourceId: string) => ({ staffId: "s1", resourceId, unitId: `${resourceId}#1` });
    const store = withSlotChangeEvents(
      {
        ...fakeStore(true),
        // The booking before the change holds room A.
        loadBooking: async () => ({ ...record, resourceIds: ["room-a"] }),
      } as unknown as BookingStore,
      events,
    );
    await store.createBookings({
      bookings: [{ calendarId: "c1", staffIds: ["s1"], items: [], units: [roomUnit("room-a"), roomUnit("room-a")] }],
    } as never);
    await store.createHold({ calendarId: "c1", staffIds: [], items: [], units: [roomUnit("room-b")] } as never);
    // Moved from room A to room B: both rooms' pages refresh.
    await store.reschedule({ bookingId: "b1", items: [], units: [roomUnit("room-b")], classSeats: null } as never);
    await store.changeStatus({ bookingId: "b1" } as never);
    expect(seen.map((c) => c.resourceIds)).toEqual([["room-a"], ["room-b"], ["room-a", "room-b"], ["room-a"]]);

    // A page of calendar c2 that shares no staff with c1 but needs room A.
    const massagePage = { staffIds: new Set(["s7"]), resourceIds: new Set(["room-a"]) };
    expect(slotChangeConcerns(seen[0]!, "c2", massagePage)).toBe(true);
    expect(slotChangeConcerns(seen[1]!, "c2", massagePage)).toBe(false);
    expect(slotChangeConcerns({ calendarId: "c1", staffIds: ["s1"] }, "c2", massagePage)).toBe(false);
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

/**
 * Slot changes as events: whenever a commit takes or frees staff time (booking, hold, reschedule,
 * cancel, confirm/decline), open booking pages must refresh their slots. Published after the
 * transaction commits, by decorating the store port, so every booking use case publishes without
 * knowing about it and nothing is announced that did not happen.
 */
import type { BookingStore } from "./ports.ts";

export interface SlotChange {
  /** The calendar booked or freed; "" when the time changed outside any calendar (externalBusyChange). */
  readonly calendarId: string;
  /** Staff whose time changed: other calendars sharing them are affected too. */
  readonly staffIds: readonly string[];
  /**
   * Rooms and equipment whose units were taken or freed (issue 21): a calendar whose services need
   * one of them is affected too, though it shares no staff (two calendars, one massage room).
   */
  readonly resourceIds?: readonly string[];
  /**
   * Changes may have been missed (the channel between processes was lost for a while): every open
   * page refreshes, whatever it shows.
   */
  readonly anyCalendar?: true;
}

/** What a booking page's slots depend on besides its calendar: the staff it books and the resources its services need. */
export interface SlotDependencies {
  readonly staffIds: ReadonlySet<string>;
  readonly resourceIds: ReadonlySet<string>;
}

/** Whether a page showing `calendarId`, which depends on `on`, must refresh for `change`. */
export function slotChangeConcerns(change: SlotChange, calendarId: string, on: SlotDependencies): boolean {
  return (
    change.anyCalendar === true ||
    change.calendarId === calendarId ||
    change.staffIds.some((id) => on.staffIds.has(id)) ||
    (change.resourceIds ?? []).some((id) => on.resourceIds.has(id))
  );
}

/** The resources whose units these items take, without repeats; absent when none (most calendars). */
function resourcesOf(...unitLists: readonly (readonly { readonly resourceId: string }[] | undefined)[]) {
  const ids = new Set(unitLists.flatMap((units) => (units ?? []).map((u) => u.resourceId)));
  return ids.size > 0 ? { resourceIds: [...ids] } : {};
}

/** A staff member's connected calendar changed their busy time (issue 20): every page booking them refreshes. */
export const externalBusyChange = (staffId: string): SlotChange => ({ calendarId: "", staffIds: [staffId] });

export interface SlotChangeEvents {
  publish(change: SlotChange): void;
  subscribe(listener: (change: SlotChange) => void): () => void;
}

/**
 * A process-local event bus: the whole story with one process (and the embedded database); with
 * several on PostgreSQL an adapter relays it between them (adapters/db/slot-change-channel.ts).
 */
export function createSlotChangeEvents(): SlotChangeEvents {
  const listeners = new Set<(change: SlotChange) => void>();
  return {
    publish(change) {
      for (const listener of listeners) {
        try {
          listener(change);
        } catch {
          // A broken subscriber must not affect the booking that triggered the event.
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function withSlotChangeEvents(store: BookingStore, events: SlotChangeEvents): BookingStore {
  // Every other method is the store's own, through the prototype chain (object literal or class alike).
  const decorated: Partial<BookingStore> = {
    async createBookings(command) {
      const result = await store.createBookings(command);
      if (result.ok) {
        for (const b of command.bookings)
          events.publish({
            calendarId: b.calendarId,
            staffIds: [...new Set([...b.staffIds, ...b.items.map((i) => i.staffId)])],
            ...resourcesOf(b.units),
          });
      }
      return result;
    },
    async createHold(command) {
      const result = await store.createHold(command);
      if (result.ok) {
        // A visitor choosing another time gives up the one they held: its staff's and rooms' pages
        // refresh too (it may be another member's time, or a room another calendar shares).
        const replaced = result.replaced ?? null;
        events.publish({
          calendarId: command.calendarId,
          staffIds: [
            ...new Set([...command.staffIds, ...command.items.map((i) => i.staffId), ...(replaced?.staffIds ?? [])]),
          ],
          ...resourcesOf(
            command.units,
            (replaced?.resourceIds ?? []).map((resourceId) => ({ resourceId })),
          ),
        });
      }
      return result;
    },
    async releaseHold(businessId, calendarId, holdId) {
      const released = await store.releaseHold(businessId, calendarId, holdId);
      if (released)
        events.publish({
          calendarId,
          staffIds: [...released.staffIds],
          ...(released.resourceIds.length > 0 ? { resourceIds: [...released.resourceIds] } : {}),
        });
      return released;
    },
    async reschedule(command) {
      const before = await store.loadBooking(command.businessId, command.bookingId);
      const result = await store.reschedule(command);
      if (result.ok && before) {
        const staffIds = [
          ...before.staffIds,
          ...command.items.map((i) => i.staffId),
          ...(command.classSeats ? [command.classSeats.staffId] : []),
        ];
        // The rooms it left and the rooms it took.
        const left = (before.resourceIds ?? []).map((resourceId) => ({ resourceId }));
        events.publish({
          calendarId: before.calendarId,
          staffIds: [...new Set(staffIds)],
          ...resourcesOf(left, command.units),
        });
      }
      return result;
    },
    async changeStatus(command) {
      const result = await store.changeStatus(command);
      if (result.ok && result.record) {
        // Its units are activated or released with it; the record as written does not carry them.
        const held = (await store.loadBooking(command.businessId, command.bookingId))?.resourceIds ?? [];
        events.publish({
          calendarId: result.record.calendarId,
          staffIds: result.record.staffIds,
          ...resourcesOf(held.map((resourceId) => ({ resourceId }))),
        });
      }
      return result;
    },
  };
  return Object.assign(Object.create(store) as BookingStore, decorated);
}

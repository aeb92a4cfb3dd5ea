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
   * Changes may have been missed (the channel between processes was lost for a while): every open
   * page refreshes, whatever it shows.
   */
  readonly anyCalendar?: true;
}

/** Whether a page showing `calendarId`, which books `staffIds`, must refresh for `change`. */
export function slotChangeConcerns(change: SlotChange, calendarId: string, staffIds: ReadonlySet<string>): boolean {
  return (
    change.anyCalendar === true || change.calendarId === calendarId || change.staffIds.some((id) => staffIds.has(id))
  );
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
          });
      }
      return result;
    },
    async createHold(command) {
      const result = await store.createHold(command);
      if (result.ok)
        events.publish({
          calendarId: command.calendarId,
          staffIds: [...new Set([...command.staffIds, ...command.items.map((i) => i.staffId)])],
        });
      return result;
    },
    async reschedule(command) {
      const before = await store.loadBooking(command.bookingId);
      const result = await store.reschedule(command);
      if (result.ok && before) {
        const staffIds = [
          ...before.staffIds,
          ...command.items.map((i) => i.staffId),
          ...(command.classSeats ? [command.classSeats.staffId] : []),
        ];
        events.publish({ calendarId: before.calendarId, staffIds: [...new Set(staffIds)] });
      }
      return result;
    },
    async changeStatus(command) {
      const result = await store.changeStatus(command);
      if (result.ok && result.record)
        events.publish({ calendarId: result.record.calendarId, staffIds: result.record.staffIds });
      return result;
    },
  };
  return Object.assign(Object.create(store) as BookingStore, decorated);
}

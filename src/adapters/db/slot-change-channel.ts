/**
 * Slot changes shared by every server process on one PostgreSQL (issue 19): a page served by process B
 * refreshes when a booking commits on process A. Each process keeps its in-process bus
 * (app/bookings/slot-change-events.ts) and relays what it publishes as `pg_notify('slot_changes', …)`,
 * sent after the booking's transaction committed (the bus is told only then), so no process hears of
 * a change that did not happen. Every process LISTENs on the channel and republishes what the others
 * sent; its own notifications come back too and are skipped (its pages heard them at once).
 *
 * A lost listening connection may have missed notifications: then, and again once it listens anew,
 * every open page is told to refresh (`anyCalendar`) rather than miss a change. The embedded database
 * serves one process: the in-process bus is the whole story there.
 * See docs/decisions/0029-several-processes.md.
 */
import { randomBytes } from "node:crypto";
import {
  createSlotChangeEvents,
  type SlotChange,
  type SlotChangeEvents,
} from "../../app/bookings/slot-change-events.ts";
import type { Database } from "./client.ts";

export const SLOT_CHANGES_CHANNEL = "slot_changes";

/** NOTIFY payloads are at most 8000 bytes; past this a change is sent as "anything may have changed". */
const MAX_PAYLOAD_CHARS = 7_000;

/** What travels: who sent it (to skip one's own), the calendar, the staff and resources — no personal data. */
interface Wire {
  /** The sending process. */
  p: string;
  c: string;
  s: readonly string[];
  /** Resources whose units changed (absent: none). */
  r?: readonly string[];
  /** Any calendar: the sender's change was too large to name. */
  a?: 1;
}

function encode(process: string, change: SlotChange): string {
  const full = JSON.stringify({
    p: process,
    c: change.calendarId,
    s: change.staffIds,
    ...(change.resourceIds?.length ? { r: change.resourceIds } : {}),
  } satisfies Wire);
  if (full.length <= MAX_PAYLOAD_CHARS && !change.anyCalendar) return full;
  return JSON.stringify({ p: process, c: change.calendarId, s: [], a: 1 } satisfies Wire);
}

function decode(payload: string): Wire | null {
  try {
    const wire = JSON.parse(payload) as Partial<Wire>;
    if (typeof wire.p !== "string" || typeof wire.c !== "string" || !Array.isArray(wire.s)) return null;
    if (!wire.s.every((id) => typeof id === "string")) return null;
    if (wire.r !== undefined && !(Array.isArray(wire.r) && wire.r.every((id) => typeof id === "string"))) return null;
    return wire as Wire;
  } catch {
    return null;
  }
}

export interface SlotChangeChannelOptions {
  /** A failed NOTIFY or LISTEN (the process's own pages still hear of its changes). */
  onError(error: unknown, what: "notify" | "listen"): void;
}

/**
 * The slot-change bus for `database`: in-process on the embedded database; on PostgreSQL also relayed
 * to and from every other process on the same database. Resolves once this process listens (or
 * failed to: then `onError`, and it still serves its own changes).
 */
export async function slotChangeChannel(
  database: Database,
  options: SlotChangeChannelOptions,
): Promise<SlotChangeEvents> {
  const local = createSlotChangeEvents();
  if (database.kind !== "postgres") return local;
  const self = randomBytes(9).toString("base64url");
  await database
    .listen(SLOT_CHANGES_CHANNEL, (payload) => {
      if (payload === undefined) return local.publish({ calendarId: "", staffIds: [], anyCalendar: true });
      const wire = decode(payload);
      if (!wire || wire.p === self) return;
      local.publish(
        wire.a === 1
          ? { calendarId: wire.c, staffIds: [], anyCalendar: true }
          : { calendarId: wire.c, staffIds: wire.s, ...(wire.r ? { resourceIds: wire.r } : {}) },
      );
    })
    .catch((error: unknown) => options.onError(error, "listen"));
  return {
    publish(change) {
      local.publish(change);
      database
        .execute("select pg_notify($1, $2)", [SLOT_CHANGES_CHANNEL, encode(self, change)])
        .catch((error: unknown) => options.onError(error, "notify"));
    },
    subscribe: (listener) => local.subscribe(listener),
  };
}

/**
 * GET /api/calendars/:calendarId/events: a server-sent-events stream that says "slots changed"
 * whenever a booking, hold, reschedule or cancellation touches this calendar, any staff member
 * it books or any room or equipment its services need — committed by this server process or another on the same PostgreSQL
 * (adapters/db/slot-change-channel.ts) — so an open widget refreshes its slots within about a
 * second, without a reload; also when changes may have been missed between processes.
 * The stream carries no personal data: only that something changed.
 */
import { streamSSE } from "hono/streaming";
import type { BookingStore } from "../../app/bookings/ports.ts";
import { slotChangeConcerns, type SlotChange, type SlotChangeEvents } from "../../app/bookings/slot-change-events.ts";
import { createApiRouter, handle } from "../http/api-router.ts";
import { problem } from "../http/problem.ts";
import { slotEventsRoute } from "./public-api-routes.ts";

const HEARTBEAT_MS = 25_000;

export function slotEvents(deps: { store: BookingStore; events: SlotChangeEvents }) {
  const api = createApiRouter();
  handle(api, slotEventsRoute, async (c) => {
    const { calendarId } = c.req.valid("param");
    const ctx = await deps.store.loadCalendar(calendarId);
    if (!ctx || !ctx.calendar.isLive) return problem(c, 404, "CALENDAR_NOT_FOUND", "Cannot find calendar.");
    const on = {
      staffIds: new Set([...ctx.members.map((m) => m.staffId), ...ctx.services.flatMap((s) => s.staffIds)]),
      resourceIds: new Set((ctx.resources ?? []).map((r) => r.id)),
    };
    // compress() leaves text/event-stream alone; no-transform keeps proxies from buffering it too.
    c.header("Cache-Control", "no-cache, no-transform");
    c.header("X-Accel-Buffering", "no");
    return streamSSE(c, async (stream) => {
      let sequence = 0;
      const pending: SlotChange[] = [];
      let wake: (() => void) | null = null;
      const unsubscribe = deps.events.subscribe((change) => {
        if (!slotChangeConcerns(change, calendarId, on)) return;
        pending.push(change);
        wake?.();
      });
      stream.onAbort(() => {
        unsubscribe();
        wake?.();
      });
      await stream.writeSSE({ event: "ready", data: "{}", retry: 2000 });
      while (!stream.aborted && !stream.closed) {
        let timer: ReturnType<typeof setTimeout> | undefined;
        await new Promise<void>((resolve) => {
          wake = resolve;
          timer = setTimeout(resolve, HEARTBEAT_MS);
        });
        clearTimeout(timer);
        wake = null;
        if (stream.aborted || stream.closed) break;
        if (pending.length === 0) {
          await stream.write(": keep-alive\n\n");
          continue;
        }
        pending.length = 0;
        sequence += 1;
        await stream.writeSSE({ event: "slots", id: String(sequence), data: JSON.stringify({ calendarId }) });
      }
      unsubscribe();
    });
  });
  return api;
}

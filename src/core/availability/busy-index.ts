import type { EpochMs } from "../shared/time.ts";
import { MINUTE_MS } from "../shared/time.ts";
import { mergeIntervals, toParallel } from "./intervals.ts";
import type { BusyIndex, BusyInterval, CalendarRules, ClassSession, InstantRange, StaffBusyIndex } from "./model.ts";

export const EMPTY_STAFF_BUSY: StaffBusyIndex = { starts: [], ends: [], countedStarts: [], sessions: [] };

/** Whether this busy entry occupies the staff member for this calendar at `nowMs`. */
export function isBlocking(entry: BusyInterval, rules: CalendarRules, nowMs: EpochMs): boolean {
  if (entry.endMs <= entry.startMs) return false;
  switch (entry.kind) {
    case "external":
      return true;
    case "hold":
      // An expired hold is a visitor who walked away mid-checkout: it frees the time by itself.
      return entry.expiresAtMs === undefined || entry.expiresAtMs > nowMs;
    case "booking":
      switch (entry.status ?? "confirmed") {
        case "cancelled":
        case "invalid":
          return false;
        case "new":
          return rules.unconfirmedBlocks;
        case "pending_payment":
          // Unpaid when its payment time ran out: as free as an expired hold, before the sweep cancels it.
          return entry.expiresAtMs === undefined || entry.expiresAtMs > nowMs;
        default:
          return true;
      }
  }
}

/** The span a busy entry blocks: a booking is widened by the buffers it was booked with. */
export function blockedSpan(entry: BusyInterval): InstantRange {
  if (entry.kind !== "booking") return { startMs: entry.startMs, endMs: entry.endMs };
  return {
    startMs: entry.startMs - (entry.bufferBeforeMinutes ?? 0) * MINUTE_MS,
    endMs: entry.endMs + (entry.bufferAfterMinutes ?? 0) * MINUTE_MS,
  };
}

/**
 * Pre-indexes busy time for one calendar at one `now`: done once per request (or cached while the
 * underlying bookings do not change), so slot computation is binary searches over sorted arrays.
 *
 * For class calendars this calendar's own bookings do not block: they fill seats of their session
 * instead (and block overlapping starts other than their own, see compute-slots).
 */
export function indexBusy(rules: CalendarRules, busy: readonly BusyInterval[], nowMs: EpochMs): BusyIndex {
  const spansByStaff = new Map<string, InstantRange[]>();
  const countedByStaff = new Map<string, EpochMs[]>();
  const sessionsByStaff = new Map<
    string,
    Map<EpochMs, { blockedStartMs: number; blockedEndMs: number; seatsTaken: number }>
  >();
  const countedOnce = new Set<string>();
  const isClass = rules.type === "class";

  for (const entry of busy) {
    if (!isBlocking(entry, rules, nowMs)) continue;
    const isOwnBooking = entry.kind === "booking" && entry.calendarId === rules.calendarId;
    const span = blockedSpan(entry);
    if (isOwnBooking) {
      // A service booking may give one staff member several tasks (one entry each): it counts once.
      const once = entry.bookingId === undefined ? null : `${entry.staffId}|${entry.bookingId}`;
      if (once === null || !countedOnce.has(once)) {
        const counted = countedByStaff.get(entry.staffId) ?? [];
        counted.push(entry.startMs);
        countedByStaff.set(entry.staffId, counted);
        if (once !== null) countedOnce.add(once);
      }
    }
    if (isClass && isOwnBooking) {
      const sessions = sessionsByStaff.get(entry.staffId) ?? new Map();
      const existing = sessions.get(entry.startMs);
      sessions.set(entry.startMs, {
        blockedStartMs: Math.min(existing?.blockedStartMs ?? span.startMs, span.startMs),
        blockedEndMs: Math.max(existing?.blockedEndMs ?? span.endMs, span.endMs),
        seatsTaken: (existing?.seatsTaken ?? 0) + (entry.seats ?? 1),
      });
      sessionsByStaff.set(entry.staffId, sessions);
      continue;
    }
    const spans = spansByStaff.get(entry.staffId) ?? [];
    spans.push(span);
    spansByStaff.set(entry.staffId, spans);
  }

  const staffIds = new Set([...spansByStaff.keys(), ...countedByStaff.keys(), ...sessionsByStaff.keys()]);
  const byStaff: Record<string, StaffBusyIndex> = {};
  for (const staffId of staffIds) {
    const { starts, ends } = toParallel(mergeIntervals(spansByStaff.get(staffId) ?? []));
    const sessions: ClassSession[] = [...(sessionsByStaff.get(staffId) ?? new Map()).entries()]
      .map(([startMs, s]) => ({ startMs, ...s }))
      .sort((a, b) => a.startMs - b.startMs);
    byStaff[staffId] = {
      starts,
      ends,
      countedStarts: [...(countedByStaff.get(staffId) ?? [])].sort((a, b) => a - b),
      sessions,
    };
  }
  return {
    calendarId: rules.calendarId,
    byStaff,
    calendarCountedStarts: calendarCountedStarts(rules, busy, nowMs),
  };
}

/**
 * Sorted starts of this calendar's blocking bookings, each booking once: the per-calendar daily
 * limit's count. Separate from the per-staff index so a warm index can replace some staff members'
 * part and recount (src/app/bookings/warm-busy-index.ts).
 */
export function calendarCountedStarts(rules: CalendarRules, busy: Iterable<BusyInterval>, nowMs: EpochMs): EpochMs[] {
  const calendarBookings = new Map<string, EpochMs>();
  for (const entry of busy) {
    if (entry.kind !== "booking" || entry.calendarId !== rules.calendarId || !isBlocking(entry, rules, nowMs)) continue;
    // Without an id each staff member's copy counts; with one, a collective booking counts once.
    calendarBookings.set(
      entry.bookingId ?? `${entry.staffId}|${entry.startMs}|${calendarBookings.size}`,
      entry.startMs,
    );
  }
  return [...calendarBookings.values()].sort((a, b) => a - b);
}

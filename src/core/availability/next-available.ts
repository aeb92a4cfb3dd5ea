import type { EpochMs, LocalDate } from "../shared/time.ts";
import { isLocalDate, isValidTimeZone, localDateToDayNumber, WALL_DAY_MS, ZoneClock } from "../shared/time.ts";
import type { SlotRequest } from "./engine.ts";
import { createEngine } from "./engine.ts";
import { slotsInRange } from "./enumerate-slots.ts";
import type { AvailabilityInput, QueryError, Result } from "./model.ts";

/** First chunk searched; each next chunk doubles, so the work is at most twice what is needed. */
const FIRST_CHUNK_DAYS = 7;

/**
 * The first visitor-local date on or after `fromDate` with a bookable slot, searching to the end
 * of the booking window; null when there is none.
 *
 * One engine is built for the whole window (hours resolved once, busy time already indexed), then
 * starts are scanned in time order. Single-host calendars stop at the first free start; calendars
 * with several members evaluate growing chunks (7, 14, 28 … days) and stop at the first chunk
 * with a slot.
 */
export function findNextAvailable(
  input: AvailabilityInput,
  fromDate: LocalDate,
  visitorTimeZone: string,
  nowMs: EpochMs,
  request: SlotRequest = {},
): Result<LocalDate | null, QueryError> {
  if (!isValidTimeZone(visitorTimeZone))
    return { ok: false, error: { code: "INVALID_TIME_ZONE", timeZone: visitorTimeZone } };
  if (!isLocalDate(fromDate)) return { ok: false, error: { code: "INVALID_DATE", value: fromDate } };
  const wall = localDateToDayNumber(fromDate) * WALL_DAY_MS;
  const visitorClock = new ZoneClock(visitorTimeZone, wall - WALL_DAY_MS, wall + WALL_DAY_MS);
  const fromMs = Math.max(visitorClock.startOfDay(fromDate), nowMs);

  // One engine for everything from `fromMs` to the end of the booking window.
  const engine = createEngine(input, request, nowMs, fromMs, Number.POSITIVE_INFINITY);
  if (!engine.ok) return engine;
  const toMs = engine.value.windowEndMs;
  if (toMs <= fromMs) return { ok: true, value: null };

  const single = input.rules.type === "personal" || input.rules.type === "class";
  if (single) {
    const first = slotsInRange(engine.value, fromMs, toMs, 1)[0];
    return { ok: true, value: first ? visitorClock.localDateOf(first.startMs) : null };
  }
  let chunkDays = FIRST_CHUNK_DAYS;
  for (let start = fromMs; start < toMs;) {
    // Chunks are cut on instants, not dates: only the earliest slot matters, and chunks are contiguous.
    const end = Math.min(toMs, start + chunkDays * WALL_DAY_MS);
    const first = slotsInRange(engine.value, start, end, 1)[0];
    if (first) return { ok: true, value: visitorClock.localDateOf(first.startMs) };
    start = end;
    chunkDays *= 2;
  }
  return { ok: true, value: null };
}

import type { EpochMs } from "../shared/time.ts";
import { localDateToDayNumber } from "../shared/time.ts";
import { MINUTE_MS, ZoneClock } from "../shared/time.ts";
import { intersectIntervals, mergeIntervals, overlapsAny, subtractIntervals, toParallel } from "./intervals.ts";
import type { AvailabilityInput, CalendarRules, InstantRange, SlotsByDate } from "./model.ts";
import { buildStaffState, memberIdsFor } from "./staff-state.ts";
import type { ParsedSchedule } from "./working-periods.ts";

/** Instants of the booking window, in the calendar's zone. */
export function resolveWindow(
  input: AvailabilityInput,
  nowMs: EpochMs,
  calendarClock: ZoneClock,
  parsedCache: Map<string, ParsedSchedule>,
): { startMs: EpochMs; endMs: EpochMs } {
  const w = input.rules.bookingWindow;
  const today = calendarClock.dayNumberOf(nowMs);
  switch (w.kind) {
    case "rolling_days":
      return { startMs: Number.NEGATIVE_INFINITY, endMs: calendarClock.startOfDayNumber(today + w.days) };
    case "date_range":
      return {
        startMs: calendarClock.startOfDayNumber(localDateToDayNumber(w.start)),
        endMs: calendarClock.startOfDayNumber(localDateToDayNumber(w.end) + 1),
      };
    case "rolling_available_days":
      return {
        startMs: Number.NEGATIVE_INFINITY,
        endMs: rollingAvailableEnd(input, nowMs, today, w.days, calendarClock, parsedCache),
      };
  }
}

/**
 * Until when a slot answer computed at `nowMs` stays the answer for the same inputs (calendar, busy
 * index, query) as time moves on: the first instant at which it could differ. Time removes a start
 * once the minimum notice passes it (a start is offered while start ≥ now + notice, so the earliest
 * start of the answer — offered, or refused only for its seats — bounds it), and moves a rolling
 * window's end at the calendar's next midnight. Busy time that expires (holds, unpaid bookings) is
 * the busy index's to track: it is read afresh then. A window of days "with availability" moves
 * whenever the day's last working hour passes, so its answers are never kept (`nowMs`).
 */
export function answerValidUntil(
  rules: CalendarRules,
  nowMs: EpochMs,
  slots: SlotsByDate,
  fullStarts: readonly string[],
): EpochMs {
  const w = rules.bookingWindow;
  if (w.kind === "rolling_available_days") return nowMs;
  let first = Number.POSITIVE_INFINITY;
  for (const day of Object.values(slots)) for (const slot of day.slots) first = Math.min(first, slot.startMs);
  for (const iso of fullStarts) first = Math.min(first, Date.parse(iso));
  const noticePasses = first - rules.minimumNoticeMinutes * MINUTE_MS + 1;
  if (w.kind === "date_range") return noticePasses;
  const clock = new ZoneClock(rules.timeZone, nowMs, nowMs + 1);
  return Math.min(noticePasses, clock.startOfDayNumber(clock.dayNumberOf(nowMs) + 1));
}

/** Scan at most this many days for "days with availability"; beyond that the window just ends. */
const ROLLING_AVAILABLE_SCAN_DAYS = 3 * 366;
const ROLLING_SCAN_CHUNK_DAYS = 62;

/**
 * End of a window of N days "that have availability": calendar-zone dates, from today, on which the
 * calendar has working time left after now (hours minus time off; collective: all members at
 * once). Bookings do not count, so filling a day up does not push the window further out.
 */
function rollingAvailableEnd(
  input: AvailabilityInput,
  nowMs: EpochMs,
  today: number,
  days: number,
  calendarClock: ZoneClock,
  parsedCache: Map<string, ParsedSchedule>,
): EpochMs {
  if (days <= 0) return calendarClock.startOfDayNumber(today);
  const schedules = new Map(input.staff.map((s) => [s.staffId, s]));
  const members = memberIdsFor(input.rules);
  let found = 0;
  for (let chunk = today; chunk < today + ROLLING_AVAILABLE_SCAN_DAYS; chunk += ROLLING_SCAN_CHUNK_DAYS) {
    const fromMs = calendarClock.startOfDayNumber(chunk);
    const toMs = calendarClock.startOfDayNumber(chunk + ROLLING_SCAN_CHUNK_DAYS);
    let free: InstantRange[] | null = null;
    for (const staffId of members) {
      const st = buildStaffState(
        schedules.get(staffId),
        staffId,
        undefined,
        parsedCache,
        fromMs,
        toMs,
        input.rules.timeZone,
      );
      const own = subtractIntervals(
        st.working,
        mergeIntervals(input.staff.find((s) => s.staffId === staffId)?.timeOff ?? []),
      );
      free =
        free === null
          ? own
          : input.rules.type === "collective"
            ? intersectIntervals(free, own)
            : mergeIntervals([...free, ...own]);
    }
    const list = free ?? [];
    for (let day = chunk; day < chunk + ROLLING_SCAN_CHUNK_DAYS; day++) {
      const dayStart = Math.max(calendarClock.startOfDayNumber(day), nowMs);
      const dayEnd = calendarClock.startOfDayNumber(day + 1);
      if (dayStart < dayEnd && overlapsList(list, dayStart, dayEnd)) {
        found++;
        if (found === days) return dayEnd;
      }
    }
  }
  return calendarClock.startOfDayNumber(today + ROLLING_AVAILABLE_SCAN_DAYS);
}

function overlapsList(list: readonly InstantRange[], from: number, to: number): boolean {
  const { starts, ends } = toParallel(list);
  return overlapsAny(starts, ends, from, to);
}

/** personal and class calendars have one host: the first member. */

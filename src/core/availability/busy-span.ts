import type { EpochMs } from "../shared/time.ts";
import { isValidTimeZone, MINUTE_MS, WALL_DAY_MS, ZoneClock } from "../shared/time.ts";
import type { SlotRequest } from "./engine.ts";
import { maxSpanMs } from "./engine.ts";
import type { AvailabilityInput, InstantRange } from "./model.ts";

/**
 * Which busy time can decide a set of starts: the one place that bounds what the booking use cases
 * load (`loadOccupancy` returns the entries whose blocked span overlaps the range returned here).
 *
 * checkSlot / planRecurring (evaluateStart) look at busy time for a start `s` in exactly three ways:
 *
 * 1. Overlap (rule 7, class sessions, seats at `s`): entries whose blocked span overlaps
 *    [s − bufferBefore, s + span + bufferAfter), `span` the longest the slot can occupy (service: the
 *    longest cart; every task lies inside it), buffers the largest of the calendar's and its
 *    services'. Merging spans does not change whether their union meets that interval, and a
 *    class session at `s` contains `s`, so entries outside it change nothing.
 * 2. Per-staff daily limit: this calendar's bookings starting on the local day, in the staff
 *    member's zone, of each task start (in [s, s + span]).
 * 3. Per-calendar daily limit: this calendar's bookings starting on the calendar-zone day of `s`.
 *
 * For 2 and 3 an entry is counted by its start, and a blocked span always contains its start
 * (buffers are ≥ 0 and empty entries never block), so loading every entry overlapping the day loads
 * every entry counted on it. One booking may bring several entries of one staff member (a service
 * cart); it is counted once, by the entry seen first (per calendar: last), so the day ranges are
 * widened by a wall day on each side: then whenever any entry of a booking lasting less than a day
 * starts on a counted day, all its entries are loaded, in the same order as from a wider window,
 * and the count cannot differ. (Only a booking of this calendar lasting more than a day could be
 * counted differently, and there the wide window's answer depended on row order already.) The
 * limits are only looked at when they are set, so calendars without them load the overlap alone.
 *
 * `lookaheadMs`: starts up to that long after the last one may be evaluated too (book_next).
 * A minute of slack on each side absorbs the float round trip of buffers in minutes (toBusy).
 */
export function busySpanFor(
  input: Pick<AvailabilityInput, "rules" | "staff">,
  starts: readonly EpochMs[],
  request: SlotRequest = {},
  lookaheadMs = 0,
): InstantRange {
  const { rules } = input;
  const finite = starts.filter((s) => Number.isFinite(s));
  if (finite.length === 0) return { startMs: 0, endMs: 0 };
  const first = Math.min(...finite);
  const last = Math.max(...finite) + Math.max(0, lookaheadMs);
  const minutes = (value: number | undefined, fallback: number) =>
    Number.isFinite(value) && (value as number) > 0 ? (value as number) : Number.isFinite(fallback) ? fallback : 0;
  let before = minutes(rules.bufferBeforeMinutes, 0);
  let after = minutes(rules.bufferAfterMinutes, 0);
  for (const service of rules.type === "service" ? (rules.services ?? []) : []) {
    before = Math.max(before, minutes(service.bufferBeforeMinutes, before));
    after = Math.max(after, minutes(service.bufferAfterMinutes, after));
  }
  const span = maxSpanMs(rules, request.carts);
  const spanMs = Number.isFinite(span) && span > 0 ? span : 0;
  let fromMs = first - before * MINUTE_MS;
  let toMs = last + spanMs + after * MINUTE_MS;

  const days = (zone: string, a: EpochMs, b: EpochMs) => {
    if (!isValidTimeZone(zone)) return; // the engine refuses the query before looking at busy time
    const clock = new ZoneClock(zone, a, b);
    fromMs = Math.min(fromMs, clock.startOfDayNumber(clock.dayNumberOf(a)) - WALL_DAY_MS);
    toMs = Math.max(toMs, clock.startOfDayNumber(clock.dayNumberOf(b) + 1) + WALL_DAY_MS);
  };
  if (rules.maxBookingsPerDay != null) days(rules.timeZone, first, last);
  if (rules.maxBookingsPerDayPerStaff != null) {
    // A member without a schedule is resolved in the calendar's zone (buildStaffState).
    for (const zone of new Set([rules.timeZone, ...input.staff.map((s) => s.timeZone)]))
      days(zone, first, last + spanMs);
  }
  return { startMs: fromMs - MINUTE_MS, endMs: toMs + MINUTE_MS };
}

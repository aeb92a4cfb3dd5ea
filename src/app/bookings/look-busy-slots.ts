/**
 * Where Look Busy meets the free-slots answer (core/availability/look-busy.ts): a post-filter on
 * the computed slots, so whoever asks — the widget's first paint, its later months, the public
 * API — gets the same starts hidden.
 */
import { computeSlots, resolveQueryRange } from "../../core/availability/compute-slots.ts";
import { lookBusyHiddenStarts, looksBusy, withoutHiddenStarts } from "../../core/availability/look-busy.ts";
import type { AvailabilityInput, SlotQuery, SlotsByDate } from "../../core/availability/model.ts";
import { type EpochMs, WALL_DAY_MS, ZoneClock } from "../../core/shared/time.ts";
import type { CalendarContext } from "./ports.ts";

/**
 * Extra occupancy to load around a Look Busy query: its first and last calendar days are computed
 * whole (below), and a calendar day reaches up to a day past the visitor's dates (zones ±14 h).
 */
export const lookBusyMarginMs = (ctx: CalendarContext): number =>
  looksBusy(ctx.calendar.type, ctx.calendar.settings.lookBusyPercent) ? WALL_DAY_MS : 0;

/**
 * The slots a visitor is shown: `slots` (computed for `query`) without the starts Look Busy hides.
 * The visitor's dates rarely align with the calendar's days, so the calendar days cut by the
 * query's edges are computed whole (in the calendar's zone) before ranking: the hidden set of a
 * day never depends on which range or zone it was asked in.
 */
export function hideLookBusyStarts(
  ctx: CalendarContext,
  availability: AvailabilityInput,
  query: SlotQuery,
  nowMs: EpochMs,
  slots: SlotsByDate,
): SlotsByDate {
  const percent = ctx.calendar.settings.lookBusyPercent;
  if (!looksBusy(ctx.calendar.type, percent)) return slots;
  const range = resolveQueryRange(query);
  if (!range.ok) return slots;
  const { fromMs, toMs } = range.value;
  const zone = ctx.business.timeZone;
  const clock = new ZoneClock(zone, fromMs, toMs);
  const starts = Object.values(slots).flatMap((day) => day.slots.map((s) => s.startMs));
  for (const date of new Set([clock.localDateOf(fromMs), clock.localDateOf(toMs - 1)])) {
    const edge = computeSlots(availability, { ...query, startDate: date, endDate: date, visitorTimeZone: zone }, nowMs);
    if (edge.ok) for (const day of Object.values(edge.value)) for (const s of day.slots) starts.push(s.startMs);
  }
  const hidden = lookBusyHiddenStarts({ calendarId: ctx.calendar.id, timeZone: zone, percent }, starts);
  return withoutHiddenStarts(slots, hidden);
}

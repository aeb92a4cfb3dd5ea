/**
 * "Look Busy" (issue 24; domain notes A.2 "Look Busy hides a % of slots"): a calendar shows only
 * part of its free starts, so a new business does not look empty. Which starts are hidden must not
 * flicker between loads, visitors or server processes, so the choice is a pure function of the
 * calendar, its local day and the day's free starts — no randomness, no stored state.
 *
 * Rules:
 * - per local day of the calendar's zone (the same day for every visitor, whatever their zone);
 * - the day's free starts are ranked by a hash of calendar id, date and start; the lowest
 *   `floor(n × percent / 100)` are hidden;
 * - never every start of a day: at least one stays (a day with one free start keeps it), so a day
 *   that has room still shows as bookable and "next available date" stays true;
 * - not on classes (seats are the point) nor service calendars (service menus), as in the source
 *   product ("Look Busy not applicable").
 */
import type { CalendarType } from "../calendar/calendar.ts";
import { type EpochMs, type LocalDate, ZoneClock } from "../shared/time.ts";
import type { Slot, SlotsByDate } from "./model.ts";

/** Most a calendar may hide: above this a calendar mostly looks closed, not busy. */
export const MAX_LOOK_BUSY_PERCENT = 90;

/** Calendar types Look Busy applies to: not classes (seats are the point) nor service calendars. */
export const lookBusyApplies = (type: CalendarType): boolean => type !== "class" && type !== "service";

/** Whether Look Busy changes what this calendar shows. */
export function looksBusy(type: CalendarType, percent: number | null | undefined): percent is number {
  return lookBusyApplies(type) && typeof percent === "number" && percent > 0;
}

/** FNV-1a over the UTF-16 code units, then murmur3's finaliser so near-identical keys spread. */
function hash32(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

export interface LookBusyCalendar {
  readonly calendarId: string;
  /** The calendar's zone: its local days are the days Look Busy counts in. */
  readonly timeZone: string;
  readonly percent: number;
}

/**
 * The starts to hide among `startsMs`, which must hold every free start of each calendar-local day
 * it touches (a day seen only in part would rank a different set). Order and duplicates do not matter.
 */
export function lookBusyHiddenStarts(calendar: LookBusyCalendar, startsMs: readonly EpochMs[]): ReadonlySet<EpochMs> {
  const hidden = new Set<EpochMs>();
  const percent = Math.min(Math.max(calendar.percent, 0), MAX_LOOK_BUSY_PERCENT);
  if (percent === 0 || startsMs.length === 0) return hidden;
  const unique = [...new Set(startsMs)];
  const first = unique.reduce((a, b) => Math.min(a, b));
  const last = unique.reduce((a, b) => Math.max(a, b));
  const clock = new ZoneClock(calendar.timeZone, first, last + 1);
  const byDay = new Map<LocalDate, EpochMs[]>();
  for (const ms of unique) {
    const date = clock.localDateOf(ms);
    const day = byDay.get(date);
    if (day) day.push(ms);
    else byDay.set(date, [ms]);
  }
  for (const [date, starts] of byDay) {
    const count = Math.min(Math.floor((starts.length * percent) / 100), starts.length - 1);
    if (count <= 0) continue;
    const ranked = starts
      .map((ms) => ({ ms, rank: hash32(`${calendar.calendarId}|${date}|${ms}`) }))
      .sort((a, b) => a.rank - b.rank || a.ms - b.ms);
    for (let i = 0; i < count; i++) hidden.add(ranked[i]!.ms);
  }
  return hidden;
}

/** The slots without the hidden starts; a visitor date left empty is dropped, as dates without slots are. */
export function withoutHiddenStarts(slots: SlotsByDate, hidden: ReadonlySet<EpochMs>): SlotsByDate {
  if (hidden.size === 0) return slots;
  const out: Record<LocalDate, { slots: readonly Slot[] }> = {};
  for (const [date, day] of Object.entries(slots)) {
    const kept = day.slots.filter((s) => !hidden.has(s.startMs));
    if (kept.length > 0) out[date] = { slots: kept };
  }
  return out;
}

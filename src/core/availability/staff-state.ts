import type { EpochMs } from "../shared/time.ts";
import { ZoneClock } from "../shared/time.ts";
import { EMPTY_STAFF_BUSY } from "./busy-index.ts";
import { mergeIntervals, toParallel } from "./intervals.ts";
import type { CalendarRules, InstantRange, StaffBusyIndex, StaffSchedule } from "./model.ts";
import type { ParsedSchedule } from "./working-periods.ts";
import { parseSchedule, resolvePeriods } from "./working-periods.ts";

/** One staff member resolved for a request: hours as instants, busy time, counters. */
export interface StaffState {
  readonly staffId: string;
  readonly clock: ZoneClock;
  /** Per-date periods: grid anchors (ADR 0010). */
  readonly periods: readonly InstantRange[];
  /** Periods merged across touching edges: where an appointment may run. */
  readonly working: readonly InstantRange[];
  readonly busy: StaffBusyIndex;
  readonly timeOffStarts: readonly number[];
  readonly timeOffEnds: readonly number[];
  readonly dayCounts: Map<number, number>;
  /** Class sessions' starts, and how far a session's blocked span reaches before/after its start. */
  readonly sessionStarts: readonly number[];
  readonly sessionLeadMs: number;
  readonly sessionReachMs: number;
}

export function buildStaffState(
  schedule: StaffSchedule | undefined,
  staffId: string,
  busy: StaffBusyIndex | undefined,
  parsedCache: Map<string, ParsedSchedule>,
  fromMs: EpochMs,
  toMs: EpochMs,
  fallbackZone: string,
): StaffState {
  const clock = new ZoneClock(schedule?.timeZone ?? fallbackZone, fromMs, toMs);
  let periods: InstantRange[] = [];
  let timeOff: readonly InstantRange[] = [];
  if (schedule) {
    let parsed = parsedCache.get(staffId);
    if (!parsed) {
      parsed = parseSchedule(schedule);
      parsedCache.set(staffId, parsed);
    }
    periods = resolvePeriods(parsed, clock, fromMs, toMs);
    timeOff = schedule.timeOff.length === 0 ? [] : mergeIntervals(schedule.timeOff);
  }
  const off = toParallel(timeOff);
  const sessions = busy?.sessions ?? [];
  let sessionLeadMs = 0;
  let sessionReachMs = 0;
  for (const x of sessions) {
    sessionLeadMs = Math.max(sessionLeadMs, x.startMs - x.blockedStartMs);
    sessionReachMs = Math.max(sessionReachMs, x.blockedEndMs - x.startMs);
  }
  return {
    staffId,
    clock,
    periods,
    working: joinTouching(periods),
    busy: busy ?? EMPTY_STAFF_BUSY,
    timeOffStarts: off.starts,
    timeOffEnds: off.ends,
    dayCounts: new Map(),
    sessionStarts: sessions.map((x) => x.startMs),
    sessionLeadMs,
    sessionReachMs,
  };
}

/**
 * Periods are sorted and disjoint already; only those touching at midnight need joining, which is
 * rare, so the common case returns the same array instead of a copy.
 */
function joinTouching(periods: readonly InstantRange[]): readonly InstantRange[] {
  for (let i = 1; i < periods.length; i++) {
    if ((periods[i - 1] as InstantRange).endMs >= (periods[i] as InstantRange).startMs) return mergeIntervals(periods);
  }
  return periods;
}

/** Instants of the booking window, in the calendar's zone. */
export function memberIdsFor(rules: CalendarRules): string[] {
  const ids = rules.members.map((m) => m.staffId);
  if (rules.type === "personal" || rules.type === "class") return ids.slice(0, 1);
  if (rules.type === "service") {
    const all = new Set(ids);
    for (const s of rules.services ?? []) for (const id of s.staffIds) all.add(id);
    return [...all];
  }
  return ids;
}

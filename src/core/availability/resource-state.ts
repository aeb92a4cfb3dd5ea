import type { EpochMs } from "../shared/time.ts";
import { ZoneClock } from "../shared/time.ts";
import { findContaining, mergeIntervals, overlapsAny, toParallel } from "./intervals.ts";
import type { InstantRange, ResourceInput, ResourceNeed, UnitUse } from "./model.ts";
import { pickWithoutOverlap } from "./overlap-free-pick.ts";
import { parseSchedule, resolvePeriods } from "./working-periods.ts";

/**
 * Resources (issue 21, ADR 0038) resolved for one request: opening hours as instants, time off and
 * each unit's occupancy as sorted parallel arrays. A unit holds one appointment at a time (the
 * database's exclusion constraint on units), so "capacity left" is "some unit free over the whole
 * blocked span" — exactly what the database will accept, whatever units earlier bookings took.
 */
export interface UnitState {
  readonly resourceId: string;
  readonly unitId: string;
  readonly starts: readonly number[];
  readonly ends: readonly number[];
  /** How many appointments it holds in the loaded range: the least used unit is taken first. */
  readonly used: number;
}

export interface ResourceState {
  readonly resourceId: string;
  /** Merged opening hours; null: always open. */
  readonly open: readonly InstantRange[] | null;
  readonly timeOffStarts: readonly number[];
  readonly timeOffEnds: readonly number[];
  readonly units: readonly UnitState[];
}

/** One need of one task: the resources it may take a unit of (all-of needs are one per resource). */
export type NeedSlot = readonly ResourceState[];

export function buildResourceStates(
  resources: ResourceInput | undefined,
  nowMs: EpochMs,
  fromMs: EpochMs,
  toMs: EpochMs,
): Map<string, ResourceState> {
  const out = new Map<string, ResourceState>();
  if (!resources) return out;
  const spansByUnit = new Map<string, InstantRange[]>();
  for (const b of resources.busy) {
    if (b.endMs <= b.startMs || (b.expiresAtMs !== undefined && b.expiresAtMs <= nowMs)) continue;
    const list = spansByUnit.get(b.unitId) ?? [];
    list.push(b);
    spansByUnit.set(b.unitId, list);
  }
  for (const r of resources.schedules) {
    let open: InstantRange[] | null = null;
    if (r.hours) {
      const clock = new ZoneClock(r.timeZone, fromMs, toMs);
      const parsed = parseSchedule({ staffId: r.resourceId, timeZone: r.timeZone, timeOff: [], ...r.hours });
      open = mergeIntervals(resolvePeriods(parsed, clock, fromMs, toMs));
    }
    const off = toParallel(mergeIntervals(r.timeOff));
    const units = r.units.map((unitId): UnitState => {
      const spans = spansByUnit.get(unitId) ?? [];
      const { starts, ends } = toParallel(mergeIntervals(spans));
      return { resourceId: r.resourceId, unitId, starts, ends, used: spans.length };
    });
    out.set(r.resourceId, {
      resourceId: r.resourceId,
      open,
      timeOffStarts: off.starts,
      timeOffEnds: off.ends,
      units,
    });
  }
  return out;
}

/** A service's needs as need slots: `all` gives one slot per resource, `any` one slot for the group. */
export function needSlots(needs: readonly ResourceNeed[] | undefined, states: Map<string, ResourceState>): NeedSlot[] {
  const out: NeedSlot[] = [];
  for (const need of needs ?? []) {
    const ids = [...new Set(need.resourceIds)];
    // A resource the calendar does not know (deleted meanwhile) cannot serve: an empty group is never free.
    const known = (id: string) => states.get(id);
    if (need.mode === "all") for (const id of ids) out.push(known(id) ? [known(id) as ResourceState] : []);
    else out.push(ids.map(known).filter((x): x is ResourceState => x !== undefined));
  }
  return out;
}

/** Whether a resource is open for the appointment [startMs, endMs) (buffers may fall outside, as for staff). */
function isOpen(r: ResourceState, startMs: EpochMs, endMs: EpochMs): boolean {
  if (r.open === null) return true;
  const w = r.open[findContaining(r.open, startMs)];
  return w !== undefined && endMs <= w.endMs;
}

/** The units of these resources free for the appointment and its blocked span, least used first. */
export function freeUnits(
  slot: NeedSlot,
  startMs: EpochMs,
  endMs: EpochMs,
  blockedFromMs: EpochMs,
  blockedToMs: EpochMs,
): UnitState[] {
  const free: UnitState[] = [];
  for (const r of slot) {
    if (!isOpen(r, startMs, endMs)) continue;
    if (overlapsAny(r.timeOffStarts, r.timeOffEnds, blockedFromMs, blockedToMs)) continue;
    for (const u of r.units) if (!overlapsAny(u.starts, u.ends, blockedFromMs, blockedToMs)) free.push(u);
  }
  // Stable: equally used units keep the group's order, then the unit order.
  return free.sort((a, b) => a.used - b.used);
}

/** One need of one task, timed: the candidates, the task's own span and the span its unit is blocked for. */
export interface TimedNeed {
  readonly task: number;
  readonly startMs: EpochMs;
  readonly endMs: EpochMs;
  readonly fromMs: EpochMs;
  readonly toMs: EpochMs;
  readonly candidates: readonly UnitState[];
}

/** Past this many steps the start counts as taken (as for staff, service-plan.ts). */
const UNIT_SEARCH_BUDGET = 20_000;

/**
 * Picks a unit for every need so that no unit serves two needs of this booking at the same time.
 * Only the tasks themselves must not overlap: between two tasks of one booking in one unit the
 * buffer is shared, as a staff member's is (`unitItems` splits it so the database accepts it).
 * Least used unit first; null when impossible (or past the budget).
 */
export function pickUnits(needs: readonly TimedNeed[]): UnitState[] | null {
  return pickWithoutOverlap(needs, UNIT_SEARCH_BUDGET);
}

/** The units as the slot reports them, per task. */
export function unitsByTask(needs: readonly TimedNeed[], chosen: readonly UnitState[], taskCount: number): UnitUse[][] {
  const out: UnitUse[][] = Array.from({ length: taskCount }, () => []);
  needs.forEach((n, i) => {
    const u = chosen[i] as UnitState;
    (out[n.task] as UnitUse[]).push({ resourceId: u.resourceId, unitId: u.unitId });
  });
  return out;
}

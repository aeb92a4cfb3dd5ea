import type { EpochMs } from "../shared/time.ts";
import type { Engine, RawSlot } from "./engine.ts";
import { evaluateStart } from "./evaluate-start.ts";
import type { InstantRange } from "./model.ts";
import type { StaffState } from "./staff-state.ts";
import { roundRobinSlots, singleStaffSlots } from "./sweep.ts";

/*
 * Enumerating offered starts: candidate grid points per calendar type, checked by evaluateStart,
 * or by the sweeps in sweep.ts on the hot paths (personal and round robin).
 */
/** Grid points of `periods` within [lo, hi), appended to `out`. */
function gridPoints(periods: readonly InstantRange[], stepMs: number, lo: number, hi: number, out: number[]): void {
  for (const p of periods) {
    if (p.endMs <= lo) continue;
    if (p.startMs >= hi) break;
    const first = p.startMs >= lo ? p.startMs : p.startMs + Math.ceil((lo - p.startMs) / stepMs) * stepMs;
    const end = Math.min(p.endMs, hi);
    for (let s = first; s < end; s += stepMs) out.push(s);
  }
}

/**
 * Two ascending lists as one ascending list without repeats, in one pass: each member's grid is
 * already in order, so the union of several needs no sort (a sort of every member's points was a
 * tenth of a service calendar's query).
 */
function mergeAscending(a: readonly number[], b: readonly number[]): number[] {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const x = i < a.length ? (a[i] as number) : Number.POSITIVE_INFINITY;
    const y = j < b.length ? (b[j] as number) : Number.POSITIVE_INFINITY;
    const v = x <= y ? x : y;
    if (x === v) i++;
    if (y === v) j++;
    if (out.length === 0 || out[out.length - 1] !== v) out.push(v);
  }
  return out;
}

/** The grid points of several members within [lo, hi), ascending, each once. */
function unionOfGrids(members: Iterable<StaffState>, stepMs: number, lo: number, hi: number): number[] {
  let union: number[] = [];
  for (const st of members) {
    const own: number[] = [];
    gridPoints(st.periods, stepMs, lo, hi, own);
    union = union.length === 0 ? own : mergeAscending(union, own);
  }
  return union;
}

/** Candidate starts in [fromMs, toMs): grid points of the relevant periods, ascending. */
export function candidateStarts(engine: Engine, fromMs: EpochMs, toMs: EpochMs): number[] {
  const lo = Math.max(fromMs, engine.windowStartMs, engine.earliestMs);
  const hi = Math.min(toMs, engine.windowEndMs);
  if (lo >= hi) return [];
  const out: number[] = [];
  switch (engine.rules.type) {
    case "collective":
      gridPoints(engine.jointPeriods, engine.stepMs, lo, hi, out);
      return out;
    case "service": {
      const first = new Set<StaffState>();
      for (const task of engine.tasks) if (task.offsetMs === 0) for (const st of task.eligible) first.add(st);
      return unionOfGrids(first, engine.stepMs, lo, hi);
    }
    default:
      return unionOfGrids(engine.members, engine.stepMs, lo, hi);
  }
}

/**
 * Every offered start in [fromMs, toMs), ascending; stops after `limit` slots. Class calendars:
 * when `full` is given, the starts refused only for want of seats (NO_SEATS is checked last) are
 * appended to it, ascending, so a full class can be shown as full rather than left out.
 */
export function slotsInRange(
  engine: Engine,
  fromMs: EpochMs,
  toMs: EpochMs,
  limit = Number.POSITIVE_INFINITY,
  full?: EpochMs[],
): RawSlot[] {
  const out: RawSlot[] = [];
  if (limit <= 0) return out;
  const type = engine.rules.type;
  if (type === "round_robin" && engine.members.length > 1) return roundRobinSlots(engine, fromMs, toMs, limit);
  if (type === "personal" || type === "round_robin") {
    const st = engine.members[0];
    return st ? singleStaffSlots(engine, st, fromMs, toMs, limit) : out;
  }
  for (const startMs of candidateStarts(engine, fromMs, toMs)) {
    const e = evaluateStart(engine, startMs);
    if (e.ok) {
      out.push(e.slot);
      if (out.length >= limit) break;
    } else if (full && e.reason === "NO_SEATS") full.push(startMs);
  }
  return out;
}

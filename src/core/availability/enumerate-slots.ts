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

function sortedUnique(values: number[]): number[] {
  values.sort((a, b) => a - b);
  const out: number[] = [];
  for (const v of values) if (out.length === 0 || out[out.length - 1] !== v) out.push(v);
  return out;
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
      const seen = new Set<StaffState>();
      for (const task of engine.tasks) {
        if (task.offsetMs !== 0) continue;
        for (const st of task.eligible) {
          if (seen.has(st)) continue;
          seen.add(st);
          gridPoints(st.periods, engine.stepMs, lo, hi, out);
        }
      }
      return seen.size > 1 ? sortedUnique(out) : out;
    }
    default:
      for (const st of engine.members) gridPoints(st.periods, engine.stepMs, lo, hi, out);
      return engine.members.length > 1 ? sortedUnique(out) : out;
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

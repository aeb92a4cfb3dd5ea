import type { EpochMs } from "../shared/time.ts";
import type { Engine, Evaluation, Task } from "./engine.ts";
import { closest, staffRejection } from "./engine.ts";
import { findContaining } from "./intervals.ts";
import type { InstantRange, SlotRejection, UnitUse } from "./model.ts";
import type { StaffState } from "./staff-state.ts";
import type { TimedNeed } from "./resource-state.ts";
import { freeUnits, pickUnits, unitsByTask } from "./resource-state.ts";
import { pickWithoutOverlap } from "./overlap-free-pick.ts";

/**
 * Matching staff to a cart's tasks is a small search, but a large party with many services could
 * make it explode; past this many steps the start is treated as taken (deterministically) rather
 * than letting one request burn the CPU. Ordinary carts need a few dozen steps.
 */
const SEARCH_BUDGET = 20_000;

/**
 * A service slot: every guest's services back to back from the start, each task by an eligible
 * staff member who is at work, free (with the service's buffers) and not doing another task of
 * this booking at the same time. Carts are small, so a depth-first search over the feasible
 * staff of each task is cheap; the start itself must lie on the grid of a staff member eligible
 * for some guest's first service.
 */
export function evaluateService(engine: Engine, startMs: EpochMs): Evaluation {
  let gridReason: SlotRejection | null = null;
  let onGrid = false;
  for (const task of engine.tasks) {
    if (task.offsetMs !== 0) continue;
    for (const st of task.eligible) {
      const p = findContaining(st.periods, startMs);
      if (p < 0) {
        gridReason = closest(gridReason, "OUTSIDE_HOURS");
      } else if ((startMs - (st.periods[p] as InstantRange).startMs) % engine.stepMs !== 0) {
        gridReason = closest(gridReason, "NOT_ON_GRID");
      } else {
        onGrid = true;
        break;
      }
    }
    if (onGrid) break;
  }
  if (!onGrid) return { ok: false, reason: gridReason ?? "NO_ELIGIBLE_STAFF" };
  if (engine.staffDurations) return evaluateStaffDurations(engine, startMs);

  const feasible: StaffState[][] = [];
  for (const task of engine.tasks) {
    const ok: StaffState[] = [];
    let reason: SlotRejection | null = null;
    for (const st of task.eligible) {
      const r = staffRejection(
        engine,
        st,
        startMs + task.offsetMs,
        task.durationMs,
        task.bufferBeforeMs,
        task.bufferAfterMs,
        "hours",
      );
      if (r === null) ok.push(st);
      else reason = closest(reason, r);
    }
    if (ok.length === 0) return { ok: false, reason: reason ?? "NO_ELIGIBLE_STAFF" };
    feasible.push(ok);
  }

  // Fixed lengths: every task's time is its offset from the start, whoever performs it.
  const timed = engine.tasks.map((task, i) => ({
    startMs: startMs + task.offsetMs,
    endMs: startMs + task.offsetMs + task.durationMs,
    candidates: feasible[i] as StaffState[],
  }));
  const chosen = pickWithoutOverlap(timed, SEARCH_BUDGET);
  if (!chosen) return { ok: false, reason: "STAFF_BUSY" };
  const units = resourceUnits(engine.tasks, startMs, null, null);
  if (!units) return { ok: false, reason: "RESOURCE_BUSY" };
  return planned(engine.tasks, startMs, chosen, null, null, units);
}

function planned(
  tasks: readonly Task[],
  startMs: EpochMs,
  chosen: readonly StaffState[],
  froms: readonly EpochMs[] | null,
  tos: readonly EpochMs[] | null,
  units: readonly UnitUse[][],
): Evaluation {
  const assignments = tasks.map((t, i) => ({
    guestIndex: t.guestIndex,
    serviceId: t.serviceId,
    staffId: (chosen[i] as StaffState).staffId,
    startMs: froms ? (froms[i] as EpochMs) : startMs + t.offsetMs,
    endMs: tos ? (tos[i] as EpochMs) : startMs + t.offsetMs + t.durationMs,
    ...((units[i]?.length ?? 0) > 0 ? { units: units[i] } : {}),
  }));
  // Each member once, in task order (a cart has a handful of tasks: no Set needed).
  const staffIds: string[] = [];
  for (const a of assignments) if (!staffIds.includes(a.staffId)) staffIds.push(a.staffId);
  return { ok: true, slot: { startMs, staffIds, assignments } };
}

/**
 * A cart where some task's eligible members take different lengths (staff durations, issue 24):
 * the same depth-first search in the same order, but each member is checked with their own
 * length, and a guest's next task starts when their previous one, as assigned, ends. Rooms depend
 * on those times, so a complete assignment whose units cannot be found is backtracked over (the
 * fixed plan needs no such step: there the times do not depend on who is assigned).
 */
function evaluateStaffDurations(engine: Engine, startMs: EpochMs): Evaluation {
  const tasks = engine.tasks;
  const chosen: StaffState[] = [];
  const froms: EpochMs[] = [];
  const tos: EpochMs[] = [];
  let units: UnitUse[][] | null = null;
  let reason: SlotRejection | null = null;
  let budget = SEARCH_BUDGET;
  const assign = (i: number): boolean => {
    const task = tasks[i];
    if (!task) {
      units = resourceUnits(tasks, startMs, froms, tos);
      if (!units) reason = closest(reason, "RESOURCE_BUSY");
      return units !== null;
    }
    if (--budget < 0) return false;
    const from = task.offsetMs === 0 ? startMs : (tos[i - 1] as EpochMs);
    for (const [k, st] of task.eligible.entries()) {
      const to = from + (task.durationsMs?.[k] ?? task.durationMs);
      const r = staffRejection(engine, st, from, to - from, task.bufferBeforeMs, task.bufferAfterMs, "hours");
      if (r !== null) {
        reason = closest(reason, r);
        continue;
      }
      let clash = false;
      for (let j = 0; j < i; j++) {
        if (chosen[j] === st && (froms[j] as EpochMs) < to && from < (tos[j] as EpochMs)) {
          clash = true;
          break;
        }
      }
      if (clash) {
        reason = closest(reason, "STAFF_BUSY");
        continue;
      }
      chosen[i] = st;
      froms[i] = from;
      tos[i] = to;
      if (assign(i + 1)) return true;
    }
    return false;
  };
  if (!assign(0) || !units) return { ok: false, reason: reason ?? (budget < 0 ? "STAFF_BUSY" : "NO_ELIGIBLE_STAFF") };
  return planned(tasks, startMs, chosen, froms, tos, units);
}

/**
 * The units a cart's tasks take (issue 21): each need of each task one unit, free over the task's
 * blocked span; who performs the task does not matter to a room, so this is searched apart from the
 * staff. Empty lists when nothing needs resources; null when some need cannot be met.
 */
function resourceUnits(
  tasks: readonly Task[],
  startMs: EpochMs,
  froms: readonly EpochMs[] | null,
  tos: readonly EpochMs[] | null,
): UnitUse[][] | null {
  const timed: TimedNeed[] = [];
  for (let task = 0; task < tasks.length; task++) {
    const t = tasks[task] as Task;
    if (t.needs.length === 0) continue;
    // Fixed lengths (null): the task's offset; staff durations: the times as assigned.
    const from = froms ? (froms[task] as EpochMs) : startMs + t.offsetMs;
    const to = tos ? (tos[task] as EpochMs) : from + t.durationMs;
    const fromMs = from - t.bufferBeforeMs;
    const toMs = to + t.bufferAfterMs;
    for (const slot of t.needs) {
      const candidates = freeUnits(slot, from, to, fromMs, toMs);
      if (candidates.length === 0) return null;
      timed.push({ task, startMs: from, endMs: to, fromMs, toMs, candidates });
    }
  }
  if (timed.length === 0) return [];
  const chosen = pickUnits(timed);
  return chosen ? unitsByTask(timed, chosen, tasks.length) : null;
}

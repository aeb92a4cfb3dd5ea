import type { EpochMs } from "../shared/time.ts";
import { MINUTE_MS } from "../shared/time.ts";
import type { Engine, RawSlot } from "./engine.ts";
import { calendarRejection } from "./engine.ts";
import { countInRange } from "./intervals.ts";
import type { InstantRange } from "./model.ts";
import type { StaffState } from "./staff-state.ts";

/**
 * Starts found by the sweeps go into a Float64Array: held in objects or passed through calls,
 * every start would be boxed (epoch ms do not fit a small integer) and the time would go to the
 * garbage collector. It is one module-level scratch array reused by every call, because large
 * typed arrays live outside the JS heap and allocating them per request drives major collections.
 * Safe: the engine is synchronous and reads the scratch array before anything else writes it.
 */
let scratch = new Float64Array(1 << 14);

/** Makes room for one more start at index `at`. */
function ensureScratch(at: number): void {
  if (at < scratch.length) return;
  const grown = new Float64Array(scratch.length * 2);
  grown.set(scratch);
  scratch = grown;
}

/**
 * The hot path for one staff member's own grid: the same rules as `evaluateStart` in "grid" mode
 * (the oracle tests hold both to the same answers), as a sort-and-sweep. Grid points come in
 * ascending order, so busy time and time off are walked with cursors instead of searched, and
 * the fit limit is known per period. Writes free starts to `scratch` from index `at`, at most
 * `limit` of them, and returns the index after the last one written.
 */
function sweepStaff(engine: Engine, st: StaffState, fromMs: EpochMs, toMs: EpochMs, at: number, limit: number): number {
  let n = at;
  const lo = Math.max(fromMs, engine.windowStartMs, engine.earliestMs);
  const hi = Math.min(toMs, engine.windowEndMs);
  if (lo >= hi) return n;
  const { rules, stepMs } = engine;
  const durationMs = rules.durationMinutes * MINUTE_MS;
  const bb = rules.bufferBeforeMinutes * MINUTE_MS;
  const ba = rules.bufferAfterMinutes * MINUTE_MS;
  const staffLimit = rules.maxBookingsPerDayPerStaff;
  const calendarLimit = rules.maxBookingsPerDay;
  const { starts: busyStarts, ends: busyEnds } = st.busy;
  const { timeOffStarts, timeOffEnds } = st;
  const stopAt = at + limit;
  let b = 0;
  let t = 0;
  let w = 0;
  // The staff member's current local day and its booking count, so the limit costs a comparison.
  let dayStart = Number.POSITIVE_INFINITY;
  let dayEnd = Number.NEGATIVE_INFINITY;
  let dayCount = 0;
  for (const p of st.periods) {
    if (p.endMs <= lo) continue;
    if (p.startMs >= hi) break;
    // The appointment may run on into a touching period (across midnight): fit against the merged piece.
    while (w < st.working.length && (st.working[w] as InstantRange).endMs <= p.startMs) w++;
    const fitEnd = (st.working[w] as InstantRange | undefined)?.endMs ?? p.endMs;
    const first = p.startMs >= lo ? p.startMs : p.startMs + Math.ceil((lo - p.startMs) / stepMs) * stepMs;
    const end = Math.min(p.endMs, hi, fitEnd - durationMs + 1);
    for (let s = first; s < end; s += stepMs) {
      const from = s - bb;
      const to = s + durationMs + ba;
      while (b < busyEnds.length && (busyEnds[b] as number) <= from) b++;
      if (b < busyStarts.length && (busyStarts[b] as number) < to) continue;
      while (t < timeOffEnds.length && (timeOffEnds[t] as number) <= from) t++;
      if (t < timeOffStarts.length && (timeOffStarts[t] as number) < to) continue;
      if (staffLimit !== undefined) {
        if (s < dayStart || s >= dayEnd) {
          const day = st.clock.dayNumberOf(s);
          dayStart = st.clock.startOfDayNumber(day);
          dayEnd = st.clock.startOfDayNumber(day + 1);
          // The same count staffDayCount gives (bookings starting in this local day), without its cache.
          dayCount = countInRange(st.busy.countedStarts, dayStart, dayEnd);
        }
        if (dayCount >= staffLimit) continue;
      }
      if (calendarLimit !== undefined && calendarRejection(engine, s) !== null) continue;
      ensureScratch(n);
      scratch[n++] = s;
      if (n >= stopAt) return n;
    }
  }
  return n;
}

let bucketScratch = new Int32Array(1 << 16);
let memberScratch = new Int32Array(1 << 14);

/**
 * Round robin with many members: one sweep per member over its own grid into the scratch array,
 * then a counting sort of the (start, member) pairs by minute — linear, allocation-free (scratch
 * arrays again), and stable, so each start lists its members in member order.
 */
export function roundRobinSlots(engine: Engine, fromMs: EpochMs, toMs: EpochMs, limit: number): RawSlot[] {
  const lo = Math.max(fromMs, engine.windowStartMs, engine.earliestMs);
  const hi = Math.min(toMs, engine.windowEndMs);
  if (lo >= hi) return [];
  const members = engine.members;
  const ends: number[] = [];
  let total = 0;
  for (const st of members) {
    total = sweepStaff(engine, st, lo, hi, total, Number.POSITIVE_INFINITY);
    ends.push(total);
  }
  const base = Math.floor(lo / MINUTE_MS) * MINUTE_MS;
  const size = Math.floor((hi - base) / MINUTE_MS) + 1;
  // Starts are whole minutes unless a zone has a seconds offset (pre-1900 local mean time).
  for (let i = 0; i < total; i++)
    if (((scratch[i] as number) - base) % MINUTE_MS !== 0) return mergeBySort(engine, ends, lo, limit);

  if (bucketScratch.length < 2 * size + 2) bucketScratch = new Int32Array(2 * size + 2);
  if (memberScratch.length < total) memberScratch = new Int32Array(Math.max(total, memberScratch.length * 2));
  // firstOf[minute] = index in `order` of the minute's first member; `fill` is the write cursor.
  const firstOf = bucketScratch.subarray(0, size + 1);
  const fill = bucketScratch.subarray(size + 1, 2 * size + 2);
  const order = memberScratch;
  firstOf.fill(0);
  for (let i = 0; i < total; i++) {
    const minute = ((scratch[i] as number) - base) / MINUTE_MS;
    firstOf[minute + 1] = (firstOf[minute + 1] as number) + 1;
  }
  for (let i = 1; i <= size; i++) firstOf[i] = (firstOf[i] as number) + (firstOf[i - 1] as number);
  fill.set(firstOf);
  let member = 0;
  for (let i = 0; i < total; i++) {
    while (i >= (ends[member] as number)) member++;
    const minute = ((scratch[i] as number) - base) / MINUTE_MS;
    order[fill[minute] as number] = member;
    fill[minute] = (fill[minute] as number) + 1;
  }
  const out: RawSlot[] = [];
  for (let minute = 0; minute < size && out.length < limit; minute++) {
    const from = firstOf[minute] as number;
    const to = firstOf[minute + 1] as number;
    if (from === to) continue;
    // Sized up front: growing thousands of small arrays by push is most of this loop's garbage.
    const staffIds = new Array<string>(to - from);
    for (let k = from; k < to; k++) staffIds[k - from] = (members[order[k] as number] as StaffState).staffId;
    out.push({ startMs: base + minute * MINUTE_MS, staffIds });
  }
  return out;
}

/** The general path: (start, member) pairs packed into one float each and sorted numerically. */
function mergeBySort(engine: Engine, ends: readonly number[], lo: EpochMs, limit: number): RawSlot[] {
  const m = engine.members.length;
  const keys = new Float64Array(ends[ends.length - 1] ?? 0);
  let member = 0;
  for (let i = 0; i < keys.length; i++) {
    while (i >= (ends[member] as number)) member++;
    // Exact while (hi - lo) * m < 2^53: a year at millisecond precision allows ~285,000 members.
    keys[i] = ((scratch[i] as number) - lo) * m + member;
  }
  keys.sort();
  const out: RawSlot[] = [];
  let i = 0;
  while (i < keys.length && out.length < limit) {
    const offset = Math.floor((keys[i] as number) / m);
    const staffIds: string[] = [];
    while (i < keys.length && Math.floor((keys[i] as number) / m) === offset) {
      staffIds.push((engine.members[(keys[i] as number) - offset * m] as StaffState).staffId);
      i++;
    }
    out.push({ startMs: lo + offset, staffIds });
  }
  return out;
}

/** One staff member's free starts on their own grid, as slots. */
export function singleStaffSlots(
  engine: Engine,
  st: StaffState,
  fromMs: EpochMs,
  toMs: EpochMs,
  limit: number,
): RawSlot[] {
  const staffIds = [st.staffId];
  const n = sweepStaff(engine, st, fromMs, toMs, 0, limit);
  const out: RawSlot[] = [];
  for (let i = 0; i < n; i++) out.push({ startMs: scratch[i] as number, staffIds });
  return out;
}

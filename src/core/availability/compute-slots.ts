import type { EpochMs, LocalDate } from "../shared/time.ts";
import {
  addDays,
  dayNumberToLocalDate,
  diffDays,
  isLocalDate,
  isValidTimeZone,
  localDateToDayNumber,
  WALL_DAY_MS,
  ZoneClock,
} from "../shared/time.ts";
import type { RawSlot, SlotRequest } from "./engine.ts";
import { createEngine } from "./engine.ts";
import { slotsInRange } from "./enumerate-slots.ts";
import { evaluateStart } from "./evaluate-start.ts";
import type {
  AvailabilityInput,
  FullSessionsByDate,
  PublicSlotsByDate,
  QueryError,
  Result,
  Slot,
  SlotQuery,
  SlotRejection,
  SlotsByDate,
} from "./model.ts";
import { MAX_QUERY_DAYS } from "./model.ts";

/** The visitor's dates as instants: [start of startDate, start of the day after endDate). */
export function resolveQueryRange(
  query: SlotQuery,
): Result<{ fromMs: EpochMs; toMs: EpochMs; clock: ZoneClock }, QueryError> {
  if (!isValidTimeZone(query.visitorTimeZone))
    return { ok: false, error: { code: "INVALID_TIME_ZONE", timeZone: query.visitorTimeZone } };
  for (const value of [query.startDate, query.endDate]) {
    if (!isLocalDate(value)) return { ok: false, error: { code: "INVALID_DATE", value } };
  }
  const days = diffDays(query.startDate, query.endDate) + 1;
  if (days < 1) return { ok: false, error: { code: "INVALID_RANGE" } };
  // The source product's free-slots API refuses more than 31 days; so do we.
  if (days > MAX_QUERY_DAYS) return { ok: false, error: { code: "RANGE_TOO_LONG", maxDays: MAX_QUERY_DAYS } };
  const wallFrom = localDateToDayNumber(query.startDate) * WALL_DAY_MS;
  const clock = new ZoneClock(query.visitorTimeZone, wallFrom, wallFrom + (days + 1) * WALL_DAY_MS);
  return {
    ok: true,
    value: { fromMs: clock.startOfDay(query.startDate), toMs: clock.startOfDay(addDays(query.endDate, 1)), clock },
  };
}

/** Groups ascending slots by the visitor's local date; insertion order keeps the keys ascending. */
export function groupByVisitorDate(slots: readonly RawSlot[], clock: ZoneClock): SlotsByDate {
  const out: Record<LocalDate, { slots: Slot[] }> = {};
  let day = Number.NaN;
  let bucket: Slot[] = [];
  for (const raw of slots) {
    const dayNumber = clock.dayNumberOf(raw.startMs);
    if (dayNumber !== day) {
      day = dayNumber;
      const date = dayNumberToLocalDate(dayNumber);
      bucket = out[date]?.slots ?? [];
      out[date] = { slots: bucket };
    }
    const slot: Slot = { start: clock.formatIso(raw.startMs), startMs: raw.startMs, staffIds: raw.staffIds };
    if (raw.remainingSeats !== undefined) (slot as { remainingSeats?: number }).remainingSeats = raw.remainingSeats;
    if (raw.assignments !== undefined) (slot as { assignments?: RawSlot["assignments"] }).assignments = raw.assignments;
    bucket.push(slot);
  }
  return out;
}

function enumerate(
  input: AvailabilityInput,
  query: SlotQuery,
  nowMs: EpochMs,
  full?: EpochMs[],
): Result<{ raw: RawSlot[]; clock: ZoneClock }, QueryError> {
  const range = resolveQueryRange(query);
  if (!range.ok) return range;
  const { fromMs, toMs, clock } = range.value;
  const request: SlotRequest = { staffIds: query.staffIds, guests: query.guests, carts: query.carts };
  const engine = createEngine(input, request, nowMs, fromMs, toMs);
  if (!engine.ok) return engine;
  return { ok: true, value: { raw: slotsInRange(engine.value, fromMs, toMs, Number.POSITIVE_INFINITY, full), clock } };
}

/**
 * Which start times a visitor may book between two of their local dates (at most 31), grouped by
 * their local date with ISO times in their offset. `nowMs` is the caller's clock.
 */
export function computeSlots(
  input: AvailabilityInput,
  query: SlotQuery,
  nowMs: EpochMs,
): Result<SlotsByDate, QueryError> {
  const found = enumerate(input, query, nowMs);
  if (!found.ok) return found;
  return { ok: true, value: groupByVisitorDate(found.value.raw, found.value.clock) };
}

export interface SlotsWithFull {
  readonly slots: SlotsByDate;
  /** Class calendars: the classes refused only for want of seats (always empty for other types). */
  readonly full: FullSessionsByDate;
}

/** computeSlots, plus the classes that would be offered but for their seats (to show them as full). */
export function computeSlotsWithFull(
  input: AvailabilityInput,
  query: SlotQuery,
  nowMs: EpochMs,
): Result<SlotsWithFull, QueryError> {
  const full: EpochMs[] = [];
  const found = enumerate(input, query, nowMs, full);
  if (!found.ok) return found;
  const { raw, clock } = found.value;
  const byDate: Record<LocalDate, string[]> = {};
  for (const startMs of full)
    (byDate[dayNumberToLocalDate(clock.dayNumberOf(startMs))] ??= []).push(clock.formatIso(startMs));
  return { ok: true, value: { slots: groupByVisitorDate(raw, clock), full: byDate } };
}

/**
 * The public free-slots shape: `{"2026-03-29": {"slots": ["2026-03-29T10:00:00+02:00", …]}}`.
 * With `full` (a class calendar showing its seats), each date also lists the seats left at each
 * slot and its full classes, and dates with only full classes appear too (model.ts).
 */
export function toPublicSlots(slots: SlotsByDate, full?: FullSessionsByDate): PublicSlotsByDate {
  const out: Record<LocalDate, { slots: string[]; seats?: number[]; full?: string[] }> = {};
  if (!full) {
    for (const [date, { slots: list }] of Object.entries(slots)) out[date] = { slots: list.map((s) => s.start) };
    return out;
  }
  const dates = [...new Set([...Object.keys(slots), ...Object.keys(full)])].sort();
  for (const date of dates) {
    const list = slots[date]?.slots ?? [];
    out[date] = {
      slots: list.map((s) => s.start),
      seats: list.map((s) => s.remainingSeats ?? 0),
      full: [...(full[date] ?? [])],
    };
  }
  return out;
}

/** Who, how many and which services, as in the slot query. */
export type CheckSlotOptions = SlotRequest;

export interface SlotVerdict {
  readonly startMs: EpochMs;
  /** Members who can take it (round robin: pick one with pickRoundRobinMember). */
  readonly staffIds: readonly string[];
  readonly remainingSeats?: number;
  readonly assignments?: RawSlot["assignments"];
}

export type CheckSlotError = { readonly code: SlotRejection } | QueryError;

/**
 * Verifies one requested start with exactly the rules computeSlots applies, for the booking use
 * case (the visitor's list may be stale by the time they submit).
 */
export function checkSlot(
  input: AvailabilityInput,
  startMs: EpochMs,
  nowMs: EpochMs,
  options: CheckSlotOptions = {},
): Result<SlotVerdict, CheckSlotError> {
  if (!Number.isFinite(startMs)) return { ok: false, error: { code: "OUTSIDE_WINDOW" } };
  const engine = createEngine(input, options, nowMs, startMs, startMs + 1);
  if (!engine.ok) return engine;
  const e = evaluateStart(engine.value, startMs);
  if (!e.ok) return { ok: false, error: { code: e.reason } };
  return { ok: true, value: e.slot };
}

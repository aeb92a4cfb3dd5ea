import type { EpochMs } from "../shared/time.ts";
import {
  addMonthsExact,
  dayNumberToLocalDate,
  localDateToDayNumber,
  MINUTE_MS,
  WALL_DAY_MS,
  ZoneClock,
} from "../shared/time.ts";
import type { Engine } from "./engine.ts";
import { createEngine } from "./engine.ts";
import { candidateStarts } from "./enumerate-slots.ts";
import { evaluateStart } from "./evaluate-start.ts";
import type { AvailabilityInput, QueryError, Result, SlotRejection } from "./model.ts";

export type RecurrenceFrequency = "daily" | "weekly" | "monthly";
/** "Every 2 weeks": the frequency's step, 1 (every day/week/month) to MAX_INTERVAL. */
export const MAX_INTERVAL = 4;
/** A repetition the visitor may choose: a frequency and its step (RFC 5545 FREQ with INTERVAL). */
export interface Repetition {
  readonly frequency: RecurrenceFrequency;
  readonly interval: number;
}
/**
 * How a calendar's setting names a repetition: a plain frequency (step 1, as before intervals) or a
 * frequency with its interval (`{frequency: "weekly", interval: 2}`: every 2 weeks).
 */
export type RepetitionChoice = RecurrenceFrequency | Repetition;
export const repetitionOf = (choice: RepetitionChoice): Repetition =>
  typeof choice === "string" ? { frequency: choice, interval: 1 } : choice;
export const isValidInterval = (interval: number): boolean =>
  Number.isInteger(interval) && interval >= 1 && interval <= MAX_INTERVAL;
/**
 * What to do with an occurrence whose time is taken (the source product's three options):
 * - skip: book the free occurrences only;
 * - book_next: move a taken occurrence to the next free start among the next 3;
 * - continue: the source product double-books an occurrence whose host is busy. We never hold two
 *   active bookings of one staff member, so such an occurrence is planned as an `overlap`, which
 *   the booking layer records as an appointment request that occupies no time, for the business
 *   to confirm (re-checked then) or decline. Any other reason (hours, window, notice) skips it.
 */
export type RecurrencePolicy = "skip" | "book_next" | "continue";

/** The source product allows at most 24 repetitions. */
export const MAX_OCCURRENCES = 24;
/** "We check only until the next 3 slots for availability" (domain notes, recurring). */
export const BOOK_NEXT_LOOKAHEAD_SLOTS = 3;
/** How far after a taken occurrence book_next looks for those 3 starts. */
export const BOOK_NEXT_HORIZON_MS = 7 * WALL_DAY_MS;

export interface RecurrenceRequest {
  readonly firstStartMs: EpochMs;
  readonly frequency: RecurrenceFrequency;
  /** Every `interval` days/weeks/months (1–MAX_INTERVAL); absent: 1. */
  readonly interval?: number;
  readonly count: number;
  readonly policy: RecurrencePolicy;
  /** Required when the calendar has several members (round robin: one member only). */
  readonly staffId?: string;
  readonly guests?: number;
}

export interface OccurrencePlan {
  readonly index: number;
  /** The occurrence's own time: same local wall time in the host's zone, across DST. */
  readonly requestedStartMs: EpochMs;
  readonly status: "free" | "taken";
  /** Why the requested time is taken. */
  readonly reason?: SlotRejection;
  /** The start to book: the requested one, the next free one (book_next), or null (not booked). */
  readonly bookedStartMs: EpochMs | null;
  readonly staffIds: readonly string[];
  /** policy "continue": booked at its taken time as a request that occupies nothing. */
  readonly overlap?: boolean;
}

export type RecurrenceError =
  | QueryError
  | { readonly code: "INVALID_RECURRENCE"; readonly field: "count" | "interval" | "firstStartMs" }
  /** Recurring needs one host: round robin without a chosen member, or any service calendar (carts). */
  | { readonly code: "RECURRING_NEEDS_SINGLE_STAFF" };

/**
 * Occurrence dates in the host's zone, every `interval` days, weeks or months. Monthly follows
 * RFC 5545: a month without that day (the 31st, 29 February) is skipped, not clamped, and does not
 * count toward `count`.
 */
function occurrenceStarts(
  request: Pick<RecurrenceRequest, "firstStartMs" | "frequency" | "interval" | "count">,
  clock: ZoneClock,
): EpochMs[] {
  const wall = clock.toWallMs(request.firstStartMs);
  const firstDay = Math.floor(wall / WALL_DAY_MS);
  const timeOfDay = wall - firstDay * WALL_DAY_MS;
  const firstDate = dayNumberToLocalDate(firstDay);
  const step = request.interval ?? 1;
  const out: EpochMs[] = [];
  for (let k = 0; out.length < request.count && k < request.count * 12; k++) {
    let day: number | null;
    if (request.frequency === "daily") day = firstDay + k * step;
    else if (request.frequency === "weekly") day = firstDay + 7 * k * step;
    else {
      const date = addMonthsExact(firstDate, k * step);
      day = date === null ? null : localDateToDayNumber(date);
    }
    if (day !== null) out.push(k === 0 ? request.firstStartMs : clock.fromWallMs(day * WALL_DAY_MS + timeOfDay));
  }
  return out;
}

/**
 * The requested start of every occurrence, in order: the same local wall time in the host's zone
 * (the chosen member, else the first member; collective: the calendar's zone). What planRecurring
 * checks, so callers can load busy time for exactly these instants (busy-span.ts).
 */
export function recurrenceStarts(
  input: Pick<AvailabilityInput, "rules" | "staff">,
  request: Pick<RecurrenceRequest, "firstStartMs" | "frequency" | "interval" | "count" | "staffId">,
): EpochMs[] {
  const { rules } = input;
  const hostId = request.staffId ?? (rules.type === "collective" ? undefined : rules.members[0]?.staffId);
  const hostZone = input.staff.find((s) => s.staffId === hostId)?.timeZone ?? rules.timeZone;
  const span = 800 * (request.interval ?? 1) * WALL_DAY_MS; // 24 steps of a month with margin
  const clock = new ZoneClock(hostZone, request.firstStartMs, request.firstStartMs + span);
  return occurrenceStarts(request, clock);
}

/**
 * Checks each occurrence of a recurring booking with the same rules as single bookings. Earlier
 * occurrences of the series block later ones (with buffers), as they will be booked too.
 */
export function planRecurring(
  input: AvailabilityInput,
  request: RecurrenceRequest,
  nowMs: EpochMs,
): Result<OccurrencePlan[], RecurrenceError> {
  const { rules } = input;
  if (!(Number.isInteger(request.count) && request.count >= 1 && request.count <= MAX_OCCURRENCES)) {
    return { ok: false, error: { code: "INVALID_RECURRENCE", field: "count" } };
  }
  if (!isValidInterval(request.interval ?? 1))
    return { ok: false, error: { code: "INVALID_RECURRENCE", field: "interval" } };
  if (!Number.isFinite(request.firstStartMs))
    return { ok: false, error: { code: "INVALID_RECURRENCE", field: "firstStartMs" } };
  if (
    rules.type === "service" ||
    (rules.type === "round_robin" && rules.members.length > 1 && request.staffId === undefined)
  ) {
    return { ok: false, error: { code: "RECURRING_NEEDS_SINGLE_STAFF" } };
  }
  const starts = recurrenceStarts(input, request);
  const last = starts[starts.length - 1] ?? request.firstStartMs;

  const engine = createEngine(
    input,
    { staffIds: request.staffId ? [request.staffId] : undefined, guests: request.guests },
    nowMs,
    request.firstStartMs,
    last + BOOK_NEXT_HORIZON_MS,
  );
  if (!engine.ok) return engine;

  const durationMs = rules.durationMinutes * MINUTE_MS;
  const bb = rules.bufferBeforeMinutes * MINUTE_MS;
  const ba = rules.bufferAfterMinutes * MINUTE_MS;
  const booked: EpochMs[] = [];
  const clashesWithSeries = (s: EpochMs): boolean =>
    booked.some((b) => b - bb < s + durationMs + ba && s - bb < b + durationMs + ba);
  const check = (e: Engine, s: EpochMs) => {
    const result = evaluateStart(e, s);
    if (result.ok && clashesWithSeries(s)) return { ok: false as const, reason: "STAFF_BUSY" as const };
    return result;
  };

  // The host of an overlapping occurrence (continue): the chosen member, else the calendar's own.
  const overlapHosts = request.staffId
    ? [request.staffId]
    : rules.type === "collective"
      ? rules.members.map((m) => m.staffId)
      : rules.members.slice(0, 1).map((m) => m.staffId);
  const plans: OccurrencePlan[] = [];
  for (const [index, requestedStartMs] of starts.entries()) {
    const result = check(engine.value, requestedStartMs);
    if (result.ok) {
      booked.push(requestedStartMs);
      plans.push({
        index,
        requestedStartMs,
        status: "free",
        bookedStartMs: requestedStartMs,
        staffIds: result.slot.staffIds,
      });
      continue;
    }
    let bookedStartMs: EpochMs | null = null;
    let staffIds: readonly string[] = [];
    if (
      request.policy === "continue" &&
      result.reason === "STAFF_BUSY" &&
      rules.type !== "class" &&
      overlapHosts.length > 0
    ) {
      plans.push({
        index,
        requestedStartMs,
        status: "taken",
        reason: result.reason,
        bookedStartMs: requestedStartMs,
        staffIds: overlapHosts,
        overlap: true,
      });
      continue;
    }
    if (request.policy === "book_next") {
      const next = candidateStarts(engine.value, requestedStartMs + 1, requestedStartMs + BOOK_NEXT_HORIZON_MS).slice(
        0,
        BOOK_NEXT_LOOKAHEAD_SLOTS,
      );
      for (const s of next) {
        const alt = check(engine.value, s);
        if (alt.ok) {
          bookedStartMs = s;
          staffIds = alt.slot.staffIds;
          booked.push(s);
          break;
        }
      }
    }
    plans.push({ index, requestedStartMs, status: "taken", reason: result.reason, bookedStartMs, staffIds });
  }
  return { ok: true, value: plans };
}

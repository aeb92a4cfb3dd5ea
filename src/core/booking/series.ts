/**
 * Recurring series (issue 17) as the visitor meets them: which repetition a calendar lets them
 * choose, and which occurrences "cancel the rest of the series" takes. Pure rules; the availability
 * of each occurrence is planned by core/availability/recurring.ts.
 */
import {
  isValidInterval,
  MAX_OCCURRENCES,
  repetitionOf,
  type RecurrenceFrequency,
  type RecurrencePolicy,
  type RepetitionChoice,
} from "../availability/recurring.ts";
import type { CalendarSettings, RecurringSetting } from "../calendar/calendar.ts";
import type { EpochMs } from "../shared/time.ts";
import type { BookingErrorCode } from "./errors.ts";
import { visitorChangeRefusal, type BookingStatus } from "./policy.ts";

/** The smallest series: the first occurrence and one repetition. */
export const MIN_SERIES_COUNT = 2;

/** A repetition's one name: "weekly" for every week, "weekly/2" for every 2 weeks (the widget's option values). */
export const repetitionKey = (choice: RepetitionChoice): string => {
  const { frequency, interval } = repetitionOf(choice);
  return interval === 1 ? frequency : `${frequency}/${interval}`;
};

/**
 * A calendar's setting made safe to use: known frequencies with an interval of 1–4 (each once, a
 * plain frequency for interval 1; daily, weekly, monthly, each by its interval), a count within
 * 2–24; null when off.
 */
export function recurringChoice(setting: RecurringSetting | null | undefined): RecurringSetting | null {
  if (!setting) return null;
  const known: RecurrenceFrequency[] = ["daily", "weekly", "monthly"];
  const seen = new Set<string>();
  const frequencies: RepetitionChoice[] = [];
  for (const choice of setting.frequencies) {
    const r = repetitionOf(choice);
    const key = repetitionKey(r);
    if (!known.includes(r.frequency) || !isValidInterval(r.interval) || seen.has(key)) continue;
    seen.add(key);
    frequencies.push(r.interval === 1 ? r.frequency : { frequency: r.frequency, interval: r.interval });
  }
  const rank = (c: RepetitionChoice) => {
    const r = repetitionOf(c);
    return known.indexOf(r.frequency) * 10 + r.interval;
  };
  frequencies.sort((a, b) => rank(a) - rank(b));
  const maxCount = Math.min(MAX_OCCURRENCES, Math.floor(setting.maxCount));
  if (frequencies.length === 0 || !(maxCount >= MIN_SERIES_COUNT)) return null;
  return { frequencies, maxCount, policy: setting.policy };
}

/**
 * Whether a requested series fits what the calendar allows. A calendar without the setting keeps
 * the API's own series (the caller names frequency, count and policy, as before issue 17); with it,
 * only its repetitions, at most its count, and its policy (else RECURRING_NOT_OFFERED — not the
 * "needs one staff member" of RECURRING_NOT_SUPPORTED).
 */
export function seriesRefusal(
  setting: RecurringSetting | null | undefined,
  requested: {
    readonly frequency: RecurrenceFrequency;
    readonly interval?: number | null;
    readonly count: number;
    readonly policy: RecurrencePolicy;
  },
): BookingErrorCode | null {
  if (!setting) return null;
  const allowed = recurringChoice(setting);
  const key = repetitionKey({ frequency: requested.frequency, interval: requested.interval ?? 1 });
  if (
    !allowed ||
    !allowed.frequencies.some((f) => repetitionKey(f) === key) ||
    requested.count > allowed.maxCount ||
    requested.policy !== allowed.policy
  )
    return "RECURRING_NOT_OFFERED";
  return null;
}

export interface SeriesMember {
  readonly id: string;
  readonly status: BookingStatus;
  readonly startMs: EpochMs;
}

export interface RestOfSeries {
  /** The chosen occurrence and every later one still to come, in order. */
  readonly cancel: readonly string[];
  /** Later occurrences the policy no longer lets the visitor cancel (already cancelled ones are left out). */
  readonly kept: readonly { readonly id: string; readonly code: BookingErrorCode }[];
}

/**
 * "Cancel this and every later occurrence": the chosen one must be cancellable itself (else its
 * refusal); later ones are taken when the policy allows, the others said, never silently dropped.
 */
export function restOfSeries(
  members: readonly SeriesMember[],
  fromId: string,
  settings: Pick<CalendarSettings, "allowReschedule" | "allowCancel" | "changeCutoffMinutes">,
  nowMs: EpochMs,
): { ok: true; value: RestOfSeries } | { ok: false; code: BookingErrorCode } {
  const from = members.find((m) => m.id === fromId);
  if (!from) return { ok: false, code: "BOOKING_NOT_FOUND" };
  const own = visitorChangeRefusal("cancel", settings, from.status, from.startMs, nowMs);
  if (own) return { ok: false, code: own };
  const later = members
    .filter((m) => m.id !== fromId && m.startMs > from.startMs && m.status !== "cancelled")
    .sort((a, b) => a.startMs - b.startMs);
  const cancel = [from.id];
  const kept: { id: string; code: BookingErrorCode }[] = [];
  for (const m of later) {
    const code = visitorChangeRefusal("cancel", settings, m.status, m.startMs, nowMs);
    if (code) kept.push({ id: m.id, code });
    else cancel.push(m.id);
  }
  return { ok: true, value: { cancel, kept } };
}

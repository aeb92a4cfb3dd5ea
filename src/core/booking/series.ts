/**
 * Recurring series (issue 17) as the visitor meets them: which repetition a calendar lets them
 * choose, and which occurrences "cancel the rest of the series" takes. Pure rules; the availability
 * of each occurrence is planned by core/availability/recurring.ts.
 */
import { MAX_OCCURRENCES, type RecurrenceFrequency, type RecurrencePolicy } from "../availability/recurring.ts";
import type { CalendarSettings, RecurringSetting } from "../calendar/calendar.ts";
import type { EpochMs } from "../shared/time.ts";
import type { BookingErrorCode } from "./errors.ts";
import { visitorChangeRefusal, type BookingStatus } from "./policy.ts";

/** The smallest series: the first occurrence and one repetition. */
export const MIN_SERIES_COUNT = 2;

/** A calendar's setting made safe to use: known frequencies, a count within 2–24; null when off. */
export function recurringChoice(setting: RecurringSetting | null | undefined): RecurringSetting | null {
  if (!setting) return null;
  const known: RecurrenceFrequency[] = ["daily", "weekly", "monthly"];
  const frequencies = known.filter((f) => setting.frequencies.includes(f));
  const maxCount = Math.min(MAX_OCCURRENCES, Math.floor(setting.maxCount));
  if (frequencies.length === 0 || !(maxCount >= MIN_SERIES_COUNT)) return null;
  return { frequencies, maxCount, policy: setting.policy };
}

/**
 * Whether a requested series fits what the calendar allows. A calendar without the setting keeps
 * the API's own series (the caller names frequency, count and policy, as before issue 17); with it,
 * only its frequencies, at most its count, and its policy.
 */
export function seriesRefusal(
  setting: RecurringSetting | null | undefined,
  requested: { readonly frequency: RecurrenceFrequency; readonly count: number; readonly policy: RecurrencePolicy },
): BookingErrorCode | null {
  if (!setting) return null;
  const allowed = recurringChoice(setting);
  if (
    !allowed ||
    !allowed.frequencies.includes(requested.frequency) ||
    requested.count > allowed.maxCount ||
    requested.policy !== allowed.policy
  )
    return "RECURRING_NOT_SUPPORTED";
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

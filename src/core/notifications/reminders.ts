/**
 * Reminders and the follow-up (issue 20): when a confirmed booking's messages fall due, from the
 * calendar's offsets. Pure: the caller gives the instants and `now`; the outbox stores the result,
 * so the schedule survives restarts and is shared by every process.
 *
 * A scheduled message is never withdrawn. It names the start it was made for, and at its time it is
 * sent only if the booking is still confirmed at that very start (`isStillDue`): a reschedule makes
 * new ones and leaves the old to lapse, a cancellation makes them all lapse.
 */
import type { NotificationKind } from "./notification.ts";

export interface ReminderRules {
  /** Minutes before the start, each one reminder (e.g. 1440 and 60). */
  readonly beforeMinutes: readonly number[];
  /** Minutes after the end for the follow-up; null for none. */
  readonly followUpAfterMinutes: number | null;
  /** Each reminder also as a text message, to visitors who gave a phone number (absent: no). */
  readonly sms?: boolean;
}

export const NO_REMINDERS: ReminderRules = { beforeMinutes: [], followUpAfterMinutes: null };
/** At most this many reminders per booking; offsets up to 30 days. */
export const MAX_REMINDERS = 5;
export const MAX_REMINDER_MINUTES = 30 * 24 * 60;

/** The notifications after which the booking stands confirmed at its (new) time: they (re)schedule. */
export const SCHEDULES_REMINDERS: readonly NotificationKind[] = [
  "booking_confirmed",
  "request_confirmed",
  "booking_rescheduled",
];

export interface ScheduledMessage {
  readonly kind: "booking_reminder" | "booking_follow_up";
  /** Minutes before the start (reminder) or after the end (follow-up): part of its identity. */
  readonly offsetMinutes: number;
  readonly dueMs: number;
}

/**
 * What to schedule for a booking confirmed from `startMs` to `endMs`, seen at `nowMs`: one message per
 * distinct offset, only those still ahead — a booking made 30 minutes before its start gets no
 * "in one hour" reminder. Offsets are real durations: 24 hours before a start just after a DST change
 * is 24 hours earlier, whatever the wall clock says.
 */
export function remindersFor(rules: ReminderRules, startMs: number, endMs: number, nowMs: number): ScheduledMessage[] {
  const out: ScheduledMessage[] = [];
  for (const offset of new Set(rules.beforeMinutes)) {
    const dueMs = startMs - offset * 60_000;
    if (dueMs > nowMs) out.push({ kind: "booking_reminder", offsetMinutes: offset, dueMs });
  }
  out.sort((a, b) => a.dueMs - b.dueMs);
  if (rules.followUpAfterMinutes !== null) {
    const dueMs = endMs + rules.followUpAfterMinutes * 60_000;
    if (dueMs > nowMs) out.push({ kind: "booking_follow_up", offsetMinutes: rules.followUpAfterMinutes, dueMs });
  }
  return out;
}

/** At its time, a scheduled message goes out only for a booking still confirmed at the start it named. */
export function isStillDue(
  scheduledForStartMs: number,
  booking: { readonly status: string; readonly startMs: number } | null,
): boolean {
  return booking !== null && booking.status === "confirmed" && booking.startMs === scheduledForStartMs;
}

import type { CalendarSettings } from "../calendar/calendar.ts";
import type { EpochMs } from "../shared/time.ts";
import { MINUTE_MS } from "../shared/time.ts";
import type { BookingErrorCode } from "./errors.ts";

/** pending_payment: holds its time until paid (payment-plan.ts), then becomes its initial status. */
export type BookingStatus = "new" | "confirmed" | "cancelled" | "pending_payment";
export type ChangeKind = "reschedule" | "cancel";

/**
 * Whether the visitor may still reschedule or cancel: the calendar allows it, the booking is not
 * cancelled, and the start is further away than the cut-off ("time range after which the links
 * should be disabled"; null = never). Returns the refusal code, or null when allowed.
 */
export function visitorChangeRefusal(
  kind: ChangeKind,
  settings: Pick<CalendarSettings, "allowReschedule" | "allowCancel" | "changeCutoffMinutes">,
  status: BookingStatus,
  startMs: EpochMs,
  nowMs: EpochMs,
): BookingErrorCode | null {
  if (status === "cancelled") return "BOOKING_CANCELLED";
  // Nothing to move or cancel until it is paid: the unpaid hold simply runs out.
  if (status === "pending_payment") return kind === "reschedule" ? "RESCHEDULE_NOT_ALLOWED" : "CANCEL_NOT_ALLOWED";
  if (kind === "reschedule" && !settings.allowReschedule) return "RESCHEDULE_NOT_ALLOWED";
  if (kind === "cancel" && !settings.allowCancel) return "CANCEL_NOT_ALLOWED";
  const cutoff = settings.changeCutoffMinutes;
  if (cutoff === null) return null;
  // Withdrawing a request gives back a time the business has not given yet: allowed until the start.
  // The cut-off guards confirmed appointments (and any move, which the business would have to confirm again).
  const closesMs = kind === "cancel" && status === "new" ? startMs : startMs - cutoff * MINUTE_MS;
  if (nowMs > closesMs) return "CHANGE_WINDOW_CLOSED";
  return null;
}

export type Transition = "confirm" | "decline" | "cancel" | "reschedule";

/** The status lifecycle: new → confirmed | cancelled; confirmed → cancelled; cancelled is final. */
export function nextStatus(from: BookingStatus, transition: Transition): BookingStatus | null {
  switch (transition) {
    case "confirm":
      return from === "new" ? "confirmed" : null;
    case "decline":
      return from === "new" ? "cancelled" : null;
    case "cancel":
      return from === "cancelled" ? null : "cancelled";
    case "reschedule":
      return from === "cancelled" ? null : from;
  }
}

/** A booking's initial status: requests (autoConfirm = false) wait for the business. */
export const initialStatus = (settings: Pick<CalendarSettings, "autoConfirm">): BookingStatus =>
  settings.autoConfirm ? "confirmed" : "new";

/** Whether a booking in this status occupies its staff (requests block per `unconfirmedBlocks`). */
export function occupies(status: BookingStatus, settings: Pick<CalendarSettings, "unconfirmedBlocks">): boolean {
  if (status === "confirmed" || status === "pending_payment") return true;
  if (status === "new") return settings.unconfirmedBlocks;
  return false;
}

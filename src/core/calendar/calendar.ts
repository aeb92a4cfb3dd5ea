/**
 * Calendar domain types shared by the availability engine, the booking rules, the database schema
 * and the HTTP edge. Plain data only.
 */
import type { MeetingLocation } from "./location.ts";
import type { ReminderRules } from "../notifications/reminders.ts";
import type { PaymentMode } from "../payments/payment-plan.ts";
import type { RecurrencePolicy, RepetitionChoice } from "../availability/recurring.ts";

export const CALENDAR_TYPES = ["personal", "round_robin", "collective", "class", "service"] as const;
export type CalendarType = (typeof CALENDAR_TYPES)[number];

export interface TimeInterval {
  /** "HH:MM", 24-hour clock, in the schedule's zone. "24:00" ends at midnight. */
  start: string;
  end: string;
}

/** Weekly hours: ISO weekday "1" (Monday) … "7" (Sunday) → intervals; gaps between them are breaks. */
export type WeeklyHours = Partial<Record<"1" | "2" | "3" | "4" | "5" | "6" | "7", TimeInterval[]>>;

/** Date-specific hours: local date "YYYY-MM-DD" → intervals replacing the weekly hours; [] = day off. */
export type DateOverrides = Record<string, TimeInterval[]>;

export type DepositRule = { kind: "amount"; amountCents: number } | { kind: "percentage"; percent: number };

export type BookingWindow =
  | { kind: "rolling_days"; days: number }
  | { kind: "rolling_available_days"; days: number }
  | { kind: "date_range"; start: string; end: string };

export interface CustomQuestion {
  id: string;
  label: string;
  kind: "text" | "textarea" | "select" | "checkbox";
  required: boolean;
  options?: string[];
}

/** Booking rules of a calendar. */
export interface CalendarSettings {
  durationMinutes: number;
  slotIntervalMinutes: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  minimumNoticeMinutes: number;
  bookingWindow: BookingWindow;
  maxBookingsPerDay?: number | null;
  maxBookingsPerDayPerStaff?: number | null;
  seatsPerSlot?: number | null;
  /** Class calendars: show visitors the seats left at each class (absent: on, the source product's default). */
  displayAvailableSeats?: boolean;
  autoConfirm: boolean;
  unconfirmedBlocks: boolean;
  allowReschedule: boolean;
  allowCancel: boolean;
  /** Minutes before the start after which the visitor can no longer reschedule or cancel; null = never. */
  changeCutoffMinutes: number | null;
  guestMode: "none" | "count_only" | "collect_detail";
  priceCents: number;
  deposit: DepositRule | null;
  /** What the visitor pays online before the booking is confirmed (absent: none). */
  payment?: PaymentMode;
  /**
   * A visitor who cancels until this many hours before the start gets everything paid back; later,
   * the deposit is kept (core/payments/refund-policy.ts). Absent or null: always everything back.
   */
  fullRefundHoursBefore?: number | null;
  /** Reminder emails before the start and a follow-up after the end (absent: none). */
  reminders?: ReminderRules;
  /** Where it takes place; a service's or a staff member's own overrides it (core/calendar/location.ts). */
  location: MeetingLocation | null;
  questions: CustomQuestion[];
  roundRobinMode: "availability" | "equal_distribution";
  /**
   * "Look Busy": the share of free starts hidden from visitors, 0–90 (absent: 0). Not on classes
   * or service calendars (core/availability/look-busy.ts).
   */
  lookBusyPercent?: number;
  /** "Require guests for booking": at least one additional guest (absent: off). Not on classes or services. */
  requireGuests?: boolean;
  /**
   * "Enable recurring" (issue 17): the repetitions the visitor may choose in the widget, how many
   * times at most (2–24), and what happens to an occurrence whose time is taken (the calendar's
   * policy, not the visitor's). Absent or null: the widget offers no repetition.
   */
  recurring?: RecurringSetting | null;
}

export interface RecurringSetting {
  /** "weekly" (every week) or `{frequency: "weekly", interval: 2}` (every 2 weeks). */
  frequencies: RepetitionChoice[];
  maxCount: number;
  policy: RecurrencePolicy;
}

/**
 * One person's data, found and erased on the business's request, or after the business's retention
 * period (issue 19, "Privacy"). A booking's record stays — its time, services and money are the
 * business's books and keep the calendar right — but who made it, who came along and what they
 * wrote go. Form and survey submissions are nothing but what the person wrote, so they go whole.
 */

/** How long a business may keep personal data of past bookings and submissions: a day to ten years. */
export const RETENTION_DAYS = { min: 1, max: 3650 } as const;

/** The contact of a booking whose person was erased: every field emptied, nothing guessable left. */
export const ERASED_CONTACT = {
  firstName: "",
  lastName: "",
  email: "",
  phone: null,
  dateOfBirth: null,
  location: null,
  notes: null,
  consent: false,
} as const;

/** A guest, erased: still counted (the seat was taken), no longer named. */
export const ERASED_GUEST = { name: "", email: null } as const;

/** Emails are matched as people type them: case and surrounding spaces do not make another person. */
export const personKey = (email: string): string => email.trim().toLowerCase();

/** Bookings that have not happened yet (or are happening): erasing their person would strand them. */
export const isUpcoming = (booking: { status: string; endsAtMs: number }, nowMs: number): boolean =>
  booking.status !== "cancelled" && booking.endsAtMs > nowMs;

/** The instant before which personal data is erased under a retention period of `days`. */
export const retentionCutoff = (nowMs: number, days: number): Date => new Date(nowMs - days * 86_400_000);

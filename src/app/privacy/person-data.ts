/**
 * Export and erase one person's data, and the business's retention period (issue 19, "Privacy").
 * A person is found by their email: as the one who booked, as a named guest, in a form or survey
 * they submitted, and in the coupons they used. Erasing refuses while the person still has an
 * appointment to come — the business cancels it first (or lets it happen) — so that no booking is
 * left with nobody to tell.
 */
import { isUpcoming, personKey } from "../../core/privacy/personal-data.ts";
import type { Contact } from "../contacts/ports.ts";

export interface PersonBooking {
  readonly id: string;
  /** `booker`: they made it (contact, guests and answers are theirs); `guest`: they came along. */
  readonly role: "booker" | "guest";
  readonly status: string;
  readonly calendarId: string;
  readonly calendarName: string;
  readonly startTime: string;
  readonly endTime: string;
  readonly timeZone: string;
  readonly serviceNames: readonly string[];
  /** What the booker gave; for a guest, their own entry only. */
  readonly contact: Readonly<Record<string, unknown>> | null;
  readonly guests: readonly { name: string; email: string | null }[];
  readonly answers: Readonly<Record<string, unknown>>;
  readonly priceCents: number;
  readonly currency: string;
  readonly payments: readonly { amountMinor: number; currency: string; status: string; refundedMinor: number }[];
  readonly createdAt: string;
}

export interface PersonSubmission {
  readonly id: string;
  readonly formId: string;
  readonly formName: string;
  readonly kind: string;
  readonly answers: Readonly<Record<string, unknown>>;
  readonly consentText: string | null;
  readonly consentedAt: string | null;
  readonly locale: string;
  readonly createdAt: string;
}

export interface PersonCouponUse {
  readonly code: string;
  readonly discountMinor: number;
  readonly bookingId: string | null;
  readonly createdAt: string;
}

export interface PersonData {
  readonly email: string;
  /** The business's contact for this email (src/app/contacts); null when there is none. */
  readonly contact: Contact | null;
  readonly bookings: readonly PersonBooking[];
  readonly submissions: readonly PersonSubmission[];
  readonly couponUses: readonly PersonCouponUse[];
}

export interface ErasureCounts {
  /** Bookings they made: contact, guests and answers emptied. */
  readonly bookings: number;
  /** Other people's bookings they were a guest of: their entry emptied. */
  readonly guestEntries: number;
  /** Their form and survey submissions, deleted. */
  readonly submissions: number;
  readonly couponUses: number;
  /** Their contact (one per email), deleted. */
  readonly contacts: number;
}

export interface PersonDataStore {
  /** Everything the business holds about the person whose email is `key` (already normalised). */
  find(key: string): Promise<PersonData>;
  /**
   * Erases in one transaction, after locking the person's bookings: refused, with nothing changed,
   * when `blockers` names any of them.
   */
  erase(
    key: string,
    now: Date,
    blockers: (bookings: readonly { id: string; status: string; endsAtMs: number }[]) => readonly string[],
  ): Promise<{ readonly upcoming: readonly string[] } | { readonly erased: ErasureCounts }>;
}

export interface RetentionStore {
  /**
   * Erases what every business with a retention period keeps past it, and files attached to forms
   * never sent; returns what it erased.
   */
  eraseExpired(now: Date): Promise<{
    readonly bookings: number;
    readonly submissions: number;
    readonly contacts: number;
    readonly uploads: number;
  }>;
}

export const exportPersonData = (store: PersonDataStore, email: string): Promise<PersonData> =>
  store.find(personKey(email));

export type ErasureOutcome =
  | { readonly ok: true; readonly erased: ErasureCounts }
  | { readonly ok: false; readonly upcomingBookingIds: readonly string[] };

export async function erasePersonData(store: PersonDataStore, email: string, now: Date): Promise<ErasureOutcome> {
  const outcome = await store.erase(personKey(email), now, (bookings) =>
    bookings.filter((b) => isUpcoming(b, now.getTime())).map((b) => b.id),
  );
  return "upcoming" in outcome
    ? { ok: false, upcomingBookingIds: outcome.upcoming }
    : { ok: true, erased: outcome.erased };
}

import type { PaymentProviders } from "../payments/ports.ts";
import type { BookingStore } from "./ports.ts";
import type { FreeSlotAnswers } from "./free-slot-answers.ts";
import type { PublicSlotsByDate } from "../../core/availability/model.ts";
import type { WarmBusyIndex } from "./warm-busy-index.ts";

export interface MoneyHooks {
  /** Gives back, now, what cancellations left owed (refunds.ts); the sweep retries what fails. */
  giveBack(): Promise<unknown>;
  /** Takes the money held for a request the business confirmed (held-money.ts). */
  capture(bookingId: string): Promise<unknown>;
  /** Lets go of the money held for a request that was declined or cancelled. */
  release(bookingId: string): Promise<unknown>;
}

/** What every booking use case receives: storage, a clock, and the public base URL for links. */
export interface BookingDeps {
  readonly store: BookingStore;
  readonly clock: () => Date;
  /** Absolute base URL of the widget, without a trailing slash (links in notifications). */
  readonly publicUrl: string;
  readonly newId: () => string;
  /** How long a hold keeps a slot (config HOLD_MINUTES). */
  readonly holdMinutes: number;
  /** Takes the payment of calendars that ask for one; without it, such bookings are refused. */
  readonly payments?: PaymentProviders;
  /** What the booking use cases ask of the payment side (src/app/payments); absent: no online payments. */
  readonly money?: MoneyHooks;
  /** Busy indexes kept warm between slot queries (issue 22); absent: every query indexes afresh. */
  readonly busyIndexes?: WarmBusyIndex;
  /** Free-slots answers kept per query, calendar and busy index (issue 22); absent: every query computes. */
  readonly freeSlotAnswers?: FreeSlotAnswers<PublicSlotsByDate>;
}

import type { PaymentProvider } from "../payments/ports.ts";
import type { BookingStore } from "./ports.ts";

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
  readonly payments?: PaymentProvider;
  /** Gives back, now, what cancellations left owed (refunds.ts); the sweep retries what fails. */
  readonly giveBack?: () => Promise<unknown>;
}

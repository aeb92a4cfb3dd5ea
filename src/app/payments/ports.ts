/**
 * What the payment use cases need from a payment provider (Stripe, or the built-in test provider)
 * and from storage. Amounts are minor units of `currency` (src/core/payments/money.ts).
 */
import type { NotificationMessage } from "../../core/notifications/notification.ts";
import type { EpochMs } from "../../core/shared/time.ts";

export interface PaymentIntent {
  /** The provider's id (Stripe: `pi_…`). */
  readonly ref: string;
  /** What the visitor's page confirms the payment with; shown once, stored only hashed. */
  readonly clientSecret: string;
}

export interface PaymentProvider {
  readonly name: "test" | "stripe";
  /** `idempotencyKey`: the same key never creates a second intent (a retried request). */
  createIntent(input: {
    readonly amountMinor: number;
    readonly currency: string;
    readonly description: string;
    readonly idempotencyKey: string;
    /** Appointment requests: the money is only held (authorised) until `capture`; cancelling releases it. */
    readonly captureLater: boolean;
  }): Promise<PaymentIntent>;
  /** Takes money held by an intent created with `captureLater`. */
  capture(input: { readonly ref: string; readonly idempotencyKey: string }): Promise<void>;
  /** Gives the money back (a payment that found no booking, a refund by policy). */
  refund(input: { readonly ref: string; readonly amountMinor: number; readonly idempotencyKey: string }): Promise<void>;
  /** Drops an intent nobody will pay (its booking expired or failed). */
  cancelIntent(ref: string): Promise<void>;
}

/**
 * Whose account holds a payment's money: the server's (STRIPE_SECRET_KEY, else the built-in test
 * provider) or the business's own Stripe account (its keys in its settings).
 */
export type PaymentAccount = "server" | "business";

/** Where a business's new payments go. */
export interface PaymentRoute {
  readonly provider: PaymentProvider;
  readonly account: PaymentAccount;
  /** Stripe: the account's publishable key, which the visitor's page loads Stripe.js with. */
  readonly publishableKey: string | null;
}

/** Payment providers resolved per business (issue 14: "the business's own keys"). */
export interface PaymentProviders {
  /** The business's own Stripe account when it has one, else the server's. */
  forBusiness(businessId: string): Promise<PaymentRoute>;
  /**
   * The provider holding an earlier payment's money — the account it was made in, whatever the
   * business uses now. Throws when that account's keys are gone (the money stays owed; the sweep retries).
   */
  forPayment(payment: { readonly businessId: string; readonly account: PaymentAccount }): Promise<PaymentProvider>;
}

/** Which payments a verified event may touch: the account whose secret signed it. */
export type EventScope = { readonly account: "server" } | { readonly account: "business"; readonly businessId: string };

/** What a provider reports about one of its payments (Stripe: a webhook event), by the provider's id. */
export type PaymentEvent =
  | { readonly kind: "succeeded"; readonly ref: string }
  | { readonly kind: "failed"; readonly ref: string; readonly failureCode: string }
  /** `amountMinor`: everything refunded of it so far (by us, or by the business at the provider). */
  | { readonly kind: "refunded"; readonly ref: string; readonly amountMinor: number }
  | { readonly kind: "ignored"; readonly type: string };

/** The provider's notifications, each proven to come from it (Stripe: signed with the webhook secret). */
export interface PaymentEventSource {
  readonly provider: "stripe";
  /** The event, or null when `signature` does not prove that `payload` — byte for byte — came from the provider. */
  read(payload: string, signature: string): PaymentEvent | null;
}

/** A payment as the visitor's page and the business see it. */
export interface PaymentRecord {
  readonly id: string;
  readonly businessId: string;
  readonly bookingId: string | null;
  readonly provider: "test" | "stripe";
  readonly providerRef: string;
  readonly account: PaymentAccount;
  readonly kind: "full" | "deposit";
  readonly amountMinor: number;
  readonly currency: string;
  readonly status: "pending" | "requires_action" | "authorized" | "succeeded" | "failed" | "refunded" | "canceled";
  readonly failureCode: string | null;
  readonly refundedMinor: number;
  /** What should have been refunded by now; above `refundedMinor` while the provider has yet to confirm. */
  readonly refundDueMinor: number;
  readonly clientSecretHash: string;
}

/** Statuses of a payment still waiting for its money: only these fail, expire or change on a card's answer. */
export const AWAITING_MONEY = [
  "pending",
  "requires_action",
  "failed",
] as const satisfies readonly PaymentRecord["status"][];

/** How a succeeded payment ended: its booking confirmed, or no booking to keep it for (refund it). */
export type Settlement =
  | { readonly kind: "booked"; readonly bookingId: string }
  | { readonly kind: "refund"; readonly reason: "slot_taken" | "booking_gone" }
  /** A request's money was only held, for a booking that is gone: let go of the hold (nothing was taken). */
  | { readonly kind: "release" }
  /** `bookingId`: the booking it paid for; null when its money was refunded. */
  | { readonly kind: "already_settled"; readonly bookingId: string | null };

export interface PaymentStore {
  loadPayment(paymentId: string): Promise<PaymentRecord | null>;
  /** The payment a provider knows as `ref` (its events name payments only so), within `scope`'s payments. */
  findByProviderRef(provider: PaymentRecord["provider"], ref: string, scope: EventScope): Promise<PaymentRecord | null>;
  markPayment(
    paymentId: string,
    change: {
      readonly status: "requires_action" | "failed";
      readonly failureCode: string | null;
      readonly nowMs: EpochMs;
    },
  ): Promise<void>;
  /**
   * In one transaction: the payment succeeded; its booking takes its paid status (and its occupancy
   * stops expiring) and its confirmation goes to the outbox. A booking whose payment time ran out is
   * reinstated if its time is still free (the exclusion constraint decides); otherwise "refund".
   * Told again, a success is "already_settled" — unless its refund is still owed (the booking was
   * gone before the money came and the refund has not been recorded): then "refund" again, so a
   * refund that failed is retried when the provider repeats its event.
   */
  settlePayment(paymentId: string, nowMs: EpochMs): Promise<Settlement>;
  /** The provider confirmed refunds up to `refundedMinor` in all (the payment is refunded once whole). */
  markRefunded(paymentId: string, refundedMinor: number, nowMs: EpochMs): Promise<void>;
  /** Payments owing a refund the provider has not confirmed yet (a cancellation, a failed try). */
  refundsDue(limit: number): Promise<PaymentRecord[]>;
  /** A booking's payments whose money is held (authorised) for a request. */
  heldFor(bookingId: string): Promise<PaymentRecord[]>;
  /** The provider took (captured) or released (cancelled) money it held for a request. */
  markHeld(paymentId: string, outcome: "captured" | "released", nowMs: EpochMs): Promise<void>;
  /**
   * Cancels bookings whose payment time ran out (or this one booking's, when the visitor gives up):
   * status cancelled (payment_expired), occupancy and seats released, payment canceled. Returns the
   * intents to drop at the provider.
   */
  expireUnpaid(
    nowMs: EpochMs,
    /** One business's overdue ones, or (with `paymentId`) that payment's booking; without: every business's, claimed per business. */
    only?: { readonly businessId: string; readonly paymentId?: string },
  ): Promise<
    {
      provider: string;
      ref: string;
      businessId: string;
      account: PaymentAccount;
      calendarId: string;
      staffIds: readonly string[];
    }[]
  >;
}

/** What the payment use cases receive. */
export interface PaymentDeps {
  readonly store: PaymentStore;
  /** Each payment's money is moved through the account that holds it. */
  readonly providers: PaymentProviders;
  readonly clock: () => Date;
  /** Told when unpaid bookings give their time back (the widgets showing it refresh their times). */
  readonly released?: (freed: { readonly calendarId: string; readonly staffIds: readonly string[] }) => void;
}

/** Prepared with the booking, written in its transaction. */
export interface NewPayment {
  readonly id: string;
  readonly provider: "test" | "stripe";
  readonly providerRef: string;
  readonly account: PaymentAccount;
  readonly clientSecretHash: string;
  readonly kind: "full" | "deposit";
  readonly amountMinor: number;
  readonly dueAtMs: EpochMs;
  readonly notification: NotificationMessage;
}

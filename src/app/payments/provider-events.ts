/**
 * What a provider reports about a payment, applied to it. Providers deliver at least once and in
 * no particular order, so each event is safe to apply again and in any order: a success settles
 * once (the store's row lock and status decide; a replay finds it settled), a failure never undoes
 * a success, and a refund is recorded as the provider's total so far.
 */
import { settle, type PaymentDeps } from "./pay-for-booking.ts";
import { AWAITING_MONEY, type EventScope, type PaymentEvent } from "./ports.ts";

export type PaymentEventOutcome =
  /** The booking is paid and confirmed (now, or already by an earlier delivery). */
  | "confirmed"
  /** The money came for a booking that no longer waited for it, and went back. */
  | "refunded"
  | "failure_recorded"
  | "refund_recorded"
  /** Not a payment made here (another integration on the same account): nothing to do. */
  | "unknown_payment"
  | "ignored";

export async function applyPaymentEvent(
  deps: PaymentDeps,
  provider: "stripe",
  event: PaymentEvent,
  scope: EventScope,
): Promise<PaymentEventOutcome> {
  if (event.kind === "ignored") return "ignored";
  // Only the payments of the account whose secret signed the event: a business that knows its own
  // webhook secret cannot speak for another business's payments, nor for the server's.
  const payment = await deps.store.findByProviderRef(provider, event.ref, scope);
  if (!payment) return "unknown_payment";
  const nowMs = deps.clock().getTime();
  switch (event.kind) {
    case "succeeded": {
      const settled = await settle(deps, payment);
      return settled.ok ? "confirmed" : "refunded";
    }
    case "failed":
      // Only a payment still awaiting its money fails: a late failure (the visitor's first card,
      // declined before the second succeeded) leaves a success as it is. The store's update checks
      // the status again, so a success settled meanwhile is kept too.
      if (!(AWAITING_MONEY as readonly string[]).includes(payment.status)) return "ignored";
      await deps.store.markPayment(payment.id, { status: "failed", failureCode: event.failureCode, nowMs });
      return "failure_recorded";
    case "refunded":
      await deps.store.markRefunded(payment.id, Math.min(event.amountMinor, payment.amountMinor), nowMs);
      return "refund_recorded";
  }
}

/**
 * An appointment request's payment is held on the visitor's card (authorised), not taken: the
 * business confirming takes it, declining — or anyone cancelling — lets it go. Either call is keyed
 * and safe to repeat; a capture that fails leaves the payment held, visible to the business.
 */
import type { PaymentDeps, PaymentRecord } from "./ports.ts";

export async function captureHeld(deps: PaymentDeps, bookingId: string): Promise<void> {
  for (const payment of await deps.store.heldFor(bookingId)) {
    const provider = await deps.providers.forPayment(payment);
    await provider.capture({ ref: payment.providerRef, idempotencyKey: `capture-${payment.id}` });
    await deps.store.markHeld(payment.id, "captured", deps.clock().getTime());
  }
}

export async function releaseHeld(deps: PaymentDeps, bookingId: string): Promise<void> {
  for (const payment of await deps.store.heldFor(bookingId)) await releasePayment(deps, payment);
}

/** Lets go of one payment's held money: the intent is cancelled at the provider, then recorded. */
export async function releasePayment(deps: PaymentDeps, payment: PaymentRecord): Promise<void> {
  const provider = await deps.providers.forPayment(payment);
  await provider.cancelIntent(payment.providerRef);
  await deps.store.markHeld(payment.id, "released", deps.clock().getTime());
}

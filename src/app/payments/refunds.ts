/**
 * Money owed back is recorded first (in the transaction that cancels the booking, or that finds a
 * payment without a booking) and given back after: each payment's refund goes to the provider with
 * an idempotency key naming the total it brings the refund to, so a retry after a crash or a
 * timeout can never refund twice. What the provider has not confirmed stays owed for the sweep.
 */
import type { PaymentDeps, PaymentRecord } from "./ports.ts";

export async function giveBackOwed(deps: PaymentDeps, owed?: readonly PaymentRecord[]): Promise<number> {
  const due = owed ?? (await deps.store.refundsDue(50));
  let refunded = 0;
  for (const payment of due) {
    if (payment.refundDueMinor <= payment.refundedMinor) continue;
    try {
      const provider = await deps.providers.forPayment(payment);
      await provider.refund({
        ref: payment.providerRef,
        amountMinor: payment.refundDueMinor - payment.refundedMinor,
        idempotencyKey: `refund-${payment.id}-${payment.refundDueMinor}`,
      });
      await deps.store.markRefunded(payment.id, payment.refundDueMinor, deps.clock().getTime());
      refunded += 1;
    } catch {
      // Still owed: the next sweep tries again with the same key.
    }
  }
  return refunded;
}

/**
 * What a booking asks the visitor to pay before it is confirmed. A calendar takes no payment, the
 * full price, or its deposit (domain notes, "Deposits": the rest is collected by the business later).
 * While the visitor pays, the booking holds its time for PAYMENT_HOLD_MINUTES (status
 * pending_payment); it is confirmed only when the provider reports the money taken.
 */
export const PAYMENT_MODES = ["none", "full", "deposit"] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

export const PAYMENT_HOLD_MINUTES = 10;

export interface PaymentDue {
  readonly kind: "full" | "deposit";
  /** Minor units of the booking's currency. */
  readonly amountMinor: number;
}

/** The payment a booking of this price needs now, or null when it needs none. */
export function paymentDue(
  mode: PaymentMode | undefined,
  price: { readonly totalCents: number; readonly depositCents: number },
): PaymentDue | null {
  if (mode === "full" && price.totalCents > 0) return { kind: "full", amountMinor: price.totalCents };
  if (mode === "deposit" && price.depositCents > 0) return { kind: "deposit", amountMinor: price.depositCents };
  return null;
}

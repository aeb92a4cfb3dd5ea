import type { DepositRule } from "../calendar/calendar.ts";

export interface PriceQuote {
  readonly totalCents: number;
  readonly depositCents: number;
}

/**
 * Total and deposit of a booking. "Collect payment for all attendees": the unit price is
 * multiplied by the attendees (domain notes, deposits). A percentage deposit is rounded half up
 * to the cent; a flat deposit never exceeds the total.
 */
export function quotePrice(unitPrices: readonly number[], attendees: number, deposit: DepositRule | null): PriceQuote {
  const unit = unitPrices.reduce((sum, p) => sum + p, 0);
  const totalCents = unit * Math.max(1, attendees);
  if (!deposit || totalCents === 0) return { totalCents, depositCents: 0 };
  const depositCents =
    deposit.kind === "amount"
      ? Math.min(totalCents, Math.max(0, deposit.amountCents))
      : Math.min(totalCents, Math.round((totalCents * Math.max(0, Math.min(100, deposit.percent))) / 100));
  return { totalCents, depositCents };
}

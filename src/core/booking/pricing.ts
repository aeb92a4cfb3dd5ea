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

/** One service taken by one attendee. */
export interface CartLine {
  readonly priceCents: number;
  readonly deposit: DepositRule | null;
}

/**
 * Total and deposit of a service booking with a cart per attendee: every line is charged. The
 * calendar's deposit rule, when set, applies to the whole total; otherwise each line carries its
 * service's own deposit (a flat deposit per line, never more than the line).
 */
export function quoteCarts(lines: readonly CartLine[], calendarDeposit: DepositRule | null): PriceQuote {
  if (calendarDeposit)
    return quotePrice(
      lines.map((l) => l.priceCents),
      1,
      calendarDeposit,
    );
  let totalCents = 0;
  let depositCents = 0;
  for (const line of lines) {
    const q = quotePrice([line.priceCents], 1, line.deposit);
    totalCents += q.totalCents;
    depositCents += q.depositCents;
  }
  return { totalCents, depositCents };
}

/**
 * What a cancelled booking gives back of what was paid online. The business cancelling (or
 * declining a request) gives everything back. The visitor cancelling gets everything back until
 * the calendar's `fullRefundHoursBefore` the start; after that the deposit is kept and the rest
 * returned (domain notes, "Deposits": the deposit secures the time). No limit set: always in full.
 */
import { HOUR_MS, type EpochMs } from "../shared/time.ts";

export interface RefundQuestion {
  /** Paid online and not yet refunded, minor units. */
  readonly paidMinor: number;
  /** The booking's deposit, minor units (0 when it has none). */
  readonly depositMinor: number;
  readonly startMs: EpochMs;
  readonly nowMs: EpochMs;
  readonly fullRefundHoursBefore: number | null | undefined;
  readonly by: "visitor" | "business";
}

export function refundOnCancel(q: RefundQuestion): number {
  if (q.paidMinor <= 0) return 0;
  const limit = q.fullRefundHoursBefore;
  const inTime = limit === null || limit === undefined || q.nowMs <= q.startMs - limit * HOUR_MS;
  if (q.by === "business" || inTime) return q.paidMinor;
  return Math.max(0, q.paidMinor - q.depositMinor);
}

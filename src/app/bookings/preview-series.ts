/**
 * A recurring series as it would be booked, shown before the visitor confirms (issue 17): every
 * occurrence with its time and what would become of it. It runs what createBooking runs up to the
 * write (decideRequest: the request's rules, the calendar's repetition setting, each occurrence
 * against the busy time and the calendar's policy), so the list is the booking's own plan.
 * Nothing is written; the series is decided again when booked.
 */
import { seriesPrice } from "../../core/booking/decide-booking.ts";
import { fail, ok, type Outcome } from "../../core/booking/errors.ts";
import type { BookingInput } from "../../core/booking/read-booking-request.ts";
import { formatInstant } from "../../core/shared/time.ts";
import { decideRequest } from "./create-booking.ts";
import type { BookingDeps } from "./deps.ts";

export type SeriesPreviewInput = Omit<BookingInput, "contact" | "answers" | "guests"> & {
  readonly recurring: NonNullable<BookingInput["recurring"]>;
  readonly guests?: number | null;
  /** The visitor's e-mail when known: a coupon's per-visitor limit is checked against it. */
  readonly email?: string | null;
};

export interface OccurrencePreview {
  readonly index: number;
  readonly requestedStartTime: string;
  /** booked: free; requested: kept as a request for the business (policy continue); not_booked: skipped. */
  readonly status: "booked" | "requested" | "not_booked";
  /** Where book_next moved it, or the requested time; null when not booked. */
  readonly startTime: string | null;
  readonly endTime: string | null;
  readonly code: string | null;
  /** The occurrence's price and deposit as it would be booked (minor units); null when not booked. */
  readonly priceMinor: number | null;
  readonly depositMinor: number | null;
}

export interface SeriesPreview {
  readonly occurrences: OccurrencePreview[];
  /** What the dates that would be booked (or requested) cost together, and their deposits. */
  readonly totalMinor: number;
  /** A coupon's discount over all of them (already off `totalMinor`; ADR 0051). */
  readonly discountMinor: number;
  readonly couponCode: string | null;
  readonly depositMinor: number;
}

export async function previewSeries(deps: BookingDeps, input: SeriesPreviewInput): Promise<Outcome<SeriesPreview>> {
  const nowMs = deps.clock().getTime();
  const { guests, email, ...rest } = input;
  const asBooking: BookingInput = {
    ...rest,
    ...(guests ? { guests } : {}),
    contact: { firstName: "", lastName: "", email: email ?? "" },
  };
  const decided = await decideRequest(deps, asBooking, nowMs, "quote");
  if (!decided.ok) return decided;
  const { decision } = decided.value;
  if (decision.kind !== "series") return fail("RECURRING_NOT_SUPPORTED");
  const tz = input.timezone;
  const occurrences = decision.occurrences.map((o) => ({
    index: o.index,
    requestedStartTime: formatInstant(o.requestedStartMs, tz),
    status: o.status,
    startTime: o.draft ? formatInstant(o.draft.startMs, tz) : null,
    endTime: o.draft ? formatInstant(o.draft.endMs, tz) : null,
    code: o.code,
    priceMinor: o.draft?.priceCents ?? null,
    depositMinor: o.draft?.depositCents ?? null,
  }));
  const { totalMinor, depositMinor, discountMinor } = seriesPrice(decision.occurrences);
  return ok({
    occurrences,
    totalMinor,
    depositMinor,
    discountMinor,
    couponCode: decided.value.coupon?.code ?? null,
  });
}

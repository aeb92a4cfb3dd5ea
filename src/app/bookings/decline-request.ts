/** The business declines an appointment request (status new → cancelled); its time is freed. */
import { fail, ok, type Outcome } from "../../core/booking/errors.ts";
import { loadRequest } from "./confirm-request.ts";
import type { BookingDeps } from "./deps.ts";
import type { BookingRecord } from "./ports.ts";
import { notification, toSnapshot } from "./snapshot.ts";

export async function declineRequest(
  deps: BookingDeps,
  businessId: string,
  bookingId: string,
  reason: string | null = null,
): Promise<Outcome<BookingRecord>> {
  const request = await loadRequest(deps, businessId, bookingId);
  if (!request.ok) return request;
  const { ctx } = request.value;
  const result = await deps.store.changeStatus({
    bookingId,
    businessId,
    from: ["new"],
    to: "cancelled",
    active: false,
    cancelReason: reason,
    nowMs: deps.clock().getTime(),
    notification: (after) => notification("request_declined", toSnapshot(ctx, after, deps.publicUrl, null)),
  });
  return result.ok && result.record ? ok(result.record) : fail("NOT_A_REQUEST");
}

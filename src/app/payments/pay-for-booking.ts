/**
 * The visitor pays for a booking that waits for its payment. With the built-in test provider the
 * card is submitted here and answered like Stripe's test cards; whichever provider took the money,
 * `settle` then confirms the booking — or, when the booking's time was lost meanwhile, refunds the
 * money at once, so no money is ever kept without a booking.
 */
import { fail, ok, type Outcome } from "../../core/booking/errors.ts";
import { cardFieldErrors, testCardOutcome } from "../../core/payments/test-cards.ts";
import { matchesHash } from "../bookings/manage-token.ts";
import { releasePayment } from "./held-money.ts";
import type { PaymentDeps, PaymentRecord } from "./ports.ts";

export type { PaymentDeps } from "./ports.ts";
import { giveBackOwed } from "./refunds.ts";

export type PaymentState =
  { readonly status: "succeeded"; readonly bookingId: string } | { readonly status: "requires_action" };

export interface TestCardPayment {
  readonly clientSecret: string;
  readonly card: { readonly number: string; readonly expiry: string; readonly cvc: string };
  /** The answer to the extra confirmation step ("3-D Secure") some test cards ask for. */
  readonly authentication?: "approve" | "deny";
}

/** The payment, if `clientSecret` is its secret (compared in constant time). */
async function findPayment(deps: PaymentDeps, paymentId: string, clientSecret: string) {
  const payment = await deps.store.loadPayment(paymentId);
  return payment && matchesHash(clientSecret, payment.clientSecretHash) ? payment : null;
}

/** A payment that has ended answers the same way every time it is asked again. */
function ended(payment: PaymentRecord): Outcome<PaymentState> | null {
  if (payment.status === "succeeded" && payment.bookingId)
    return ok({ status: "succeeded", bookingId: payment.bookingId });
  if (payment.status === "refunded") return fail("PAYMENT_REFUNDED");
  if (payment.status === "canceled") return fail("PAYMENT_EXPIRED");
  return null;
}

export async function payWithTestCard(
  deps: PaymentDeps,
  paymentId: string,
  input: TestCardPayment,
): Promise<Outcome<PaymentState>> {
  const payment = await findPayment(deps, paymentId, input.clientSecret);
  if (!payment || payment.provider !== "test") return fail("PAYMENT_NOT_FOUND");
  const done = ended(payment);
  if (done) return done;
  const nowMs = deps.clock().getTime();
  const fields = cardFieldErrors(input.card, nowMs);
  if (fields.length > 0) return fail(fields[0]!.code, undefined, fields);
  const outcome = testCardOutcome(input.card.number);
  if (outcome === "requires_action" && input.authentication !== "approve") {
    if (input.authentication === "deny") {
      await deps.store.markPayment(paymentId, { status: "failed", failureCode: "authentication_failed", nowMs });
      return fail("PAYMENT_DECLINED", { declineCode: "authentication_failed" });
    }
    await deps.store.markPayment(paymentId, { status: "requires_action", failureCode: null, nowMs });
    return ok({ status: "requires_action" });
  }
  if (outcome !== "succeeded" && outcome !== "requires_action") {
    await deps.store.markPayment(paymentId, { status: "failed", failureCode: outcome, nowMs });
    return fail("PAYMENT_DECLINED", { declineCode: outcome });
  }
  return settle(deps, payment);
}

/** How a payment stands, for a page that waits for the provider's word (Stripe's webhook). */
export type PaymentProgress =
  | { readonly status: "succeeded"; readonly bookingId: string }
  | { readonly status: "waiting" }
  /** The last attempt failed; the visitor may try again while the time is held. */
  | { readonly status: "failed"; readonly declineCode: string };

/**
 * Where a payment stands: succeeded once its booking is confirmed (or held for a request), refused
 * as expired or refunded when its booking is gone, else still waiting. Only the holder of its
 * client secret may ask.
 */
export async function paymentProgress(
  deps: PaymentDeps,
  paymentId: string,
  clientSecret: string,
): Promise<Outcome<PaymentProgress>> {
  const payment = await findPayment(deps, paymentId, clientSecret);
  if (!payment) return fail("PAYMENT_NOT_FOUND");
  const done = ended(payment);
  if (done?.ok === false) return done;
  if ((payment.status === "succeeded" || payment.status === "authorized") && payment.bookingId)
    return ok({ status: "succeeded", bookingId: payment.bookingId });
  if (payment.status === "failed") return ok({ status: "failed", declineCode: payment.failureCode ?? "failed" });
  return ok({ status: "waiting" });
}

/** The provider took the money: confirm the booking, or refund when there is no booking to keep it for. */
export async function settle(deps: PaymentDeps, payment: PaymentRecord): Promise<Outcome<PaymentState>> {
  const nowMs = deps.clock().getTime();
  const settlement = await deps.store.settlePayment(payment.id, nowMs);
  if (settlement.kind === "booked") return ok({ status: "succeeded", bookingId: settlement.bookingId });
  if (settlement.kind === "already_settled")
    return settlement.bookingId
      ? ok({ status: "succeeded", bookingId: settlement.bookingId })
      : fail("PAYMENT_REFUNDED");
  if (settlement.kind === "release") {
    await releasePayment(deps, payment).catch(() => undefined);
    return fail("PAYMENT_REFUNDED");
  }
  // Owed back since the settlement committed; given back now, or by the sweep if the provider fails.
  const owed = await deps.store.loadPayment(payment.id);
  if (owed) await giveBackOwed(deps, [owed]);
  return fail("PAYMENT_REFUNDED");
}

/** The visitor gives up paying (or goes back to change something): the booking's time is released now. */
export async function abandonPayment(
  deps: PaymentDeps,
  paymentId: string,
  clientSecret: string,
): Promise<Outcome<null>> {
  const payment = await findPayment(deps, paymentId, clientSecret);
  if (!payment) return fail("PAYMENT_NOT_FOUND");
  await releaseUnpaid(deps, { businessId: payment.businessId, paymentId });
  return ok(null);
}

/**
 * Releases every booking whose payment time ran out and gives back what is owed (run periodically
 * by each server process; row locks and idempotency keys keep it once).
 */
export async function expireUnpaidBookings(deps: PaymentDeps): Promise<number> {
  const released = await releaseUnpaid(deps);
  await giveBackOwed(deps);
  return released;
}

/** Cancels unpaid bookings (all overdue ones, or one payment's), tells the open widgets, drops their intents. */
async function releaseUnpaid(
  deps: PaymentDeps,
  only?: { readonly businessId: string; readonly paymentId: string },
): Promise<number> {
  const dropped = await deps.store.expireUnpaid(deps.clock().getTime(), only);
  for (const freed of dropped) deps.released?.(freed);
  await Promise.all(
    dropped.map((intent) =>
      deps.providers
        .forPayment(intent)
        .then((provider) => provider.cancelIntent(intent.ref))
        .catch(() => undefined),
    ),
  );
  return dropped.length;
}

/**
 * Paying for a booking that waits for its payment (status pending_payment): with the built-in test
 * provider the visitor's page submits a test card here; either provider's success settles the
 * booking (src/app/payments/pay-for-booking.ts). The payment's client secret, returned once with
 * the booking, is what grants access — the secret is stored only hashed.
 */
import {
  abandonPayment,
  paymentProgress,
  payWithTestCard,
  type PaymentDeps,
} from "../../app/payments/pay-for-booking.ts";
import type { PaymentEventSource } from "../../app/payments/ports.ts";
import { applyPaymentEvent } from "../../app/payments/provider-events.ts";
import { createApiRouter, createRoute, handle, json, jsonBody, problems, z } from "../http/api-router.ts";
import type { Context } from "hono";
import { problem } from "../http/problem.ts";
import { bookingProblem } from "./booking-problems.ts";

const TAGS = ["Payments"];
const params = z.object({ paymentId: z.string().openapi({ description: "The payment's id (from the booking)" }) });
const ClientSecretSchema = z.string().min(1).max(200);

const TestCardBodySchema = z
  .strictObject({
    clientSecret: ClientSecretSchema,
    card: z.strictObject({
      number: z.string().max(40),
      expiry: z.string().max(10).meta({ description: "MM/YY" }),
      cvc: z.string().max(10),
    }),
    authentication: z
      .enum(["approve", "deny"])
      .optional()
      .meta({ description: "The answer to the extra confirmation step some test cards ask for" }),
  })
  .openapi("TestCardPayment");

const PaymentStateSchema = z
  .object({
    status: z.enum(["succeeded", "requires_action"]),
    bookingId: z.string().optional().meta({ description: "Succeeded: the booking, now confirmed (or requested)" }),
  })
  .openapi("PaymentState");

const PAYMENT_REFUSALS = ["VALIDATION_FAILED", "INVALID_JSON", "UNSUPPORTED_MEDIA_TYPE", "PAYMENT_NOT_FOUND"] as const;

export const testCardRoute = createRoute({
  method: "post",
  path: "/payments/{paymentId}/test-card",
  tags: TAGS,
  summary: "Pay with a test card (built-in test provider only; Stripe's test numbers)",
  request: { params, body: jsonBody(TestCardBodySchema) },
  responses: {
    200: json(PaymentStateSchema, "Paid (the booking is confirmed), or an extra confirmation step is needed"),
    ...problems(
      ...PAYMENT_REFUSALS,
      "CARD_NUMBER_INVALID",
      "CARD_EXPIRY_INVALID",
      "CARD_CVC_INVALID",
      "PAYMENT_DECLINED",
      "PAYMENT_EXPIRED",
      "PAYMENT_REFUNDED",
    ),
  },
});

const PaymentProgressSchema = z
  .object({
    status: z.enum(["succeeded", "waiting", "failed"]),
    bookingId: z.string().optional().meta({ description: "Succeeded: the booking, now confirmed (or requested)" }),
    declineCode: z.string().optional().meta({ description: "Failed: why the last attempt failed" }),
  })
  .openapi("PaymentProgress");

export const paymentStatusRoute = createRoute({
  method: "post",
  path: "/payments/{paymentId}/status",
  tags: TAGS,
  operationId: "getPaymentStatus",
  summary:
    "Where a payment stands: the page asks after Stripe.js reports success, until the webhook confirms the booking",
  description:
    "A POST so that the client secret travels in the body, not in a logged URL. `waiting`: the provider has not told this server yet.",
  request: { params, body: jsonBody(z.strictObject({ clientSecret: ClientSecretSchema })) },
  responses: {
    200: json(PaymentProgressSchema, "Succeeded (the booking is confirmed), still waiting, or the last attempt failed"),
    ...problems(...PAYMENT_REFUSALS, "PAYMENT_EXPIRED", "PAYMENT_REFUNDED"),
  },
});

export const abandonRoute = createRoute({
  method: "post",
  path: "/payments/{paymentId}/abandon",
  tags: TAGS,
  summary: "Give up paying: the booking's held time is released at once",
  request: { params, body: jsonBody(z.strictObject({ clientSecret: ClientSecretSchema })) },
  responses: { 204: { description: "Released" }, ...problems(...PAYMENT_REFUSALS) },
});

/** Where Stripe delivers its events (its dashboard's webhook endpoint: this path on PUBLIC_URL). */
export const STRIPE_WEBHOOK_PATH = "/api/webhooks/stripe";

const StripeEventSchema = z
  .looseObject({ id: z.string(), type: z.string(), data: z.looseObject({ object: z.looseObject({}) }) })
  .meta({ description: "A Stripe event, exactly as Stripe sends it (verified against its signature)" })
  .openapi("StripeEvent");

const StripeEventReceiptSchema = z
  .object({
    received: z.literal(true),
    outcome: z
      .enum(["confirmed", "refunded", "failure_recorded", "refund_recorded", "unknown_payment", "ignored"])
      .meta({ description: "What the event did (for Stripe's delivery log; Stripe only needs the 200)" }),
  })
  .openapi("StripeEventReceipt");

export const stripeWebhookRoute = createRoute({
  method: "post",
  path: "/webhooks/stripe",
  tags: TAGS,
  operationId: "receiveStripeEvent",
  summary: "Stripe's webhook: a payment succeeded, failed or was refunded",
  description:
    "Signed by Stripe (`Stripe-Signature`, with STRIPE_WEBHOOK_SECRET). Handles `payment_intent.succeeded` (the booking is confirmed, or the money refunded if its time was lost), `payment_intent.payment_failed` and `charge.refunded`; other events are acknowledged and ignored. Events may be delivered again and out of order: each is applied once, and a failure never undoes a success. 404 when the server has no webhook secret.",
  request: {
    headers: z.object({ "stripe-signature": z.string().max(2000) }),
    body: jsonBody(StripeEventSchema),
  },
  responses: {
    200: json(StripeEventReceiptSchema, "Received (and applied, if it concerns a payment made here)"),
    ...problems("VALIDATION_FAILED", "INVALID_JSON", "UNSUPPORTED_MEDIA_TYPE", "NOT_FOUND"),
  },
});

const BusinessEventParams = z.object({
  businessId: z.string().max(100).openapi({ description: "The business whose own Stripe account sends the events" }),
});

export const businessStripeWebhookRoute = createRoute({
  method: "post",
  path: "/webhooks/stripe/{businessId}",
  tags: TAGS,
  operationId: "receiveBusinessStripeEvent",
  summary: "Stripe's webhook of a business's own account",
  description:
    "Like `/webhooks/stripe`, for a business that takes payments in its own Stripe account: signed with the webhook secret in its settings, and applied only to that business's payments in that account. 404 when the business has no Stripe keys.",
  request: {
    params: BusinessEventParams,
    headers: z.object({ "stripe-signature": z.string().max(2000) }),
    body: jsonBody(StripeEventSchema),
  },
  responses: {
    200: json(StripeEventReceiptSchema, "Received (and applied, if it concerns a payment of this business)"),
    ...problems("VALIDATION_FAILED", "INVALID_JSON", "UNSUPPORTED_MEDIA_TYPE", "NOT_FOUND"),
  },
});

const badSignature = (c: Context) =>
  problem(c, 400, "VALIDATION_FAILED", "The Stripe-Signature header does not verify this body.", {
    errors: [{ path: "stripe-signature", code: "invalid_signature", message: "does not verify the body" }],
  });

export function paymentApi(
  deps: PaymentDeps & {
    /** The server's account's events (STRIPE_WEBHOOK_SECRET). */
    readonly events?: PaymentEventSource;
    /** A business's own account's events, verified with its webhook secret; null without keys. */
    readonly accountEvents?: (businessId: string) => Promise<PaymentEventSource | null>;
  },
) {
  const api = createApiRouter();
  handle(api, testCardRoute, async (c) => {
    const result = await payWithTestCard(deps, c.req.valid("param").paymentId, c.req.valid("json"));
    return result.ok ? c.json(result.value, 200) : bookingProblem(c, result.error);
  });
  handle(api, paymentStatusRoute, async (c) => {
    const result = await paymentProgress(deps, c.req.valid("param").paymentId, c.req.valid("json").clientSecret);
    return result.ok ? c.json(result.value, 200) : bookingProblem(c, result.error);
  });
  handle(api, abandonRoute, async (c) => {
    const result = await abandonPayment(deps, c.req.valid("param").paymentId, c.req.valid("json").clientSecret);
    return result.ok ? c.body(null, 204) : bookingProblem(c, result.error);
  });
  handle(api, stripeWebhookRoute, async (c) => {
    if (!deps.events) return problem(c, 404, "NOT_FOUND", "This server takes no Stripe events (no webhook secret).");
    // The bytes Stripe signed: the edge read the body as text before (input-bounds.ts) and Hono
    // keeps that text, so this is the body as sent, not the parsed JSON written out again.
    const event = deps.events.read(await c.req.text(), c.req.valid("header")["stripe-signature"]);
    if (!event) return badSignature(c);
    const outcome = await applyPaymentEvent(deps, deps.events.provider, event, { account: "server" });
    return c.json({ received: true as const, outcome }, 200);
  });
  handle(api, businessStripeWebhookRoute, async (c) => {
    const { businessId } = c.req.valid("param");
    const events = (await deps.accountEvents?.(businessId)) ?? null;
    if (!events) return problem(c, 404, "NOT_FOUND", "This business takes no Stripe events (it has no Stripe keys).");
    const event = events.read(await c.req.text(), c.req.valid("header")["stripe-signature"]);
    if (!event) return badSignature(c);
    const outcome = await applyPaymentEvent(deps, events.provider, event, { account: "business", businessId });
    return c.json({ received: true as const, outcome }, 200);
  });
  return api;
}

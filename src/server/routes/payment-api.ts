/**
 * Paying for a booking that waits for its payment (status pending_payment): with the built-in test
 * provider the visitor's page submits a test card here; either provider's success settles the
 * booking (src/app/payments/pay-for-booking.ts). The payment's client secret, returned once with
 * the booking, is what grants access — the secret is stored only hashed.
 */
import { abandonPayment, payWithTestCard, type PaymentDeps } from "../../app/payments/pay-for-booking.ts";
import { createApiRouter, createRoute, handle, json, jsonBody, problems, z } from "../http/api-router.ts";
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

export const abandonRoute = createRoute({
  method: "post",
  path: "/payments/{paymentId}/abandon",
  tags: TAGS,
  summary: "Give up paying: the booking's held time is released at once",
  request: { params, body: jsonBody(z.strictObject({ clientSecret: ClientSecretSchema })) },
  responses: { 204: { description: "Released" }, ...problems(...PAYMENT_REFUSALS) },
});

export function paymentApi(deps: PaymentDeps) {
  const api = createApiRouter();
  handle(api, testCardRoute, async (c) => {
    const result = await payWithTestCard(deps, c.req.valid("param").paymentId, c.req.valid("json"));
    return result.ok ? c.json(result.value, 200) : bookingProblem(c, result.error);
  });
  handle(api, abandonRoute, async (c) => {
    const result = await abandonPayment(deps, c.req.valid("param").paymentId, c.req.valid("json").clientSecret);
    return result.ok ? c.body(null, 204) : bookingProblem(c, result.error);
  });
  return api;
}

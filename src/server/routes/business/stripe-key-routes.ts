/**
 * The business's own Stripe keys (issue 14): with them its visitors pay into its own Stripe
 * account, and Stripe tells this server on the business's own webhook endpoint. Owner only (a
 * staff login's role rules do not list these paths). The secret key and the webhook secret are
 * sealed under APP_SECRET and never shown again: GET says only whether keys are set, their mode
 * and the secret key's last four characters.
 */
import type { Context } from "hono";
import { saveStripeKeys, type StripeAccountView, type StripeKeysRefusal } from "../../../app/payments/stripe-keys.ts";
import {
  STRIPE_PUBLISHABLE_KEY_PATTERN,
  STRIPE_SECRET_KEY_PATTERN,
  STRIPE_WEBHOOK_SECRET_PATTERN,
} from "../../../core/payments/stripe-keys.ts";
import { handle, json, jsonBody, problems, z } from "../../http/api-router.ts";
import { problem } from "../../http/problem.ts";
import { STRIPE_WEBHOOK_PATH } from "../payment-api.ts";
import { define, REFUSALS, type BusinessApiDeps, type BusinessRouter } from "./business-routing.ts";

export const StripeKeysInputSchema = z
  .strictObject({
    secretKey: z
      .string()
      .trim()
      .regex(STRIPE_SECRET_KEY_PATTERN, "expected a secret key sk_test_… / sk_live_… (or a restricted key rk_…)")
      .meta({ description: "Stored sealed; never shown again" }),
    publishableKey: z
      .string()
      .trim()
      .regex(STRIPE_PUBLISHABLE_KEY_PATTERN, "expected a publishable key pk_test_… / pk_live_…")
      .meta({ description: "Of the same mode as the secret key" }),
    webhookSecret: z
      .string()
      .trim()
      .regex(STRIPE_WEBHOOK_SECRET_PATTERN, "expected the signing secret whsec_… of the webhook endpoint")
      .meta({ description: "The signing secret of the endpoint at `webhookUrl`; stored sealed" }),
  })
  .openapi("StripeKeysInput");

const StripeAccountSchema = z
  .object({
    configured: z.boolean().meta({ description: "false: payments go through the server's account" }),
    mode: z.enum(["test", "live"]).nullable(),
    secretKeyLast4: z.string().nullable().meta({ description: "The secret key's last four characters" }),
    updatedAt: z.string().nullable(),
    webhookUrl: z.string().meta({
      description: "Add this endpoint in Stripe's dashboard (events payment_intent.*, charge.refunded)",
    }),
  })
  .openapi("StripeAccount");

const getKeys = define.route({
  method: "get",
  path: "/payments/stripe",
  summary: "Whether the business takes payments in its own Stripe account (never the secrets)",
  responses: { 200: json(StripeAccountSchema, "The account's keys as shown") },
});
const putKeys = define.route({
  method: "put",
  path: "/payments/stripe",
  summary: "Take payments in the business's own Stripe account: its keys, checked at Stripe first",
  request: { body: jsonBody(StripeKeysInputSchema) },
  responses: {
    200: json(StripeAccountSchema, "Saved: new payments go to this account"),
    ...problems(...REFUSALS.body, "STRIPE_KEY_REJECTED", "STRIPE_MODE_MISMATCH", "STRIPE_UNREACHABLE"),
  },
});
const deleteKeys = define.route({
  method: "delete",
  path: "/payments/stripe",
  summary: "Forget the keys: new payments go through the server's account",
  responses: { 204: { description: "Removed" }, ...problems("NOT_FOUND") },
});

/** Each refusal at the field it is about (the console shows it there). */
function refused(c: Context, code: StripeKeysRefusal) {
  switch (code) {
    case "STRIPE_KEY_REJECTED":
      return problem(c, 400, code, "Stripe does not accept this secret key.", {
        errors: [{ path: "secretKey", code, message: "Stripe does not accept this key" }],
      });
    case "STRIPE_MODE_MISMATCH":
      return problem(c, 400, code, "The publishable key and the secret key must both be test keys or both live keys.", {
        errors: [{ path: "publishableKey", code, message: "not of the secret key's mode" }],
      });
    case "STRIPE_UNREACHABLE":
      return problem(c, 502, code, "Stripe could not be reached to check the key; nothing was saved. Try again.");
  }
}

export function stripeKeyRoutes(api: BusinessRouter, deps: BusinessApiDeps) {
  const keys = () => {
    if (!deps.stripeKeys) throw new Error("Stripe keys are not configured");
    return deps.stripeKeys;
  };
  const businessIdOf = (c: { var: { repo: { businessId: string } } }) => c.var.repo.businessId;
  const shown = (businessId: string, view: StripeAccountView | null) => ({
    configured: view !== null,
    mode: view?.mode ?? null,
    secretKeyLast4: view?.secretKeyLast4 ?? null,
    updatedAt: view?.updatedAt ?? null,
    webhookUrl: `${deps.publicUrl}${STRIPE_WEBHOOK_PATH}/${businessId}`,
  });

  handle(api, getKeys, async (c) => {
    const businessId = businessIdOf(c);
    return c.json(shown(businessId, await keys().store(businessId).get()), 200);
  });
  handle(api, putKeys, async (c) => {
    const businessId = businessIdOf(c);
    const k = keys();
    const saved = await saveStripeKeys(
      { store: k.store(businessId), seal: k.seal, checkKey: k.checkKey, clock: deps.clock },
      c.req.valid("json"),
    );
    return saved.ok ? c.json(shown(businessId, saved.value), 200) : refused(c, saved.error);
  });
  handle(api, deleteKeys, async (c) =>
    (await keys().store(businessIdOf(c)).remove())
      ? c.body(null, 204)
      : problem(c, 404, "NOT_FOUND", "This business has no Stripe keys."),
  );
}

/**
 * Webhook subscriptions (issue 20): a URL, the events it wants, and a signing secret shown once.
 * Deliveries are signed as Standard Webhooks say, retried from the outbox, logged per subscription,
 * and a subscription that keeps failing is disabled (adapters/webhooks/webhook-outbox.ts).
 */
import { randomBytes } from "node:crypto";
import type { Context } from "hono";
import { refusesLiteralTarget } from "../../../adapters/webhooks/send-webhook.ts";
import { WEBHOOK_EVENTS, WEBHOOK_PAYLOAD_VERSION } from "../../../core/webhooks/events.ts";
import { handle, json, problems, z } from "../../http/api-router.ts";
import { problem } from "../../http/problem.ts";
import { define, ids, reply, type BusinessApiDeps, type BusinessRouter } from "./business-routing.ts";

const webhookParams = ids("webhookId");

const EventsSchema = z
  .array(z.enum(WEBHOOK_EVENTS))
  .min(1)
  .max(WEBHOOK_EVENTS.length)
  .meta({
    description: `Events to receive. Payload version ${WEBHOOK_PAYLOAD_VERSION}: { type, version, timestamp, data }`,
  });
const UrlSchema = z
  .url({ protocol: /^https?$/, message: "expected an http(s) URL" })
  .max(2000)
  .meta({ description: "Where the events are POSTed (https; private network addresses are refused)" });

const WebhookFields = z.strictObject({
  url: UrlSchema,
  events: EventsSchema,
  description: z.string().trim().max(200).optional(),
  alertEmail: z.email().max(254).nullable().optional().meta({ description: "Told when the subscription is disabled" }),
});
const WebhookCreateSchema = WebhookFields.openapi("WebhookCreate");
const WebhookPatchSchema = WebhookFields.partial()
  .extend({
    isActive: z.boolean().optional().meta({ description: "true turns a disabled subscription on again, afresh" }),
  })
  .openapi("WebhookPatch");

const WebhookSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENTS)),
    description: z.string(),
    alertEmail: z.string().nullable(),
    isActive: z.boolean(),
    disabledReason: z.string().nullable(),
    consecutiveFailures: z.number(),
    createdAt: z.string(),
  })
  .openapi("WebhookSubscription");
const WebhookCreatedSchema = WebhookSchema.extend({
  secret: z.string().meta({
    description:
      "The signing secret (whsec_…), shown only now: verify `webhook-signature` with a Standard Webhooks library",
  }),
}).openapi("WebhookSubscriptionCreated");
const DeliverySchema = z
  .object({
    id: z.string().meta({ description: "Also the `webhook-id` header: the same on every retry" }),
    eventType: z.string(),
    status: z.enum(["pending", "succeeded", "failed"]),
    attempts: z.number(),
    lastStatusCode: z.number().nullable(),
    lastResponse: z.string().nullable().meta({ description: "The first KB of the receiver's answer" }),
    lastError: z.string().nullable(),
    lastAttemptAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi("WebhookDelivery");

const listWebhooks = define.list("/webhooks", WebhookSchema, "Webhook subscriptions");
const createWebhook = define.add("/webhooks", WebhookCreateSchema, WebhookCreatedSchema, "Subscribe a URL to events");
const getWebhook = define.get("/webhooks/{webhookId}", webhookParams, WebhookSchema, "A webhook subscription");
const updateWebhook = define.change(
  "patch",
  "/webhooks/{webhookId}",
  webhookParams,
  WebhookPatchSchema,
  WebhookSchema,
  "Change a subscription, or turn it on again",
);
const deleteWebhook = define.remove("/webhooks/{webhookId}", webhookParams, "Remove a subscription and its log");
const listDeliveries = define.route({
  method: "get",
  path: "/webhooks/{webhookId}/deliveries",
  summary: "The latest 50 deliveries, newest first, with the receiver's last answer",
  request: { params: webhookParams },
  responses: { 200: json(z.array(DeliverySchema), "Deliveries"), ...problems("NOT_FOUND") },
});

const WEBHOOK_TARGET_MESSAGES = {
  private: "Webhooks cannot be sent to a private network address.",
  plain: "Webhooks are sent over https only.",
};

/**
 * A URL the server would refuse to call (a webhook, a calendar): named in the answer instead of
 * failing later, quietly.
 */
export function refusedTarget(
  c: Context,
  url: string,
  allowPrivate: boolean,
  messages: { private: string; plain: string } = WEBHOOK_TARGET_MESSAGES,
) {
  const host = new URL(url).hostname;
  const local = host === "localhost" || host.endsWith(".localhost") || refusesLiteralTarget(url, allowPrivate);
  const plain = new URL(url).protocol !== "https:";
  if (allowPrivate || (!local && !plain)) return null;
  return problem(c, 400, "VALIDATION_FAILED", "The request is not valid.", {
    errors: [
      {
        path: "url",
        code: local ? "PRIVATE_TARGET" : "HTTPS_REQUIRED",
        message: local ? messages.private : messages.plain,
      },
    ],
  });
}

export function webhookRoutes(api: BusinessRouter, deps: BusinessApiDeps) {
  // Read when a request comes: building the routes (for the document) needs no dependency.
  const storeOf = (c: { var: { repo: { businessId: string } } }) => deps.webhooks.store(c.var.repo.businessId);

  handle(api, listWebhooks, async (c) => c.json(await storeOf(c).list()));
  handle(api, createWebhook, async (c) => {
    const input = c.req.valid("json");
    const refused = refusedTarget(c, input.url, deps.webhooks.allowPrivateTargets);
    if (refused) return refused;
    const secret = `whsec_${randomBytes(32).toString("base64")}`;
    const created = await storeOf(c).create(input, deps.webhooks.sealSecret(secret));
    return c.json({ ...created, secret }, 201);
  });
  handle(api, getWebhook, async (c) => reply.found(c, await storeOf(c).get(c.req.valid("param").webhookId), "webhook"));
  handle(api, updateWebhook, async (c) => {
    const patch = c.req.valid("json");
    if (patch.url) {
      const refused = refusedTarget(c, patch.url, deps.webhooks.allowPrivateTargets);
      if (refused) return refused;
    }
    return reply.found(c, await storeOf(c).update(c.req.valid("param").webhookId, patch), "webhook");
  });
  handle(api, deleteWebhook, async (c) =>
    (await storeOf(c).remove(c.req.valid("param").webhookId))
      ? c.body(null, 204)
      : problem(c, 404, "NOT_FOUND", "No webhook with this id."),
  );
  handle(api, listDeliveries, async (c) =>
    reply.found(c, await storeOf(c).deliveries(c.req.valid("param").webhookId, 50), "webhook"),
  );
}

/**
 * Webhooks through the outbox (issue 20). After the worker takes a booking notification, every
 * active subscription of that business listening to its events gets a delivery: a log row the
 * business reads back and an outbox row (topic "webhook", the same id) that the worker sends,
 * retrying with exponential backoff. Ids derived from the notification, the subscription and the
 * event keep each delivery single across retries and processes; the id is also the `webhook-id`
 * receivers use to drop repeats.
 *
 * A delivery that fails for good counts against its subscription; after DISABLE_AFTER_FAILURES in a
 * row the subscription is disabled and, when it names one, its alert address is told.
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { NotificationMessage } from "../../core/notifications/notification.ts";
import { DISABLE_AFTER_FAILURES, eventsOf, webhookPayload, type WebhookEvent } from "../../core/webhooks/events.ts";
import { serverI18n } from "../../i18n/server-i18n.ts";
import type { Db } from "../db/client.ts";
import type { EmailTransport } from "../email/build-transport.ts";
import { PermanentDeliveryError, type OutboxHandler } from "../outbox/outbox-worker.ts";
import { outboxIdFromName } from "../outbox/outbox.ts";
import { refusesLiteralTarget, sendWebhook, WebhookTargetRefused } from "./send-webhook.ts";

export const WEBHOOK_TOPIC = "webhook";

type Rows<T> = { rows: T[] };

/** Writes the deliveries a notification calls for; returns how many. */
export async function fanOutWebhooks(
  db: Db,
  businessId: string,
  message: NotificationMessage,
  sourceRowId: string,
  now: Date,
): Promise<number> {
  return writeWebhookDeliveries(db, businessId, sourceRowId, eventsOf(message.kind, message.booking), (event) =>
    webhookPayload(event, message.booking, now),
  );
}

/**
 * A delivery per active subscription of the business and event it listens to — a log row and an
 * outbox row with one id derived from the source row, the subscription and the event, so running
 * this again (a retried source row, a second process) writes nothing twice. Returns how many.
 */
export async function writeWebhookDeliveries<E extends WebhookEvent>(
  db: Db,
  businessId: string,
  sourceRowId: string,
  events: readonly E[],
  payloadOf: (event: E) => unknown,
): Promise<number> {
  if (events.length === 0) return 0;
  const subscriptions = (await db.execute(sql`
    select id, events from webhook_subscriptions
     where business_id = ${businessId}::uuid and is_active
       and events && ${`{${events.join(",")}}`}::text[]`)) as unknown as Rows<{ id: string; events: string[] }>;
  let written = 0;
  for (const subscription of subscriptions.rows)
    for (const event of events.filter((e) => subscription.events.includes(e))) {
      const id = outboxIdFromName(`${sourceRowId}|${subscription.id}|${event}`);
      const payload = JSON.stringify(payloadOf(event));
      await db.execute(sql`
        insert into webhook_deliveries (id, business_id, subscription_id, event_type, payload)
        values (${id}::uuid, ${businessId}::uuid, ${subscription.id}::uuid, ${event}, ${payload}::jsonb)
        on conflict (id, business_id) do nothing`);
      await db.execute(sql`
        insert into outbox (id, business_id, topic, payload)
        values (${id}::uuid, ${businessId}::uuid, ${WEBHOOK_TOPIC}, ${JSON.stringify({ deliveryId: id })}::jsonb)
        on conflict (id, business_id) do nothing`);
      written += 1;
    }
  return written;
}

export interface WebhookDeliveryOptions {
  readonly db: Db;
  /** Opens a subscription's sealed signing secret (the server's APP_SECRET sealer). */
  readonly openSecret: (sealed: string) => string;
  readonly allowPrivateTargets: boolean;
  /** The worker's attempts per row: the last one decides that the delivery failed for good. */
  readonly maxAttempts: number;
  readonly clock?: () => Date;
  /** Tells a subscription's alert address that it was disabled. */
  readonly transport?: EmailTransport;
}

const OutboxPayload = z.object({ deliveryId: z.uuid() });

export function createWebhookHandler(options: WebhookDeliveryOptions): OutboxHandler {
  const { db } = options;
  const clock = options.clock ?? (() => new Date());
  return async (row) => {
    const parsed = OutboxPayload.safeParse(row.payload);
    if (!parsed.success) throw new PermanentDeliveryError("invalid webhook payload");
    const found = (await db.execute(sql`
      select d.id, d.payload, s.id as subscription_id, s.url, s.secret_sealed, s.is_active
        from webhook_deliveries d join webhook_subscriptions s on s.id = d.subscription_id
       where d.id = ${parsed.data.deliveryId}::uuid and d.business_id = ${row.businessId}::uuid`)) as unknown as Rows<{
      payload: unknown;
      subscription_id: string;
      url: string;
      secret_sealed: string;
      is_active: boolean;
    }>;
    const delivery = found.rows[0];
    if (!delivery) return; // the subscription was deleted: nothing to send
    if (!delivery.is_active) {
      await record(parsed.data.deliveryId, "failed", { error: "subscription disabled" });
      return;
    }
    const body = typeof delivery.payload === "string" ? delivery.payload : JSON.stringify(delivery.payload);
    const id = parsed.data.deliveryId;
    const result = await attempt(delivery.url, delivery.secret_sealed, id, body);
    if ("status" in result && result.status >= 200 && result.status < 300) {
      await record(id, "succeeded", { status: result.status, response: result.body, error: null });
      await db.execute(
        sql`update webhook_subscriptions set consecutive_failures = 0 where id = ${delivery.subscription_id}::uuid`,
      );
      return;
    }
    const refused = "refused" in result && result.refused;
    // The last attempt, or a target that will never be allowed: this delivery failed for good.
    const forGood = refused || row.attempts >= options.maxAttempts;
    const error = "status" in result ? `the receiver answered HTTP ${result.status}` : result.error;
    await record(id, forGood ? "failed" : "pending", {
      ...("status" in result ? { status: result.status, response: result.body } : {}),
      error,
    });
    if (forGood) await countFailure(row.businessId, delivery.subscription_id);
    throw refused ? new PermanentDeliveryError(error) : new Error(error);
  };

  /** One request: the receiver's answer, or why there was none. */
  async function attempt(
    url: string,
    secretSealed: string,
    id: string,
    body: string,
  ): Promise<{ status: number; body: string } | { error: string; refused: boolean }> {
    try {
      if (refusesLiteralTarget(url, options.allowPrivateTargets))
        return { error: "the address is in a private network", refused: true };
      return await sendWebhook(
        { url, secret: options.openSecret(secretSealed), id, timestamp: clock(), body },
        { allowPrivate: options.allowPrivateTargets },
      );
    } catch (error) {
      return {
        error: error instanceof Error ? error.message : String(error),
        refused: error instanceof WebhookTargetRefused,
      };
    }
  }

  async function record(
    id: string,
    status: "pending" | "succeeded" | "failed",
    result: { status?: number; response?: string; error?: string | null },
  ) {
    await db.execute(sql`
      update webhook_deliveries
         set status = ${status}, attempts = attempts + 1, last_attempt_at = now(),
             last_status_code = ${result.status ?? null}, last_response = ${result.response ?? null},
             last_error = ${result.error ?? null}
       where id = ${id}::uuid`);
  }

  async function countFailure(businessId: string, subscriptionId: string) {
    const updated = (await db.execute(sql`
      update webhook_subscriptions s
         set consecutive_failures = consecutive_failures + 1,
             is_active = consecutive_failures + 1 < ${DISABLE_AFTER_FAILURES},
             disabled_reason = case when consecutive_failures + 1 >= ${DISABLE_AFTER_FAILURES}
                                    then 'disabled after repeated failed deliveries' else disabled_reason end
        from businesses b
       where s.id = ${subscriptionId}::uuid and b.id = s.business_id and s.business_id = ${businessId}::uuid
   returning s.is_active, s.alert_email, s.url, s.consecutive_failures, b.name, b.locale`)) as unknown as Rows<{
      is_active: boolean;
      alert_email: string | null;
      url: string;
      consecutive_failures: number;
      name: string;
      locale: string;
    }>;
    const sub = updated.rows[0];
    // Told once: on the failure that disables it.
    if (!sub || sub.is_active || Number(sub.consecutive_failures) !== DISABLE_AFTER_FAILURES) return;
    if (!sub.alert_email || !options.transport) return;
    const i18n = serverI18n(sub.locale);
    const text = i18n.t("webhook.disabled.body", {
      url: sub.url,
      count: DISABLE_AFTER_FAILURES,
      businessName: sub.name,
    });
    await options.transport.send({
      to: { name: sub.name, address: sub.alert_email },
      subject: i18n.t("webhook.disabled.subject", { url: sub.url }),
      text,
      html: `<p>${text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)}</p>`,
    });
  }
}

/** Webhook subscriptions on the database, every statement bound to one business (ADR 0007). */
import { and, desc, eq } from "drizzle-orm";
import type { WebhookStore, WebhookSubscriptionView } from "../../app/webhooks/ports.ts";
import type { WebhookEvent } from "../../core/webhooks/events.ts";
import type { Db } from "../db/client.ts";
import { isUuid } from "../db/ids.ts";
import { webhookDeliveries, webhookSubscriptions } from "../db/schema.ts";

type Row = typeof webhookSubscriptions.$inferSelect;

const view = (row: Row): WebhookSubscriptionView => ({
  id: row.id,
  url: row.url,
  events: row.events as WebhookEvent[],
  description: row.description,
  alertEmail: row.alertEmail,
  isActive: row.isActive,
  disabledReason: row.disabledReason,
  consecutiveFailures: row.consecutiveFailures,
  createdAt: row.createdAt.toISOString(),
});

export function webhookStore(db: Db, businessId: string): WebhookStore {
  const own = (id: string) => and(eq(webhookSubscriptions.businessId, businessId), eq(webhookSubscriptions.id, id));
  return {
    async list() {
      const rows = await db
        .select()
        .from(webhookSubscriptions)
        .where(eq(webhookSubscriptions.businessId, businessId))
        .orderBy(webhookSubscriptions.createdAt);
      return rows.map(view);
    },
    async get(id) {
      if (!isUuid(id)) return null;
      const [row] = await db.select().from(webhookSubscriptions).where(own(id));
      return row ? view(row) : null;
    },
    async create(input, secretSealed) {
      const [row] = await db
        .insert(webhookSubscriptions)
        .values({
          businessId,
          url: input.url,
          events: [...input.events],
          secretSealed,
          description: input.description ?? "",
          alertEmail: input.alertEmail ?? null,
        })
        .returning();
      return view(row!);
    },
    async update(id, patch) {
      if (!isUuid(id)) return null;
      const restart = patch.isActive === true ? { consecutiveFailures: 0, disabledReason: null } : {};
      const changes = {
        ...(patch.url !== undefined ? { url: patch.url } : {}),
        ...(patch.events !== undefined ? { events: [...patch.events] } : {}),
        ...(patch.description !== undefined ? { description: patch.description } : {}),
        ...(patch.alertEmail !== undefined ? { alertEmail: patch.alertEmail } : {}),
        ...(patch.isActive !== undefined ? { isActive: patch.isActive } : {}),
        ...restart,
      };
      // An empty patch changes nothing: it answers the subscription as it is (an UPDATE needs a column).
      const [row] = Object.keys(changes).length
        ? await db.update(webhookSubscriptions).set(changes).where(own(id)).returning()
        : await db.select().from(webhookSubscriptions).where(own(id));
      return row ? view(row) : null;
    },
    async remove(id) {
      if (!isUuid(id)) return false;
      const rows = await db.delete(webhookSubscriptions).where(own(id)).returning({ id: webhookSubscriptions.id });
      return rows.length > 0;
    },
    async deliveries(id, limit) {
      if (!(await this.get(id))) return null;
      const rows = await db
        .select()
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.businessId, businessId), eq(webhookDeliveries.subscriptionId, id)))
        .orderBy(desc(webhookDeliveries.createdAt))
        .limit(limit);
      return rows.map((r) => ({
        id: r.id,
        eventType: r.eventType,
        status: r.status,
        attempts: r.attempts,
        lastStatusCode: r.lastStatusCode,
        lastResponse: r.lastResponse,
        lastError: r.lastError,
        lastAttemptAt: r.lastAttemptAt?.toISOString() ?? null,
        createdAt: r.createdAt.toISOString(),
      }));
    },
  };
}

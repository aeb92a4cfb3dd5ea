/**
 * Webhooks (issue 20): a business's subscriptions and the log of what was delivered to them. The
 * deliveries themselves travel through the outbox (topic "webhook"), which retries them; this log
 * is what the business reads back.
 */
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { businessForeignKey } from "./business-keys.ts";
import { businesses } from "./schema-business.ts";

export const webhookSubscriptions = pgTable(
  "webhook_subscriptions",
  {
    id: uuid("id").notNull().defaultRandom(),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    events: text("events").array().notNull(),
    /** The signing secret (`whsec_…`), sealed under the server's APP_SECRET: it must be usable to sign. */
    secretSealed: text("secret_sealed").notNull(),
    description: text("description").notNull().default(""),
    /** Where to write when the subscription is disabled after failing persistently. */
    alertEmail: text("alert_email"),
    isActive: boolean("is_active").notNull().default(true),
    disabledReason: text("disabled_reason"),
    /** Deliveries that failed for good in a row; reset by a success. */
    consecutiveFailures: integer("consecutive_failures").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.id, t.businessId] }), index("webhook_subscriptions_business_idx").on(t.businessId)],
);

export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    /** The outbox row carrying it, and the `webhook-id` the receiver sees (the same on every retry). */
    id: uuid("id").notNull(),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    subscriptionId: uuid("subscription_id").notNull(),
    eventType: text("event_type").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    status: text("status").$type<"pending" | "succeeded" | "failed">().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastStatusCode: integer("last_status_code"),
    lastResponse: text("last_response"),
    lastError: text("last_error"),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.businessId] }),
    businessForeignKey(
      "webhook_deliveries_subscription_id_webhook_subscriptions_id_fk",
      [t.subscriptionId, t.businessId],
      webhookSubscriptions,
      "cascade",
    ),
    index("webhook_deliveries_subscription_idx").on(t.subscriptionId, t.createdAt),
    index("webhook_deliveries_business_idx").on(t.businessId),
  ],
);

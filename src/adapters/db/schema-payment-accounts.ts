/**
 * A business's own Stripe account (issue 14): its keys, so its visitors' money goes to it rather
 * than to the server's account. The secret key and the webhook signing secret must be sent or used
 * as they are, so they cannot be hashed: they are sealed under APP_SECRET (the calendar sync's
 * mechanism, src/adapters/outbox/link-sealing.ts). Only what the console shows is kept in clear.
 */
import { pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { businesses } from "./schema-business.ts";

export const businessStripeAccounts = pgTable("business_stripe_accounts", {
  businessId: uuid("business_id")
    .primaryKey()
    .references(() => businesses.id, { onDelete: "cascade" }),
  /** The secret (sk_…) or restricted (rk_…) key, sealed. */
  secretKeySealed: text("secret_key_sealed").notNull(),
  /** Shown to every visitor's browser by Stripe's design, so kept in clear. */
  publishableKey: text("publishable_key").notNull(),
  /** The signing secret of this business's webhook endpoint (whsec_…), sealed. */
  webhookSecretSealed: text("webhook_secret_sealed").notNull(),
  mode: text("mode").$type<"test" | "live">().notNull(),
  /** The secret key's last four characters: enough for the owner to recognise it. */
  secretKeyLast4: text("secret_key_last4").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

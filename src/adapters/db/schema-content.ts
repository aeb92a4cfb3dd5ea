/**
 * Tables of the content site added with issue 16 (the older content tables — pages, posts, authors,
 * categories, products, collections — are still in schema-business.ts).
 */
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { businesses } from "./schema-business.ts";

/**
 * Preview tokens: a business hands one to a reviewer to open its drafts under /v2/preview/…. Only
 * the SHA-256 of the token is stored (like API keys); each one expires and can be revoked.
 */
export const previewTokens = pgTable(
  "preview_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    label: text("label").notNull().default(""),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("preview_tokens_token_hash_uq").on(t.tokenHash),
    index("preview_tokens_business_idx").on(t.businessId),
  ],
);

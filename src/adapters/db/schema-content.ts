/**
 * Tables of the content site added with issue 16: the shop (products, their variants, collections)
 * and preview tokens (the older content tables — pages, posts, authors, categories — are still in
 * schema-business.ts).
 */
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { businessForeignKey } from "./business-keys.ts";
import type {
  OutOfStockPolicy,
  ProductMedia,
  ProductOption,
  ProductStatus,
  ProductType,
} from "../../core/content/product.ts";
import { businesses } from "./schema-business.ts";

/**
 * A product of the shop. Its prices and stock are its variants' (a product without options has one
 * variant); its description is HTML sanitised with the posts' allow-list.
 */
export const products = pgTable(
  "products",
  {
    id: uuid("id").notNull().defaultRandom(),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    productType: text("product_type").$type<ProductType>().notNull().default("physical"),
    status: text("status").$type<ProductStatus>().notNull().default("active"),
    currency: text("currency").notNull(),
    options: jsonb("options")
      .$type<ProductOption[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    media: jsonb("media")
      .$type<ProductMedia[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    outOfStock: text("out_of_stock").$type<OutOfStockPolicy>().notNull().default("deny"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.businessId] }),
    uniqueIndex("products_business_slug_uq").on(t.businessId, t.slug),
  ],
);

/**
 * One purchasable combination of a product's option values; reached through its owned product. Carries
 * the product's business (the distribution column on Citus, ADR 0057), first in its key.
 */
export const productVariants = pgTable(
  "product_variants",
  {
    id: uuid("id").notNull().defaultRandom(),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    productId: uuid("product_id").notNull(),
    position: integer("position").notNull().default(0),
    options: text("options")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    priceMinor: integer("price_minor").notNull(),
    compareAtMinor: integer("compare_at_minor"),
    /** null: not tracked. */
    stockQuantity: integer("stock_quantity"),
    sku: text("sku"),
  },
  (t) => [
    businessForeignKey("product_variants_product_id_products_id_fk", [t.productId, t.businessId], products, "cascade"),
    primaryKey({ columns: [t.businessId, t.id] }),
    index("product_variants_product_idx").on(t.productId, t.position),
  ],
);

export const collections = pgTable(
  "collections",
  {
    id: uuid("id").notNull().defaultRandom(),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.businessId] }),
    uniqueIndex("collections_business_slug_uq").on(t.businessId, t.slug),
  ],
);

/** A collection's products, in the order the business set. */
export const productCollections = pgTable(
  "product_collections",
  {
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    productId: uuid("product_id").notNull(),
    collectionId: uuid("collection_id").notNull(),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    businessForeignKey(
      "product_collections_product_id_products_id_fk",
      [t.productId, t.businessId],
      products,
      "cascade",
    ),
    businessForeignKey(
      "product_collections_collection_id_collections_id_fk",
      [t.collectionId, t.businessId],
      collections,
      "cascade",
    ),
    primaryKey({ columns: [t.productId, t.collectionId, t.businessId] }),
  ],
);

/**
 * Preview tokens: a business hands one to a reviewer to open its drafts under /v2/preview/…. Only
 * the SHA-256 of the token is stored (like API keys); each one expires and can be revoked.
 */
export const previewTokens = pgTable(
  "preview_tokens",
  {
    id: uuid("id").notNull().defaultRandom(),
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
    primaryKey({ columns: [t.id, t.businessId] }),
    // Found by the hash alone before the business is known: a named cross-business secret look-up (ADR 0057);
    // the hash leads the key, so its index serves it, and business_id in it lets the table be distributed.
    uniqueIndex("preview_tokens_token_hash_uq").on(t.tokenHash, t.businessId),
    index("preview_tokens_business_idx").on(t.businessId),
  ],
);

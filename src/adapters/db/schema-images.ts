/**
 * Images a business uploads for its content site (issue 16, ADR 0039): one row per image with its
 * intrinsic size, and its variants — WebP at a few widths, never wider than the image, metadata
 * stripped — which are what is kept and served (the uploaded bytes themselves are not kept).
 */
import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { businessForeignKey } from "./business-keys.ts";
import { businesses } from "./schema-business.ts";
import { bytea } from "./schema-forms.ts";

export const images = pgTable(
  "images",
  {
    /** Random (v4): the public address names it, so it cannot be guessed from another's. */
    id: uuid("id").notNull().defaultRandom(),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    /** The uploaded file's kind, read from its bytes (src/core/content/images.ts). */
    sourceType: text("source_type").notNull(),
    sourceBytes: integer("source_bytes").notNull(),
    /** Upright (EXIF orientation applied), in pixels. */
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.businessId] }),
    index("images_business_created_idx").on(t.businessId, t.createdAt),
  ],
);

/** Carries its image's business (the distribution column on Citus, ADR 0057), first in its key. */
export const imageVariants = pgTable(
  "image_variants",
  {
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    imageId: uuid("image_id").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    contentType: text("content_type").notNull(),
    byteSize: integer("byte_size").notNull(),
    content: bytea("content").notNull(),
  },
  (t) => [
    businessForeignKey("image_variants_image_id_images_id_fk", [t.imageId, t.businessId], images, "cascade"),
    primaryKey({ columns: [t.businessId, t.imageId, t.width] }),
  ],
);

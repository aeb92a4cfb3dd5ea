/** Uploaded images on the database (ADR 0039); every statement of the business side carries the business. */
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { ImageRecord, ImageStore, NewImage, PublicImages } from "../../../app/content/images.ts";
import type { ImageSize } from "../../../core/content/images.ts";
import type { Db } from "../client.ts";
import { isUuid } from "../ids.ts";
import * as t from "../schema.ts";

type ImageRow = typeof t.images.$inferSelect;
type VariantInfo = { imageId: string; width: number; height: number; byteSize: number };

const variantColumns = {
  imageId: t.imageVariants.imageId,
  width: t.imageVariants.width,
  height: t.imageVariants.height,
  byteSize: t.imageVariants.byteSize,
};

const recordOf = (row: ImageRow, variants: readonly VariantInfo[]): ImageRecord => ({
  id: row.id,
  sourceType: row.sourceType,
  sourceBytes: row.sourceBytes,
  width: row.width,
  height: row.height,
  createdAt: row.createdAt.toISOString(),
  variants: variants
    .filter((v) => v.imageId === row.id)
    .map((v) => ({ width: v.width, height: v.height, byteSize: v.byteSize })),
});

export function imageStore(db: Db, businessId: string): ImageStore {
  const B = businessId;
  async function withVariants(rows: ImageRow[]): Promise<ImageRecord[]> {
    const ids = rows.map((r) => r.id);
    const variants = ids.length
      ? await db
          .select(variantColumns)
          .from(t.imageVariants)
          .where(inArray(t.imageVariants.imageId, ids))
          .orderBy(asc(t.imageVariants.width))
      : [];
    return rows.map((r) => recordOf(r, variants));
  }
  return {
    async save(image: NewImage) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(t.images)
          .values({
            businessId: B,
            sourceType: image.sourceType,
            sourceBytes: image.sourceBytes,
            width: image.width,
            height: image.height,
          })
          .returning();
        await tx.insert(t.imageVariants).values(
          image.variants.map((v) => ({
            businessId: B,
            imageId: row!.id,
            width: v.width,
            height: v.height,
            contentType: v.contentType,
            byteSize: v.content.byteLength,
            content: v.content,
          })),
        );
        return recordOf(
          row!,
          image.variants.map((v) => ({
            imageId: row!.id,
            width: v.width,
            height: v.height,
            byteSize: v.content.byteLength,
          })),
        );
      });
    },
    async list() {
      const rows = await db
        .select()
        .from(t.images)
        .where(eq(t.images.businessId, B))
        .orderBy(desc(t.images.createdAt), desc(t.images.id))
        .limit(1000);
      return withVariants(rows);
    },
    async get(id) {
      if (!isUuid(id)) return null;
      const rows = await db
        .select()
        .from(t.images)
        .where(and(eq(t.images.businessId, B), eq(t.images.id, id)));
      return (await withVariants(rows))[0] ?? null;
    },
    async remove(id) {
      if (!isUuid(id)) return false;
      const gone = await db
        .delete(t.images)
        .where(and(eq(t.images.businessId, B), eq(t.images.id, id)))
        .returning({ id: t.images.id });
      return gone.length > 0;
    },
  };
}

export function publicImages(db: Db): PublicImages {
  return {
    async variant(id, width) {
      if (!isUuid(id)) return null;
      const [row] = await db
        .select({ contentType: t.imageVariants.contentType, content: t.imageVariants.content })
        .from(t.imageVariants)
        .where(and(eq(t.imageVariants.imageId, id), eq(t.imageVariants.width, width)));
      return row ?? null;
    },
    async widestWidth(id) {
      if (!isUuid(id)) return null;
      const [row] = await db
        .select({ width: t.imageVariants.width })
        .from(t.imageVariants)
        .where(eq(t.imageVariants.imageId, id))
        .orderBy(desc(t.imageVariants.width))
        .limit(1);
      return row?.width ?? null;
    },
    async sizes(businessId, ids) {
      const wanted = [...new Set(ids.filter(isUuid))];
      const sizes = new Map<string, ImageSize>();
      if (wanted.length === 0) return sizes;
      const rows = await db
        .select({ id: t.images.id, width: t.images.width, height: t.images.height })
        .from(t.images)
        .where(and(eq(t.images.businessId, businessId), inArray(t.images.id, wanted)));
      for (const r of rows) sizes.set(r.id, { width: r.width, height: r.height });
      return sizes;
    },
  };
}

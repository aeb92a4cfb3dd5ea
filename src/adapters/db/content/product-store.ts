/**
 * Products of one business and their variants: every product statement carries the business id,
 * and variants are reached only through a product of this business (docs/decisions/0007-tenancy.md).
 */
import { and, asc, count, desc, eq, ilike, inArray, or } from "drizzle-orm";
import type { ContentRepository, ProductRecord, ProductWrite, VariantRecord } from "../../../app/content/ports.ts";
import { notFound, ok, type Result } from "../../../app/business/ports.ts";
import type { Db } from "../client.ts";
import { inTransaction, type Q } from "../kernel.ts";
import { isUuid } from "../ids.ts";
import * as t from "../schema.ts";
import { slugSafe } from "../business/scope.ts";
import { likePattern } from "./post-store.ts";

type ProductRow = typeof t.products.$inferSelect;
type VariantRow = typeof t.productVariants.$inferSelect;

export const variantRecord = (r: VariantRow): VariantRecord => ({
  id: r.id,
  options: r.options,
  priceMinor: r.priceMinor,
  compareAtMinor: r.compareAtMinor,
  stockQuantity: r.stockQuantity,
  sku: r.sku,
});

const productRecord = (r: ProductRow, variants: VariantRow[], collectionIds: string[]): ProductRecord => ({
  id: r.id,
  slug: r.slug,
  title: r.name,
  descriptionHtml: r.description,
  type: r.productType,
  status: r.status,
  currency: r.currency,
  options: r.options,
  variants: variants.map(variantRecord),
  outOfStock: r.outOfStock,
  media: r.media,
  collectionIds,
  updatedAt: r.updatedAt.toISOString(),
});

const columns = (w: ProductWrite, now: Date) => ({
  slug: w.slug,
  name: w.title,
  description: w.descriptionHtml,
  productType: w.type,
  status: w.status,
  currency: w.currency,
  options: w.options.map((o) => ({ name: o.name, values: [...o.values] })),
  media: w.media.map((m) => ({ url: m.url, alt: m.alt })),
  outOfStock: w.outOfStock,
  updatedAt: now,
});

const optionsKey = (options: readonly string[]) => JSON.stringify(options);

/** The variants and collections of the given products (all of this business), grouped by product. */
async function withChildren(q: Q, rows: ProductRow[]): Promise<ProductRecord[]> {
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const variants = await q
    .select()
    .from(t.productVariants)
    .where(inArray(t.productVariants.productId, ids))
    .orderBy(asc(t.productVariants.position), asc(t.productVariants.id));
  const links = await q
    .select({ productId: t.productCollections.productId, collectionId: t.productCollections.collectionId })
    .from(t.productCollections)
    .innerJoin(t.collections, eq(t.collections.id, t.productCollections.collectionId))
    .where(inArray(t.productCollections.productId, ids))
    .orderBy(asc(t.collections.name), asc(t.collections.id));
  return rows.map((r) =>
    productRecord(
      r,
      variants.filter((v) => v.productId === r.id),
      links.filter((l) => l.productId === r.id).map((l) => l.collectionId),
    ),
  );
}

export function productStore(
  db: Db,
  B: string,
): Pick<ContentRepository, "listProducts" | "getProduct" | "createProduct" | "updateProduct" | "deleteProduct"> {
  const own = (id: string) => and(eq(t.products.businessId, B), eq(t.products.id, id));

  /** Replaces the product's variants; one whose option values it had keeps its id. */
  async function writeVariants(q: Q, productId: string, w: ProductWrite) {
    const existing = await q
      .select({ id: t.productVariants.id, options: t.productVariants.options })
      .from(t.productVariants)
      .where(eq(t.productVariants.productId, productId));
    const kept = new Map(existing.map((v) => [optionsKey(v.options), v.id]));
    await q.delete(t.productVariants).where(eq(t.productVariants.productId, productId));
    if (w.variants.length === 0) return;
    await q.insert(t.productVariants).values(
      w.variants.map((v, position) => {
        const id = kept.get(optionsKey(v.options));
        return {
          ...(id ? { id } : {}),
          businessId: B,
          productId,
          position,
          options: [...v.options],
          priceMinor: v.priceMinor,
          compareAtMinor: v.compareAtMinor,
          stockQuantity: v.stockQuantity,
          sku: v.sku,
        };
      }),
    );
  }

  async function one(q: Q, id: string): Promise<ProductRecord | null> {
    const [row] = await q.select().from(t.products).where(own(id));
    return row ? ((await withChildren(q, [row]))[0] ?? null) : null;
  }

  return {
    async listProducts({ limit, offset, status, search }) {
      const where = and(
        eq(t.products.businessId, B),
        status ? eq(t.products.status, status) : undefined,
        search
          ? or(ilike(t.products.name, likePattern(search)), ilike(t.products.slug, likePattern(search)))
          : undefined,
      );
      const rows = await db
        .select()
        .from(t.products)
        .where(where)
        .orderBy(desc(t.products.updatedAt), desc(t.products.id))
        .limit(limit)
        .offset(offset);
      const [total] = await db.select({ n: count() }).from(t.products).where(where);
      return { items: await withChildren(db, rows), total: Number(total?.n ?? 0) };
    },

    getProduct: async (id) => (isUuid(id) ? one(db, id) : null),

    createProduct: (w, now) =>
      slugSafe(() =>
        inTransaction(db, async (tx) => {
          const [row] = await tx
            .insert(t.products)
            .values({ businessId: B, ...columns(w, now) })
            .returning({ id: t.products.id });
          await writeVariants(tx, row!.id, w);
          return ok((await one(tx, row!.id))!);
        }),
      ),

    updateProduct: (id, w, now): Promise<Result<ProductRecord>> =>
      isUuid(id)
        ? slugSafe(() =>
            inTransaction(db, async (tx) => {
              const [row] = await tx
                .update(t.products)
                .set(columns(w, now))
                .where(own(id))
                .returning({ id: t.products.id });
              if (!row) return notFound<ProductRecord>();
              await writeVariants(tx, id, w);
              return ok((await one(tx, id))!);
            }),
          )
        : Promise.resolve(notFound()),

    async deleteProduct(id) {
      if (!isUuid(id)) return notFound();
      const rows = await db.delete(t.products).where(own(id)).returning({ id: t.products.id });
      return rows.length ? ok("deleted") : notFound();
    },
  };
}

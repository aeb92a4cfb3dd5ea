/**
 * Collections of one business: an ordered list of its products. The links carry no business id;
 * they are written only after every product id is found among this business's products.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { CollectionRecord, ContentRepository } from "../../../app/content/ports.ts";
import { notFound, ok, refuse, type Result } from "../../../app/business/ports.ts";
import type { Db } from "../client.ts";
import { inTransaction, type Q } from "../kernel.ts";
import { isUuid } from "../ids.ts";
import * as t from "../schema.ts";
import { slugSafe } from "../business/scope.ts";

type CollectionRow = typeof t.collections.$inferSelect;

export function collectionStore(
  db: Db,
  B: string,
): Pick<
  ContentRepository,
  "listCollections" | "getCollection" | "createCollection" | "updateCollection" | "deleteCollection"
> {
  const own = (id: string) => and(eq(t.collections.businessId, B), eq(t.collections.id, id));

  async function records(q: Q, rows: CollectionRow[]): Promise<CollectionRecord[]> {
    const ids = rows.map((r) => r.id);
    const links = ids.length
      ? await q
          .select({ collectionId: t.productCollections.collectionId, productId: t.productCollections.productId })
          .from(t.productCollections)
          .where(inArray(t.productCollections.collectionId, ids))
          .orderBy(asc(t.productCollections.position))
      : [];
    return rows.map((r) => ({
      id: r.id,
      slug: r.slug,
      name: r.name,
      description: r.description,
      productIds: links.filter((l) => l.collectionId === r.id).map((l) => l.productId),
    }));
  }

  /** Sets the collection's products in order, or names the first id that is not this business's product. */
  async function setProducts(q: Q, collectionId: string, productIds: readonly string[]): Promise<Result<null>> {
    const unique = [...new Set(productIds)];
    const valid = unique.filter(isUuid);
    const found = valid.length
      ? await q
          .select({ id: t.products.id })
          .from(t.products)
          .where(and(eq(t.products.businessId, B), inArray(t.products.id, valid)))
      : [];
    const known = new Set(found.map((r) => r.id));
    const missing = productIds.findIndex((id) => !known.has(id));
    if (missing !== -1) return refuse({ code: "REFERENCE_NOT_FOUND", path: `productIds.${missing}` });
    await q.delete(t.productCollections).where(eq(t.productCollections.collectionId, collectionId));
    if (unique.length)
      await q
        .insert(t.productCollections)
        .values(unique.map((productId, position) => ({ businessId: B, collectionId, productId, position })));
    return ok(null);
  }

  async function one(q: Q, id: string) {
    const [row] = await q.select().from(t.collections).where(own(id));
    return row ? (await records(q, [row]))[0]! : null;
  }

  return {
    async listCollections() {
      const rows = await db
        .select()
        .from(t.collections)
        .where(eq(t.collections.businessId, B))
        .orderBy(asc(t.collections.name), asc(t.collections.id));
      return records(db, rows);
    },

    getCollection: async (id) => (isUuid(id) ? one(db, id) : null),

    createCollection: ({ productIds, ...fields }) =>
      slugSafe(() =>
        inTransaction(db, async (tx) => {
          const [row] = await tx
            .insert(t.collections)
            .values({ businessId: B, ...fields })
            .returning({ id: t.collections.id });
          const linked = await setProducts(tx, row!.id, productIds);
          return linked.ok ? ok((await one(tx, row!.id))!) : refuse<CollectionRecord>(linked.error);
        }),
      ),

    updateCollection: (id, { productIds, ...fields }) =>
      isUuid(id)
        ? slugSafe(() =>
            inTransaction(db, async (tx) => {
              // An empty patch (products only) still has to find the collection, and lock it.
              const [row] = Object.keys(fields).length
                ? await tx.update(t.collections).set(fields).where(own(id)).returning({ id: t.collections.id })
                : await tx.select({ id: t.collections.id }).from(t.collections).where(own(id)).for("update");
              if (!row) return notFound<CollectionRecord>();
              if (productIds) {
                const linked = await setProducts(tx, id, productIds);
                if (!linked.ok) return refuse<CollectionRecord>(linked.error);
              }
              return ok((await one(tx, id))!);
            }),
          )
        : Promise.resolve(notFound()),

    async deleteCollection(id) {
      if (!isUuid(id)) return notFound();
      const rows = await db.delete(t.collections).where(own(id)).returning({ id: t.collections.id });
      return rows.length ? ok("deleted") : notFound();
    },
  };
}

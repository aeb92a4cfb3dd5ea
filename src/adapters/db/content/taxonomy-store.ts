/** Authors, categories and tags of one business's posts. */
import { and, asc, count, eq, sql } from "drizzle-orm";
import type { ContentRepository } from "../../../app/content/ports.ts";
import { notFound, ok, refuse } from "../../../app/business/ports.ts";
import type { Db } from "../client.ts";
import { isUuid } from "../ids.ts";
import * as t from "../schema.ts";
import { slugSafe } from "../business/scope.ts";

type Taxonomy =
  | "listAuthors"
  | "getAuthor"
  | "createAuthor"
  | "updateAuthor"
  | "deleteAuthor"
  | "listCategories"
  | "getCategory"
  | "createCategory"
  | "updateCategory"
  | "deleteCategory"
  | "listTags";

const author = (r: typeof t.blogAuthors.$inferSelect) => ({ id: r.id, slug: r.slug, name: r.name });
const category = (r: typeof t.blogCategories.$inferSelect) => ({ id: r.id, slug: r.slug, label: r.label });

export function taxonomyStore(db: Db, B: string): Pick<ContentRepository, Taxonomy> {
  const ownAuthor = (id: string) => and(eq(t.blogAuthors.businessId, B), eq(t.blogAuthors.id, id));
  const ownCategory = (id: string) => and(eq(t.blogCategories.businessId, B), eq(t.blogCategories.id, id));

  return {
    async listAuthors() {
      const rows = await db
        .select()
        .from(t.blogAuthors)
        .where(eq(t.blogAuthors.businessId, B))
        .orderBy(asc(t.blogAuthors.name));
      return rows.map(author);
    },
    async getAuthor(id) {
      if (!isUuid(id)) return null;
      const [row] = await db.select().from(t.blogAuthors).where(ownAuthor(id));
      return row ? author(row) : null;
    },
    createAuthor: (input) =>
      slugSafe(async () => {
        const [row] = await db
          .insert(t.blogAuthors)
          .values({ businessId: B, ...input })
          .returning();
        return ok(author(row!));
      }),
    updateAuthor: (id, patch) =>
      slugSafe(async () => {
        if (!isUuid(id)) return notFound();
        const [row] = Object.keys(patch).length
          ? await db.update(t.blogAuthors).set(patch).where(ownAuthor(id)).returning()
          : await db.select().from(t.blogAuthors).where(ownAuthor(id));
        return row ? ok(author(row)) : notFound();
      }),
    async deleteAuthor(id) {
      if (!isUuid(id)) return notFound();
      const [used] = await db
        .select({ n: count() })
        .from(t.blogPosts)
        .where(and(eq(t.blogPosts.businessId, B), eq(t.blogPosts.authorId, id)));
      if (Number(used?.n ?? 0) > 0)
        return refuse({ code: "IN_USE", detail: "Posts name this author: give them another author first." });
      const rows = await db.delete(t.blogAuthors).where(ownAuthor(id)).returning({ id: t.blogAuthors.id });
      return rows.length ? ok("deleted") : notFound();
    },

    async listCategories() {
      const rows = await db
        .select()
        .from(t.blogCategories)
        .where(eq(t.blogCategories.businessId, B))
        .orderBy(asc(t.blogCategories.label));
      return rows.map(category);
    },
    async getCategory(id) {
      if (!isUuid(id)) return null;
      const [row] = await db.select().from(t.blogCategories).where(ownCategory(id));
      return row ? category(row) : null;
    },
    createCategory: (input) =>
      slugSafe(async () => {
        const [row] = await db
          .insert(t.blogCategories)
          .values({ businessId: B, ...input })
          .returning();
        return ok(category(row!));
      }),
    updateCategory: (id, patch) =>
      slugSafe(async () => {
        if (!isUuid(id)) return notFound();
        const [row] = Object.keys(patch).length
          ? await db.update(t.blogCategories).set(patch).where(ownCategory(id)).returning()
          : await db.select().from(t.blogCategories).where(ownCategory(id));
        return row ? ok(category(row)) : notFound();
      }),
    async deleteCategory(id) {
      if (!isUuid(id)) return notFound();
      return db.transaction(async (tx) => {
        const rows = await tx.delete(t.blogCategories).where(ownCategory(id)).returning({ id: t.blogCategories.id });
        if (!rows.length) return notFound();
        await tx
          .update(t.blogPosts)
          .set({ categoryIds: sql`array_remove(${t.blogPosts.categoryIds}, ${id}::uuid)` })
          .where(and(eq(t.blogPosts.businessId, B), sql`${id}::uuid = any(${t.blogPosts.categoryIds})`));
        return ok("deleted" as const);
      });
    },

    async listTags() {
      const rows = await db
        .select({ tag: sql<string>`tag`, postCount: sql<number>`count(*)::int` })
        .from(sql`${t.blogPosts}, unnest(${t.blogPosts.tags}) as tag`)
        .where(eq(t.blogPosts.businessId, B))
        .groupBy(sql`tag`)
        .orderBy(sql`tag`);
      return rows.map((r) => ({ tag: r.tag, postCount: Number(r.postCount) }));
    },
  };
}

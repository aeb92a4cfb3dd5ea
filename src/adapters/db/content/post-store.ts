/** Posts of one business: every statement carries its business id (docs/decisions/0007-tenancy.md). */
import { and, count, desc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import type { ContentRepository, PostRecord, PostWrite } from "../../../app/content/ports.ts";
import { notFound, ok, refuse, type Result } from "../../../app/business/ports.ts";
import type { Db } from "../client.ts";
import { inTransaction, type Q } from "../kernel.ts";
import { isUuid } from "../ids.ts";
import * as t from "../schema.ts";
import { slugSafe } from "../business/scope.ts";

export const postRecord = (r: typeof t.blogPosts.$inferSelect): PostRecord => ({
  id: r.id,
  slug: r.slug,
  title: r.title,
  excerpt: r.description,
  bodyHtml: r.bodyHtml,
  imageUrl: r.imageUrl,
  imageAlt: r.imageAlt,
  canonicalLink: r.canonicalLink,
  authorId: r.authorId,
  categoryIds: r.categoryIds,
  tags: r.tags,
  status: r.status,
  publishAt: r.publishedAt ? r.publishedAt.toISOString() : null,
  updatedAt: r.updatedAt.toISOString(),
});

const columns = (w: PostWrite, now: Date) => ({
  slug: w.slug,
  title: w.title,
  description: w.excerpt,
  bodyHtml: w.bodyHtml,
  imageUrl: w.imageUrl,
  imageAlt: w.imageAlt,
  canonicalLink: w.canonicalLink,
  authorId: w.authorId,
  categoryIds: [...w.categoryIds],
  tags: [...w.tags],
  status: w.status,
  publishedAt: w.publishAt,
  updatedAt: now,
});

/** `% _ \` are literal in a search term. */
export const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function postStore(
  db: Db,
  B: string,
): Pick<ContentRepository, "listPosts" | "getPost" | "createPost" | "updatePost" | "deletePost"> {
  const own = (id: string) => and(eq(t.blogPosts.businessId, B), eq(t.blogPosts.id, id));

  /** The path of the first author or category id that is not this business's, or null. */
  async function missingReference(q: Q, w: PostWrite): Promise<string | null> {
    if (w.authorId !== null) {
      const [author] = isUuid(w.authorId)
        ? await q
            .select({ id: t.blogAuthors.id })
            .from(t.blogAuthors)
            .where(and(eq(t.blogAuthors.businessId, B), eq(t.blogAuthors.id, w.authorId)))
        : [];
      if (!author) return "authorId";
    }
    const valid = w.categoryIds.filter(isUuid);
    const found = valid.length
      ? await q
          .select({ id: t.blogCategories.id })
          .from(t.blogCategories)
          .where(and(eq(t.blogCategories.businessId, B), inArray(t.blogCategories.id, valid)))
      : [];
    const known = new Set(found.map((r) => r.id));
    const index = w.categoryIds.findIndex((id) => !known.has(id));
    return index === -1 ? null : `categoryIds.${index}`;
  }

  async function write(w: PostWrite, run: (q: Q) => Promise<PostRecord | null>): Promise<Result<PostRecord>> {
    return slugSafe(() =>
      inTransaction(db, async (tx) => {
        const missing = await missingReference(tx, w);
        if (missing) return refuse<PostRecord>({ code: "REFERENCE_NOT_FOUND", path: missing });
        const record = await run(tx);
        return record ? ok(record) : notFound<PostRecord>();
      }),
    );
  }

  return {
    async listPosts({ limit, offset, status, search }) {
      const where = and(
        eq(t.blogPosts.businessId, B),
        status ? eq(t.blogPosts.status, status) : undefined,
        search
          ? or(ilike(t.blogPosts.title, likePattern(search)), ilike(t.blogPosts.description, likePattern(search)))
          : undefined,
      );
      const rows = await db
        .select()
        .from(t.blogPosts)
        .where(where)
        .orderBy(sql`${t.blogPosts.publishedAt} desc nulls first`, desc(t.blogPosts.updatedAt), desc(t.blogPosts.id))
        .limit(limit)
        .offset(offset);
      const [total] = await db.select({ n: count() }).from(t.blogPosts).where(where);
      return { items: rows.map(postRecord), total: Number(total?.n ?? 0) };
    },

    async getPost(id) {
      if (!isUuid(id)) return null;
      const [row] = await db.select().from(t.blogPosts).where(own(id));
      return row ? postRecord(row) : null;
    },

    createPost: (w, now) =>
      write(w, async (q) => {
        const [row] = await q
          .insert(t.blogPosts)
          .values({ businessId: B, ...columns(w, now) })
          .returning();
        return postRecord(row!);
      }),

    updatePost: (id, w, now) =>
      isUuid(id)
        ? write(w, async (q) => {
            const [row] = await q.update(t.blogPosts).set(columns(w, now)).where(own(id)).returning();
            return row ? postRecord(row) : null;
          })
        : Promise.resolve(notFound()),

    async deletePost(id) {
      if (!isUuid(id)) return notFound();
      const rows = await db.delete(t.blogPosts).where(own(id)).returning({ id: t.blogPosts.id });
      return rows.length ? ok("deleted") : notFound();
    },
  };
}

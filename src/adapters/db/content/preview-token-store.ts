/** Preview tokens of one business: only hashes are stored; a revoked token stays listed as revoked. */
import { and, desc, eq } from "drizzle-orm";
import type { ContentRepository, PreviewTokenRecord } from "../../../app/content/ports.ts";
import { notFound, ok } from "../../../app/business/ports.ts";
import type { Db } from "../client.ts";
import { isUuid } from "../ids.ts";
import * as t from "../schema.ts";

const record = (r: typeof t.previewTokens.$inferSelect): PreviewTokenRecord => ({
  id: r.id,
  label: r.label,
  expiresAt: r.expiresAt.toISOString(),
  revokedAt: r.revokedAt ? r.revokedAt.toISOString() : null,
  createdAt: r.createdAt.toISOString(),
});

export function previewTokenStore(
  db: Db,
  B: string,
): Pick<ContentRepository, "listPreviewTokens" | "createPreviewToken" | "revokePreviewToken"> {
  const own = (id: string) => and(eq(t.previewTokens.businessId, B), eq(t.previewTokens.id, id));
  return {
    async listPreviewTokens() {
      const rows = await db
        .select()
        .from(t.previewTokens)
        .where(eq(t.previewTokens.businessId, B))
        .orderBy(desc(t.previewTokens.createdAt));
      return rows.map(record);
    },
    async createPreviewToken(input) {
      const [row] = await db
        .insert(t.previewTokens)
        .values({ businessId: B, label: input.label, tokenHash: input.tokenHash, expiresAt: input.expiresAt })
        .returning();
      return record(row!);
    },
    async revokePreviewToken(id, now) {
      if (!isUuid(id)) return notFound();
      const [existing] = await db.select().from(t.previewTokens).where(own(id));
      if (!existing) return notFound();
      if (existing.revokedAt) return ok(record(existing));
      const [row] = await db.update(t.previewTokens).set({ revokedAt: now }).where(own(id)).returning();
      return ok(record(row!));
    },
  };
}

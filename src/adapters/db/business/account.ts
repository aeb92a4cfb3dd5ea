/** The business itself (name, zone, host names) and its API keys. */
import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { ApiKeyView, BusinessRepository, BusinessView } from "../../../app/business/ports.ts";
import { notFound, ok, refuse } from "../../../app/business/ports.ts";
import { imageIdOf, imagePath } from "../../../core/content/images.ts";
import { normalHexColour } from "../../../core/shared/brand-colour.ts";
import { inTransaction } from "../kernel.ts";
import { isUuid } from "../public-pages-repository.ts";
import * as t from "../schema.ts";
import { iso, type BusinessScope } from "./scope.ts";

/** The transaction-level advisory lock every writer of business host names takes (any constant will do). */
const HOSTNAMES_LOCK = 7_318_001;

export const businessView = (r: typeof t.businesses.$inferSelect): BusinessView => ({
  id: r.id,
  slug: r.slug,
  name: r.name,
  timeZone: r.timeZone,
  locale: r.locale,
  currency: r.currency,
  hostnames: r.hostnames,
  embedOrigins: r.embedOrigins,
  personalDataRetentionDays: r.personalDataRetentionDays,
  logoUrl: r.logoImageId ? imagePath(r.logoImageId) : null,
  brandColour: r.brandColour,
  theme: r.theme === "dark" ? "dark" : "light",
  createdAt: r.createdAt.toISOString(),
});

const apiKeyView = (r: typeof t.apiKeys.$inferSelect): ApiKeyView => ({
  id: r.id,
  name: r.name,
  prefix: r.prefix,
  createdAt: r.createdAt.toISOString(),
  revokedAt: iso(r.revokedAt),
});

export function accountStore(
  scope: BusinessScope,
): Pick<BusinessRepository, "getBusiness" | "updateBusiness" | "listApiKeys" | "createApiKey" | "revokeApiKey"> {
  const { db, B } = scope;
  return {
    async getBusiness() {
      const [row] = await db.select().from(t.businesses).where(eq(t.businesses.id, B));
      return row ? businessView(row) : null;
    },

    async updateBusiness(patch) {
      const { hostnames, embedOrigins, logoUrl, brandColour, ...fields } = patch;
      return inTransaction(db, async (tx) => {
        if (hostnames) {
          // Host names are unique across businesses. An array column has no unique index, so every
          // writer of host names takes the same transaction lock, then checks, then writes.
          await tx.execute(sql`select pg_advisory_xact_lock(${HOSTNAMES_LOCK})`);
          const [taken] = await tx
            .select({ hostnames: t.businesses.hostnames })
            .from(t.businesses)
            .where(and(sql`${t.businesses.hostnames} && ${sql.param([...hostnames])}::text[]`, ne(t.businesses.id, B)));
          if (taken) {
            const index = hostnames.findIndex((h) => taken.hostnames.includes(h));
            return refuse({ code: "HOSTNAME_TAKEN", path: `hostnames.${index}` });
          }
        }
        const set = {
          ...fields,
          ...(hostnames ? { hostnames: [...new Set(hostnames)] } : {}),
          ...(embedOrigins ? { embedOrigins: [...new Set(embedOrigins)] } : {}),
          // The API checked the logo is one of this business's images; only its id is kept.
          ...(logoUrl !== undefined ? { logoImageId: logoUrl === null ? null : imageIdOf(logoUrl) } : {}),
          ...(brandColour !== undefined
            ? { brandColour: brandColour === null ? null : normalHexColour(brandColour) }
            : {}),
        };
        if (Object.keys(set).length > 0) await tx.update(t.businesses).set(set).where(eq(t.businesses.id, B));
        const [row] = await tx.select().from(t.businesses).where(eq(t.businesses.id, B));
        return row ? ok(businessView(row)) : notFound();
      });
    },

    async listApiKeys() {
      const rows = await db
        .select()
        .from(t.apiKeys)
        .where(eq(t.apiKeys.businessId, B))
        .orderBy(asc(t.apiKeys.createdAt), asc(t.apiKeys.id));
      return rows.map(apiKeyView);
    },

    async createApiKey(input) {
      const [row] = await db
        .insert(t.apiKeys)
        .values({ businessId: B, ...input })
        .returning();
      return apiKeyView(row!);
    },

    async revokeApiKey(id, now) {
      if (!isUuid(id)) return notFound();
      const [row] = await db
        .update(t.apiKeys)
        .set({ revokedAt: sql`coalesce(${t.apiKeys.revokedAt}, ${now.toISOString()}::timestamptz)` })
        .where(and(eq(t.apiKeys.businessId, B), eq(t.apiKeys.id, id)))
        .returning();
      return row ? ok(apiKeyView(row)) : notFound();
    },
  };
}

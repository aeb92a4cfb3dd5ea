/**
 * The business side's storage, bound to one business at creation (business/scope.ts: every
 * statement carries the business; other tenants' rows look missing — docs/decisions/0007-tenancy.md),
 * composed of one store per entity under business/.
 *
 * Deleting keeps history intact: staff, services and calendars that bookings refer to are only
 * marked `deleted_at` (their slug stays reserved); others are removed.
 */
import { and, eq, isNull } from "drizzle-orm";
import type { BusinessDirectory, BusinessRepository } from "../../app/business/ports.ts";
import { ok } from "../../app/business/ports.ts";
import { accountStore, businessView } from "./business/account.ts";
import { calendarStore } from "./business/calendars.ts";
import { groupAndMenuStore } from "./business/groups-and-menus.ts";
import { linkAndBookingStore } from "./business/links-and-bookings.ts";
import { businessScope, slugSafe } from "./business/scope.ts";
import { resourceStore } from "./business/resources.ts";
import { serviceStore } from "./business/services.ts";
import { staffStore } from "./business/staff.ts";
import type { Db } from "./client.ts";
import * as t from "./schema.ts";

export function createBusinessRepository(db: Db, businessId: string): BusinessRepository {
  const scope = businessScope(db, businessId);
  return {
    businessId,
    ...accountStore(scope),
    ...staffStore(scope),
    ...serviceStore(scope),
    ...calendarStore(scope),
    ...groupAndMenuStore(scope),
    ...linkAndBookingStore(scope),
    ...resourceStore(scope),
  };
}

/** Creating businesses and resolving keys: the only queries not bound to one business. */
export function createBusinessDirectory(db: Db): BusinessDirectory {
  return {
    createBusiness: (input, options) =>
      slugSafe(async () => {
        const [row] = await db
          .insert(t.businesses)
          .values({
            ...(options?.id ? { id: options.id } : {}),
            slug: input.slug,
            name: input.name,
            timeZone: input.timeZone,
            locale: input.locale,
            currency: input.currency,
            hostnames: [...(input.hostnames ?? [])],
          })
          .returning();
        return ok(businessView(row!));
      }),

    async findBusinessId(slug) {
      const [row] = await db.select({ id: t.businesses.id }).from(t.businesses).where(eq(t.businesses.slug, slug));
      return row?.id ?? null;
    },

    async findKeyOwner(keyHash) {
      const [row] = await db
        .select({ businessId: t.apiKeys.businessId, keyHash: t.apiKeys.keyHash })
        .from(t.apiKeys)
        .where(and(eq(t.apiKeys.keyHash, keyHash), isNull(t.apiKeys.revokedAt)));
      return row ?? null;
    },

    forBusiness: (businessId) => createBusinessRepository(db, businessId),
  };
}

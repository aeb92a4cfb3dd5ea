/**
 * The business side's storage is bound to one business: every statement carries
 * `business_id = <businessId>` — directly, or for link tables (members, menu items, service staff)
 * through a subquery on their business-owned parent. Rows of other businesses, soft-deleted rows
 * and ids that are not UUIDs all look like missing rows (docs/decisions/0007-tenancy.md). The
 * scopes below are the only way the entity stores (staff.ts, services.ts …) reach an owned row.
 */
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Result } from "../../../app/business/ports.ts";
import { refuse } from "../../../app/business/ports.ts";
import type { Db } from "../client.ts";
import { sqlStateOf, type Q } from "../kernel.ts";
import { isUuid } from "../public-pages-repository.ts";
import * as t from "../schema.ts";

export const iso = (d: Date | null): string | null => (d === null ? null : d.toISOString());
const uuids = (ids: readonly string[]) => ids.filter(isUuid);

/** A unique violation on a slug index is the caller's SLUG_TAKEN; anything else is unexpected. */
export async function slugSafe<T>(work: () => Promise<Result<T>>): Promise<Result<T>> {
  try {
    return await work();
  } catch (error) {
    const { code, constraint, detail } = sqlStateOf(error);
    if (code === "23505" && (constraint?.includes("slug") || detail.includes("(slug)") || detail.includes("slug)")))
      return refuse({ code: "SLUG_TAKEN", path: "slug" });
    throw error;
  }
}

export type BusinessScope = ReturnType<typeof businessScope>;

export function businessScope(db: Db, businessId: string) {
  const B = businessId;
  // ---- Scopes: every lookup of an owned row goes through one of these ---------------------------
  const liveStaff = (id: string) => and(eq(t.staff.businessId, B), eq(t.staff.id, id), isNull(t.staff.deletedAt));
  const liveService = (id: string) =>
    and(eq(t.services.businessId, B), eq(t.services.id, id), isNull(t.services.deletedAt));
  const liveCalendar = (id: string) =>
    and(eq(t.calendars.businessId, B), eq(t.calendars.id, id), isNull(t.calendars.deletedAt));
  const ownGroup = (id: string) => and(eq(t.groups.businessId, B), eq(t.groups.id, id));
  const ownMenu = (id: string) => and(eq(t.serviceMenus.businessId, B), eq(t.serviceMenus.id, id));
  // Link tables have no business_id: they are reached through their owned parent.
  const ownCalendarIds = (id: string) => db.select({ id: t.calendars.id }).from(t.calendars).where(liveCalendar(id));
  const ownServiceIds = (id: string) => db.select({ id: t.services.id }).from(t.services).where(liveService(id));
  const ownMenuIds = (id: string) => db.select({ id: t.serviceMenus.id }).from(t.serviceMenus).where(ownMenu(id));

  /** The path of the first id that is not a live row of this business, or null. */
  async function firstMissing(
    q: Q,
    kind: "staff" | "services" | "groups" | "calendars",
    ids: readonly string[],
    path: (i: number) => string,
  ): Promise<string | null> {
    if (ids.length === 0) return null;
    const valid = uuids(ids);
    let found: { id: string }[] = [];
    if (valid.length > 0) {
      if (kind === "staff")
        found = await q
          .select({ id: t.staff.id })
          .from(t.staff)
          .where(and(eq(t.staff.businessId, B), inArray(t.staff.id, valid), isNull(t.staff.deletedAt)));
      if (kind === "services")
        found = await q
          .select({ id: t.services.id })
          .from(t.services)
          .where(and(eq(t.services.businessId, B), inArray(t.services.id, valid), isNull(t.services.deletedAt)));
      if (kind === "groups")
        found = await q
          .select({ id: t.groups.id })
          .from(t.groups)
          .where(and(eq(t.groups.businessId, B), inArray(t.groups.id, valid)));
      if (kind === "calendars")
        found = await q
          .select({ id: t.calendars.id })
          .from(t.calendars)
          .where(and(eq(t.calendars.businessId, B), inArray(t.calendars.id, valid), isNull(t.calendars.deletedAt)));
    }
    const ids_ = new Set(found.map((r) => r.id));
    const index = ids.findIndex((id) => !ids_.has(id));
    return index === -1 ? null : path(index);
  }

  return {
    db,
    B,
    liveStaff,
    liveService,
    liveCalendar,
    ownGroup,
    ownMenu,
    ownCalendarIds,
    ownServiceIds,
    ownMenuIds,
    firstMissing,
  };
}

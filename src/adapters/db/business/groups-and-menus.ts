/** Groups (pages that list calendars) and service menus (pages of services booked through one calendar). */
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { BusinessRepository, Deletion, GroupView, Result, ServiceMenuView } from "../../../app/business/ports.ts";
import { notFound, ok, refuse } from "../../../app/business/ports.ts";
import { inTransaction, lockRow, type Q, type Tx } from "../kernel.ts";
import { isUuid } from "../public-pages-repository.ts";
import * as t from "../schema.ts";
import { slugSafe, type BusinessScope } from "./scope.ts";

export function groupAndMenuStore(
  scope: BusinessScope,
): Pick<
  BusinessRepository,
  | "listGroups"
  | "getGroup"
  | "createGroup"
  | "updateGroup"
  | "deleteGroup"
  | "listServiceMenus"
  | "getServiceMenu"
  | "createServiceMenu"
  | "updateServiceMenu"
  | "deleteServiceMenu"
> {
  const { db, B, liveCalendar, ownGroup, ownMenu, ownMenuIds, firstMissing } = scope;

  /** Groups with their calendars: one query for the calendars of every group given (no query per group). */
  async function groupViews(q: Q, rows: (typeof t.groups.$inferSelect)[]): Promise<GroupView[]> {
    const ids = rows.map((r) => r.id);
    const calendars = ids.length
      ? await q
          .select({ id: t.calendars.id, groupId: t.calendars.groupId })
          .from(t.calendars)
          .where(and(eq(t.calendars.businessId, B), inArray(t.calendars.groupId, ids), isNull(t.calendars.deletedAt)))
          .orderBy(asc(t.calendars.position), asc(t.calendars.createdAt))
      : [];
    return rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      name: row.name,
      description: row.description,
      isActive: row.isActive,
      calendarIds: calendars.filter((c) => c.groupId === row.id).map((c) => c.id),
      createdAt: row.createdAt.toISOString(),
    }));
  }

  async function getGroup(q: Q, id: string): Promise<GroupView | null> {
    if (!isUuid(id)) return null;
    const rows = await q.select().from(t.groups).where(ownGroup(id));
    return (await groupViews(q, rows))[0] ?? null;
  }

  /** Menus with their items: one query for the items of every menu given (no query per menu). */
  async function menuViews(q: Q, rows: (typeof t.serviceMenus.$inferSelect)[]): Promise<ServiceMenuView[]> {
    const ids = rows.map((r) => r.id);
    const items = ids.length
      ? await q
          .select({ menuId: t.serviceMenuItems.serviceMenuId, serviceId: t.serviceMenuItems.serviceId })
          .from(t.serviceMenuItems)
          .innerJoin(t.services, eq(t.services.id, t.serviceMenuItems.serviceId))
          .where(
            and(
              inArray(t.serviceMenuItems.serviceMenuId, ids),
              eq(t.services.businessId, B),
              isNull(t.services.deletedAt),
            ),
          )
          .orderBy(asc(t.serviceMenuItems.position))
      : [];
    return rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      name: row.name,
      description: row.description,
      calendarId: row.calendarId,
      serviceIds: items.filter((i) => i.menuId === row.id).map((i) => i.serviceId),
      createdAt: row.createdAt.toISOString(),
    }));
  }

  async function getMenu(q: Q, id: string): Promise<ServiceMenuView | null> {
    if (!isUuid(id)) return null;
    const rows = await q.select().from(t.serviceMenus).where(ownMenu(id));
    return (await menuViews(q, rows))[0] ?? null;
  }

  async function checkMenuRefs(
    tx: Tx,
    calendarId: string | undefined,
    serviceIds: readonly string[] | undefined,
  ): Promise<Result<null>> {
    if (calendarId !== undefined) {
      const [calendar] = isUuid(calendarId)
        ? await tx.select({ type: t.calendars.type }).from(t.calendars).where(liveCalendar(calendarId))
        : [];
      if (!calendar) return refuse({ code: "REFERENCE_NOT_FOUND", path: "calendarId" });
      if (calendar.type !== "service")
        return refuse({ code: "SETUP_INVALID", errors: [{ path: "calendarId", code: "NOT_A_SERVICE_CALENDAR" }] });
    }
    const missing = await firstMissing(tx, "services", serviceIds ?? [], (i) => `serviceIds.${i}`);
    return missing ? refuse({ code: "REFERENCE_NOT_FOUND", path: missing }) : ok(null);
  }

  async function replaceMenuItems(tx: Tx, menuId: string, serviceIds: readonly string[]): Promise<void> {
    await lockRow(tx, t.serviceMenus, B, menuId);
    await tx.delete(t.serviceMenuItems).where(inArray(t.serviceMenuItems.serviceMenuId, ownMenuIds(menuId)));
    const unique = [...new Set(serviceIds)];
    if (unique.length > 0)
      await tx
        .insert(t.serviceMenuItems)
        .values(unique.map((serviceId, position) => ({ businessId: B, serviceMenuId: menuId, serviceId, position })));
  }

  return {
    async listGroups() {
      const rows = await db
        .select()
        .from(t.groups)
        .where(eq(t.groups.businessId, B))
        .orderBy(asc(t.groups.createdAt), asc(t.groups.id));
      return groupViews(db, rows);
    },

    getGroup: (id) => getGroup(db, id),

    createGroup: (input, options) =>
      slugSafe(async () => {
        const [row] = await db
          .insert(t.groups)
          .values({
            ...(options?.id ? { id: options.id } : {}),
            businessId: B,
            slug: input.slug,
            name: input.name,
            description: input.description ?? "",
            isActive: input.isActive ?? true,
          })
          .returning({ id: t.groups.id });
        return ok((await getGroup(db, row!.id))!);
      }),

    updateGroup: (id, patch) =>
      slugSafe(async () => {
        if (!isUuid(id)) return notFound();
        const set = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
        if (Object.keys(set).length) await db.update(t.groups).set(set).where(ownGroup(id));
        const group = await getGroup(db, id);
        return group ? ok(group) : notFound();
      }),

    async deleteGroup(id) {
      if (!isUuid(id)) return notFound();
      // Calendars leave the group (group_id set null); nothing a booking refers to is lost.
      const rows = await db.delete(t.groups).where(ownGroup(id)).returning({ id: t.groups.id });
      return rows.length ? ok<Deletion>("deleted") : notFound();
    },

    async listServiceMenus() {
      const rows = await db
        .select()
        .from(t.serviceMenus)
        .where(eq(t.serviceMenus.businessId, B))
        .orderBy(asc(t.serviceMenus.createdAt), asc(t.serviceMenus.id));
      return menuViews(db, rows);
    },

    getServiceMenu: (id) => getMenu(db, id),

    createServiceMenu: (input, options) =>
      slugSafe(() =>
        inTransaction(db, async (tx) => {
          const refs = await checkMenuRefs(tx, input.calendarId, input.serviceIds);
          if (!refs.ok) return refs;
          const [row] = await tx
            .insert(t.serviceMenus)
            .values({
              ...(options?.id ? { id: options.id } : {}),
              businessId: B,
              calendarId: input.calendarId,
              slug: input.slug,
              name: input.name,
              description: input.description ?? "",
            })
            .returning({ id: t.serviceMenus.id });
          await replaceMenuItems(tx, row!.id, input.serviceIds ?? []);
          return ok((await getMenu(tx, row!.id))!);
        }),
      ),

    updateServiceMenu: (id, patch) =>
      slugSafe(() =>
        inTransaction(db, async (tx) => {
          if (!isUuid(id)) return notFound();
          const [existing] = await tx.select({ id: t.serviceMenus.id }).from(t.serviceMenus).where(ownMenu(id));
          if (!existing) return notFound();
          const refs = await checkMenuRefs(tx, patch.calendarId, patch.serviceIds);
          if (!refs.ok) return refs;
          const { serviceIds, ...fields } = patch;
          const set = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
          if (Object.keys(set).length) await tx.update(t.serviceMenus).set(set).where(ownMenu(id));
          if (serviceIds) await replaceMenuItems(tx, id, serviceIds);
          return ok((await getMenu(tx, id))!);
        }),
      ),

    async deleteServiceMenu(id) {
      if (!isUuid(id)) return notFound();
      const rows = await db.delete(t.serviceMenus).where(ownMenu(id)).returning({ id: t.serviceMenus.id });
      return rows.length ? ok<Deletion>("deleted") : notFound();
    },
  };
}

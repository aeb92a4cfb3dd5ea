/** Services: what is booked, with its duration, price, deposit and eligible staff. */
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { BusinessRepository, Deletion, Result, ServiceView } from "../../../app/business/ports.ts";
import { notFound, ok, refuse } from "../../../app/business/ports.ts";
import { exists, inTransaction, lockRow, type Q, type Tx } from "../kernel.ts";
import { isUuid } from "../public-pages-repository.ts";
import * as t from "../schema.ts";
import { slugSafe, type BusinessScope } from "./scope.ts";

export function serviceStore(
  scope: BusinessScope,
): Pick<BusinessRepository, "listServices" | "getService" | "createService" | "updateService" | "deleteService"> {
  const { db, B, liveService, ownServiceIds, firstMissing } = scope;

  async function serviceStaffIds(q: Q, serviceIds: readonly string[]): Promise<Map<string, string[]>> {
    const map = new Map<string, string[]>();
    if (serviceIds.length === 0) return map;
    const rows = await q
      .select({ serviceId: t.serviceStaff.serviceId, staffId: t.serviceStaff.staffId })
      .from(t.serviceStaff)
      .innerJoin(t.staff, eq(t.staff.id, t.serviceStaff.staffId))
      .where(
        and(inArray(t.serviceStaff.serviceId, [...serviceIds]), eq(t.staff.businessId, B), isNull(t.staff.deletedAt)),
      )
      .orderBy(asc(t.staff.createdAt), asc(t.staff.id));
    for (const r of rows) map.set(r.serviceId, [...(map.get(r.serviceId) ?? []), r.staffId]);
    return map;
  }

  const serviceView = (r: typeof t.services.$inferSelect, staffIds: readonly string[]): ServiceView => ({
    id: r.id,
    slug: r.slug,
    name: r.name,
    description: r.description,
    category: r.category,
    durationMinutes: r.durationMinutes,
    priceCents: r.priceCents,
    deposit: r.deposit ?? null,
    maxGuestsPerSlot: r.maxGuestsPerSlot,
    staffIds,
    isPrivate: r.isPrivate,
    createdAt: r.createdAt.toISOString(),
  });

  async function getService(q: Q, id: string): Promise<ServiceView | null> {
    if (!isUuid(id)) return null;
    const [row] = await q.select().from(t.services).where(liveService(id));
    if (!row) return null;
    return serviceView(row, (await serviceStaffIds(q, [row.id])).get(row.id) ?? []);
  }

  async function replaceServiceStaff(tx: Tx, serviceId: string, staffIds: readonly string[]): Promise<Result<null>> {
    await lockRow(tx, t.services, B, serviceId);
    const missing = await firstMissing(tx, "staff", staffIds, (i) => `staffIds.${i}`);
    if (missing) return refuse({ code: "REFERENCE_NOT_FOUND", path: missing });
    await tx.delete(t.serviceStaff).where(inArray(t.serviceStaff.serviceId, ownServiceIds(serviceId)));
    const unique = [...new Set(staffIds)];
    if (unique.length > 0) await tx.insert(t.serviceStaff).values(unique.map((staffId) => ({ serviceId, staffId })));
    return ok(null);
  }

  return {
    async listServices() {
      const rows = await db
        .select()
        .from(t.services)
        .where(and(eq(t.services.businessId, B), isNull(t.services.deletedAt)))
        .orderBy(asc(t.services.createdAt), asc(t.services.id));
      const staff = await serviceStaffIds(
        db,
        rows.map((r) => r.id),
      );
      return rows.map((r) => serviceView(r, staff.get(r.id) ?? []));
    },

    getService: (id) => getService(db, id),

    createService: (input, options) =>
      slugSafe(() =>
        inTransaction(db, async (tx) => {
          const [row] = await tx
            .insert(t.services)
            .values({
              ...(options?.id ? { id: options.id } : {}),
              businessId: B,
              slug: input.slug,
              name: input.name,
              description: input.description ?? "",
              category: input.category ?? "",
              durationMinutes: input.durationMinutes,
              priceCents: input.priceCents ?? 0,
              deposit: input.deposit ?? null,
              maxGuestsPerSlot: input.maxGuestsPerSlot ?? 1,
              isPrivate: input.isPrivate ?? false,
            })
            .returning();
          const staff = await replaceServiceStaff(tx, row!.id, input.staffIds ?? []);
          if (!staff.ok) return staff;
          return ok((await getService(tx, row!.id))!);
        }),
      ),

    updateService: (id, patch) =>
      slugSafe(() =>
        inTransaction(db, async (tx) => {
          if (!isUuid(id)) return notFound();
          const { staffIds, ...fields } = patch;
          const set = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
          const [row] = Object.keys(set).length
            ? await tx.update(t.services).set(set).where(liveService(id)).returning({ id: t.services.id })
            : await tx.select({ id: t.services.id }).from(t.services).where(liveService(id));
          if (!row) return notFound();
          if (staffIds) {
            const staff = await replaceServiceStaff(tx, id, staffIds);
            if (!staff.ok) return staff;
          }
          return ok((await getService(tx, id))!);
        }),
      ),

    async deleteService(id, now) {
      if (!isUuid(id)) return notFound();
      return inTransaction(db, async (tx) => {
        const [row] = await tx.select({ id: t.services.id }).from(t.services).where(liveService(id));
        if (!row) return notFound();
        const isReferenced = await exists(
          tx,
          sql`select 1 from ${t.bookings} where ${t.bookings.businessId} = ${B} and ${id} = any(${t.bookings.serviceIds})
              union all select 1 from ${t.bookingItems} where ${t.bookingItems.businessId} = ${B} and ${t.bookingItems.serviceId} = ${id}`,
        );
        if (isReferenced) {
          await tx.update(t.services).set({ deletedAt: now }).where(liveService(id));
          return ok<Deletion>("soft_deleted");
        }
        await tx.delete(t.services).where(liveService(id));
        return ok<Deletion>("deleted");
      });
    },
  };
}

/** Rooms and equipment, their time off, and what services need of them (issue 21, ADR 0038). */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Deletion } from "../../../app/business/ports.ts";
import { notFound, ok, refuse } from "../../../app/business/ports.ts";
import type {
  ResourceStore,
  ResourceTimeOffView,
  ResourceView,
  ServiceResourceNeed,
} from "../../../app/business/resources.ts";
import { resourceFields } from "../bookings/resources.ts";
import { inTransaction, type Q } from "../kernel.ts";
import { isUuid } from "../public-pages-repository.ts";
import * as t from "../schema.ts";
import type { BusinessScope } from "./scope.ts";

type ResourceRow = typeof t.resources.$inferSelect;

export function resourceStore(scope: BusinessScope): ResourceStore {
  const { db, B, liveService } = scope;
  const own = (id: string) => and(eq(t.resources.businessId, B), eq(t.resources.id, id));

  async function views(q: Q, rows: readonly ResourceRow[]): Promise<ResourceView[]> {
    if (rows.length === 0) return [];
    const links = await q
      .select({ resourceId: t.serviceResources.resourceId, serviceId: t.serviceResources.serviceId })
      .from(t.serviceResources)
      .where(
        and(
          eq(t.serviceResources.businessId, B),
          inArray(
            t.serviceResources.resourceId,
            rows.map((r) => r.id),
          ),
        ),
      );
    return rows.map((r) => ({
      ...resourceFields(r),
      serviceIds: [...new Set(links.filter((l) => l.resourceId === r.id).map((l) => l.serviceId))],
      createdAt: r.createdAt.toISOString(),
    }));
  }

  /** Units 1 … capacity exist (higher ones stay for the bookings that hold them; see schema-resources.ts). */
  async function ensureUnits(q: Q, resourceId: string, capacity: number): Promise<void> {
    await q.execute(
      sql`insert into ${t.resourceUnits} (business_id, resource_id, number)
          select ${B}, ${resourceId}, n from generate_series(1, ${capacity}::int) as n
          on conflict (resource_id, number, business_id) do nothing`,
    );
  }

  const timeOffView = (r: typeof t.resourceTimeOff.$inferSelect): ResourceTimeOffView => ({
    id: r.id,
    resourceId: r.resourceId,
    startsAt: r.startsAt.toISOString(),
    endsAt: r.endsAt.toISOString(),
    reason: r.reason,
  });

  /** What the given services (all of the business's when null) need, by service, in need order. */
  async function needsBy(q: Q, serviceId: string | null): Promise<Map<string, ServiceResourceNeed[]>> {
    const rows = await q
      .select()
      .from(t.serviceResources)
      .where(
        and(
          eq(t.serviceResources.businessId, B),
          serviceId === null ? undefined : eq(t.serviceResources.serviceId, serviceId),
        ),
      )
      .orderBy(asc(t.serviceResources.serviceId), asc(t.serviceResources.need));
    const out = new Map<string, Map<number, { mode: "any" | "all"; resourceIds: string[] }>>();
    for (const r of rows) {
      const needs = out.get(r.serviceId) ?? new Map<number, { mode: "any" | "all"; resourceIds: string[] }>();
      const need = needs.get(r.need) ?? { mode: r.mode, resourceIds: [] };
      need.resourceIds.push(r.resourceId);
      needs.set(r.need, need);
      out.set(r.serviceId, needs);
    }
    return new Map([...out].map(([id, needs]) => [id, [...needs.values()]]));
  }
  const needsOf = async (q: Q, serviceId: string): Promise<ServiceResourceNeed[]> =>
    (await needsBy(q, serviceId)).get(serviceId) ?? [];

  return {
    async listResources() {
      const rows = await db
        .select()
        .from(t.resources)
        .where(eq(t.resources.businessId, B))
        .orderBy(asc(t.resources.createdAt), asc(t.resources.id));
      return views(db, rows);
    },

    async getResource(id) {
      if (!isUuid(id)) return null;
      const [row] = await db.select().from(t.resources).where(own(id));
      return row ? ((await views(db, [row]))[0] ?? null) : null;
    },

    async createResource(input, options) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(t.resources)
          .values({
            ...(options?.id ? { id: options.id } : {}),
            businessId: B,
            name: input.name,
            kind: input.kind,
            capacity: input.capacity,
            timeZone: input.timeZone,
            weeklyHours: input.weeklyHours ?? null,
            dateOverrides: input.dateOverrides ?? {},
          })
          .returning();
        await ensureUnits(tx, row!.id, row!.capacity);
        return (await views(tx, [row!]))[0]!;
      });
    },

    async updateResource(id, patch) {
      if (!isUuid(id)) return notFound();
      return inTransaction(db, async (tx) => {
        const set = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
        const [row] = Object.keys(set).length
          ? await tx.update(t.resources).set(set).where(own(id)).returning()
          : await tx.select().from(t.resources).where(own(id));
        if (!row) return notFound();
        await ensureUnits(tx, row.id, row.capacity);
        return ok((await views(tx, [row]))[0]!);
      });
    },

    async deleteResource(id) {
      if (!isUuid(id)) return notFound();
      const rows = await db.delete(t.resources).where(own(id)).returning({ id: t.resources.id });
      return rows.length ? ok<Deletion>("deleted") : notFound();
    },

    async listResourceTimeOff(resourceId) {
      if (!isUuid(resourceId)) return notFound();
      const [owner] = await db.select({ id: t.resources.id }).from(t.resources).where(own(resourceId));
      if (!owner) return notFound();
      const rows = await db
        .select()
        .from(t.resourceTimeOff)
        .where(and(eq(t.resourceTimeOff.businessId, B), eq(t.resourceTimeOff.resourceId, resourceId)))
        .orderBy(asc(t.resourceTimeOff.startsAt));
      return ok(rows.map(timeOffView));
    },

    async createResourceTimeOff(resourceId, input) {
      if (!isUuid(resourceId)) return notFound();
      const [owner] = await db.select({ id: t.resources.id }).from(t.resources).where(own(resourceId));
      if (!owner) return notFound();
      const [row] = await db
        .insert(t.resourceTimeOff)
        .values({
          businessId: B,
          resourceId,
          startsAt: new Date(input.startsAt),
          endsAt: new Date(input.endsAt),
          reason: input.reason ?? null,
        })
        .returning();
      return ok(timeOffView(row!));
    },

    async deleteResourceTimeOff(resourceId, id) {
      if (!isUuid(resourceId) || !isUuid(id)) return notFound();
      const rows = await db
        .delete(t.resourceTimeOff)
        .where(
          and(
            eq(t.resourceTimeOff.businessId, B),
            eq(t.resourceTimeOff.resourceId, resourceId),
            eq(t.resourceTimeOff.id, id),
          ),
        )
        .returning({ id: t.resourceTimeOff.id });
      return rows.length ? ok<Deletion>("deleted") : notFound();
    },

    async listServiceResources() {
      return Object.fromEntries(await needsBy(db, null));
    },

    async getServiceResources(serviceId) {
      if (!isUuid(serviceId)) return notFound();
      const [service] = await db.select({ id: t.services.id }).from(t.services).where(liveService(serviceId));
      if (!service) return notFound();
      return ok(await needsOf(db, serviceId));
    },

    async setServiceResources(serviceId, needs) {
      if (!isUuid(serviceId)) return notFound();
      return inTransaction(db, async (tx) => {
        const [service] = await tx.select({ id: t.services.id }).from(t.services).where(liveService(serviceId));
        if (!service) return notFound();
        const named = needs.flatMap((n, i) => n.resourceIds.map((id, j) => ({ id, path: `${i}.resourceIds.${j}` })));
        const valid = named.map((x) => x.id).filter(isUuid);
        const found = valid.length
          ? await tx
              .select({ id: t.resources.id })
              .from(t.resources)
              .where(and(eq(t.resources.businessId, B), inArray(t.resources.id, valid)))
          : [];
        const known = new Set(found.map((r) => r.id));
        const missing = named.find((x) => !known.has(x.id));
        if (missing) return refuse({ code: "REFERENCE_NOT_FOUND", path: missing.path });
        await tx
          .delete(t.serviceResources)
          .where(and(eq(t.serviceResources.businessId, B), eq(t.serviceResources.serviceId, serviceId)));
        const rows = needs.flatMap((n, need) =>
          [...new Set(n.resourceIds)].map((resourceId) => ({
            businessId: B,
            serviceId,
            need,
            mode: n.mode,
            resourceId,
          })),
        );
        if (rows.length > 0) await tx.insert(t.serviceResources).values(rows);
        return ok(await needsOf(tx, serviceId));
      });
    },
  };
}

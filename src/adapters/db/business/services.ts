/** Services: what is booked, with its duration, price, deposit and eligible staff. */
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type {
  AddOnInput,
  BusinessRepository,
  Deletion,
  Result,
  ServiceInput,
  ServiceView,
  VariationInput,
} from "../../../app/business/ports.ts";
import { notFound, ok, refuse } from "../../../app/business/ports.ts";
import { exists, inTransaction, lockRow, type Q, type Tx } from "../kernel.ts";
import { isUuid } from "../public-pages-repository.ts";
import { offerPartsOf } from "../service-offerings.ts";
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
      // The order the business gave (the one "any available" follows, calendar-loader.ts).
      .orderBy(asc(t.serviceStaff.position), asc(t.staff.id));
    for (const r of rows) map.set(r.serviceId, [...(map.get(r.serviceId) ?? []), r.staffId]);
    return map;
  }

  /**
   * Each service's live variations and add-ons, in order, and its staff terms — one statement for
   * any number of services (list endpoints run a fixed handful: query-count.test.ts).
   */
  async function offers(q: Q, serviceIds: readonly string[]) {
    type Variation = typeof t.serviceVariations.$inferSelect;
    type AddOn = typeof t.serviceAddOns.$inferSelect;
    type Terms = typeof t.serviceStaffTerms.$inferSelect;
    if (serviceIds.length === 0) return { variations: [] as Variation[], addOns: [] as AddOn[], terms: [] as Terms[] };
    const ids = sql.join(
      serviceIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    const result = await q.execute(sql`
      select 'v' as kind, jsonb_build_object('id', v.id, 'serviceId', v.service_id, 'name', v.name,
          'durationMinutes', v.duration_minutes, 'priceMinor', v.price_minor, 'deposit', v.deposit,
          'bufferBeforeMinutes', v.buffer_before_minutes, 'bufferAfterMinutes', v.buffer_after_minutes) as row,
        v.position, v.created_at
        from ${t.serviceVariations} v where v.service_id in (${ids}) and v.deleted_at is null
      union all
      select 'a', jsonb_build_object('id', a.id, 'serviceId', a.service_id, 'name', a.name,
          'durationMinutes', a.duration_minutes, 'priceMinor', a.price_minor, 'maxQuantity', a.max_quantity),
        a.position, a.created_at
        from ${t.serviceAddOns} a where a.service_id in (${ids}) and a.deleted_at is null
      union all
      select 't', jsonb_build_object('serviceId', x.service_id, 'staffId', x.staff_id, 'variationId', x.variation_id,
          'durationMinutes', x.duration_minutes, 'priceMinor', x.price_minor),
        0, null
        from ${t.serviceStaffTerms} x where x.service_id in (${ids})
      order by 3, 4`);
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
      kind: "v" | "a" | "t";
      row: Record<string, unknown>;
    }[];
    const of = <T>(kind: "v" | "a" | "t") => rows.filter((r) => r.kind === kind).map((r) => r.row as T);
    return { variations: of<Variation>("v"), addOns: of<AddOn>("a"), terms: of<Terms>("t") };
  }
  type Offers = Awaited<ReturnType<typeof offers>>;

  const serviceView = (r: typeof t.services.$inferSelect, staffIds: readonly string[], o: Offers): ServiceView => ({
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
    location: r.location ?? null,
    ...offerPartsOf(r.id, o),
    createdAt: r.createdAt.toISOString(),
  });

  async function getService(q: Q, id: string): Promise<ServiceView | null> {
    if (!isUuid(id)) return null;
    const [row] = await q.select().from(t.services).where(liveService(id));
    if (!row) return null;
    return serviceView(row, (await serviceStaffIds(q, [row.id])).get(row.id) ?? [], await offers(q, [row.id]));
  }

  /**
   * Replaces a service's variations, add-ons or staff terms (whichever the input names): listed
   * items with an id are changed, without one added; live ones left out are hidden (deleted_at).
   */
  async function replaceOffers(tx: Tx, serviceId: string, input: Partial<ServiceInput>): Promise<Result<null>> {
    const now = new Date();
    // The variations' ids by their position in the input: terms may name one this request adds.
    const variationIds: string[] = [];
    for (const kind of ["variations", "addOns"] as const) {
      const list = input[kind];
      if (!list) continue;
      const table = kind === "variations" ? t.serviceVariations : t.serviceAddOns;
      const live = await tx
        .select({ id: table.id })
        .from(table)
        .where(and(eq(table.serviceId, serviceId), isNull(table.deletedAt)));
      const liveIds = new Set(live.map((r) => r.id));
      for (const [i, item] of list.entries())
        if (item.id !== undefined && !liveIds.has(item.id))
          return refuse({ code: "REFERENCE_NOT_FOUND", path: `${kind}.${i}.id` });
      const kept = new Set(list.flatMap((item) => (item.id ? [item.id] : [])));
      const gone = [...liveIds].filter((id) => !kept.has(id));
      if (gone.length > 0) await tx.update(table).set({ deletedAt: now }).where(inArray(table.id, gone));
      for (const [position, item] of list.entries()) {
        const values =
          kind === "variations"
            ? (() => {
                const v = item as VariationInput;
                return {
                  name: v.name,
                  durationMinutes: v.durationMinutes,
                  priceMinor: v.priceMinor ?? 0,
                  deposit: v.deposit ?? null,
                  bufferBeforeMinutes: v.bufferBeforeMinutes ?? null,
                  bufferAfterMinutes: v.bufferAfterMinutes ?? null,
                };
              })()
            : (() => {
                const a = item as AddOnInput;
                return {
                  name: a.name,
                  durationMinutes: a.durationMinutes ?? 0,
                  priceMinor: a.priceMinor ?? 0,
                  maxQuantity: a.maxQuantity ?? 1,
                };
              })();
        let itemId = item.id;
        if (itemId)
          await tx
            .update(table)
            .set({ ...values, position })
            .where(eq(table.id, itemId));
        else {
          const [added] = await tx
            .insert(table)
            .values({ ...values, position, businessId: B, serviceId } as never)
            .returning({ id: table.id });
          itemId = added!.id;
        }
        if (kind === "variations") variationIds.push(itemId!);
      }
    }
    if (input.staffTerms) {
      // A variation added by this request, named by its position: its new id (one save, ADR 0052).
      const addedAt = input.staffTerms.findIndex(
        (x) =>
          x.variationIndex !== undefined && (x.variationId !== null || variationIds[x.variationIndex] === undefined),
      );
      if (addedAt >= 0) return refuse({ code: "REFERENCE_NOT_FOUND", path: `staffTerms.${addedAt}.variationIndex` });
      const terms = input.staffTerms.map(({ variationIndex, ...x }) =>
        variationIndex === undefined ? x : { ...x, variationId: variationIds[variationIndex]! },
      );
      const missing = await firstMissing(
        tx,
        "staff",
        terms.map((x) => x.staffId),
        (i) => `staffTerms.${i}.staffId`,
      );
      if (missing) return refuse({ code: "REFERENCE_NOT_FOUND", path: missing });
      const variations = await tx
        .select({ id: t.serviceVariations.id })
        .from(t.serviceVariations)
        .where(and(eq(t.serviceVariations.serviceId, serviceId), isNull(t.serviceVariations.deletedAt)));
      const known = new Set(variations.map((v) => v.id));
      const bad = terms.findIndex((x) => x.variationId !== null && !known.has(x.variationId));
      if (bad >= 0) return refuse({ code: "REFERENCE_NOT_FOUND", path: `staffTerms.${bad}.variationId` });
      await tx.delete(t.serviceStaffTerms).where(eq(t.serviceStaffTerms.serviceId, serviceId));
      if (terms.length > 0)
        await tx.insert(t.serviceStaffTerms).values(terms.map((x) => ({ ...x, businessId: B, serviceId })));
    }
    return ok(null);
  }

  async function replaceServiceStaff(tx: Tx, serviceId: string, staffIds: readonly string[]): Promise<Result<null>> {
    await lockRow(tx, t.services, B, serviceId);
    const missing = await firstMissing(tx, "staff", staffIds, (i) => `staffIds.${i}`);
    if (missing) return refuse({ code: "REFERENCE_NOT_FOUND", path: missing });
    await tx.delete(t.serviceStaff).where(inArray(t.serviceStaff.serviceId, ownServiceIds(serviceId)));
    const unique = [...new Set(staffIds)];
    if (unique.length > 0)
      await tx
        .insert(t.serviceStaff)
        .values(unique.map((staffId, position) => ({ businessId: B, serviceId, staffId, position })));
    return ok(null);
  }

  return {
    async listServices() {
      const rows = await db
        .select()
        .from(t.services)
        .where(and(eq(t.services.businessId, B), isNull(t.services.deletedAt)))
        .orderBy(asc(t.services.createdAt), asc(t.services.id));
      const ids = rows.map((r) => r.id);
      const [staff, o] = await Promise.all([serviceStaffIds(db, ids), offers(db, ids)]);
      return rows.map((r) => serviceView(r, staff.get(r.id) ?? [], o));
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
              location: input.location ?? null,
            })
            .returning();
          const staff = await replaceServiceStaff(tx, row!.id, input.staffIds ?? []);
          if (!staff.ok) return staff;
          const offered = await replaceOffers(tx, row!.id, input);
          if (!offered.ok) return offered;
          return ok((await getService(tx, row!.id))!);
        }),
      ),

    updateService: (id, patch) =>
      slugSafe(() =>
        inTransaction(db, async (tx) => {
          if (!isUuid(id)) return notFound();
          const { staffIds, variations, addOns, staffTerms, ...fields } = patch;
          const set = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
          const [row] = Object.keys(set).length
            ? await tx.update(t.services).set(set).where(liveService(id)).returning({ id: t.services.id })
            : await tx.select({ id: t.services.id }).from(t.services).where(liveService(id));
          if (!row) return notFound();
          if (staffIds) {
            const staff = await replaceServiceStaff(tx, id, staffIds);
            if (!staff.ok) return staff;
          }
          const offered = await replaceOffers(tx, id, { variations, addOns, staffTerms });
          if (!offered.ok) return offered;
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

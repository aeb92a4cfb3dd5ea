/**
 * A business's services with their variations, add-ons and staff terms (issue 24, ADR 0031), as
 * the core's `ServiceOffering`: three queries for any number of services, removed variations and
 * add-ons left out (past bookings keep their own snapshot).
 */
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { ServiceOffering } from "../../core/booking/service-offer.ts";
import type { Db } from "./client.ts";
import * as t from "./schema.ts";

export async function loadServiceOfferings(
  db: Db,
  businessId: string,
  serviceIds: readonly string[],
): Promise<Map<string, ServiceOffering>> {
  const out = new Map<string, ServiceOffering>();
  if (serviceIds.length === 0) return out;
  const ids = [...serviceIds];
  const [services, variations, addOns, terms] = await Promise.all([
    db
      .select()
      .from(t.services)
      .where(and(eq(t.services.businessId, businessId), inArray(t.services.id, ids), isNull(t.services.deletedAt))),
    db
      .select()
      .from(t.serviceVariations)
      .where(
        and(
          eq(t.serviceVariations.businessId, businessId),
          inArray(t.serviceVariations.serviceId, ids),
          isNull(t.serviceVariations.deletedAt),
        ),
      )
      .orderBy(asc(t.serviceVariations.position), asc(t.serviceVariations.createdAt)),
    db
      .select()
      .from(t.serviceAddOns)
      .where(
        and(
          eq(t.serviceAddOns.businessId, businessId),
          inArray(t.serviceAddOns.serviceId, ids),
          isNull(t.serviceAddOns.deletedAt),
        ),
      )
      .orderBy(asc(t.serviceAddOns.position), asc(t.serviceAddOns.createdAt)),
    db
      .select()
      .from(t.serviceStaffTerms)
      .where(and(eq(t.serviceStaffTerms.businessId, businessId), inArray(t.serviceStaffTerms.serviceId, ids))),
  ]);
  for (const s of services) {
    out.set(s.id, {
      id: s.id,
      name: s.name,
      durationMinutes: s.durationMinutes,
      priceMinor: s.priceCents,
      deposit: s.deposit ?? null,
      // Services take the calendar's buffers today; a variation may set its own.
      bufferBeforeMinutes: null,
      bufferAfterMinutes: null,
      ...offerPartsOf(s.id, { variations, addOns, terms }),
    });
  }
  return out;
}

type OfferRows = {
  readonly variations: readonly Pick<
    typeof t.serviceVariations.$inferSelect,
    | "id"
    | "serviceId"
    | "name"
    | "durationMinutes"
    | "priceMinor"
    | "deposit"
    | "bufferBeforeMinutes"
    | "bufferAfterMinutes"
  >[];
  readonly addOns: readonly Pick<
    typeof t.serviceAddOns.$inferSelect,
    "id" | "serviceId" | "name" | "durationMinutes" | "priceMinor" | "maxQuantity"
  >[];
  readonly terms: readonly Pick<
    typeof t.serviceStaffTerms.$inferSelect,
    "serviceId" | "staffId" | "variationId" | "durationMinutes" | "priceMinor"
  >[];
};

/** One service's variations, add-ons and staff terms out of rows of several services, in their order. */
export function offerPartsOf(serviceId: string, rows: OfferRows) {
  return {
    variations: rows.variations
      .filter((v) => v.serviceId === serviceId)
      .map((v) => ({
        id: v.id,
        name: v.name,
        durationMinutes: v.durationMinutes,
        priceMinor: v.priceMinor,
        deposit: v.deposit ?? null,
        bufferBeforeMinutes: v.bufferBeforeMinutes,
        bufferAfterMinutes: v.bufferAfterMinutes,
      })),
    addOns: rows.addOns
      .filter((a) => a.serviceId === serviceId)
      .map((a) => ({
        id: a.id,
        name: a.name,
        durationMinutes: a.durationMinutes,
        priceMinor: a.priceMinor,
        maxQuantity: a.maxQuantity,
      })),
    staffTerms: rows.terms
      .filter((x) => x.serviceId === serviceId)
      .map((x) => ({
        staffId: x.staffId,
        variationId: x.variationId,
        durationMinutes: x.durationMinutes,
        priceMinor: x.priceMinor,
      })),
  };
}

/**
 * Rooms and equipment as the booking side reads them (issue 21, ADR 0038): what the services of a
 * calendar need, the resources with their units, hours and time off (loaded with the calendar),
 * and the active occupancy of units (loaded per request, like staff occupancy).
 */
import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import type { ResourceInfo, UnitOccupancy } from "../../../app/bookings/ports.ts";
import type { ResourceNeed } from "../../../core/availability/model.ts";
import type { DateOverrides, WeeklyHours } from "../../../core/calendar/calendar.ts";
import type { Db } from "../client.ts";
import * as t from "../schema.ts";
import { iso, uuidArray, type Executor } from "./executor.ts";

/**
 * The rooms and equipment a booking holds, named as the visitor sees them ("Room 2"; "Mat 7" of a
 * resource of several units), in the order of its guests and tasks. One definition for the visitor's
 * record and the business's view. For a query from `bookings` (drizzle writes a column as its bare
 * name, which inside this subquery would mean another table's id, so the outer row is named).
 */
export const heldUnitLabels = () =>
  sql<string[]>`array(select r.name || case when r.capacity > 1 then ' ' || u.number else '' end
    from booking_resource_units bru
    join resource_units u on u.id = bru.unit_id and u.business_id = bru.business_id
    join resources r on r.id = u.resource_id and r.business_id = u.business_id
    where bru.business_id = "bookings"."business_id" and bru.booking_id = "bookings"."id"
    order by bru.guest_index, bru.starts_at, r.name)`;

/** The needs of these services (by service id) and every resource they name. */
export async function loadServiceResources(
  db: Db,
  businessId: string,
  serviceIds: readonly string[],
): Promise<{ needs: Map<string, ResourceNeed[]>; resources: ResourceInfo[] }> {
  const needs = new Map<string, ResourceNeed[]>();
  if (serviceIds.length === 0) return { needs, resources: [] };
  const links = await db
    .select()
    .from(t.serviceResources)
    .where(and(eq(t.serviceResources.businessId, businessId), inArray(t.serviceResources.serviceId, [...serviceIds])))
    .orderBy(asc(t.serviceResources.need));
  if (links.length === 0) return { needs, resources: [] };
  const byNeed = new Map<string, { mode: "any" | "all"; resourceIds: string[] }>();
  for (const l of links) {
    const key = `${l.serviceId}|${l.need}`;
    const need = byNeed.get(key) ?? { mode: l.mode, resourceIds: [] };
    need.resourceIds.push(l.resourceId);
    if (!byNeed.has(key)) {
      byNeed.set(key, need);
      needs.set(l.serviceId, [...(needs.get(l.serviceId) ?? []), need]);
    }
  }
  const resourceIds = [...new Set(links.map((l) => l.resourceId))];
  return { needs, resources: await loadResources(db, businessId, resourceIds) };
}

/** Resources with their offered units (number ≤ capacity) and time off from two days ago on. */
export async function loadResources(
  db: Db,
  businessId: string,
  resourceIds: readonly string[] | null,
): Promise<ResourceInfo[]> {
  const rows = await db
    .select()
    .from(t.resources)
    .where(
      and(eq(t.resources.businessId, businessId), resourceIds ? inArray(t.resources.id, [...resourceIds]) : undefined),
    )
    .orderBy(asc(t.resources.createdAt), asc(t.resources.name));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [units, off] = await Promise.all([
    db
      .select()
      .from(t.resourceUnits)
      .where(inArray(t.resourceUnits.resourceId, ids))
      .orderBy(asc(t.resourceUnits.number)),
    db
      .select()
      .from(t.resourceTimeOff)
      .where(
        and(inArray(t.resourceTimeOff.resourceId, ids), gt(t.resourceTimeOff.endsAt, sql`now() - interval '2 days'`)),
      )
      .orderBy(asc(t.resourceTimeOff.startsAt)),
  ]);
  return rows.map((r) => ({
    ...resourceFields(r),
    units: units
      .filter((u) => u.resourceId === r.id && u.number <= r.capacity)
      .map((u) => ({ id: u.id, number: u.number })),
    timeOff: off
      .filter((o) => o.resourceId === r.id)
      .map((o) => ({ startMs: o.startsAt.getTime(), endMs: o.endsAt.getTime() })),
  }));
}

/** A resource row's own fields, as both the booking side and the business API show them. */
export function resourceFields(r: typeof t.resources.$inferSelect) {
  return {
    id: r.id,
    name: r.name,
    kind: r.kind,
    capacity: r.capacity,
    timeZone: r.timeZone,
    weeklyHours: (r.weeklyHours as WeeklyHours | null) ?? null,
    dateOverrides: (r.dateOverrides as DateOverrides) ?? {},
  };
}

/** Active occupancy of these units of the business overlapping [fromMs, toMs). */
export async function loadUnitOccupancy(
  database: Executor,
  businessId: string,
  unitIds: readonly string[],
  fromMs: number,
  toMs: number,
): Promise<UnitOccupancy[]> {
  if (unitIds.length === 0) return [];
  const { rows } = await database.execute(
    `select unit_id, booking_id, hold_id,
            (extract(epoch from lower(blocked)) * 1000)::float8 as lo,
            (extract(epoch from upper(blocked)) * 1000)::float8 as hi,
            (extract(epoch from hold_expires_at) * 1000)::float8 as x
       from booking_resource_units
      where business_id = $4 and active and unit_id = any($1::uuid[])
        and blocked && tstzrange($2::timestamptz, $3::timestamptz)
      order by lower(blocked)`,
    [uuidArray(unitIds), iso(fromMs), iso(toMs), businessId],
    // In order of start, so the engine merges each unit's spans without sorting them (mergeIntervals).
    "resource_unit_occupancy_v3",
  );
  return rows.map((r) => ({
    unitId: String(r.unit_id),
    blockedStartMs: Number(r.lo),
    blockedEndMs: Number(r.hi),
    bookingId: r.booking_id == null ? null : String(r.booking_id),
    holdId: r.hold_id == null ? null : String(r.hold_id),
    expiresAtMs: r.x == null ? null : Number(r.x),
  }));
}

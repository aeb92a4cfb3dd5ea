/** A calendar with everything the rules read — settings, members, staff hours, services, time off — loaded in one go and briefly cached. */
import { and, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { BookingStore, CalendarContext } from "../../../app/bookings/ports.ts";
import type { CalendarSettings, CalendarType } from "../../../core/calendar/calendar.ts";
import type { Db } from "../client.ts";
import { isUuid } from "../public-pages-repository.ts";
import * as t from "../schema.ts";
import { loadServiceOfferings } from "../service-offerings.ts";
import { loadServiceResources } from "./resources.ts";
import type { ServiceOffering } from "../../../core/booking/service-offer.ts";
import type { FormDefinition } from "../../../core/forms/definition.ts";

export function calendarLoader(
  db: Db,
  calendarCacheMs: number,
): Pick<BookingStore, "forgetCalendars" | "loadCalendar"> {
  /** Loaded calendars, by id; a load in progress is shared by every request that needs it (single flight). */
  const calendarCache = new Map<string, { context: Promise<CalendarContext | null>; expiresAt: number }>();

  async function loadCalendarUncached(calendarId: string): Promise<CalendarContext | null> {
    if (!isUuid(calendarId)) return null;
    // By its id alone: the public addresses name a calendar, not its business, so this one read is a
    // named cross-business look-up (ADR 0057, item 1 of "Named cross-business queries"); it answers the business.
    const [row] = await db
      .select({
        calendar: t.calendars,
        business: {
          id: t.businesses.id,
          name: t.businesses.name,
          timeZone: t.businesses.timeZone,
          currency: t.businesses.currency,
          locale: t.businesses.locale,
          embedOrigins: t.businesses.embedOrigins,
        },
      })
      .from(t.calendars)
      .innerJoin(t.businesses, eq(t.businesses.id, t.calendars.businessId))
      .where(eq(t.calendars.id, calendarId));
    if (!row) return null;
    // Every statement after the calendar's own names its business (ADR 0057, "Hot queries"): on a database
    // sharded by business it goes to that one shard, and the composite keys' indexes serve it as before.
    const businessId = row.business.id;
    const [members, serviceRows] = await Promise.all([
      db
        .select()
        .from(t.calendarMembers)
        .where(and(eq(t.calendarMembers.calendarId, calendarId), eq(t.calendarMembers.businessId, businessId))),
      db
        .select({
          service: t.services,
          position: t.calendarServices.position,
          staffIds: sql<
            string[]
            // In the order the business gave them (migration 0039): which provider "any available" tries first.
          >`coalesce((select array_agg(ss.staff_id::text order by ss.position, ss.staff_id) from ${t.serviceStaff} ss where ss.service_id = ${t.services.id} and ss.business_id = ${t.services.businessId}), '{}')`,
        })
        .from(t.calendarServices)
        .innerJoin(
          t.services,
          and(
            eq(t.services.id, t.calendarServices.serviceId),
            eq(t.services.businessId, t.calendarServices.businessId),
          ),
        )
        .where(
          and(
            eq(t.calendarServices.calendarId, calendarId),
            eq(t.calendarServices.businessId, businessId),
            isNull(t.services.deletedAt),
          ),
        )
        .orderBy(t.calendarServices.position),
    ]);
    const staffIds = [...new Set([...members.map((m) => m.staffId), ...serviceRows.flatMap((s) => s.staffIds)])];
    const [staffRows, timeOffRows, externalRows] = staffIds.length
      ? await Promise.all([
          db
            .select()
            .from(t.staff)
            .where(and(inArray(t.staff.id, staffIds), eq(t.staff.businessId, businessId), isNull(t.staff.deletedAt))),
          db
            .select()
            .from(t.timeOff)
            .where(
              and(
                inArray(t.timeOff.staffId, staffIds),
                eq(t.timeOff.businessId, businessId),
                gt(t.timeOff.endsAt, sql`now() - interval '2 days'`),
              ),
            ),
          // Busy time of their connected calendars (calendar sync) blocks them like time off.
          db
            .select()
            .from(t.externalBusy)
            .where(
              and(
                inArray(t.externalBusy.staffId, staffIds),
                eq(t.externalBusy.businessId, businessId),
                gt(t.externalBusy.endsAt, sql`now() - interval '2 days'`),
              ),
            ),
        ])
      : [[], [], []];
    // Only service calendars book services (three more queries, cached with the calendar).
    const isService = row.calendar.type === "service";
    const serviceIds = serviceRows.map((s) => s.service.id);
    const [offerings, resources, form] = await Promise.all([
      isService
        ? loadServiceOfferings(db, businessId, serviceIds)
        : Promise.resolve(new Map<string, ServiceOffering>()),
      // Rooms and equipment the services need (issue 21): none, no more queries than one.
      isService ? loadServiceResources(db, businessId, serviceIds) : Promise.resolve(null),
      // The attached form's current version (issue 15): one more query, only when there is one.
      row.calendar.formId
        ? db
            .select({ id: t.forms.id, version: t.forms.version, definition: t.forms.definition })
            .from(t.forms)
            .where(and(eq(t.forms.id, row.calendar.formId), eq(t.forms.businessId, businessId)))
            .then(([f]) => (f ? { ...f, definition: f.definition as unknown as FormDefinition } : null))
        : Promise.resolve(null),
    ]);
    const liveStaff = new Set(staffRows.map((s) => s.id));
    const context: CalendarContext = {
      business: row.business,
      calendar: {
        id: row.calendar.id,
        type: row.calendar.type as CalendarType,
        name: row.calendar.name,
        description: row.calendar.description,
        settings: row.calendar.settings as CalendarSettings,
        isLive: row.calendar.isActive && row.calendar.deletedAt === null,
      },
      members: members
        .filter((m) => liveStaff.has(m.staffId))
        // Primary first: personal and class calendars use the first member as host.
        .sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary))
        .map((m) => ({ staffId: m.staffId, priority: m.priority / 2, isPrimary: m.isPrimary })),
      staff: staffRows.map((s) => ({
        id: s.id,
        name: s.name,
        email: s.email,
        photoUrl: s.photoUrl,
        timeZone: s.timeZone,
        weeklyHours: s.weeklyHours,
        dateOverrides: s.dateOverrides,
        location: s.location ?? null,
      })),
      services: serviceRows.map(({ service, staffIds: ids }) => ({
        id: service.id,
        name: service.name,
        description: service.description,
        category: service.category,
        durationMinutes: service.durationMinutes,
        priceCents: service.priceCents,
        deposit: service.deposit ?? null,
        maxGuestsPerSlot: service.maxGuestsPerSlot,
        isPrivate: service.isPrivate,
        location: service.location ?? null,
        staffIds: ids.filter((id) => liveStaff.has(id)),
        variations: offerings.get(service.id)?.variations ?? [],
        addOns: offerings.get(service.id)?.addOns ?? [],
        staffTerms: (offerings.get(service.id)?.staffTerms ?? []).filter((x) => liveStaff.has(x.staffId)),
        ...(resources?.needs.has(service.id) ? { resources: resources.needs.get(service.id) } : {}),
      })),
      ...(resources && resources.resources.length > 0 ? { resources: resources.resources } : {}),
      ...(form ? { form } : {}),
      timeOff: [...timeOffRows, ...externalRows].map((r) => ({
        staffId: r.staffId,
        startMs: r.startsAt.getTime(),
        endMs: r.endsAt.getTime(),
      })),
    };
    return context;
  }

  return {
    forgetCalendars() {
      calendarCache.clear();
    },
    async loadCalendar(calendarId) {
      if (calendarCacheMs <= 0) return loadCalendarUncached(calendarId);
      const now = Date.now();
      const hit = calendarCache.get(calendarId);
      if (hit && hit.expiresAt > now) return hit.context;
      if (calendarCache.size > 10_000) calendarCache.clear();
      const context = loadCalendarUncached(calendarId);
      const entry = { context, expiresAt: now + calendarCacheMs };
      calendarCache.set(calendarId, entry);
      // A failed load is not kept: the next request tries again.
      context.catch(() => calendarCache.get(calendarId) === entry && calendarCache.delete(calendarId));
      return context;
    },
  };
}

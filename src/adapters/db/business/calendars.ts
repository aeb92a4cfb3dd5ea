/** Calendars of every type, with their team (members) and services. */
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type {
  BusinessRepository,
  CalendarRecordInput,
  CalendarView,
  Deletion,
  Result,
} from "../../../app/business/ports.ts";
import { notFound, ok, refuse } from "../../../app/business/ports.ts";
import type { CalendarSettings, CalendarType } from "../../../core/calendar/calendar.ts";
import type { MemberInput } from "../../../core/calendar/calendar-setup.ts";
import { attachableFormError } from "../../../core/forms/attached-form.ts";
import type { FormDefinition } from "../../../core/forms/definition.ts";
import { exists, inTransaction, lockRow, type Q, type Tx } from "../kernel.ts";
import { isUuid } from "../public-pages-repository.ts";
import * as t from "../schema.ts";
import { slugSafe, type BusinessScope } from "./scope.ts";

export function calendarStore(
  scope: BusinessScope,
): Pick<BusinessRepository, "listCalendars" | "getCalendar" | "createCalendar" | "replaceCalendar" | "deleteCalendar"> {
  const { db, B, liveCalendar, ownCalendarIds, firstMissing } = scope;

  async function calendarParts(q: Q, ids: readonly string[]) {
    const members = new Map<string, MemberInput[]>();
    const services = new Map<string, string[]>();
    if (ids.length === 0) return { members, services };
    const [memberRows, serviceRows] = await Promise.all([
      q
        .select({
          calendarId: t.calendarMembers.calendarId,
          staffId: t.calendarMembers.staffId,
          priority: t.calendarMembers.priority,
          isPrimary: t.calendarMembers.isPrimary,
        })
        .from(t.calendarMembers)
        .innerJoin(t.staff, eq(t.staff.id, t.calendarMembers.staffId))
        .where(
          and(inArray(t.calendarMembers.calendarId, [...ids]), eq(t.staff.businessId, B), isNull(t.staff.deletedAt)),
        )
        .orderBy(sql`${t.calendarMembers.isPrimary} desc`, asc(t.staff.createdAt), asc(t.staff.id)),
      q
        .select({ calendarId: t.calendarServices.calendarId, serviceId: t.calendarServices.serviceId })
        .from(t.calendarServices)
        .innerJoin(t.services, eq(t.services.id, t.calendarServices.serviceId))
        .where(
          and(
            inArray(t.calendarServices.calendarId, [...ids]),
            eq(t.services.businessId, B),
            isNull(t.services.deletedAt),
          ),
        )
        .orderBy(asc(t.calendarServices.position)),
    ]);
    for (const m of memberRows) {
      members.set(m.calendarId, [
        ...(members.get(m.calendarId) ?? []),
        { staffId: m.staffId, priority: (m.priority / 2) as MemberInput["priority"], isPrimary: m.isPrimary },
      ]);
    }
    for (const s of serviceRows) services.set(s.calendarId, [...(services.get(s.calendarId) ?? []), s.serviceId]);
    return { members, services };
  }

  const calendarView = (
    r: typeof t.calendars.$inferSelect,
    members: readonly MemberInput[],
    serviceIds: readonly string[],
  ): CalendarView => ({
    id: r.id,
    slug: r.slug,
    type: r.type as CalendarType,
    name: r.name,
    description: r.description,
    groupId: r.groupId,
    formId: r.formId,
    isActive: r.isActive,
    isPrivate: r.isPrivate,
    position: r.position,
    settings: r.settings as CalendarSettings,
    members,
    serviceIds,
    createdAt: r.createdAt.toISOString(),
  });

  async function getCalendar(q: Q, id: string): Promise<CalendarView | null> {
    if (!isUuid(id)) return null;
    const [row] = await q.select().from(t.calendars).where(liveCalendar(id));
    if (!row) return null;
    const parts = await calendarParts(q, [row.id]);
    return calendarView(row, parts.members.get(row.id) ?? [], parts.services.get(row.id) ?? []);
  }

  /**
   * The group and form the calendar row itself names, checked before the row is written: its keys to
   * them are `(x, business_id)` (ADR 0057), so another business's id would be refused by the database.
   */
  async function checkCalendarReferences(tx: Tx, input: CalendarRecordInput): Promise<Result<null>> {
    if (input.groupId !== null) {
      const missing = await firstMissing(tx, "groups", [input.groupId], () => "groupId");
      if (missing) return refuse({ code: "REFERENCE_NOT_FOUND", path: missing });
    }
    if (input.formId !== null) {
      // Only a form of this business (not a survey: a booking's details are one page) without file
      // fields (a booking request is JSON; files are not taken there) can be attached.
      const [form] = isUuid(input.formId)
        ? await tx
            .select({ kind: t.forms.kind, definition: t.forms.definition })
            .from(t.forms)
            .where(and(eq(t.forms.businessId, B), eq(t.forms.id, input.formId)))
        : [];
      if (!form) return refuse({ code: "REFERENCE_NOT_FOUND", path: "formId" });
      const refusal = attachableFormError(form.kind, form.definition as unknown as FormDefinition);
      if (refusal) return refuse({ code: "SETUP_INVALID", errors: [{ path: "formId", code: refusal }] });
    }
    return ok(null);
  }

  async function writeCalendarLinks(tx: Tx, calendarId: string, input: CalendarRecordInput): Promise<Result<null>> {
    await lockRow(tx, t.calendars, B, calendarId);
    const missingStaff = await firstMissing(
      tx,
      "staff",
      input.members.map((m) => m.staffId),
      (i) => `members.${i}.staffId`,
    );
    if (missingStaff) return refuse({ code: "REFERENCE_NOT_FOUND", path: missingStaff });
    const missingService = await firstMissing(tx, "services", input.serviceIds, (i) => `serviceIds.${i}`);
    if (missingService) return refuse({ code: "REFERENCE_NOT_FOUND", path: missingService });
    await tx.delete(t.calendarMembers).where(inArray(t.calendarMembers.calendarId, ownCalendarIds(calendarId)));
    await tx.delete(t.calendarServices).where(inArray(t.calendarServices.calendarId, ownCalendarIds(calendarId)));
    if (input.members.length > 0) {
      await tx.insert(t.calendarMembers).values(
        input.members.map((m) => ({
          businessId: B,
          calendarId,
          staffId: m.staffId,
          priority: Math.round(m.priority * 2),
          isPrimary: m.isPrimary,
        })),
      );
    }
    if (input.serviceIds.length > 0) {
      await tx
        .insert(t.calendarServices)
        .values(input.serviceIds.map((serviceId, position) => ({ businessId: B, calendarId, serviceId, position })));
    }
    return ok(null);
  }

  const calendarColumns = (input: CalendarRecordInput) => ({
    slug: input.slug,
    name: input.name,
    description: input.description,
    groupId: input.groupId,
    formId: input.formId,
    isActive: input.isActive,
    isPrivate: input.isPrivate,
    position: input.position,
    settings: input.settings,
  });

  return {
    async listCalendars(filter) {
      if (filter.groupId !== undefined && (await firstMissing(db, "groups", [filter.groupId], () => "groupId")))
        return notFound();
      const rows = await db
        .select()
        .from(t.calendars)
        .where(
          and(
            eq(t.calendars.businessId, B),
            isNull(t.calendars.deletedAt),
            filter.type ? eq(t.calendars.type, filter.type) : undefined,
            filter.groupId ? eq(t.calendars.groupId, filter.groupId) : undefined,
          ),
        )
        .orderBy(asc(t.calendars.position), asc(t.calendars.createdAt), asc(t.calendars.id));
      const parts = await calendarParts(
        db,
        rows.map((r) => r.id),
      );
      return ok(rows.map((r) => calendarView(r, parts.members.get(r.id) ?? [], parts.services.get(r.id) ?? [])));
    },

    getCalendar: (id) => getCalendar(db, id),

    createCalendar: (input, options) =>
      slugSafe(() =>
        inTransaction(db, async (tx) => {
          const references = await checkCalendarReferences(tx, input);
          if (!references.ok) return references;
          const [row] = await tx
            .insert(t.calendars)
            .values({
              ...(options?.id ? { id: options.id } : {}),
              businessId: B,
              type: input.type,
              ...calendarColumns(input),
            })
            .returning({ id: t.calendars.id });
          const links = await writeCalendarLinks(tx, row!.id, input);
          if (!links.ok) return links;
          return ok((await getCalendar(tx, row!.id))!);
        }),
      ),

    replaceCalendar: (id, next) =>
      slugSafe(() =>
        inTransaction(db, async (tx) => {
          if (!isUuid(id)) return notFound();
          const [live] = await tx.select({ id: t.calendars.id }).from(t.calendars).where(liveCalendar(id));
          if (!live) return notFound();
          const references = await checkCalendarReferences(tx, next);
          if (!references.ok) return references;
          const [row] = await tx
            .update(t.calendars)
            .set(calendarColumns(next))
            .where(liveCalendar(id))
            .returning({ id: t.calendars.id });
          if (!row) return notFound();
          const links = await writeCalendarLinks(tx, id, next);
          if (!links.ok) return links;
          return ok((await getCalendar(tx, id))!);
        }),
      ),

    async deleteCalendar(id, now) {
      if (!isUuid(id)) return notFound();
      return inTransaction(db, async (tx) => {
        const [row] = await tx.select({ id: t.calendars.id }).from(t.calendars).where(liveCalendar(id));
        if (!row) return notFound();
        const menus = await tx
          .select({ slug: t.serviceMenus.slug })
          .from(t.serviceMenus)
          .where(and(eq(t.serviceMenus.businessId, B), eq(t.serviceMenus.calendarId, id)));
        if (menus.length > 0)
          return refuse({
            code: "IN_USE",
            detail: `The service menu(s) ${menus.map((m) => m.slug).join(", ")} book through this calendar; delete them or point them to another calendar first.`,
          });
        const isReferenced = await exists(
          tx,
          sql`select 1 from ${t.bookings} where ${t.bookings.businessId} = ${B} and ${t.bookings.calendarId} = ${id}`,
        );
        if (isReferenced) {
          // Soft: bookings keep their calendar; it disappears from the public pages and the API.
          await tx.update(t.calendars).set({ deletedAt: now, isActive: false }).where(liveCalendar(id));
          await tx
            .update(t.oneTimeLinks)
            .set({ revokedAt: now })
            .where(
              and(
                eq(t.oneTimeLinks.businessId, B),
                eq(t.oneTimeLinks.calendarId, id),
                isNull(t.oneTimeLinks.revokedAt),
              ),
            );
          return ok<Deletion>("soft_deleted");
        }
        await tx.delete(t.calendars).where(liveCalendar(id));
        return ok<Deletion>("deleted");
      });
    },
  };
}

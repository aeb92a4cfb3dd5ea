/** Staff members, their date-specific hours and their time off. */
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { BusinessRepository, Deletion, StaffView, TimeOffView } from "../../../app/business/ports.ts";
import { notFound, ok } from "../../../app/business/ports.ts";
import { exists, inTransaction } from "../kernel.ts";
import { isUuid } from "../public-pages-repository.ts";
import * as t from "../schema.ts";
import type { BusinessScope } from "./scope.ts";

const staffView = (r: typeof t.staff.$inferSelect): StaffView => ({
  id: r.id,
  name: r.name,
  email: r.email,
  photoUrl: r.photoUrl,
  timeZone: r.timeZone,
  weeklyHours: r.weeklyHours,
  dateOverrides: r.dateOverrides,
  location: r.location ?? null,
  createdAt: r.createdAt.toISOString(),
});

export function staffStore(
  scope: BusinessScope,
): Pick<
  BusinessRepository,
  | "listStaff"
  | "getStaff"
  | "createStaff"
  | "updateStaff"
  | "deleteStaff"
  | "setDateHours"
  | "listTimeOff"
  | "createTimeOff"
  | "deleteTimeOff"
> {
  const { db, B, liveStaff } = scope;
  return {
    async listStaff() {
      const rows = await db
        .select()
        .from(t.staff)
        .where(and(eq(t.staff.businessId, B), isNull(t.staff.deletedAt)))
        .orderBy(asc(t.staff.createdAt), asc(t.staff.id));
      return rows.map(staffView);
    },

    async getStaff(id) {
      if (!isUuid(id)) return null;
      const [row] = await db.select().from(t.staff).where(liveStaff(id));
      return row ? staffView(row) : null;
    },

    async createStaff(input, options) {
      const [row] = await db
        .insert(t.staff)
        .values({
          ...(options?.id ? { id: options.id } : {}),
          businessId: B,
          name: input.name,
          email: input.email,
          photoUrl: input.photoUrl ?? null,
          timeZone: input.timeZone,
          weeklyHours: input.weeklyHours ?? {},
          dateOverrides: input.dateOverrides ?? {},
          location: input.location ?? null,
        })
        .returning();
      return staffView(row!);
    },

    async updateStaff(id, patch) {
      if (!isUuid(id)) return notFound();
      const set = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
      const [row] = Object.keys(set).length
        ? await db.update(t.staff).set(set).where(liveStaff(id)).returning()
        : await db.select().from(t.staff).where(liveStaff(id));
      return row ? ok(staffView(row)) : notFound();
    },

    async deleteStaff(id, now) {
      if (!isUuid(id)) return notFound();
      return inTransaction(db, async (tx) => {
        const [row] = await tx.select({ id: t.staff.id }).from(t.staff).where(liveStaff(id));
        if (!row) return notFound();
        const isReferenced = await exists(
          tx,
          sql`select 1 from ${t.bookings} where ${t.bookings.businessId} = ${B} and (${t.bookings.staffId} = ${id} or ${id} = any(${t.bookings.staffIds}))
              union all select 1 from ${t.bookingItems} where ${t.bookingItems.businessId} = ${B} and ${t.bookingItems.staffId} = ${id}
              union all select 1 from ${t.classSessions} where ${t.classSessions.businessId} = ${B} and ${t.classSessions.staffId} = ${id}`,
        );
        if (isReferenced) {
          await tx.update(t.staff).set({ deletedAt: now }).where(liveStaff(id));
          return ok<Deletion>("soft_deleted");
        }
        await tx.delete(t.staff).where(liveStaff(id));
        return ok<Deletion>("deleted");
      });
    },

    async setDateHours(staffId, date, intervals) {
      if (!isUuid(staffId)) return notFound();
      return inTransaction(db, async (tx) => {
        const [row] = await tx.select().from(t.staff).where(liveStaff(staffId)).for("update");
        if (!row) return notFound();
        const next = { ...row.dateOverrides };
        if (intervals === null) delete next[date];
        else next[date] = intervals;
        const [updated] = await tx.update(t.staff).set({ dateOverrides: next }).where(liveStaff(staffId)).returning();
        return ok(staffView(updated!));
      });
    },

    // ---- Time off -------------------------------------------------------------------------------
    async listTimeOff(staffId) {
      if (!isUuid(staffId)) return notFound();
      const [owner] = await db.select({ id: t.staff.id }).from(t.staff).where(liveStaff(staffId));
      if (!owner) return notFound();
      const rows = await db
        .select()
        .from(t.timeOff)
        .where(and(eq(t.timeOff.businessId, B), eq(t.timeOff.staffId, staffId)))
        .orderBy(asc(t.timeOff.startsAt));
      return ok(
        rows.map((r): TimeOffView => ({
          id: r.id,
          staffId: r.staffId,
          startsAt: r.startsAt.toISOString(),
          endsAt: r.endsAt.toISOString(),
          reason: r.reason,
        })),
      );
    },

    async createTimeOff(staffId, input) {
      if (!isUuid(staffId)) return notFound();
      const [owner] = await db.select({ id: t.staff.id }).from(t.staff).where(liveStaff(staffId));
      if (!owner) return notFound();
      const [r] = await db
        .insert(t.timeOff)
        .values({
          businessId: B,
          staffId,
          startsAt: new Date(input.startsAt),
          endsAt: new Date(input.endsAt),
          reason: input.reason ?? null,
        })
        .returning();
      return ok({
        id: r!.id,
        staffId: r!.staffId,
        startsAt: r!.startsAt.toISOString(),
        endsAt: r!.endsAt.toISOString(),
        reason: r!.reason,
      });
    },

    async deleteTimeOff(staffId, id) {
      if (!isUuid(staffId) || !isUuid(id)) return notFound();
      const rows = await db
        .delete(t.timeOff)
        .where(and(eq(t.timeOff.businessId, B), eq(t.timeOff.staffId, staffId), eq(t.timeOff.id, id)))
        .returning({ id: t.timeOff.id });
      return rows.length ? ok<Deletion>("deleted") : notFound();
    },
  };
}

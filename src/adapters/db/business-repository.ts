/**
 * The business side's storage, bound to one business at creation: every statement below carries
 * `business_id = <businessId>` — directly, or for link tables (members, menu items, service staff)
 * through a subquery on their business-owned parent. Rows of other businesses, soft-deleted rows
 * and ids that are not UUIDs all look like missing rows (docs/decisions/0007-tenancy.md).
 *
 * Deleting keeps history intact: staff, services and calendars that bookings refer to are only
 * marked `deleted_at` (their slug stays reserved); others are removed.
 */
import { and, asc, ne, eq, gte, inArray, isNull, lt, sql, type SQL } from "drizzle-orm";
import type {
  ApiKeyView,
  BusinessBookingView,
  BusinessDirectory,
  BusinessRepository,
  BusinessView,
  CalendarRecordInput,
  CalendarView,
  Deletion,
  GroupView,
  OneTimeLinkView,
  Result,
  ServiceMenuView,
  ServiceView,
  StaffView,
  TimeOffView,
} from "../../app/business/ports.ts";
import { notFound, ok, refuse } from "../../app/business/ports.ts";
import type { CalendarSettings, CalendarType } from "../../core/calendar/calendar.ts";
import type { MemberInput } from "../../core/calendar/calendar-setup.ts";
import { sqlStateOf, withConflictRetries } from "./kernel.ts";
import type { Db } from "./client.ts";
import { isUuid } from "./public-pages-repository.ts";
import * as t from "./schema.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Q = Db | Tx;

const iso = (d: Date | null): string | null => (d === null ? null : d.toISOString());
const uuids = (ids: readonly string[]) => ids.filter(isUuid);

/** A unique violation on a slug index is the caller's SLUG_TAKEN; anything else is unexpected. */
async function slugSafe<T>(work: () => Promise<Result<T>>): Promise<Result<T>> {
  try {
    return await work();
  } catch (error) {
    const { code, constraint, detail } = sqlStateOf(error);
    if (code === "23505" && (constraint?.includes("slug") || detail.includes("(slug)") || detail.includes("slug)")))
      return refuse({ code: "SLUG_TAKEN", path: "slug" });
    throw error;
  }
}

/** The transaction-level advisory lock every writer of business host names takes (any constant will do). */
const HOSTNAMES_LOCK = 7_318_001;

/** Thrown inside a transaction to roll it back and answer with a refusal. */
class Refusal extends Error {
  constructor(readonly result: Result<never>) {
    super("refused");
  }
}

/**
 * Replace-writes (delete the children, insert the new set) lock the parent row first: two identical
 * concurrent replacements then run one after the other — the second sees the first's rows and
 * replaces them — instead of both inserting and one failing on the unique key (issue 13).
 */
async function lockRow(
  tx: Tx,
  table: typeof t.services | typeof t.serviceMenus | typeof t.calendars,
  businessId: string,
  id: string,
) {
  // Scoped by business like every other query: a lock never reaches another tenant's row.
  await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, id), eq(table.businessId, businessId)))
    .for("update");
}

async function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<Result<T>>): Promise<Result<T>> {
  try {
    return await withConflictRetries(() =>
      db.transaction(async (tx) => {
        const result = await work(tx);
        if (!result.ok) throw new Refusal(result);
        return result;
      }),
    );
  } catch (error) {
    if (error instanceof Refusal) return error.result;
    throw error;
  }
}

const staffView = (r: typeof t.staff.$inferSelect): StaffView => ({
  id: r.id,
  name: r.name,
  email: r.email,
  photoUrl: r.photoUrl,
  timeZone: r.timeZone,
  weeklyHours: r.weeklyHours,
  dateOverrides: r.dateOverrides,
  createdAt: r.createdAt.toISOString(),
});

const bookingView = (r: typeof t.bookings.$inferSelect): BusinessBookingView => ({
  id: r.id,
  status: r.status,
  calendarId: r.calendarId,
  startTime: r.startsAt.toISOString(),
  endTime: r.endsAt.toISOString(),
  timeZone: r.timeZone,
  staffId: r.staffId,
  staffIds: r.staffIds,
  serviceIds: r.serviceIds,
  seats: r.seats,
  guests: r.guests,
  contact: {
    firstName: r.contact.firstName,
    lastName: r.contact.lastName,
    email: r.contact.email,
    phone: r.contact.phone,
    notes: r.contact.notes,
  },
  answers: r.answers,
  priceCents: r.priceCents,
  depositCents: r.depositCents,
  currency: r.currency,
  seriesId: r.seriesId,
  previousStartTime: iso(r.previousStartsAt),
  cancelReason: r.cancelReason,
  createdAt: r.createdAt.toISOString(),
});

function linkView(r: typeof t.oneTimeLinks.$inferSelect, now: Date): OneTimeLinkView {
  const state = r.revokedAt ? "revoked" : r.usedAt ? "used" : r.expiresAt && r.expiresAt <= now ? "expired" : "active";
  return {
    id: r.id,
    calendarId: r.calendarId,
    slug: r.slug,
    state,
    expiresAt: iso(r.expiresAt),
    usedAt: iso(r.usedAt),
    revokedAt: iso(r.revokedAt),
    createdAt: r.createdAt.toISOString(),
  };
}

const businessView = (r: typeof t.businesses.$inferSelect): BusinessView => ({
  id: r.id,
  slug: r.slug,
  name: r.name,
  timeZone: r.timeZone,
  locale: r.locale,
  currency: r.currency,
  hostnames: r.hostnames,
  createdAt: r.createdAt.toISOString(),
});

const apiKeyView = (r: typeof t.apiKeys.$inferSelect): ApiKeyView => ({
  id: r.id,
  name: r.name,
  prefix: r.prefix,
  createdAt: r.createdAt.toISOString(),
  revokedAt: iso(r.revokedAt),
});

export function createBusinessRepository(db: Db, businessId: string): BusinessRepository {
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

  async function exists(q: Q, query: SQL): Promise<boolean> {
    const result = await q.execute(sql`select exists(${query}) as "found"`);
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { found: boolean }[];
    return rows[0]?.found === true;
  }

  // ---- Services ---------------------------------------------------------------------------------
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

  // ---- Calendars --------------------------------------------------------------------------------
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
    isActive: r.isActive,
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

  async function writeCalendarLinks(tx: Tx, calendarId: string, input: CalendarRecordInput): Promise<Result<null>> {
    await lockRow(tx, t.calendars, B, calendarId);
    if (input.groupId !== null) {
      const missing = await firstMissing(tx, "groups", [input.groupId], () => "groupId");
      if (missing) return refuse({ code: "REFERENCE_NOT_FOUND", path: missing });
    }
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
        .values(input.serviceIds.map((serviceId, position) => ({ calendarId, serviceId, position })));
    }
    return ok(null);
  }

  const calendarColumns = (input: CalendarRecordInput) => ({
    slug: input.slug,
    name: input.name,
    description: input.description,
    groupId: input.groupId,
    isActive: input.isActive,
    position: input.position,
    settings: input.settings,
  });

  // ---- Groups and menus ---------------------------------------------------------------------------
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
        .values(unique.map((serviceId, position) => ({ serviceMenuId: menuId, serviceId, position })));
  }

  return {
    businessId: B,

    // ---- Business and keys ----------------------------------------------------------------------
    async getBusiness() {
      const [row] = await db.select().from(t.businesses).where(eq(t.businesses.id, B));
      return row ? businessView(row) : null;
    },

    async updateBusiness(patch) {
      const { hostnames, ...fields } = patch;
      return inTransaction(db, async (tx) => {
        if (hostnames) {
          // Host names are unique across businesses. An array column has no unique index, so every
          // writer of host names takes the same transaction lock, then checks, then writes.
          await tx.execute(sql`select pg_advisory_xact_lock(${HOSTNAMES_LOCK})`);
          const [taken] = await tx
            .select({ hostnames: t.businesses.hostnames })
            .from(t.businesses)
            .where(and(sql`${t.businesses.hostnames} && ${sql.param([...hostnames])}::text[]`, ne(t.businesses.id, B)));
          if (taken) {
            const index = hostnames.findIndex((h) => taken.hostnames.includes(h));
            return refuse({ code: "HOSTNAME_TAKEN", path: `hostnames.${index}` });
          }
        }
        const set = { ...fields, ...(hostnames ? { hostnames: [...new Set(hostnames)] } : {}) };
        if (Object.keys(set).length > 0) await tx.update(t.businesses).set(set).where(eq(t.businesses.id, B));
        const [row] = await tx.select().from(t.businesses).where(eq(t.businesses.id, B));
        return row ? ok(businessView(row)) : notFound();
      });
    },

    async listApiKeys() {
      const rows = await db
        .select()
        .from(t.apiKeys)
        .where(eq(t.apiKeys.businessId, B))
        .orderBy(asc(t.apiKeys.createdAt), asc(t.apiKeys.id));
      return rows.map(apiKeyView);
    },

    async createApiKey(input) {
      const [row] = await db
        .insert(t.apiKeys)
        .values({ businessId: B, ...input })
        .returning();
      return apiKeyView(row!);
    },

    async revokeApiKey(id, now) {
      if (!isUuid(id)) return notFound();
      const [row] = await db
        .update(t.apiKeys)
        .set({ revokedAt: sql`coalesce(${t.apiKeys.revokedAt}, ${now.toISOString()}::timestamptz)` })
        .where(and(eq(t.apiKeys.businessId, B), eq(t.apiKeys.id, id)))
        .returning();
      return row ? ok(apiKeyView(row)) : notFound();
    },

    // ---- Staff ----------------------------------------------------------------------------------
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

    // ---- Services -------------------------------------------------------------------------------
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

    // ---- Groups ---------------------------------------------------------------------------------
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

    // ---- Calendars ------------------------------------------------------------------------------
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

    // ---- Service menus --------------------------------------------------------------------------
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

    // ---- One-time links -------------------------------------------------------------------------
    async listOneTimeLinks(filter, now) {
      if (
        filter.calendarId !== undefined &&
        (await firstMissing(db, "calendars", [filter.calendarId], () => "calendarId"))
      )
        return notFound();
      const rows = await db
        .select()
        .from(t.oneTimeLinks)
        .where(
          and(
            eq(t.oneTimeLinks.businessId, B),
            filter.calendarId ? eq(t.oneTimeLinks.calendarId, filter.calendarId) : undefined,
          ),
        )
        .orderBy(asc(t.oneTimeLinks.createdAt), asc(t.oneTimeLinks.id));
      return ok(rows.map((r) => linkView(r, now)));
    },

    async createOneTimeLink(input, now) {
      if (await firstMissing(db, "calendars", [input.calendarId], () => "calendarId"))
        return refuse({ code: "REFERENCE_NOT_FOUND", path: "calendarId" });
      const [row] = await db
        .insert(t.oneTimeLinks)
        .values({ businessId: B, calendarId: input.calendarId, slug: input.slug, expiresAt: input.expiresAt })
        .returning();
      return ok(linkView(row!, now));
    },

    async revokeOneTimeLink(id, now) {
      if (!isUuid(id)) return notFound();
      const [row] = await db
        .update(t.oneTimeLinks)
        .set({ revokedAt: sql`coalesce(${t.oneTimeLinks.revokedAt}, ${now.toISOString()}::timestamptz)` })
        .where(and(eq(t.oneTimeLinks.businessId, B), eq(t.oneTimeLinks.id, id)))
        .returning();
      return row ? ok(linkView(row, now)) : notFound();
    },

    // ---- Bookings -------------------------------------------------------------------------------
    async listBookings(query) {
      // A calendar filter of another business is a 404, like any of its ids (no existence leaks).
      if (query.calendarId !== undefined && !isUuid(query.calendarId)) return notFound();
      if (query.calendarId !== undefined) {
        const [calendar] = await db
          .select({ id: t.calendars.id })
          .from(t.calendars)
          .where(and(eq(t.calendars.businessId, B), eq(t.calendars.id, query.calendarId)));
        if (!calendar) return notFound();
      }
      const rows = await db
        .select()
        .from(t.bookings)
        .where(
          and(
            eq(t.bookings.businessId, B),
            gte(t.bookings.startsAt, new Date(query.fromMs)),
            lt(t.bookings.startsAt, new Date(query.toMs)),
            query.statuses?.length ? inArray(t.bookings.status, [...query.statuses]) : undefined,
            query.calendarId ? eq(t.bookings.calendarId, query.calendarId) : undefined,
          ),
        )
        .orderBy(asc(t.bookings.startsAt), asc(t.bookings.id))
        .limit(query.limit);
      return ok(rows.map(bookingView));
    },

    async getBooking(id) {
      if (!isUuid(id)) return null;
      const [row] = await db
        .select()
        .from(t.bookings)
        .where(and(eq(t.bookings.businessId, B), eq(t.bookings.id, id)));
      return row ? bookingView(row) : null;
    },
  };
}

/** Creating businesses and resolving keys: the only queries not bound to one business. */
export function createBusinessDirectory(db: Db): BusinessDirectory {
  return {
    createBusiness: (input, options) =>
      slugSafe(async () => {
        const [row] = await db
          .insert(t.businesses)
          .values({
            ...(options?.id ? { id: options.id } : {}),
            slug: input.slug,
            name: input.name,
            timeZone: input.timeZone,
            locale: input.locale,
            currency: input.currency,
            hostnames: [...(input.hostnames ?? [])],
          })
          .returning();
        return ok(businessView(row!));
      }),

    async findBusinessId(slug) {
      const [row] = await db.select({ id: t.businesses.id }).from(t.businesses).where(eq(t.businesses.slug, slug));
      return row?.id ?? null;
    },

    async findKeyOwner(keyHash) {
      const [row] = await db
        .select({ businessId: t.apiKeys.businessId, keyHash: t.apiKeys.keyHash })
        .from(t.apiKeys)
        .where(and(eq(t.apiKeys.keyHash, keyHash), isNull(t.apiKeys.revokedAt)));
      return row ?? null;
    },

    forBusiness: (businessId) => createBusinessRepository(db, businessId),
  };
}

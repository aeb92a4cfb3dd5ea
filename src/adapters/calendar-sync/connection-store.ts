/**
 * Calendar connections and their busy spans on the database. What a business reads and changes is
 * bound to it (and to the staff member); the scheduler's claim is not, it works for every business.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { claimPerBusiness } from "../db/claim-per-business.ts";
import type { Db } from "../db/client.ts";
import { isUuid } from "../db/ids.ts";
import { calendarConnections, externalBusy, staff, staffFeedTokens } from "../db/schema.ts";
import type { BusySpan } from "./ical-busy.ts";
import type { SyncFailureReason } from "../../core/calendar/sync-failure.ts";

type Row = typeof calendarConnections.$inferSelect;

export interface CalendarConnectionView {
  id: string;
  staffId: string;
  kind: "caldav" | "ics";
  url: string;
  username: string | null;
  calendarUrl: string | null;
  writeBookings: boolean;
  status: "pending" | "ok" | "error";
  /** Why the last sync failed, for the business in its own language; null unless status is error. */
  statusReason: SyncFailureReason | null;
  statusMessage: string | null;
  lastSyncedAt: string | null;
  lastAttemptAt: string | null;
  nextSyncAt: string;
  busySpans: number;
  createdAt: string;
}

/** A connection with its sealed secrets and the staff member's zone: what a sync needs. */
export interface StoredConnection extends Row {
  timeZone: string;
}

export interface NewConnection {
  kind: "caldav" | "ics";
  displayUrl: string;
  urlSealed: string;
  username: string | null;
  passwordSealed: string | null;
  calendarUrl: string | null;
  writeBookings: boolean;
}

const view = (row: Row, busySpans: number): CalendarConnectionView => ({
  id: row.id,
  staffId: row.staffId,
  kind: row.kind,
  url: row.displayUrl,
  username: row.username,
  calendarUrl: row.calendarUrl,
  writeBookings: row.kind === "caldav" && row.writeBookings,
  status: row.status,
  statusReason: row.statusReason,
  statusMessage: row.statusMessage,
  lastSyncedAt: row.lastSyncedAt?.toISOString() ?? null,
  lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
  nextSyncAt: row.nextSyncAt.toISOString(),
  busySpans,
  createdAt: row.createdAt.toISOString(),
});

const spanCount = sql<number>`(select count(*)::int from external_busy e where e.connection_id = ${calendarConnections.id})`;

/** One business's connections (the business API). */
export function connectionStore(db: Db, businessId: string) {
  const own = (staffId: string, id: string) =>
    and(
      eq(calendarConnections.businessId, businessId),
      eq(calendarConnections.staffId, staffId),
      eq(calendarConnections.id, id),
    );
  return {
    /** The staff member, when they are this business's and not deleted (null otherwise). */
    async staffMember(staffId: string) {
      if (!isUuid(staffId)) return null;
      const [row] = await db
        .select({ id: staff.id, timeZone: staff.timeZone })
        .from(staff)
        .where(and(eq(staff.businessId, businessId), eq(staff.id, staffId), sql`${staff.deletedAt} is null`));
      return row ?? null;
    },
    async list(staffId: string): Promise<CalendarConnectionView[]> {
      const rows = await db
        .select({ row: calendarConnections, spans: spanCount })
        .from(calendarConnections)
        .where(and(eq(calendarConnections.businessId, businessId), eq(calendarConnections.staffId, staffId)))
        .orderBy(asc(calendarConnections.createdAt));
      return rows.map((r) => view(r.row, Number(r.spans)));
    },
    async get(staffId: string, id: string): Promise<CalendarConnectionView | null> {
      if (!isUuid(id) || !isUuid(staffId)) return null;
      const [r] = await db
        .select({ row: calendarConnections, spans: spanCount })
        .from(calendarConnections)
        .where(own(staffId, id));
      return r ? view(r.row, Number(r.spans)) : null;
    },
    async create(staffId: string, input: NewConnection): Promise<string> {
      const [row] = await db
        .insert(calendarConnections)
        .values({ businessId, staffId, ...input })
        .returning({ id: calendarConnections.id });
      return row!.id;
    },
    async remove(staffId: string, id: string): Promise<boolean> {
      if (!isUuid(id) || !isUuid(staffId)) return false;
      const rows = await db
        .delete(calendarConnections)
        .where(own(staffId, id))
        .returning({ id: calendarConnections.id });
      return rows.length > 0;
    },
    /** A new feed token for the staff member (only its hash is kept); the old one stops working. */
    async rotateFeedToken(staffId: string, tokenHash: string): Promise<void> {
      await db
        .insert(staffFeedTokens)
        .values({ staffId, businessId, tokenHash })
        .onConflictDoUpdate({
          target: [staffFeedTokens.staffId, staffFeedTokens.businessId],
          set: { tokenHash, createdAt: sql`now()` },
        });
    },
    async revokeFeedToken(staffId: string): Promise<boolean> {
      if (!isUuid(staffId)) return false;
      const rows = await db
        .delete(staffFeedTokens)
        .where(and(eq(staffFeedTokens.businessId, businessId), eq(staffFeedTokens.staffId, staffId)))
        .returning({ staffId: staffFeedTokens.staffId });
      return rows.length > 0;
    },
    /** Takes the connection for a sync now (null: not this business's); waits for a sync in progress. */
    async claim(staffId: string, id: string, leaseMs: number): Promise<StoredConnection | null> {
      if (!isUuid(id) || !isUuid(staffId)) return null;
      const result = (await db.execute(sql`
        update calendar_connections c
           set next_sync_at = now() + ${leaseMs}::integer * interval '1 millisecond'
          from staff s
         where c.id = ${id}::uuid and c.business_id = ${businessId}::uuid and c.staff_id = ${staffId}::uuid
           and s.id = c.staff_id and s.business_id = c.business_id
     returning c.id, s.time_zone`)) as unknown as { rows: { id: string; time_zone: string }[] };
      const row = result.rows[0];
      return row ? loadStoredConnection(db, businessId, row.id) : null;
    },
  };
}

export type ConnectionStore = ReturnType<typeof connectionStore>;

/** The business's connection with this id (another business's reads as none), with its staff member's time zone. */
export async function loadStoredConnection(db: Db, businessId: string, id: string): Promise<StoredConnection | null> {
  const [r] = await db
    .select({ row: calendarConnections, timeZone: staff.timeZone })
    .from(calendarConnections)
    .innerJoin(
      staff,
      and(eq(staff.id, calendarConnections.staffId), eq(staff.businessId, calendarConnections.businessId)),
    )
    .where(and(eq(calendarConnections.id, id), eq(calendarConnections.businessId, businessId)));
  return r ? { ...r.row, timeZone: r.timeZone } : null;
}

/**
 * Connections due for a sync, claimed by this process: `for update skip locked` so processes polling
 * together take different rows, and `next_sync_at` moved a lease ahead so none takes it again while
 * this one syncs (a process that dies mid-sync leaves it to the others after the lease). Claimed
 * business by business (claim-per-business.ts, ADR 0057).
 */
export async function claimDueConnections(db: Db, limit: number, leaseMs: number): Promise<StoredConnection[]> {
  const claimed = await claimPerBusiness(
    limit,
    async (n) => {
      const due = (await db.execute(sql`
        select business_id from calendar_connections where next_sync_at <= now()
         group by business_id order by min(next_sync_at) limit ${n}`)) as unknown as {
        rows: { business_id: string }[];
      };
      return due.rows.map((r) => String(r.business_id));
    },
    async (businessId, n) => {
      const result = (await db.execute(sql`
        update calendar_connections
           set next_sync_at = now() + ${leaseMs}::integer * interval '1 millisecond'
         where business_id = ${businessId}::uuid
           and id in (select id from calendar_connections where business_id = ${businessId}::uuid and next_sync_at <= now()
                       order by next_sync_at limit ${n} for update skip locked)
     returning id`)) as unknown as { rows: { id: string }[] };
      return result.rows.map((r) => ({ businessId, id: String(r.id) }));
    },
  );
  const rows = await Promise.all(claimed.map((r) => loadStoredConnection(db, r.businessId, r.id)));
  return rows.filter((r): r is StoredConnection => r !== null);
}

/**
 * A successful read: the spans replace the connection's stored ones — only when they differ, since
 * every write tells every process to drop its cached calendars — and the status turns ok.
 */
export async function recordSynced(
  db: Db,
  connection: Pick<StoredConnection, "id" | "businessId" | "staffId">,
  spans: readonly BusySpan[],
  result: { calendarUrl: string | null; nextSyncInMs: number },
): Promise<{ changed: boolean }> {
  return db.transaction(async (tx) => {
    // Locks the connection: a sync and a delete, or two syncs, do not interleave their writes.
    const locked = (await tx.execute(
      sql`select id from calendar_connections
           where id = ${connection.id}::uuid and business_id = ${connection.businessId}::uuid for update`,
    )) as unknown as { rows: unknown[] };
    if (locked.rows.length === 0) return { changed: false }; // removed meanwhile
    const stored = await tx
      .select({ startsAt: externalBusy.startsAt, endsAt: externalBusy.endsAt })
      .from(externalBusy)
      .where(and(eq(externalBusy.connectionId, connection.id), eq(externalBusy.businessId, connection.businessId)))
      .orderBy(asc(externalBusy.startsAt));
    const same =
      stored.length === spans.length &&
      stored.every((s, i) => s.startsAt.getTime() === spans[i]!.startMs && s.endsAt.getTime() === spans[i]!.endMs);
    if (!same) {
      await tx
        .delete(externalBusy)
        .where(and(eq(externalBusy.connectionId, connection.id), eq(externalBusy.businessId, connection.businessId)));
      if (spans.length)
        await tx.insert(externalBusy).values(
          spans.map((s) => ({
            businessId: connection.businessId,
            connectionId: connection.id,
            staffId: connection.staffId,
            startsAt: new Date(s.startMs),
            endsAt: new Date(s.endMs),
          })),
        );
    }
    await tx.execute(sql`
      update calendar_connections
         set status = 'ok', status_reason = null, status_message = null, last_synced_at = now(), last_attempt_at = now(),
             calendar_url = coalesce(${result.calendarUrl}, calendar_url),
             next_sync_at = now() + ${result.nextSyncInMs}::integer * interval '1 millisecond'
       where id = ${connection.id}::uuid and business_id = ${connection.businessId}::uuid`);
    return { changed: !same };
  });
}

/** A failed read: the status says why; the busy spans last read stay in force. */
export async function recordSyncFailed(
  db: Db,
  { id, businessId }: Pick<StoredConnection, "id" | "businessId">,
  failure: { reason: SyncFailureReason; message: string },
  retryInMs: number,
): Promise<void> {
  await db.execute(sql`
    update calendar_connections
       set status = 'error', status_reason = ${failure.reason}, status_message = ${failure.message.slice(0, 500)},
           last_attempt_at = now(),
           next_sync_at = now() + ${retryInMs}::integer * interval '1 millisecond'
     where id = ${id}::uuid and business_id = ${businessId}::uuid`);
}

/** Whose feed a token opens (its hash), when the staff member is still there. */
export async function feedOwner(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ staffId: staff.id, businessId: staff.businessId, name: staff.name })
    .from(staffFeedTokens)
    .innerJoin(staff, eq(staff.id, staffFeedTokens.staffId))
    .where(and(eq(staffFeedTokens.tokenHash, tokenHash), sql`${staff.deletedAt} is null`));
  return row ?? null;
}

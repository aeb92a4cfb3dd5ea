/** What the booking use cases read: occupancy of staff, recent counts, one-time links, holds and bookings. */
import { and, eq, gt, sql } from "drizzle-orm";
import type { BookingStore, HoldRecord, Occupancy } from "../../../app/bookings/ports.ts";
import { hashSecretToken } from "../../../app/shared/secret-token.ts";
import { isUuid } from "../public-pages-repository.ts";
import * as t from "../schema.ts";
import { iso, uuidArray, type Executor } from "./executor.ts";
import { toRecord } from "./rows.ts";
import { heldUnitLabels } from "./resources.ts";

/**
 * `slotReads`: where the versioned occupancy reads behind free slots go — a read replica when one is
 * configured (slot-read-routing.ts), else `database`. Everything else here reads the primary.
 */
export function bookingReads(
  database: Executor,
  slotReads: Executor = database,
): Pick<
  BookingStore,
  | "loadOccupancy"
  | "loadOccupancyVersioned"
  | "occupancyChangedSince"
  | "recentCounts"
  | "oneTimeLink"
  | "loadHold"
  | "loadBooking"
  | "loadSeries"
> {
  const db = database.db;
  let lastPruneMs = 0;
  return {
    async loadOccupancy(businessId, staffIds, fromMs, toMs) {
      if (staffIds.length === 0) return [];
      return (await occupancyWithVersion(database, businessId, staffIds, fromMs, toMs)).occupancy;
    },

    loadOccupancyVersioned(businessId, staffIds, fromMs, toMs) {
      const now = Date.now();
      if (now - lastPruneMs > PRUNE_EVERY_MS) {
        lastPruneMs = now;
        // No warm index lives an hour (BUSY_INDEX_MAX_AGE_MS: ten minutes), so older changes can no
        // longer matter — unless their transaction stayed open for most of that hour after writing.
        database.execute("delete from busy_changes where at < now() - interval '1 hour'").catch(() => {});
      }
      return occupancyWithVersion(slotReads, businessId, staffIds, fromMs, toMs);
    },

    async occupancyChangedSince(businessId, staffIds, fromMs, toMs, version) {
      const { rows } = await slotReads.execute(
        OCCUPANCY_CHANGED_SINCE,
        [uuidArray(staffIds), iso(fromMs), iso(toMs), businessId, version],
        "busy_occupancy_changed_since_v4",
      );
      const row = rows[0] ?? {};
      const changed = (row.changed ?? []) as string[] | string;
      return {
        // PostgreSQL's array, or its text when a driver leaves it unparsed.
        changed: typeof changed === "string" ? changed.replace(/[{}]/g, "").split(",").filter(Boolean) : changed,
        occupancy: changed.length === 0 ? [] : toOccupancy(row.occupancy),
        version: String(row.snapshot),
      };
    },

    async recentCounts(businessId, calendarId, sinceMs) {
      const rows = await db
        .select({ staffId: t.bookings.staffId, n: sql<number>`count(*)::int`.mapWith(Number) })
        .from(t.bookings)
        .where(
          and(
            eq(t.bookings.businessId, businessId),
            eq(t.bookings.calendarId, calendarId),
            gt(t.bookings.createdAt, new Date(sinceMs)),
            sql`${t.bookings.status} <> 'cancelled'`,
          ),
        )
        .groupBy(t.bookings.staffId);
      return Object.fromEntries(rows.map((r) => [r.staffId, r.n]));
    },

    async oneTimeLink(slug, nowMs, businessId) {
      if (businessId !== undefined && !isUuid(businessId)) return null;
      const [link] = await db
        .select()
        .from(t.oneTimeLinks)
        .where(
          and(
            eq(t.oneTimeLinks.slugHash, hashSecretToken(slug)),
            businessId === undefined ? undefined : eq(t.oneTimeLinks.businessId, businessId),
          ),
        );
      if (!link) return null;
      const expired =
        link.usedAt !== null ||
        link.revokedAt !== null ||
        (link.expiresAt !== null && link.expiresAt.getTime() <= nowMs);
      return expired ? { state: "expired" } : { state: "active", calendarId: link.calendarId };
    },

    async loadHold(businessId, holdId) {
      if (!isUuid(holdId) || !isUuid(businessId)) return null;
      const [row] = await db
        .select()
        .from(t.holds)
        .where(and(eq(t.holds.id, holdId), eq(t.holds.businessId, businessId)));
      if (!row) return null;
      const hold: HoldRecord = {
        id: row.id,
        calendarId: row.calendarId,
        startMs: row.startsAt.getTime(),
        endMs: row.endsAt.getTime(),
        staffIds: row.staffIds,
        expiresAtMs: row.expiresAt.getTime(),
      };
      return hold;
    },

    async loadBooking(businessId, bookingId) {
      if (!isUuid(bookingId) || !isUuid(businessId)) return null;
      // Every subquery names the booking's business too, so on Citus the whole statement routes to its shard.
      const [row] = await db
        .select({
          booking: t.bookings,
          paidMinor: sql<number>`(select coalesce(sum(p.amount_minor - p.refunded_minor), 0)::int from payments p
            where p.business_id = "bookings"."business_id" and p.booking_id = "bookings"."id"
              and p.status in ('succeeded', 'refunded'))`,
          heldMinor: sql<number>`(select coalesce(sum(p.amount_minor), 0)::int from payments p
            where p.business_id = "bookings"."business_id" and p.booking_id = "bookings"."id"
              and p.status = 'authorized')`,
          // What is to be given back (done or on its way): the refunds worker moves it into refunded_minor.
          refundedMinor: sql<number>`(select coalesce(sum(p.refund_due_minor), 0)::int from payments p
            where p.business_id = "bookings"."business_id" and p.booking_id = "bookings"."id")`,
          // Issue 21: the rooms and equipment it holds.
          resources: heldUnitLabels(),
          resourceIds: sql<string[]>`array(select distinct bru.resource_id from booking_resource_units bru
            where bru.business_id = "bookings"."business_id" and bru.booking_id = "bookings"."id")`,
        })
        .from(t.bookings)
        .where(and(eq(t.bookings.id, bookingId), eq(t.bookings.businessId, businessId)));
      return row
        ? {
            ...toRecord(row.booking),
            paidMinor: Number(row.paidMinor),
            heldMinor: Number(row.heldMinor),
            refundedMinor: Number(row.refundedMinor),
            resources: [...new Set(row.resources ?? [])],
            resourceIds: row.resourceIds ?? [],
          }
        : null;
    },

    async loadSeries(businessId, seriesId) {
      if (!isUuid(seriesId) || !isUuid(businessId)) return [];
      const rows = await db
        .select()
        .from(t.bookings)
        .where(and(eq(t.bookings.seriesId, seriesId), eq(t.bookings.businessId, businessId)))
        .orderBy(t.bookings.startsAt);
      return rows.map(toRecord);
    },
  };
}

const PRUNE_EVERY_MS = 10 * 60_000;

/**
 * The statement's snapshot, as text: the version a warm busy index was read at (ADR 0026). On a hot
 * standby (a read replica, ADR 0056) `pg_current_snapshot()` lists no running transactions — the
 * standby keeps them apart — so a transaction still running at xmin..xmax would count as seen, and
 * its busy time would never be picked up. There the snapshot is narrowed to `xmin:xmin:`: everything
 * before xmin is finished and replayed, anything from xmin on counts as unseen (at worst, read again).
 * Transaction ids are the primary's on its replicas, so versions of either server compare on both.
 */
const SNAPSHOT = `(case when pg_is_in_recovery()
  then pg_snapshot_xmin(pg_current_snapshot())::text || ':' || pg_snapshot_xmin(pg_current_snapshot())::text || ':'
  else pg_current_snapshot()::text end)`;

const epoch = (column: string) => `(extract(epoch from ${column}) * 1000)::float8`;
/**
 * Active occupancy of business $4's staff in `staffIds` (an SQL uuid[] expression) overlapping [$2, $3) as one
 * JSON array of arrays: a busy staff member has dozens of rows here, and one JSON.parse costs far less in the
 * driver than a result row (and an object) per row.
 *
 * The staff are joined from `unnest`, not filtered with `staff_id = any(…)`: the only index that serves this read
 * is the double-booking exclusion's GiST (staff_id =, business_id =, blocked &&), and GiST takes no `= any`. With
 * the filter, PostgreSQL walked the whole business's month in that index and dropped the other staff's rows (3 ms
 * for a business of 10,000 bookings, in every warm request's version check); joined, each staff member is one
 * index probe with all three conditions.
 */
const occupancyJson = (staffIds: string) =>
  `select coalesce(json_agg(json_build_array(bi.staff_id, ${epoch("bi.starts_at")}, ${epoch("bi.ends_at")}, ${epoch("lower(bi.blocked)")}, ${epoch("upper(bi.blocked)")},
                bi.booking_id, bi.hold_id, bi.class_session_id, ${epoch("bi.hold_expires_at")}, coalesce(b.calendar_id, cs.calendar_id), b.status, cs.seats_taken)), '[]'::json)
         from (select distinct unnest(${staffIds})) as wanted(staff_id)
         join booking_items bi on bi.staff_id = wanted.staff_id and bi.business_id = $4 and bi.active
                              and bi.blocked && tstzrange($2::timestamptz, $3::timestamptz)
         left join bookings b on b.id = bi.booking_id and b.business_id = bi.business_id
         left join class_sessions cs on cs.id = bi.class_session_id and cs.business_id = bi.business_id`;

/**
 * The warm index's version check (ADR 0026), run on every free-slots request: $1 staff, [$2, $3) the window,
 * $4 the business, $5 the snapshot the index was read in. One statement, so one snapshot: the staff changed by
 * transactions that snapshot did not see, their occupancy now, and the new snapshot — every other staff
 * member's occupancy is unchanged up to it. Only xids from the old snapshot's xmin on can be unseen, so the
 * primary key bounds the scan. Exported for the test of its plan (warm-busy-index.test.ts).
 */
export const OCCUPANCY_CHANGED_SINCE = `with changed as (
    select array(select distinct c.staff_id from busy_changes c
                  where c.business_id = $4 and c.staff_id = any($1::uuid[])
                    and c.xid >= pg_snapshot_xmin($5::pg_snapshot)
                    and not pg_visible_in_snapshot(c.xid, $5::pg_snapshot)) as ids
  )
  select changed.ids::text[] as changed, ${SNAPSHOT} as snapshot,
         -- Nothing changed (the steady state): no occupancy to read at all.
         case when cardinality(changed.ids) = 0 then '[]'::json else (${occupancyJson("changed.ids")}) end
           as occupancy
    from changed`;

/**
 * Active occupancy of these staff overlapping [fromMs, toMs), and the snapshot it was read in (the
 * same statement, so exactly what that snapshot saw): the version occupancyChangedSince compares against.
 */
async function occupancyWithVersion(
  database: Executor,
  businessId: string,
  staffIds: readonly string[],
  fromMs: number,
  toMs: number,
): Promise<{ occupancy: Occupancy[]; version: string }> {
  const { rows } = await database.execute(
    `select (${occupancyJson("$1::uuid[]")}) as occupancy, ${SNAPSHOT} as snapshot`,
    [uuidArray(staffIds), iso(fromMs), iso(toMs), businessId],
    "bookings_occupancy_v6",
  );
  return { occupancy: toOccupancy(rows[0]?.occupancy), version: String(rows[0]?.snapshot) };
}

function toOccupancy(value: unknown): Occupancy[] {
  const list = (typeof value === "string" ? JSON.parse(value) : (value ?? [])) as [
    string,
    number,
    number,
    number,
    number,
    string | null,
    string | null,
    string | null,
    number | null,
    string | null,
    Occupancy["status"],
    number | null,
  ][];
  return list.map(
    ([staffId, s, e, lo, hi, bookingId, holdId, sessionId, x, calendarId, status, seatsTaken]): Occupancy => ({
      staffId,
      kind: holdId ? "hold" : sessionId ? "session" : "booking",
      startMs: s,
      endMs: e,
      blockedStartMs: lo,
      blockedEndMs: hi,
      bookingId,
      holdId,
      sessionId,
      calendarId,
      status,
      seats: seatsTaken === null ? 1 : seatsTaken,
      expiresAtMs: x,
    }),
  );
}

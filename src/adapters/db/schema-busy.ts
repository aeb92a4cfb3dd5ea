/**
 * Which transactions changed whose busy time (issue 22). Every write to occupancy (booking items,
 * a booking's status, a class session's seats) adds, in its own transaction, one row per staff
 * member it touched with its transaction id (triggers: migration `*_busy_change_triggers.sql`).
 *
 * A server keeps each calendar's busy index warm in memory, remembering the snapshot it was read
 * in; before serving it again it asks whether any row here for its staff was written by a
 * transaction that snapshot did not see. Append-only, so concurrent bookings never wait for each
 * other here (a counter row would serialise every booking of a staff member on its lock).
 */
import { sql } from "drizzle-orm";
import { customType, pgTable, primaryKey, timestamp, uuid } from "drizzle-orm/pg-core";
import { businesses } from "./schema-business.ts";

/** A full transaction id (`xid8`, PostgreSQL 13+): compared with pg_visible_in_snapshot. */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => "xid8" });

export const busyChanges = pgTable(
  "busy_changes",
  {
    /** The staff member's business (the distribution column, ADR 0057): the triggers take it from the rows they see. */
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    /** No foreign key: the writing transaction already checked the staff member, and old rows are pruned. */
    staffId: uuid("staff_id").notNull(),
    xid: xid8("xid").notNull(),
    /**
     * When it was written (the statement's time, not its transaction's start): rows an hour old are
     * pruned, and no warm index lives that long (BUSY_INDEX_MAX_AGE_MS, ten minutes).
     */
    at: timestamp("at", { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [primaryKey({ columns: [t.staffId, t.xid, t.businessId] })],
);

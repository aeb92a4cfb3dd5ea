/**
 * Calendar sync (issue 20): a staff member's external calendars — CalDAV (read and written) or a
 * read-only ICS feed — the busy time last read from them, and the token of their private feed of
 * bookings. Busy spans are replaced per connection by whichever process synced it (ADR 0037).
 */
import { sql } from "drizzle-orm";
import { boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { businessForeignKey } from "./business-keys.ts";
import { businesses, staff } from "./schema-business.ts";
import type { SyncFailureReason } from "../../core/calendar/sync-failure.ts";

export const CALENDAR_CONNECTION_KINDS = ["caldav", "ics"] as const;
export type CalendarConnectionKind = (typeof CALENDAR_CONNECTION_KINDS)[number];
export type CalendarConnectionStatus = "pending" | "ok" | "error";

export const calendarConnections = pgTable(
  "calendar_connections",
  {
    id: uuid("id").notNull().defaultRandom(),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    staffId: uuid("staff_id").notNull(),
    kind: text("kind").$type<CalendarConnectionKind>().notNull(),
    /** What is shown: the CalDAV server's URL; for a feed only its origin (the full URL is a secret). */
    displayUrl: text("display_url").notNull(),
    /** The CalDAV server's URL, or the feed's full URL, sealed under APP_SECRET. */
    urlSealed: text("url_sealed").notNull(),
    username: text("username"),
    /** The CalDAV password, sealed under APP_SECRET (it must be sent, so it cannot be hashed). */
    passwordSealed: text("password_sealed"),
    /** CalDAV: the calendar collection read and written (discovered at the first sync unless given). */
    calendarUrl: text("calendar_url"),
    /** CalDAV: whether new bookings are written into the calendar. */
    writeBookings: boolean("write_bookings").notNull().default(true),
    status: text("status").$type<CalendarConnectionStatus>().notNull().default("pending"),
    /** Why the last sync failed (core/calendar/sync-failure.ts), shown in the business's language. */
    statusReason: text("status_reason").$type<SyncFailureReason>(),
    /** The server's own words for it, in English, for support. */
    statusMessage: text("status_message"),
    /** The last sync that read the calendar completely. */
    lastSyncedAt: timestamp("last_synced_at", { withTimezone: true }),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    /** When any process should sync it next (claimed with `for update skip locked`). */
    nextSyncAt: timestamp("next_sync_at", { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.businessId] }),
    businessForeignKey("calendar_connections_staff_id_staff_id_fk", [t.staffId, t.businessId], staff, "cascade"),
    index("calendar_connections_staff_idx").on(t.businessId, t.staffId),
    index("calendar_connections_due_idx").on(t.nextSyncAt),
  ],
);

/** Busy time read from a connection: it blocks the staff member's slots like time off. */
export const externalBusy = pgTable(
  "external_busy",
  {
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    connectionId: uuid("connection_id").notNull(),
    staffId: uuid("staff_id").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    businessForeignKey(
      "external_busy_connection_id_calendar_connections_id_fk",
      [t.connectionId, t.businessId],
      calendarConnections,
      "cascade",
    ),
    index("external_busy_staff_idx").on(t.staffId, t.endsAt),
    index("external_busy_connection_idx").on(t.connectionId),
  ],
);

/** A staff member's private feed of bookings: only the SHA-256 of its token is kept. */
export const staffFeedTokens = pgTable(
  "staff_feed_tokens",
  {
    staffId: uuid("staff_id").notNull(),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.staffId, t.businessId] }),
    businessForeignKey("staff_feed_tokens_staff_id_staff_id_fk", [t.staffId, t.businessId], staff, "cascade"),
    // Found by the hash alone before the business is known: a named cross-business secret look-up (ADR 0057);
    // the hash leads the key, so its index serves it, and business_id in it lets the table be distributed.
    uniqueIndex("staff_feed_tokens_hash_idx").on(t.tokenHash, t.businessId),
  ],
);

/**
 * The business console's people (issue 18): who signs in for a business, their sessions, and the
 * one-time sign-in and reset links emailed to them. Secrets are never stored: a password as its
 * argon2id hash, a session or link token as its SHA-256 hash (the token itself has 256 random bits,
 * so a fast hash is enough to make a stolen table useless).
 */
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { businessForeignKey } from "./business-keys.ts";
import { businesses, staff } from "./schema-business.ts";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const businessId = () =>
  uuid("business_id")
    .notNull()
    .references(() => businesses.id, { onDelete: "cascade" });

export const consoleUsers = pgTable(
  "console_users",
  {
    id: uuid("id").notNull().defaultRandom(),
    businessId: businessId(),
    /**
     * Lower-cased; one login per address across the deployment, so sign-in needs no business name. That
     * rule is kept by console_logins (below), not by an index here: a unique index on the address alone
     * could not be kept on a table distributed by business (ADR 0057).
     */
    email: text("email").notNull(),
    name: text("name").notNull(),
    /** argon2id (PHC string); null until a password is set (magic links still work). */
    passwordHash: text("password_hash"),
    role: text("role").$type<"owner" | "staff">().notNull(),
    /** A staff login sees this staff member's schedule and bookings only. */
    staffId: uuid("staff_id"),
    locale: text("locale").notNull().default("en"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.businessId] }),
    businessForeignKey("console_users_staff_id_staff_id_fk", [t.staffId, t.businessId], staff, "set null"),
    index("console_users_business_idx").on(t.businessId),
  ],
);

/**
 * The deployment's sign-in addresses: which business and user an address signs in to, before any
 * business is known. Its key is the address alone — one login per address across the deployment —
 * so on a distributed PostgreSQL it is distributed by the address, in a co-location group of its own
 * (ADR 0057, the one listed key): a sign-in probes one shard for the address, then reads the user on
 * its business's. No foreign key to console_users for that reason (Citus refuses one between tables
 * not co-located): the store writes and deletes both rows in one transaction.
 */
export const consoleLogins = pgTable("console_logins", {
  /** Lower-cased and trimmed, as console_users.email. */
  email: text("email").primaryKey(),
  businessId: businessId(),
  userId: uuid("user_id").notNull(),
  createdAt: createdAt(),
});

export const consoleSessions = pgTable(
  "console_sessions",
  {
    tokenHash: text("token_hash").notNull(),
    /** The user's business, copied when the session is made (ADR 0057: the distribution column). */
    businessId: businessId(),
    /** How the user's list of sessions names one (the token's hash is never shown). */
    id: uuid("id").notNull().defaultRandom(),
    userId: uuid("user_id").notNull(),
    /** The browser's User-Agent when it signed in (cut to 512 characters), to tell sessions apart. */
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    /** Absolute end, whatever the activity. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    // Found by the token's hash before the business is known: a named cross-business secret look-up (ADR 0057);
    // the hash leads the key, so its index serves it.
    primaryKey({ columns: [t.tokenHash, t.businessId] }),
    businessForeignKey(
      "console_sessions_user_id_console_users_id_fk",
      [t.userId, t.businessId],
      consoleUsers,
      "cascade",
    ),
    index("console_sessions_user_idx").on(t.userId),
    uniqueIndex("console_sessions_id_uq").on(t.id, t.businessId),
  ],
);

export const consoleLinkTokens = pgTable(
  "console_link_tokens",
  {
    tokenHash: text("token_hash").notNull(),
    /** The user's business, copied when the link is made (as console_sessions). */
    businessId: businessId(),
    userId: uuid("user_id").notNull(),
    purpose: text("purpose").$type<"sign_in" | "password_reset">().notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tokenHash, t.businessId] }),
    businessForeignKey(
      "console_link_tokens_user_id_console_users_id_fk",
      [t.userId, t.businessId],
      consoleUsers,
      "cascade",
    ),
    index("console_link_tokens_user_idx").on(t.userId),
  ],
);

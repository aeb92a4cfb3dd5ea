/**
 * Contacts (issue 15, docs/decisions/0041-contacts.md): one row per person a business has heard
 * from, found by their email as people type it (trimmed, lower-cased: `personKey`). Form and survey
 * submissions and bookings reference their contact, so the business sees one person across them.
 * `(business_id, email_normalised)` is unique: two sends with one email at the same moment upsert
 * into one row (`insert … on conflict do update`), never two.
 */
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { businesses } from "./schema-business.ts";

export const contacts = pgTable(
  "contacts",
  {
    id: uuid("id").notNull().defaultRandom(),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    /** `personKey(email)`: what submissions and bookings are matched by. */
    emailNormalised: text("email_normalised").notNull(),
    /** The email as last given (trimmed). */
    email: text("email").notNull(),
    /** The name and phone last given; kept when a later send leaves them out. */
    name: text("name"),
    phone: text("phone"),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.id, table.businessId] }),
    uniqueIndex("contacts_business_email_uq").on(table.businessId, table.emailNormalised),
    index("contacts_business_last_seen_idx").on(table.businessId, table.lastSeenAt),
  ],
);

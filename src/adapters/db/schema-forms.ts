/**
 * Forms and surveys (issue 15, docs/decisions/0018-forms-and-surveys.md). `forms` (schema-business.ts)
 * holds each form's current definition and version number; every version ever saved stays here,
 * and a submission names the version it was made against, so editing a form never changes what an
 * earlier submission meant.
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import type { Answers, FormDefinition } from "../../core/forms/definition.ts";
import { businesses, forms } from "./schema-business.ts";

export const formVersions = pgTable(
  "form_versions",
  {
    formId: uuid("form_id")
      .notNull()
      .references(() => forms.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    definition: jsonb("definition").$type<FormDefinition>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.formId, table.version] })],
);

export const formSubmissions = pgTable(
  "form_submissions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    formId: uuid("form_id").notNull(),
    version: integer("version").notNull(),
    answers: jsonb("answers").$type<Answers>().notNull(),
    /** The answer of the definition's first email field, for finding a visitor's submissions. */
    contactEmail: text("contact_email"),
    /** The consent wording shown, in the visitor's language, and when it was given. */
    consentText: text("consent_text"),
    consentedAt: timestamp("consented_at", { withTimezone: true }),
    /** The after-submit disqualification message shown, if the path disqualified. */
    isDisqualified: boolean("is_disqualified").notNull().default(false),
    endingId: text("ending_id"),
    locale: text("locale").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      columns: [table.formId, table.version],
      foreignColumns: [formVersions.formId, formVersions.version],
    }).onDelete("cascade"),
    index("form_submissions_business_form_created_idx").on(table.businessId, table.formId, table.createdAt),
    index("form_submissions_contact_idx")
      .on(table.businessId, table.contactEmail)
      .where(sql`${table.contactEmail} is not null`),
  ],
);

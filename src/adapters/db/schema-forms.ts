/**
 * Forms and surveys (issue 15, docs/decisions/0018-forms-and-surveys.md). `forms` (schema-business.ts)
 * holds each form's current definition and version number; every version ever saved stays here,
 * and a submission names the version it was made against, so editing a form never changes what an
 * earlier submission meant.
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  customType,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { businessForeignKey } from "./business-keys.ts";
import type { Answers, FormDefinition } from "../../core/forms/definition.ts";
import { bookings } from "./schema-bookings.ts";
import { businesses, forms } from "./schema-business.ts";
import { contacts } from "./schema-contacts.ts";

export const formVersions = pgTable(
  "form_versions",
  {
    formId: uuid("form_id").notNull(),
    version: integer("version").notNull(),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    definition: jsonb("definition").$type<FormDefinition>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    businessForeignKey("form_versions_form_id_forms_id_fk", [table.formId, table.businessId], forms, "cascade"),
    primaryKey({ columns: [table.formId, table.version, table.businessId] }),
  ],
);

export const formSubmissions = pgTable(
  "form_submissions",
  {
    id: uuid("id").notNull().defaultRandom(),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    formId: uuid("form_id").notNull(),
    version: integer("version").notNull(),
    answers: jsonb("answers").$type<Answers>().notNull(),
    /** The answer of the definition's first email field, for finding a visitor's submissions. */
    contactEmail: text("contact_email"),
    /** The contact that email made or matched (schema-contacts.ts); null without an email or once erased. */
    contactId: uuid("contact_id"),
    /** A form attached to a booking calendar, answered while booking: that booking. */
    bookingId: uuid("booking_id"),
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
    primaryKey({ columns: [table.id, table.businessId] }),
    businessForeignKey(
      "form_submissions_contact_id_contacts_id_fk",
      [table.contactId, table.businessId],
      contacts,
      "set null",
    ),
    businessForeignKey(
      "form_submissions_booking_id_bookings_id_fk",
      [table.bookingId, table.businessId],
      bookings,
      "cascade",
    ),
    foreignKey({
      name: "form_submissions_form_id_version_form_versions_form_id_version_",
      columns: [table.formId, table.version, table.businessId],
      foreignColumns: [formVersions.formId, formVersions.version, formVersions.businessId],
    }).onDelete("cascade"),
    index("form_submissions_business_form_created_idx").on(table.businessId, table.formId, table.createdAt),
    index("form_submissions_contact_id_idx").on(table.contactId),
    index("form_submissions_contact_idx")
      .on(table.businessId, table.contactEmail)
      .where(sql`${table.contactEmail} is not null`),
  ],
);

/** Raw bytes (PostgreSQL bytea; both drivers give a Uint8Array or a Buffer, which is one). */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * Files visitors attach to forms (ADR 0035). A file is kept when its step is posted, before the
 * submission exists, under the hash of a random token that only the visitor's page holds; sending the
 * form claims it for the submission (and its field). Unclaimed files are deleted after a day;
 * claimed ones go with their submission (erasure, retention, a deleted form).
 */
export const formUploads = pgTable(
  "form_uploads",
  {
    id: uuid("id").notNull().defaultRandom(),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    formId: uuid("form_id").notNull(),
    /** SHA-256 of the visitor's token (base64url): a leaked database row cannot be claimed with. */
    tokenHash: text("token_hash").notNull(),
    submissionId: uuid("submission_id"),
    fieldId: text("field_id"),
    fileName: text("file_name").notNull(),
    /** Read from the bytes (uploads.ts `sniffFileKind`), never from the browser. */
    contentType: text("content_type").notNull(),
    byteSize: integer("byte_size").notNull(),
    content: bytea("content").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.id, table.businessId] }),
    businessForeignKey("form_uploads_form_id_forms_id_fk", [table.formId, table.businessId], forms, "cascade"),
    businessForeignKey(
      "form_uploads_submission_id_form_submissions_id_fk",
      [table.submissionId, table.businessId],
      formSubmissions,
      "cascade",
    ),
    uniqueIndex("form_uploads_submission_field_idx").on(table.submissionId, table.fieldId, table.businessId),
    // The visitor's page presents the token with its form, so look-ups name the form; the hash leads the key (ADR 0057).
    uniqueIndex("form_uploads_token_hash_uq").on(table.tokenHash, table.businessId),
    index("form_uploads_unclaimed_idx")
      .on(table.createdAt)
      .where(sql`${table.submissionId} is null`),
  ],
);

/**
 * The relational model. One deployment serves many businesses: every row that belongs to a business
 * carries `business_id`, and the repositories in this folder take the business as their first
 * argument, so tenant scoping happens at the data layer (issue 5), not by convention in handlers.
 *
 * Instants are `timestamptz` (UTC); schedules are stored with their IANA zone; local dates as text
 * `YYYY-MM-DD` inside JSON schedules (see docs/decisions/0003-time-model.md). Declarations only, one
 * table after another; the content tables move out with the content site (issue 16).
 */
import { POST_STATUSES, type PostStatus } from "../../core/content/post-publication.ts";
import { sql } from "drizzle-orm";
import {
  boolean,
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
import type {
  CalendarSettings,
  CalendarType,
  DateOverrides,
  DepositRule,
  WeeklyHours,
} from "../../core/calendar/calendar.ts";
import type { MeetingLocation } from "../../core/calendar/location.ts";

/** Keyed `(id, business_id)` with the table's primary key (ADR 0057); `businesses` alone by id. */
const id = () => uuid("id").notNull().defaultRandom();
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const businessId = () =>
  uuid("business_id")
    .notNull()
    .references(() => businesses.id, { onDelete: "cascade" });

export const businesses = pgTable("businesses", {
  id: uuid("id").primaryKey().defaultRandom(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  timeZone: text("time_zone").notNull(),
  locale: text("locale").notNull().default("en"),
  currency: text("currency").notNull().default("USD"),
  /** Host names (custom domains) whose requests belong to this business. */
  hostnames: text("hostnames")
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /**
   * Origins of the business's own sites allowed to frame its widget (`frame-ancestors`, issue 17);
   * empty, the deployment's FRAME_ANCESTORS applies.
   */
  embedOrigins: text("embed_origins")
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /**
   * Days after a booking's end (a submission's arrival) that its personal data is kept; null keeps
   * it until the business erases it (issue 19, src/core/privacy/personal-data.ts).
   */
  personalDataRetentionDays: integer("personal_data_retention_days"),
  /**
   * Branding (issue 18, ADR 0049): the logo is one of the business's own uploaded images, by id
   * (never an address it could point elsewhere with); the colour a `#rrggbb` hex; the theme its pages
   * and widget use when an embed asks for none. Null colour and logo: the product's own look.
   */
  logoImageId: uuid("logo_image_id"),
  brandColour: text("brand_colour"),
  theme: text("theme").$type<"light" | "dark">().notNull().default("light"),
  createdAt: createdAt(),
});

export const apiKeys = pgTable(
  "api_keys",
  {
    id: id(),
    businessId: businessId(),
    name: text("name").notNull(),
    /** First characters of the key, shown in listings so a key can be recognised without revealing it. */
    prefix: text("prefix").notNull(),
    keyHash: text("key_hash").notNull(),
    createdAt: createdAt(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.businessId] }),
    // Found by the hash alone before the business is known: a named cross-business secret look-up (ADR 0057);
    // the hash leads the key, so its index serves it, and business_id in it lets the table be distributed.
    uniqueIndex("api_keys_key_hash_uq").on(t.keyHash, t.businessId),
  ],
);

export const staff = pgTable(
  "staff",
  {
    id: id(),
    businessId: businessId(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    photoUrl: text("photo_url"),
    timeZone: text("time_zone").notNull(),
    weeklyHours: jsonb("weekly_hours").$type<WeeklyHours>().notNull().default({}),
    dateOverrides: jsonb("date_overrides").$type<DateOverrides>().notNull().default({}),
    /** Where this member receives, over the service's and the calendar's (ADR 0044); null: theirs. */
    location: jsonb("location").$type<MeetingLocation | null>(),
    createdAt: createdAt(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.id, t.businessId] }), index("staff_business_idx").on(t.businessId)],
);

export const timeOff = pgTable(
  "time_off",
  {
    id: id(),
    businessId: businessId(),
    staffId: uuid("staff_id").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    reason: text("reason"),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.businessId] }),
    businessForeignKey("time_off_staff_id_staff_id_fk", [t.staffId, t.businessId], staff, "cascade"),
    index("time_off_staff_idx").on(t.staffId, t.startsAt),
  ],
);

export const services = pgTable(
  "services",
  {
    id: id(),
    businessId: businessId(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    category: text("category").notNull().default(""),
    durationMinutes: integer("duration_minutes").notNull(),
    priceCents: integer("price_cents").notNull().default(0),
    deposit: jsonb("deposit").$type<DepositRule | null>(),
    /** Most guests one slot may take for this service ('You can reserve up to {count} slots…'). */
    maxGuestsPerSlot: integer("max_guests_per_slot").notNull().default(1),
    /** Left out of service menus and the calendar's list; bookable only by its direct link (issue 24). */
    isPrivate: boolean("is_private").notNull().default(false),
    /** Where it takes place, over the calendar's (ADR 0044); null: the calendar's. */
    location: jsonb("location").$type<MeetingLocation | null>(),
    createdAt: createdAt(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.businessId] }),
    uniqueIndex("services_business_slug_uq").on(t.businessId, t.slug),
  ],
);

export const serviceStaff = pgTable(
  "service_staff",
  {
    businessId: businessId(),
    serviceId: uuid("service_id").notNull(),
    staffId: uuid("staff_id").notNull(),
    /**
     * Where the business put this staff member in the service's list (0 first): "any available" offers a
     * service's providers in this order (round robin's first choice among equals, ADR 0057 — was the rows'
     * physical order, which an update, a VACUUM FULL or a shard move can change).
     */
    position: integer("position").notNull(),
  },
  (t) => [
    businessForeignKey("service_staff_service_id_services_id_fk", [t.serviceId, t.businessId], services, "cascade"),
    businessForeignKey("service_staff_staff_id_staff_id_fk", [t.staffId, t.businessId], staff, "cascade"),
    primaryKey({ columns: [t.serviceId, t.staffId, t.businessId] }),
  ],
);

export const groups = pgTable(
  "groups",
  {
    id: id(),
    businessId: businessId(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.businessId] }),
    uniqueIndex("groups_business_slug_uq").on(t.businessId, t.slug),
  ],
);

export const calendars = pgTable(
  "calendars",
  {
    id: id(),
    businessId: businessId(),
    groupId: uuid("group_id"),
    slug: text("slug").notNull(),
    type: text("type").$type<CalendarType>().notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    settings: jsonb("settings").$type<CalendarSettings>().notNull(),
    isActive: boolean("is_active").notNull().default(true),
    /** Left out of the index, groups and team pages; bookable only by its direct link (issue 24). */
    isPrivate: boolean("is_private").notNull().default(false),
    position: integer("position").notNull().default(0),
    /** A form of the business (not a survey) asked on the details step instead of `settings.questions`. */
    formId: uuid("form_id"),
    createdAt: createdAt(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.businessId] }),
    businessForeignKey("calendars_group_id_groups_id_fk", [t.groupId, t.businessId], groups, "set null"),
    businessForeignKey("calendars_form_id_forms_id_fk", [t.formId, t.businessId], forms, "set null"),
    uniqueIndex("calendars_business_slug_uq").on(t.businessId, t.slug),
    index("calendars_group_idx").on(t.groupId),
  ],
);

export const calendarMembers = pgTable(
  "calendar_members",
  {
    businessId: businessId(),
    calendarId: uuid("calendar_id").notNull(),
    staffId: uuid("staff_id").notNull(),
    /** Round-robin preference: 0, 0.5 (default) or 1, stored ×2 as 0/1/2. */
    priority: integer("priority").notNull().default(1),
    isPrimary: boolean("is_primary").notNull().default(false),
  },
  (t) => [
    businessForeignKey(
      "calendar_members_calendar_id_calendars_id_fk",
      [t.calendarId, t.businessId],
      calendars,
      "cascade",
    ),
    businessForeignKey("calendar_members_staff_id_staff_id_fk", [t.staffId, t.businessId], staff, "cascade"),
    primaryKey({ columns: [t.calendarId, t.staffId, t.businessId] }),
  ],
);

export const calendarServices = pgTable(
  "calendar_services",
  {
    businessId: businessId(),
    calendarId: uuid("calendar_id").notNull(),
    serviceId: uuid("service_id").notNull(),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    businessForeignKey(
      "calendar_services_calendar_id_calendars_id_fk",
      [t.calendarId, t.businessId],
      calendars,
      "cascade",
    ),
    businessForeignKey("calendar_services_service_id_services_id_fk", [t.serviceId, t.businessId], services, "cascade"),
    primaryKey({ columns: [t.calendarId, t.serviceId, t.businessId] }),
  ],
);

export const serviceMenus = pgTable(
  "service_menus",
  {
    id: id(),
    businessId: businessId(),
    /** The service calendar whose rules (window, notice, interval) govern bookings from this menu. */
    calendarId: uuid("calendar_id").notNull(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.businessId] }),
    businessForeignKey("service_menus_calendar_id_calendars_id_fk", [t.calendarId, t.businessId], calendars),
    uniqueIndex("service_menus_business_slug_uq").on(t.businessId, t.slug),
  ],
);

export const serviceMenuItems = pgTable(
  "service_menu_items",
  {
    businessId: businessId(),
    serviceMenuId: uuid("service_menu_id").notNull(),
    serviceId: uuid("service_id").notNull(),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    businessForeignKey(
      "service_menu_items_service_menu_id_service_menus_id_fk",
      [t.serviceMenuId, t.businessId],
      serviceMenus,
      "cascade",
    ),
    businessForeignKey(
      "service_menu_items_service_id_services_id_fk",
      [t.serviceId, t.businessId],
      services,
      "cascade",
    ),
    primaryKey({ columns: [t.serviceMenuId, t.serviceId, t.businessId] }),
  ],
);

export const oneTimeLinks = pgTable(
  "one_time_links",
  {
    id: id(),
    businessId: businessId(),
    calendarId: uuid("calendar_id").notNull(),
    /**
     * SHA-256 (hex) of the unguessable public slug (128 random bits, base64url). The slug itself is
     * shown once, when the link is made, and never stored: a copy of the database opens no page.
     */
    slugHash: text("slug_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    usedAt: timestamp("used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.businessId] }),
    businessForeignKey(
      "one_time_links_calendar_id_calendars_id_fk",
      [t.calendarId, t.businessId],
      calendars,
      "cascade",
    ),
    index("one_time_links_calendar_idx").on(t.calendarId),
    // Found by the hash alone before the business is known: a named cross-business secret look-up (ADR 0057);
    // the hash leads the key, so its index serves it, and business_id in it lets the table be distributed.
    uniqueIndex("one_time_links_slug_hash_uq").on(t.slugHash, t.businessId),
  ],
);

export const forms = pgTable(
  "forms",
  {
    id: id(),
    businessId: businessId(),
    kind: text("kind").$type<"form" | "survey">().notNull(),
    name: text("name").notNull(),
    /** The current definition (a copy of its row in form_versions, schema-forms.ts) and its number. */
    definition: jsonb("definition").$type<Record<string, unknown>>().notNull().default({}),
    version: integer("version").notNull().default(1),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.id, t.businessId] })],
);

// ---- Content site -------------------------------------------------------------------------------

export const contentPages = pgTable(
  "content_pages",
  {
    id: id(),
    businessId: businessId(),
    path: text("path").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    hasBlog: boolean("has_blog").notNull().default(false),
    hasStore: boolean("has_store").notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.businessId] }),
    uniqueIndex("content_pages_business_path_uq").on(t.businessId, t.path),
  ],
);

export const blogAuthors = pgTable(
  "blog_authors",
  { id: id(), businessId: businessId(), slug: text("slug").notNull(), name: text("name").notNull() },
  (t) => [
    primaryKey({ columns: [t.id, t.businessId] }),
    uniqueIndex("blog_authors_business_slug_uq").on(t.businessId, t.slug),
  ],
);

export const blogCategories = pgTable(
  "blog_categories",
  { id: id(), businessId: businessId(), slug: text("slug").notNull(), label: text("label").notNull() },
  (t) => [
    primaryKey({ columns: [t.id, t.businessId] }),
    uniqueIndex("blog_categories_business_slug_uq").on(t.businessId, t.slug),
  ],
);

export { POST_STATUSES };

export const blogPosts = pgTable(
  "blog_posts",
  {
    id: id(),
    businessId: businessId(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    bodyHtml: text("body_html").notNull().default(""),
    imageUrl: text("image_url"),
    imageAlt: text("image_alt"),
    canonicalLink: text("canonical_link"),
    authorId: uuid("author_id"),
    categoryIds: uuid("category_ids")
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    tags: text("tags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: text("status").$type<PostStatus>().notNull().default("draft"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.businessId] }),
    businessForeignKey("blog_posts_author_id_blog_authors_id_fk", [t.authorId, t.businessId], blogAuthors),
    uniqueIndex("blog_posts_business_slug_uq").on(t.businessId, t.slug),
  ],
);

// ---- Outbox ---------------------------------------------------------------------------------------

/**
 * Side effects (emails) are written here in the same transaction as the change that causes them and
 * delivered after commit by the outbox worker, with retries and backoff: a crash between commit and
 * delivery loses nothing.
 */
export const outbox = pgTable(
  "outbox",
  {
    id: uuid("id").notNull().defaultRandom(),
    businessId: businessId(),
    topic: text("topic").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.businessId] }),
    index("outbox_pending_idx")
      .on(t.nextAttemptAt)
      .where(sql`delivered_at is null`),
  ],
);

/**
 * Resources (issue 21, ADR 0038): rooms and equipment with a capacity, the services that need them,
 * and what occupies them. A resource of capacity N has N rows in `resource_units`; an appointment
 * takes one unit, and a custom migration (`*_resources.sql`) adds
 * `EXCLUDE USING gist (unit_id WITH =, blocked WITH &&) WHERE (active)` to `booking_resource_units`,
 * so no unit is ever held twice at once — the database refuses it (SQLSTATE 23P01,
 * constraint booking_resource_units_no_overlap), exactly as `booking_items` does for staff.
 *
 * A booking's units are active exactly when its staff occupancy is: a trigger copies every change
 * of `booking_items.active` of a booking to its units (cancel, confirm, payment expiry), so no code
 * path can release one without the other. Holds' units go with the hold (cascade).
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
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
import { businesses, services } from "./schema-business.ts";
import { bookings, holds, tstzrange } from "./schema-bookings.ts";
import type { DateOverrides, WeeklyHours } from "../../core/calendar/calendar.ts";

const businessId = () =>
  uuid("business_id")
    .notNull()
    .references(() => businesses.id, { onDelete: "cascade" });

export const RESOURCE_KINDS = ["room", "equipment", "other"] as const;
export type ResourceKind = (typeof RESOURCE_KINDS)[number];

export const resources = pgTable(
  "resources",
  {
    id: uuid("id").notNull().defaultRandom(),
    businessId: businessId(),
    name: text("name").notNull(),
    kind: text("kind").$type<ResourceKind>().notNull(),
    /** How many appointments it holds at once (= its units 1 … capacity). */
    capacity: integer("capacity").notNull(),
    timeZone: text("time_zone").notNull(),
    /** Opening hours; null: open whenever staff work. */
    weeklyHours: jsonb("weekly_hours").$type<WeeklyHours | null>(),
    dateOverrides: jsonb("date_overrides").$type<DateOverrides>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.businessId] }),
    index("resources_business_idx").on(t.businessId),
    check("resources_kind_check", sql`${t.kind} in ('room', 'equipment', 'other')`),
    check("resources_capacity_check", sql`${t.capacity} between 1 and 100`),
  ],
);

/**
 * One unit of a resource (number 1 … capacity). Units are never deleted while the resource lives: a
 * lowered capacity leaves the higher units to the bookings that hold them, and the engine offers
 * only units up to the capacity.
 */
export const resourceUnits = pgTable(
  "resource_units",
  {
    id: uuid("id").notNull().defaultRandom(),
    businessId: businessId(),
    resourceId: uuid("resource_id").notNull(),
    number: integer("number").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.businessId] }),
    businessForeignKey(
      "resource_units_resource_id_resources_id_fk",
      [t.resourceId, t.businessId],
      resources,
      "cascade",
    ),
    uniqueIndex("resource_units_resource_number_uq").on(t.resourceId, t.number, t.businessId),
  ],
);

export const resourceTimeOff = pgTable(
  "resource_time_off",
  {
    id: uuid("id").notNull().defaultRandom(),
    businessId: businessId(),
    resourceId: uuid("resource_id").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    reason: text("reason"),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.businessId] }),
    businessForeignKey(
      "resource_time_off_resource_id_resources_id_fk",
      [t.resourceId, t.businessId],
      resources,
      "cascade",
    ),
    index("resource_time_off_resource_idx").on(t.resourceId, t.startsAt),
    check("resource_time_off_span_check", sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/**
 * What a service needs: rows of one `need` (0, 1, …) form a group; `mode` any: one unit of any one
 * of the group's resources, all: one unit of each.
 */
export const serviceResources = pgTable(
  "service_resources",
  {
    businessId: businessId(),
    serviceId: uuid("service_id").notNull(),
    need: integer("need").notNull(),
    mode: text("mode").$type<"any" | "all">().notNull(),
    resourceId: uuid("resource_id").notNull(),
  },
  (t) => [
    businessForeignKey("service_resources_service_id_services_id_fk", [t.serviceId, t.businessId], services, "cascade"),
    businessForeignKey(
      "service_resources_resource_id_resources_id_fk",
      [t.resourceId, t.businessId],
      resources,
      "cascade",
    ),
    primaryKey({ columns: [t.serviceId, t.need, t.resourceId, t.businessId] }),
    index("service_resources_resource_idx").on(t.resourceId),
    check("service_resources_mode_check", sql`${t.mode} in ('any', 'all')`),
  ],
);

/** Units a booking or hold takes: one row per need of each (guest, service) task, buffers included in `blocked`. */
export const bookingResourceUnits = pgTable(
  "booking_resource_units",
  {
    id: uuid("id").notNull().defaultRandom(),
    businessId: businessId(),
    bookingId: uuid("booking_id"),
    holdId: uuid("hold_id"),
    /** Holds and unpaid bookings: stops counting at this instant. */
    holdExpiresAt: timestamp("hold_expires_at", { withTimezone: true }),
    unitId: uuid("unit_id").notNull(),
    resourceId: uuid("resource_id").notNull(),
    serviceId: uuid("service_id"),
    guestIndex: integer("guest_index").notNull().default(0),
    blocked: tstzrange("blocked").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    active: boolean("active").notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.businessId] }),
    businessForeignKey(
      "booking_resource_units_booking_id_bookings_id_fk",
      [t.bookingId, t.businessId],
      bookings,
      "cascade",
    ),
    businessForeignKey("booking_resource_units_hold_id_holds_id_fk", [t.holdId, t.businessId], holds, "cascade"),
    businessForeignKey(
      "booking_resource_units_unit_id_resource_units_id_fk",
      [t.unitId, t.businessId],
      resourceUnits,
      "cascade",
    ),
    index("booking_resource_units_booking_idx").on(t.bookingId),
    index("booking_resource_units_hold_idx").on(t.holdId),
    check("booking_resource_units_owner_check", sql`num_nonnulls(${t.bookingId}, ${t.holdId}) = 1`),
    check(
      "booking_resource_units_span_check",
      sql`${t.endsAt} > ${t.startsAt} and lower(${t.blocked}) <= ${t.startsAt} and upper(${t.blocked}) >= ${t.endsAt}`,
    ),
  ],
);

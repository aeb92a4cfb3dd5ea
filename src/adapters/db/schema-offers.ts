/**
 * Services in depth (issue 24, ADR 0031): a service's variations, add-ons and staff-specific terms,
 * and the business's coupons with their redemptions. Amounts are minor units of the business
 * currency (core/payments/money.ts). A coupon's `uses` counter is the one row every redemption
 * updates under its limit, so the last use of a limited coupon is taken once however many
 * processes try at the same instant (adapters/db/coupon-redemptions.ts).
 */
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
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { businessForeignKey } from "./business-keys.ts";
import type { DepositRule } from "../../core/calendar/calendar.ts";
import type { CouponValue } from "../../core/booking/coupons.ts";
import { bookings } from "./schema-bookings.ts";
import { businesses, services, staff } from "./schema-business.ts";

/** Keyed `(id, business_id)` with the table's primary key (ADR 0057). */
const id = () => uuid("id").notNull().defaultRandom();
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const businessId = () =>
  uuid("business_id")
    .notNull()
    .references(() => businesses.id, { onDelete: "cascade" });
const serviceId = () => uuid("service_id").notNull();

export const serviceVariations = pgTable(
  "service_variations",
  {
    id: id(),
    businessId: businessId(),
    serviceId: serviceId(),
    /** Order on the service step. */
    position: integer("position").notNull().default(0),
    name: text("name").notNull(),
    durationMinutes: integer("duration_minutes").notNull(),
    priceMinor: integer("price_minor").notNull().default(0),
    /** null: the service's deposit rule. */
    deposit: jsonb("deposit").$type<DepositRule | null>(),
    /** null: the service's (or calendar's) buffers. */
    bufferBeforeMinutes: integer("buffer_before_minutes"),
    bufferAfterMinutes: integer("buffer_after_minutes"),
    createdAt: createdAt(),
    /** Past bookings keep their snapshot; a removed variation is hidden, never deleted. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.businessId] }),
    businessForeignKey(
      "service_variations_service_id_services_id_fk",
      [t.serviceId, t.businessId],
      services,
      "cascade",
    ),
    index("service_variations_service_idx").on(t.serviceId, t.position),
  ],
);

export const serviceAddOns = pgTable(
  "service_add_ons",
  {
    id: id(),
    businessId: businessId(),
    serviceId: serviceId(),
    position: integer("position").notNull().default(0),
    name: text("name").notNull(),
    durationMinutes: integer("duration_minutes").notNull().default(0),
    priceMinor: integer("price_minor").notNull().default(0),
    maxQuantity: integer("max_quantity").notNull().default(1),
    createdAt: createdAt(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.businessId] }),
    businessForeignKey("service_add_ons_service_id_services_id_fk", [t.serviceId, t.businessId], services, "cascade"),
    index("service_add_ons_service_idx").on(t.serviceId, t.position),
  ],
);

/** A staff member's own duration or price for a service, or for one of its variations. */
export const serviceStaffTerms = pgTable(
  "service_staff_terms",
  {
    id: id(),
    businessId: businessId(),
    serviceId: serviceId(),
    staffId: uuid("staff_id").notNull(),
    /** null: the whole service (every variation without terms of its own). */
    variationId: uuid("variation_id"),
    durationMinutes: integer("duration_minutes"),
    priceMinor: integer("price_minor"),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.businessId] }),
    businessForeignKey(
      "service_staff_terms_service_id_services_id_fk",
      [t.serviceId, t.businessId],
      services,
      "cascade",
    ),
    businessForeignKey("service_staff_terms_staff_id_staff_id_fk", [t.staffId, t.businessId], staff, "cascade"),
    businessForeignKey(
      "service_staff_terms_variation_id_service_variations_id_fk",
      [t.variationId, t.businessId],
      serviceVariations,
      "cascade",
    ),
    unique("service_staff_terms_uq").on(t.serviceId, t.staffId, t.variationId, t.businessId).nullsNotDistinct(),
  ],
);

export const coupons = pgTable(
  "coupons",
  {
    id: id(),
    businessId: businessId(),
    /** Stored upper-cased and trimmed (core/booking/coupons.ts normaliseCouponCode). */
    code: text("code").notNull(),
    value: jsonb("value").$type<CouponValue>().notNull(),
    validFrom: timestamp("valid_from", { withTimezone: true }),
    validUntil: timestamp("valid_until", { withTimezone: true }),
    /** Empty: every service / calendar. */
    serviceIds: uuid("service_ids")
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    calendarIds: uuid("calendar_ids")
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    maxUses: integer("max_uses"),
    maxUsesPerVisitor: integer("max_uses_per_visitor"),
    /** Redemptions so far; only ever changed by the guarded increment that takes a use. */
    uses: integer("uses").notNull().default(0),
    /** Off: the code is refused as unknown until it is turned on again (the business API's PATCH). */
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    /** Deleted coupons are kept for their redemptions; their code is free for a new coupon. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.businessId] }),
    uniqueIndex("coupons_business_code_uq")
      .on(t.businessId, t.code)
      .where(sql`${t.deletedAt} is null`),
  ],
);

export const couponRedemptions = pgTable(
  "coupon_redemptions",
  {
    id: id(),
    businessId: businessId(),
    couponId: uuid("coupon_id").notNull(),
    /** null until the booking row exists (the use is taken first, in the same transaction). */
    bookingId: uuid("booking_id"),
    /** The visitor, case-folded: the per-visitor limit counts by it. */
    visitorEmail: text("visitor_email").notNull(),
    discountMinor: integer("discount_minor").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.businessId] }),
    businessForeignKey("coupon_redemptions_coupon_id_coupons_id_fk", [t.couponId, t.businessId], coupons, "cascade"),
    businessForeignKey(
      "coupon_redemptions_booking_id_bookings_id_fk",
      [t.bookingId, t.businessId],
      bookings,
      "cascade",
    ),
    index("coupon_redemptions_visitor_idx").on(t.couponId, t.visitorEmail),
  ],
);

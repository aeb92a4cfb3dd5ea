/**
 * Bookings and what they occupy. The database itself refuses double bookings:
 *
 * - `booking_items` is the per-staff occupancy (buffers included in `blocked`). A custom migration
 *   (`*_booking_constraints.sql`) adds `EXCLUDE USING gist (staff_id WITH =, blocked WITH &&)
 *   WHERE (active)`, so two active items of one staff member never overlap — whatever the
 *   application does, even a hand-written INSERT is refused (SQLSTATE 23P01).
 * - A class session occupies its host once (one item per session, not per booking); its seats are
 *   a counter with `CHECK (seats_taken <= seats_total)` (SQLSTATE 23514).
 * - Holds occupy like bookings until they expire; expired holds are deleted lazily.
 *
 * Every table references `schema.ts` lazily (`() => t.id`): schema.ts re-exports this module, so
 * nothing here may touch its exports while the modules are still being evaluated.
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
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
import { businesses, calendars, staff } from "./schema-business.ts";
import { contacts } from "./schema-contacts.ts";
import type { StoredOfferLine } from "../../core/booking/service-offer.ts";

/** PostgreSQL `tstzrange`, exchanged as its text form, e.g. `["2026-12-01 09:00:00+00","2026-12-01 10:00:00+00")`. */
export const tstzrange = customType<{ data: string; driverData: string }>({
  dataType: () => "tstzrange",
});

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const businessId = () =>
  uuid("business_id")
    .notNull()
    .references(() => businesses.id, { onDelete: "cascade" });

export const BOOKING_STATUSES = ["new", "confirmed", "cancelled", "pending_payment"] as const;
export type BookingRowStatus = (typeof BOOKING_STATUSES)[number];

export interface StoredContact {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  dateOfBirth: string | null;
  location: string | null;
  notes: string | null;
  consent: boolean;
}

export interface StoredGuest {
  name: string;
  email: string | null;
}

export const bookings = pgTable(
  "bookings",
  {
    id: uuid("id").notNull().defaultRandom(),
    businessId: businessId(),
    calendarId: uuid("calendar_id").notNull(),
    /** Recurring series: every occurrence shares it; null for single bookings. */
    seriesId: uuid("series_id"),
    occurrenceIndex: integer("occurrence_index"),
    status: text("status").$type<BookingRowStatus>().notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    /** The visitor's zone as they gave it (display only). */
    timeZone: text("time_zone").notNull(),
    locale: text("locale").notNull().default("en"),
    /** The owner: the host, the round-robin pick, the collective primary or the first service provider. */
    staffId: uuid("staff_id").notNull(),
    staffIds: uuid("staff_ids").array().notNull(),
    serviceIds: uuid("service_ids")
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    bufferBeforeMinutes: integer("buffer_before_minutes").notNull().default(0),
    bufferAfterMinutes: integer("buffer_after_minutes").notNull().default(0),
    /** Attendees including the booker (class: seats taken). */
    seats: integer("seats").notNull().default(1),
    guests: jsonb("guests").$type<StoredGuest[]>().notNull().default([]),
    /**
     * Service calendars: one cart (service ids, in order) per attendee, the booker first. Empty for
     * other calendars and for bookings made before per-guest carts (everyone took `service_ids`).
     */
    carts: jsonb("carts").$type<string[][]>().notNull().default([]),
    /**
     * Service calendars (issue 24): what each attendee booked, as it was then — the variation, the
     * add-ons, names, durations and prices — so that editing the service later never changes a
     * past booking. Parallel to `carts`; empty for bookings without variations or add-ons.
     */
    offerLines: jsonb("offer_lines").$type<StoredOfferLine[][]>().notNull().default([]),
    /** The coupon's code as the visitor entered it (normalised) and what it took off; null without one. */
    couponCode: text("coupon_code"),
    discountMinor: integer("discount_minor").notNull().default(0),
    contact: jsonb("contact").$type<StoredContact>().notNull(),
    answers: jsonb("answers").$type<Record<string, unknown>>().notNull().default({}),
    /** The calendar's attached form the answers were given to, and its version; null with its own questions. */
    formId: uuid("form_id"),
    formVersion: integer("form_version"),
    /** The booker's contact (schema-contacts.ts), made or matched by their email when booking. */
    contactId: uuid("contact_id"),
    oneTimeLinkId: uuid("one_time_link_id"),
    classSessionId: uuid("class_session_id"),
    priceCents: integer("price_cents").notNull().default(0),
    depositCents: integer("deposit_cents").notNull().default(0),
    currency: text("currency").notNull(),
    /** SHA-256 (hex) of the manage token; the token itself is never stored. */
    manageTokenHash: text("manage_token_hash").notNull(),
    /** RFC 5545 SEQUENCE: grows on every change. */
    sequence: integer("sequence").notNull().default(0),
    previousStartsAt: timestamp("previous_starts_at", { withTimezone: true }),
    cancelReason: text("cancel_reason"),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    /**
     * Bookings awaiting payment (status pending_payment): they hold their time until this instant;
     * the engine stops counting them then and the expiry sweep cancels them (payment_expired).
     */
    paymentDueAt: timestamp("payment_due_at", { withTimezone: true }),
    /** When its person's data (contact, guests, answers) was erased (src/app/privacy); null while kept. */
    personalDataErasedAt: timestamp("personal_data_erased_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.businessId] }),
    businessForeignKey("bookings_calendar_id_calendars_id_fk", [t.calendarId, t.businessId], calendars, "cascade"),
    businessForeignKey("bookings_staff_id_staff_id_fk", [t.staffId, t.businessId], staff),
    businessForeignKey("bookings_contact_id_contacts_id_fk", [t.contactId, t.businessId], contacts, "set null"),
    index("bookings_calendar_start_idx").on(t.calendarId, t.startsAt),
    index("bookings_series_idx").on(t.seriesId),
    index("bookings_contact_idx").on(t.contactId),
    check("bookings_status_check", sql`${t.status} in ('new', 'confirmed', 'cancelled', 'pending_payment')`),
    index("bookings_payment_due_idx")
      .on(t.paymentDueAt)
      .where(sql`${t.status} = 'pending_payment'`),
    check("bookings_time_check", sql`${t.endsAt} > ${t.startsAt}`),
    check("bookings_seats_check", sql`${t.seats} >= 1`),
  ],
);

export const classSessions = pgTable(
  "class_sessions",
  {
    id: uuid("id").notNull().defaultRandom(),
    businessId: businessId(),
    calendarId: uuid("calendar_id").notNull(),
    staffId: uuid("staff_id").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    seatsTotal: integer("seats_total").notNull(),
    seatsTaken: integer("seats_taken").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.businessId] }),
    businessForeignKey(
      "class_sessions_calendar_id_calendars_id_fk",
      [t.calendarId, t.businessId],
      calendars,
      "cascade",
    ),
    businessForeignKey("class_sessions_staff_id_staff_id_fk", [t.staffId, t.businessId], staff),
    uniqueIndex("class_sessions_calendar_start_uq").on(t.calendarId, t.startsAt, t.businessId),
    check("class_sessions_seats_check", sql`${t.seatsTaken} >= 0 and ${t.seatsTaken} <= ${t.seatsTotal}`),
  ],
);

export const holds = pgTable(
  "holds",
  {
    id: uuid("id").notNull().defaultRandom(),
    businessId: businessId(),
    calendarId: uuid("calendar_id").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    staffIds: uuid("staff_ids").array().notNull(),
    serviceIds: uuid("service_ids")
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    seats: integer("seats").notNull().default(1),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.businessId] }),
    businessForeignKey("holds_calendar_id_calendars_id_fk", [t.calendarId, t.businessId], calendars, "cascade"),
    index("holds_expires_idx").on(t.expiresAt),
  ],
);

/**
 * Per-staff occupancy. Exactly one owner: a booking, a class session or a hold. `blocked` is the
 * appointment widened by its buffers; `active` is false for cancelled bookings and for requests
 * that do not block (calendar setting unconfirmedBlocks = false).
 */
export const bookingItems = pgTable(
  "booking_items",
  {
    id: uuid("id").notNull().defaultRandom(),
    businessId: businessId(),
    bookingId: uuid("booking_id"),
    classSessionId: uuid("class_session_id"),
    holdId: uuid("hold_id"),
    /** Holds only: the item stops counting at this instant (and is deleted lazily). */
    holdExpiresAt: timestamp("hold_expires_at", { withTimezone: true }),
    staffId: uuid("staff_id").notNull(),
    serviceId: uuid("service_id"),
    blocked: tstzrange("blocked").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    active: boolean("active").notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.businessId] }),
    businessForeignKey("booking_items_booking_id_bookings_id_fk", [t.bookingId, t.businessId], bookings, "cascade"),
    businessForeignKey(
      "booking_items_class_session_id_class_sessions_id_fk",
      [t.classSessionId, t.businessId],
      classSessions,
      "cascade",
    ),
    businessForeignKey("booking_items_hold_id_holds_id_fk", [t.holdId, t.businessId], holds, "cascade"),
    businessForeignKey("booking_items_staff_id_staff_id_fk", [t.staffId, t.businessId], staff),
    index("booking_items_booking_idx").on(t.bookingId),
    index("booking_items_session_idx").on(t.classSessionId),
    index("booking_items_hold_idx").on(t.holdId),
    check("booking_items_owner_check", sql`num_nonnulls(${t.bookingId}, ${t.classSessionId}, ${t.holdId}) = 1`),
    check(
      "booking_items_span_check",
      sql`${t.endsAt} > ${t.startsAt} and lower(${t.blocked}) <= ${t.startsAt} and upper(${t.blocked}) >= ${t.endsAt}`,
    ),
  ],
);

/**
 * Idempotency keys of POST endpoints, kept at least 24 hours. A row without a response is a
 * request in flight; an in-flight row older than a few minutes belongs to a crashed request.
 * A key is the business's (ADR 0057): stored in the booking's own statement, so on the booking's
 * shard, and keyed `(endpoint, key, business_id)` — the same key sent to two businesses is two keys.
 * A refusal made before any calendar (so any business) was known is not stored (public-api.ts).
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    endpoint: text("endpoint").notNull(),
    key: text("key").notNull(),
    businessId: businessId(),
    requestHash: text("request_hash").notNull(),
    statusCode: integer("status_code"),
    response: jsonb("response").$type<unknown>(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.endpoint, t.key, t.businessId] }),
    index("idempotency_keys_created_idx").on(t.createdAt),
  ],
);

/** authorized: the money is held, not taken (appointment requests: taken when the business confirms). */
export const PAYMENT_STATUSES = [
  "pending",
  "requires_action",
  "authorized",
  "succeeded",
  "failed",
  "refunded",
  "canceled",
] as const;
export type PaymentRowStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * Money asked for a booking, one row per attempt at the provider (a PaymentIntent). Kept when its
 * booking goes (the booking reference becomes null): a payment is a record of money, not a detail of
 * a booking. `amount_minor` and `refunded_minor` are in the currency's minor units (JPY none, KWD three).
 */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").notNull().defaultRandom(),
    businessId: businessId(),
    bookingId: uuid("booking_id"),
    provider: text("provider").$type<"test" | "stripe">().notNull(),
    /** The provider's id of the payment (Stripe: the PaymentIntent id). */
    providerRef: text("provider_ref").notNull(),
    /**
     * Whose account holds the money: the server's (STRIPE_SECRET_KEY, or the test provider) or the
     * business's own Stripe account. Refunds, captures and cancels go to that account.
     */
    account: text("account").$type<"server" | "business">().notNull().default("server"),
    kind: text("kind").$type<"full" | "deposit">().notNull(),
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").notNull(),
    status: text("status").$type<PaymentRowStatus>().notNull(),
    /** Why the last attempt failed (the provider's decline code). */
    failureCode: text("failure_code"),
    refundedMinor: integer("refunded_minor").notNull().default(0),
    /**
     * What should have been given back by now (a cancellation's refund by policy, a business's
     * refund). Written in the same transaction as the cancellation; a refund the provider has not yet
     * confirmed leaves `refunded_minor` below it, and the sweep tries again — money owed back is
     * never forgotten.
     */
    refundDueMinor: integer("refund_due_minor").notNull().default(0),
    /** SHA-256 of the secret the visitor's page confirms the payment with; the secret is never stored. */
    clientSecretHash: text("client_secret_hash").notNull(),
    /** The booking's status once paid: confirmed, or new for an appointment request. */
    confirmsAs: text("confirms_as").$type<"confirmed" | "new">().notNull(),
    /**
     * The visitor's confirmation, prepared (and sealed) when the booking was made — it carries the
     * manage links, whose token exists in clear only then — and put in the outbox once paid.
     */
    notification: jsonb("notification").$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.businessId] }),
    businessForeignKey("payments_booking_id_bookings_id_fk", [t.bookingId, t.businessId], bookings, "set null"),
    // Found by the provider's reference from its webhook, before the business is known (ADR 0057, as a secret).
    uniqueIndex("payments_provider_ref_uq").on(t.provider, t.providerRef, t.businessId),
    index("payments_booking_idx").on(t.bookingId),
    check(
      "payments_amount_check",
      sql`${t.amountMinor} > 0 and ${t.refundedMinor} between 0 and ${t.amountMinor} and ${t.refundDueMinor} between 0 and ${t.amountMinor}`,
    ),
    index("payments_refund_due_idx")
      .on(t.id)
      .where(sql`${t.refundDueMinor} > ${t.refundedMinor}`),
    check(
      "payments_status_check",
      sql`${t.status} in ('pending', 'requires_action', 'authorized', 'succeeded', 'failed', 'refunded', 'canceled')`,
    ),
  ],
);

/**
 * What the business API answers, as zod schemas: its routes' definitions document them, and the
 * suite checks every answer against them (api-router.ts).
 */
import { z } from "@hono/zod-openapi";
import { CALENDAR_TYPES } from "../../../core/calendar/calendar.ts";
import { LOCATION_KINDS } from "../../../core/calendar/location.ts";
import { THEMES } from "../../../core/shared/brand-colour.ts";
import { CalendarSettingsSchema, DateOverridesSchema, DepositSchema, WeeklyHoursSchema } from "./input-schemas.ts";
import { AddOnOutSchema, StaffTermsOutSchema, variationOutSchema } from "../service-offer-schemas.ts";

export const instant = z.string().meta({ description: "ISO 8601, UTC" });
export const BusinessSchema = z
  .object({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    timeZone: z.string(),
    locale: z.string(),
    currency: z.string(),
    hostnames: z.array(z.string()),
    embedOrigins: z.array(z.string()),
    personalDataRetentionDays: z.number().int().nullable(),
    logoUrl: z.string().nullable().meta({ description: "An uploaded image's url (`/images/<id>`), or none" }),
    brandColour: z.string().nullable().meta({ description: "`#rrggbb`, or none (the product's own accent)" }),
    theme: z.enum(THEMES),
    createdAt: instant,
  })
  .openapi("Business");
export const ApiKeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    prefix: z.string(),
    createdAt: instant,
    revokedAt: instant.nullable(),
  })
  .openapi("ApiKey");
export const ApiKeyCreatedSchema = z
  .object({
    key: z.string().meta({ description: "Shown once: store it now; only its hash is kept" }),
    apiKey: ApiKeySchema,
  })
  .openapi("ApiKeyCreated");
const LocationOutSchema = z
  .object({ kind: z.enum(LOCATION_KINDS), value: z.string() })
  .nullable()
  .meta({ description: "Where it takes place, over the calendar's; null: the calendar's" });
export const StaffSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    photoUrl: z.string().nullable(),
    timeZone: z.string(),
    weeklyHours: WeeklyHoursSchema,
    dateOverrides: DateOverridesSchema,
    location: LocationOutSchema,
    createdAt: instant,
  })
  .openapi("Staff");
export const TimeOffSchema = z
  .object({
    id: z.string(),
    staffId: z.string(),
    startsAt: instant,
    endsAt: instant,
    reason: z.string().nullable(),
  })
  .openapi("TimeOff");
export const ServiceSchema = z
  .object({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    description: z.string(),
    category: z.string(),
    durationMinutes: z.number(),
    priceCents: z.number(),
    deposit: DepositSchema.nullable(),
    maxGuestsPerSlot: z.number(),
    staffIds: z.array(z.string()),
    isPrivate: z.boolean().meta({
      description:
        "Private: left out of service menus and the calendar's service list; bookable only by its direct link",
    }),
    location: LocationOutSchema,
    variations: z.array(variationOutSchema(DepositSchema.nullable())),
    addOns: z.array(AddOnOutSchema),
    staffTerms: z.array(StaffTermsOutSchema),
    createdAt: instant,
  })
  .openapi("Service");
export const GroupSchema = z
  .object({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    description: z.string(),
    isActive: z.boolean(),
    calendarIds: z.array(z.string()),
    url: z.string(),
    createdAt: instant,
  })
  .openapi("Group");
export const CalendarSchema = z
  .object({
    id: z.string(),
    slug: z.string(),
    type: z.enum(CALENDAR_TYPES),
    name: z.string(),
    description: z.string(),
    groupId: z.string().nullable(),
    formId: z
      .string()
      .nullable()
      .meta({ description: "The attached form asked when booking; null: settings.questions" }),
    isActive: z.boolean(),
    isPrivate: z
      .boolean()
      .meta({ description: "Private: left out of the index, groups and team pages; bookable only by its direct link" }),
    position: z.number(),
    // The settings as stored (CalendarSettings): the daily limits, seats and payment mode may be absent.
    settings: CalendarSettingsSchema.required()
      .partial({
        maxBookingsPerDay: true,
        maxBookingsPerDayPerStaff: true,
        seatsPerSlot: true,
        displayAvailableSeats: true,
        payment: true,
        fullRefundHoursBefore: true,
        reminders: true,
        lookBusyPercent: true,
        requireGuests: true,
        recurring: true,
      })
      // As stored: a location saved before its value was checked (ADR 0044) is still answered.
      .extend({ location: LocationOutSchema }),
    members: z.array(z.object({ staffId: z.string(), priority: z.number(), isPrimary: z.boolean() })),
    serviceIds: z.array(z.string()),
    url: z.string().meta({ description: "The public booking page" }),
    createdAt: instant,
  })
  .openapi("Calendar");
export const ServiceMenuSchema = z
  .object({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    description: z.string(),
    calendarId: z.string(),
    serviceIds: z.array(z.string()),
    url: z.string(),
    createdAt: instant,
  })
  .openapi("ServiceMenu");
export const OneTimeLinkSchema = z
  .object({
    id: z.string(),
    calendarId: z.string(),
    state: z.enum(["active", "used", "revoked", "expired"]),
    expiresAt: instant.nullable(),
    usedAt: instant.nullable(),
    revokedAt: instant.nullable(),
    createdAt: instant,
  })
  .openapi("OneTimeLink");
/** Only the answer that makes a link carries its slug: the slug is stored hashed and never shown again. */
export const CreatedOneTimeLinkSchema = OneTimeLinkSchema.extend({
  slug: z.string(),
  url: z.string().meta({
    description: "The public URL to share; works for the first booking only. Shown only here: copy it now",
  }),
}).openapi("CreatedOneTimeLink");
export const BusinessBookingSchema = z
  .object({
    id: z.string(),
    status: z.enum(["new", "confirmed", "cancelled", "pending_payment"]).meta({
      description: "pending_payment: made, holding its time, waiting for the visitor's payment",
    }),
    calendarId: z.string(),
    startTime: instant,
    endTime: instant,
    timeZone: z.string(),
    staffId: z.string(),
    staffIds: z.array(z.string()),
    serviceIds: z.array(z.string()),
    serviceLines: z.array(z.array(z.string())).meta({
      description:
        "Service calendars: each attendee's services by name, the booker first, then the guests in order; one line when all have the same. Empty for other calendars",
    }),
    seats: z.number(),
    guests: z.array(z.object({ name: z.string(), email: z.string().nullable() })),
    contact: z.object({
      firstName: z.string(),
      lastName: z.string(),
      email: z.string(),
      phone: z.string().nullable(),
      notes: z.string().nullable(),
    }),
    answers: z.record(z.string(), z.unknown()),
    form: z.object({ id: z.string(), version: z.int() }).nullable().meta({
      description:
        "The attached form answered, and its version (`/forms/{id}/versions/{version}`); null: the calendar's questions",
    }),
    answerLines: z
      .array(z.object({ label: z.string(), value: z.string() }))
      .meta({ description: "The answers under their labels, in the business's language" }),
    resources: z
      .array(z.string())
      .meta({ description: 'The rooms and equipment it holds, named as the visitor sees them ("Room 2")' }),
    contactId: z.string().nullable().meta({ description: "The booker's contact (`/contacts/{id}`); null once erased" }),
    personalDataErasedAt: instant.nullable().meta({
      description: "When the person's contact, guests and answers were erased (then empty); null while kept",
    }),
    priceCents: z.number(),
    depositCents: z.number(),
    currency: z.string(),
    seriesId: z.string().nullable(),
    previousStartTime: instant.nullable(),
    cancelReason: z.string().nullable(),
    createdAt: instant,
  })
  .openapi("BusinessBooking");

export const PaymentSchema = z
  .object({
    id: z.string(),
    provider: z.enum(["test", "stripe"]),
    kind: z.enum(["full", "deposit"]),
    status: z.string(),
    amountMinor: z.number().int(),
    currency: z.string(),
    refundedMinor: z.number().int().meta({ description: "Refunds the provider confirmed" }),
    refundDueMinor: z.number().int().meta({ description: "Refunds recorded; above refundedMinor until confirmed" }),
    createdAt: z.string(),
  })
  .openapi("Payment");

/**
 * What the business API takes, as zod schemas: its routes' definitions validate with them (field-
 * level errors, unknown fields refused so a typo is not silently ignored) and document them.
 * Declarations only, one entity after another.
 */
import { RETENTION_DAYS } from "../../../core/privacy/personal-data.ts";
import { z } from "@hono/zod-openapi";
import { CALENDAR_TYPES } from "../../../core/calendar/calendar.ts";
import {
  LOCATION_KINDS,
  locationProblem,
  MAX_LOCATION_LENGTH,
  type LocationProblem,
} from "../../../core/calendar/location.ts";
import { MAX_LOOK_BUSY_PERCENT } from "../../../core/availability/look-busy.ts";
import { intervalProblems } from "../../../core/calendar/interval-rules.ts";
import { MAX_CLASS_SEATS } from "../../../core/calendar/calendar-setup.ts";
import { MAX_REMINDER_MINUTES, MAX_REMINDERS } from "../../../core/notifications/reminders.ts";
import { PAYMENT_MODES } from "../../../core/payments/payment-plan.ts";
import { isValidTimeZone, parseTimeOfDay } from "../../../core/shared/time.ts";
import { IsoDateTimeSchema as isoDateTime, LocalDateSchema, MinorUnitsSchema } from "../../http/input-bounds.ts";
import { LOCALE_CODES } from "../../../i18n/locales.ts";
import { isImageReference } from "../../../core/content/images.ts";
import { BRAND_COLOUR_FORMAT, THEMES } from "../../../core/shared/brand-colour.ts";

const CURRENCIES = new Set(Intl.supportedValuesOf("currency"));

export { LocalDateSchema };
const id = z.string().min(1).max(64);
export const name = z.string().trim().min(1, "must not be empty").max(200);
const description = z.string().max(5000);

const LOCATION_MESSAGES: Record<LocationProblem, string> = {
  LOCATION_ADDRESS_REQUIRED: "expected the address as text",
  LOCATION_PHONE_INVALID: "expected a phone number such as +44 20 7946 0958 (6 to 20 digits)",
  LOCATION_VIDEO_LINK_INVALID: "expected an https link such as https://meet.example.com/room",
};
/** Where it takes place (ADR 0044): checked by the core's rules, the message at `value`. */
export const LocationSchema = z
  .strictObject({
    kind: z.enum(LOCATION_KINDS).meta({
      description:
        "physical: an address; phone: a number the visitor calls; video: an https link; ask_booker: the visitor types their own (required)",
    }),
    value: z.string().trim().max(MAX_LOCATION_LENGTH).default(""),
  })
  .superRefine((location, ctx) => {
    const code = locationProblem(location);
    if (code) ctx.addIssue({ code: "custom", message: LOCATION_MESSAGES[code], path: ["value"], params: { code } });
  })
  .meta({ description: "Where it takes place; null: the calendar's (a staff member's wins over a service's)" });
export const SlugSchema = z
  .string()
  .min(1, "must not be empty")
  .max(80)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "expected lowercase letters, digits and single hyphens, e.g. intro-call")
  .meta({ description: "Unique per business and kind of resource" });
export const TimeZoneSchema = z
  .string()
  .max(64)
  .refine(isValidTimeZone, "expected an IANA time zone such as Europe/Paris")
  .meta({ description: "IANA time zone, e.g. Europe/Paris" });
export const LocaleSchema = z.enum(LOCALE_CODES as unknown as [string, ...string[]], {
  error: `expected one of ${LOCALE_CODES.join(", ")}`,
});
export const CurrencySchema = z
  .string()
  .refine((c) => CURRENCIES.has(c), "expected an ISO 4217 currency code such as EUR")
  .meta({ description: "ISO 4217 code, e.g. EUR" });
const minutes = (max: number) => z.number().int("expected whole minutes").min(0).max(max);

const time = z
  .string()
  .regex(/^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/, "expected a time HH:MM (24-hour clock, 24:00 = midnight)");
export const IntervalSchema = z
  .strictObject({ start: time, end: time })
  .refine((i) => (parseTimeOfDay(i.start) ?? 0) < (parseTimeOfDay(i.end) ?? 0), {
    message: "the end must be after the start",
    path: ["end"],
  });
const intervals = z
  .array(IntervalSchema)
  .max(24)
  .superRefine((list, ctx) => {
    // The end-after-start rule is IntervalSchema's (on the field "end"); overlaps belong to the list.
    for (const problem of intervalProblems(list))
      if (problem.kind === "overlap")
        ctx.addIssue({ code: "custom", message: "intervals must not overlap", path: [problem.index] });
  });
const weekday = z.enum(["1", "2", "3", "4", "5", "6", "7"]);
export const WeeklyHoursSchema = z
  .partialRecord(weekday, intervals)
  .meta({
    description: "ISO weekday 1 (Monday) … 7 (Sunday) → intervals in the staff member's zone; gaps are breaks",
    example: {
      "1": [
        { start: "09:00", end: "12:00" },
        { start: "13:00", end: "17:00" },
      ],
    },
  })
  .openapi("WeeklyHours");
export const DateOverridesSchema = z
  .record(LocalDateSchema, intervals)
  .meta({ description: "Local date → intervals replacing the weekly hours; [] = day off" })
  .openapi("DateOverrides");

export const DepositSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("amount"), amountCents: MinorUnitsSchema }),
  z.strictObject({ kind: z.literal("percentage"), percent: z.number().min(0).max(100) }),
]);

const BookingWindowSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("rolling_days"), days: z.number().int().min(1).max(3650) }),
  z.strictObject({ kind: z.literal("rolling_available_days"), days: z.number().int().min(1).max(3650) }),
  z.strictObject({ kind: z.literal("date_range"), start: LocalDateSchema, end: LocalDateSchema }),
]);

const QuestionSchema = z
  .strictObject({
    id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "expected letters, digits, _ or -"),
    label: name,
    kind: z.enum(["text", "textarea", "select", "checkbox"]),
    required: z.boolean().default(false),
    options: z.array(z.string().min(1).max(200)).max(50).optional(),
  })
  .refine(
    (q) => (q.kind === "select" || q.kind === "checkbox" ? (q.options?.length ?? 0) > 0 : q.options === undefined),
    {
      message: "select and checkbox questions need options; others take none",
      path: ["options"],
    },
  );

/** Every booking rule of a calendar (CalendarSettings); all optional: defaults or the stored values fill the rest. */
export const CalendarSettingsSchema = z
  .strictObject({
    durationMinutes: z
      .number()
      .int()
      .min(5)
      .max(24 * 60),
    slotIntervalMinutes: z
      .number()
      .int()
      .min(5)
      .max(24 * 60),
    bufferBeforeMinutes: minutes(24 * 60),
    bufferAfterMinutes: minutes(24 * 60),
    minimumNoticeMinutes: minutes(365 * 24 * 60),
    bookingWindow: BookingWindowSchema,
    maxBookingsPerDay: z.number().int().min(1).max(10_000).nullable(),
    maxBookingsPerDayPerStaff: z.number().int().min(1).max(10_000).nullable(),
    seatsPerSlot: z
      .number()
      .int()
      .min(1)
      .max(MAX_CLASS_SEATS)
      .nullable()
      .meta({ description: "Class calendars: seats per class" }),
    displayAvailableSeats: z.boolean().meta({
      description:
        "Class calendars: show visitors the seats left at each class and full classes as full (only when seatsPerSlot > 1; default true)",
    }),
    autoConfirm: z
      .boolean()
      .meta({ description: "false: bookings are requests (status new) the business confirms or declines" }),
    unconfirmedBlocks: z.boolean().meta({ description: "Whether requests block their time until decided" }),
    allowReschedule: z.boolean(),
    allowCancel: z.boolean(),
    changeCutoffMinutes: minutes(365 * 24 * 60)
      .nullable()
      .meta({ description: "Visitors cannot reschedule or cancel later than this before the start; null = any time" }),
    guestMode: z.enum(["none", "count_only", "collect_detail"]),
    priceCents: MinorUnitsSchema,
    deposit: DepositSchema.nullable(),
    payment: z.enum(PAYMENT_MODES).meta({
      description:
        "Online payment before the booking is confirmed: none, the full price, or the deposit (the rest is paid to the business later)",
    }),
    fullRefundHoursBefore: z
      .number()
      .int()
      .min(0)
      .max(365 * 24)
      .nullable()
      .meta({
        description:
          "A visitor cancelling until this many hours before the start gets all money back; later the deposit is kept. null: always all back",
      }),
    location: LocationSchema.nullable(),
    reminders: z
      .strictObject({
        beforeMinutes: z.array(minutes(MAX_REMINDER_MINUTES).min(5)).max(MAX_REMINDERS),
        followUpAfterMinutes: minutes(MAX_REMINDER_MINUTES).nullable(),
        sms: z.boolean().optional(),
      })
      .meta({
        description:
          "Reminder emails to the visitor and guests this many minutes before the start (e.g. [1440, 60]), and a follow-up this many minutes after the end (null: none); sms: each reminder also as a text message to a visitor who gave a phone number",
      }),
    questions: z.array(QuestionSchema).max(50),
    roundRobinMode: z.enum(["availability", "equal_distribution"]),
    lookBusyPercent: z.number().int().min(0).max(MAX_LOOK_BUSY_PERCENT).meta({
      description:
        "Look Busy: the percentage of free starts hidden from visitors, the same ones on every load for a given day, never a day's last free start (0: off; not for class or service calendars)",
    }),
    requireGuests: z.boolean().meta({
      description:
        "Require guests for booking: a booking needs at least one additional guest (personal, round-robin and collective calendars with a guestMode other than none)",
    }),
    recurring: z
      .strictObject({
        frequencies: z
          .array(
            z.union([
              z.enum(["daily", "weekly", "monthly"]),
              z.strictObject({
                frequency: z.enum(["daily", "weekly", "monthly"]),
                interval: z.number().int().min(1).max(4),
              }),
            ]),
          )
          .min(1),
        maxCount: z.number().int().min(2).max(24),
        policy: z.enum(["skip", "book_next", "continue"]),
      })
      .nullable()
      .meta({
        description:
          "Enable recurring (issue 17): the widget lets visitors repeat a booking with one of `frequencies` (`weekly`, or `{frequency: weekly, interval: 2}` for every 2 weeks; interval 1–4), up to `maxCount` times in all; an occurrence whose time is taken is skipped, moved to the next free start among the next 3 (book_next), or kept as a request for you to confirm (continue). Not offered on service calendars, paid calendars, or round robin without a chosen member. null: off",
      }),
  })
  .partial();

export const MemberSchema = z.strictObject({
  staffId: id,
  priority: z
    .union([z.literal(0), z.literal(0.5), z.literal(1)])
    .default(0.5)
    .meta({ description: "Round robin: members with higher priority are preferred" }),
  isPrimary: z
    .boolean()
    .default(false)
    .meta({ description: "Collective: the appointment owner (default: the first member)" }),
});

// ---- Requests -------------------------------------------------------------------------------------

/** A DNS host name, lower-cased; no port, no scheme (`book.example.com`, `localhost`). */
export const HostnameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(
    /^(?=[a-z0-9])[a-z0-9-]{1,63}(?<!-)(\.(?=[a-z0-9])[a-z0-9-]{1,63}(?<!-))*$/,
    "expected a host name such as book.example.com (no scheme, no port)",
  );

/**
 * A site's origin as `frame-ancestors` takes it: scheme, host and port, nothing else. A pasted page
 * address is refused rather than cut down, so nobody allows a whole site believing they allowed a page.
 */
export const OriginSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(300)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === "https:" || url.protocol === "http:") && url.origin === value;
    } catch {
      return false;
    }
  }, "expected an origin such as https://www.example.com (scheme and host, no path)");

export const BusinessPatchSchema = z
  .strictObject({
    name: name.optional(),
    timeZone: TimeZoneSchema.optional(),
    locale: LocaleSchema.optional(),
    currency: CurrencySchema.optional(),
    hostnames: z
      .array(HostnameSchema)
      .max(20)
      .optional()
      .meta({ description: "Host names whose pages show this business (replaces the list); unique across businesses" }),
    embedOrigins: z.array(OriginSchema).max(20).optional().meta({
      description:
        "Origins of your own sites allowed to embed the widget (`https://www.example.com`; replaces the list). Empty: any site may.",
    }),
    personalDataRetentionDays: z
      .number()
      .int()
      .min(RETENTION_DAYS.min)
      .max(RETENTION_DAYS.max)
      .nullable()
      .optional()
      .meta({
        description:
          "Days after a booking ends (a form is submitted) that the person's data is kept, then erased; null keeps it until erased on request",
      }),
    logoUrl: z
      .string()
      .max(200)
      .refine(isImageReference, "expected one of the business's uploaded images (/images/<id>)")
      .nullable()
      .optional()
      .meta({
        description:
          "Logo on its pages, widget and emails: an uploaded image's url (`/images/<id>`, POST /images); null removes it",
      }),
    brandColour: z
      .string()
      .regex(BRAND_COLOUR_FORMAT, "expected a hex colour such as #1d4ed8")
      .nullable()
      .optional()
      .meta({
        description: "Brand colour (`#rrggbb` or `#rgb`), made readable where it colours text; null: the product's own",
      }),
    theme: z
      .enum(THEMES)
      .optional()
      .meta({ description: "Light or dark pages and widget, unless an embed asks otherwise" }),
  })
  .openapi("BusinessPatch");

export const ApiKeyCreateSchema = z.strictObject({ name: name.default("API key") }).openapi("ApiKeyCreate");

const staffFields = {
  name,
  email: z.email("expected an email address").max(254),
  photoUrl: z
    .url({ protocol: /^https?$/, error: "expected an http(s) URL" })
    .max(2000)
    .nullable()
    .optional(),
  timeZone: TimeZoneSchema,
  weeklyHours: WeeklyHoursSchema.optional(),
  dateOverrides: DateOverridesSchema.optional(),
  location: LocationSchema.nullable().optional(),
};
export const StaffCreateSchema = z.strictObject(staffFields).openapi("StaffCreate");
export const StaffPatchSchema = z.strictObject(staffFields).partial().openapi("StaffPatch");
export const DateHoursSchema = z
  .strictObject({ intervals: intervals.meta({ description: "[] = day off" }) })
  .openapi("DateHours");
export const TimeOffCreateSchema = z
  .strictObject({ startsAt: isoDateTime, endsAt: isoDateTime, reason: z.string().max(500).nullable().optional() })
  .refine((v) => Date.parse(v.endsAt) > Date.parse(v.startsAt), {
    message: "the end must be after the start",
    path: ["endsAt"],
  })
  .openapi("TimeOffCreate");

const serviceFields = {
  slug: SlugSchema,
  name,
  description: description.optional(),
  category: z.string().max(100).optional(),
  durationMinutes: z
    .number()
    .int()
    .min(5)
    .max(24 * 60),
  priceCents: MinorUnitsSchema.optional(),
  deposit: DepositSchema.nullable().optional(),
  maxGuestsPerSlot: z
    .number()
    .int()
    .min(1)
    .max(100)
    .optional()
    .meta({ description: "Most guests one slot may take for this service" }),
  staffIds: z.array(id).max(200).optional().meta({ description: "Staff who provide the service" }),
  isPrivate: z.boolean().optional().meta({
    description:
      "Private: left out of service menus and the calendar's service list; bookable only by its direct link (default false)",
  }),
  location: LocationSchema.nullable().optional(),
};
const offerFields = {
  variations: z
    .array(
      z.strictObject({
        id: id.optional().meta({ description: "An existing variation to change; without it, one is added" }),
        name,
        durationMinutes: minutes(24 * 60).min(5),
        priceMinor: MinorUnitsSchema.optional(),
        deposit: DepositSchema.nullable().optional().meta({ description: "null: the service's deposit rule" }),
        bufferBeforeMinutes: minutes(240).nullable().optional(),
        bufferAfterMinutes: minutes(240).nullable().optional(),
      }),
    )
    .max(50)
    .optional()
    .meta({
      description:
        "Replaces the service's variations (e.g. Short / Long, each with its own duration, price, deposit and buffers); when any exist, the visitor must pick one. Left out: removed (past bookings keep theirs)",
    }),
  addOns: z
    .array(
      z.strictObject({
        id: id.optional(),
        name,
        durationMinutes: minutes(24 * 60).optional(),
        priceMinor: MinorUnitsSchema.optional(),
        maxQuantity: z
          .number()
          .int()
          .min(1)
          .max(20)
          .optional()
          .meta({ description: "Most one visitor may take (default 1)" }),
      }),
    )
    .max(50)
    .optional()
    .meta({ description: "Replaces the service's optional extras, each adding its duration and price per unit" }),
  staffTerms: z
    .array(
      z.strictObject({
        staffId: id,
        variationId: id.nullable().meta({ description: "null: the whole service" }),
        variationIndex: z.number().int().min(0).max(49).optional().meta({
          description:
            "A variation this same request adds (its position in `variations`, which has no id yet); variationId must then be null",
        }),
        durationMinutes: minutes(24 * 60)
          .min(5)
          .nullable(),
        priceMinor: MinorUnitsSchema.nullable(),
      }),
    )
    .max(200)
    .optional()
    .meta({ description: "Replaces the staff members' own duration or price (null keeps the variation's)" }),
};
export const ServiceCreateSchema = z.strictObject({ ...serviceFields, ...offerFields }).openapi("ServiceCreate");
export const ServicePatchSchema = z
  .strictObject({ ...serviceFields, ...offerFields })
  .partial()
  .openapi("ServicePatch");

const groupFields = { slug: SlugSchema, name, description: description.optional(), isActive: z.boolean().optional() };
export const GroupCreateSchema = z.strictObject(groupFields).openapi("GroupCreate");
export const GroupPatchSchema = z.strictObject(groupFields).partial().openapi("GroupPatch");

const calendarFields = {
  slug: SlugSchema,
  name,
  description: description.optional(),
  groupId: id.nullable().optional(),
  formId: id.nullable().optional().meta({
    description:
      "A form of the business (not a survey, no file fields) asked on the booking's details step instead of settings.questions; null detaches it",
  }),
  isActive: z.boolean().optional(),
  isPrivate: z.boolean().optional().meta({
    description:
      "Private: left out of the index, groups and team pages; bookable only by its direct link (default false)",
  }),
  position: z.number().int().min(0).max(10_000).optional(),
  settings: CalendarSettingsSchema.optional(),
  members: z.array(MemberSchema).max(100).optional(),
  serviceIds: z
    .array(id)
    .max(200)
    .optional()
    .meta({ description: "Service calendars only: the services it offers, in order" }),
};
export const CalendarCreateSchema = z
  .strictObject({ ...calendarFields, type: z.enum(CALENDAR_TYPES) })
  .openapi("CalendarCreate");
export const CalendarPatchSchema = z.strictObject(calendarFields).partial().openapi("CalendarPatch");
export const MembersBodySchema = z.strictObject({ members: z.array(MemberSchema).max(100) }).openapi("MembersBody");
export const ServiceIdsBodySchema = z.strictObject({ serviceIds: z.array(id).max(200) }).openapi("ServiceIdsBody");

const menuFields = {
  slug: SlugSchema,
  name,
  description: description.optional(),
  calendarId: id.meta({ description: "The service calendar whose rules apply" }),
  serviceIds: z.array(id).max(200).optional(),
};
export const ServiceMenuCreateSchema = z.strictObject(menuFields).openapi("ServiceMenuCreate");
export const ServiceMenuPatchSchema = z.strictObject(menuFields).partial().openapi("ServiceMenuPatch");

export const OneTimeLinkCreateSchema = z
  .strictObject({ calendarId: id, expiresAt: isoDateTime.nullable().optional() })
  .openapi("OneTimeLinkCreate");
export const OneTimeLinkQuerySchema = z.object({ calendarId: id.optional() });
export const CalendarQuerySchema = z.object({ type: z.enum(CALENDAR_TYPES).optional(), groupId: id.optional() });

const dateOrInstant = z
  .union([LocalDateSchema, isoDateTime])
  .meta({ description: "A date YYYY-MM-DD in the business's zone, or an ISO date-time" });
export const BookingsQuerySchema = z.object({
  from: dateOrInstant,
  to: dateOrInstant.meta({ description: "Exclusive for a date-time; a date includes that whole day" }),
  status: z
    .string()
    .transform((v) =>
      v
        .split(",")
        .map((s) => s.trim())
        .filter((s) => s !== ""),
    )
    .pipe(z.array(z.enum(["new", "confirmed", "cancelled", "pending_payment"])))
    .optional()
    .meta({ description: "Comma-separated: new, confirmed, cancelled, pending_payment" }),
  calendarId: id.optional(),
  staffId: id.optional().meta({ description: "Only the bookings this staff member serves" }),
  limit: z.coerce.number().int().min(1).max(1000).default(500),
});

export const ReasonBodySchema = z
  .strictObject({ reason: z.string().max(1000).nullable().optional() })
  .openapi("ReasonBody");
export const RescheduleBodySchema = z
  .strictObject({ startTime: isoDateTime, timezone: TimeZoneSchema })
  .openapi("RescheduleBody");

export const RefundBodySchema = z.strictObject({
  amountMinor: MinorUnitsSchema.refine((n) => n > 0, "expected a positive amount")
    .optional()
    .meta({ description: "How much more to give back, minor units; omitted: everything not yet refunded" }),
});

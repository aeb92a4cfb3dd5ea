/**
 * The public booking API's inputs and outputs as zod schemas: the routes' definitions
 * (public-api-routes.ts) validate with them and document them. A schema named with `.openapi()` is
 * a component of the document. Declarations only, one route's shapes after another.
 */
import { LOCATION_KINDS } from "../../core/calendar/location.ts";
import { z } from "@hono/zod-openapi";
import { IsoDateTimeSchema as isoDateTime, LocalDateSchema as localDate } from "../http/input-bounds.ts";
import { AddOnOutSchema, StaffTermsOutSchema, variationOutSchema } from "./service-offer-schemas.ts";

const zone = z.string().min(1).max(64).meta({ description: "IANA time zone, e.g. Europe/Berlin" });
const id = z.string().min(1).max(64);
const serviceIdList = z
  .string()
  .max(2000)
  .transform((v) =>
    v
      .split(",")
      .map((s) => s.trim())
      .filter((s) => s !== ""),
  )
  .meta({ description: "Comma-separated service ids" });

/**
 * Services per guest (service calendars). Every attendee has a cart: the services they take, back
 * to back, in order. `serviceIds` is the booker's cart, and everyone's when no guest has a cart of
 * their own (the original API). `guestCarts` gives one cart per additional guest, in guest order;
 * its length is the guest count. All carts start at the chosen time; different guests are served
 * by different staff at the same time.
 */
const cart = z.array(id).max(20);
const guestCartList = z
  .array(cart)
  .max(100)
  .meta({
    description:
      "Service calendars: one cart (service ids) per additional guest, in guest order; the booker's cart is `serviceIds`. Every guest needs at least one service (SERVICES_REQUIRED).",
    example: [["<cut>"], ["<colour>", "<cut>"]],
  });
const guestCartsQuery = z
  .string()
  .max(4000)
  .transform((v) =>
    v.split(";").map((c) =>
      c
        .split(",")
        .map((s) => s.trim())
        .filter((s) => s !== ""),
    ),
  )
  .meta({
    description:
      "Service calendars: one cart per additional guest, carts separated by `;`, service ids in a cart by `,` (e.g. `cutId;colourId,cutId`)",
  });

/**
 * What a visitor chose of a service in their cart (issue 24): one of its variations ("Long") and
 * add-ons with quantities. Applies to every attendee whose cart holds the service.
 */
const OfferPickSchema = z
  .object({
    serviceId: id,
    attendee: z.number().int().min(0).max(100).nullish().meta({
      description:
        "One attendee's own choice: 0 the booker, 1… the guests in cart order; absent: every attendee with this service and no choice of their own",
    }),
    variationId: id.nullish().meta({ description: "Required when the service has variations (VARIATION_REQUIRED)" }),
    addOns: z
      .array(z.object({ addOnId: id, quantity: z.number().int().min(0).max(99) }))
      .max(20)
      .nullish()
      .meta({ description: "Each add-on at most its maxQuantity (ADD_ON_QUANTITY)" }),
  })
  .openapi("OfferPick");
const offerList = z.array(OfferPickSchema).max(20).meta({
  description:
    "Service calendars: the variation and add-ons chosen of a cart's service; the booking lasts the variation plus every add-on, buffers around the whole",
});
/**
 * The same in a query: `serviceId:variationId:addOnId*2,addOnId*1`, services separated by `;`
 * (variationId may be empty); `serviceId@2:…` is the second guest's own choice.
 */
const offersQuery = z
  .string()
  .max(4000)
  .transform((v, ctx) => {
    const picks = [];
    for (const entry of v.split(";").filter((e) => e.trim() !== "")) {
      const [target = "", variationId = "", extras = ""] = entry.split(":").map((x) => x.trim());
      const [serviceId = "", attendee] = target.split("@");
      const addOns = extras
        .split(",")
        .filter((x) => x !== "")
        .map((x) => {
          const [addOnId = "", quantity = "1"] = x.split("*");
          return { addOnId, quantity: Number(quantity) };
        });
      const pick = OfferPickSchema.safeParse({
        serviceId,
        attendee: attendee === undefined ? null : Number(attendee),
        variationId: variationId || null,
        addOns,
      });
      if (!pick.success) {
        ctx.addIssue({ code: "custom", message: "offers: serviceId:variationId:addOnId*quantity,…;…" });
        return z.NEVER;
      }
      picks.push(pick.data);
    }
    return picks;
  })
  .meta({
    description:
      "Service calendars: chosen variations and add-ons as `serviceId:variationId:addOnId*quantity,…`, services separated by `;`; `serviceId@N:…` is attendee N's own (0 the booker)",
  });

/** `guests` and `guestCarts` must agree when both are given. */
const oneCartPerGuest = (
  v: { guests?: number | null | undefined; guestCarts?: readonly unknown[] | null | undefined },
  ctx: z.core.$RefinementCtx,
) => {
  if (v.guestCarts != null && v.guests != null && v.guests !== v.guestCarts.length) {
    ctx.addIssue({ code: "custom", path: ["guestCarts"], message: "guestCarts must hold one cart per guest" });
  }
};

export const SlotsQuerySchema = z
  .object({
    startDate: localDate,
    endDate: localDate,
    timezone: zone,
    staffId: id.optional(),
    serviceIds: serviceIdList.optional(),
    guestCarts: guestCartsQuery.optional(),
    offers: offersQuery.optional(),
    guests: z.coerce
      .number()
      .int()
      .min(0)
      .max(100)
      .optional()
      .meta({ description: "Additional attendees (default: one per guest cart)" }),
    rescheduling: id.optional().meta({
      description:
        "A booking being moved (its id; its manage token in `Authorization: Bearer`): its own time counts as free, so it can move to a start that overlaps where it is now",
    }),
  })
  .superRefine(oneCartPerGuest);

export const NextAvailableQuerySchema = z
  .object({
    from: localDate,
    timezone: zone,
    staffId: id.optional(),
    serviceIds: serviceIdList.optional(),
    guestCarts: guestCartsQuery.optional(),
    offers: offersQuery.optional(),
    guests: z.coerce.number().int().min(0).max(100).optional(),
    rescheduling: id.optional().meta({
      description:
        "A booking being moved (its id; its manage token in `Authorization: Bearer`): its own time counts as free, so it can move to a start that overlaps where it is now",
    }),
  })
  .superRefine(oneCartPerGuest);

/** What a visitor chose before the details step: a hold and a price quote take the same. */
const choiceFields = {
  startTime: isoDateTime,
  timezone: zone,
  staffId: id.nullish(),
  serviceIds: cart
    .nullish()
    .meta({ description: "Service calendars: the booker's cart (everyone's without `guestCarts`)" }),
  guestCarts: guestCartList.nullish(),
  offers: offerList.nullish(),
  guests: z
    .number()
    .int()
    .min(0)
    .max(100)
    .nullish()
    .meta({ description: "Additional attendees (default: one per guest cart)" }),
};

export const HoldBodySchema = z
  .object({
    replacesHoldId: id.nullish().meta({
      description: "The visitor's previous hold on this calendar: released, and not counted against this one",
    }),
    ...choiceFields,
  })
  .superRefine(oneCartPerGuest)
  .openapi("HoldRequest");

const text = (max: number) => z.string().max(max);

export const ContactSchema = z.object({
  firstName: text(100).trim().min(1, "This field is required."),
  lastName: text(100).trim().min(1, "This field is required."),
  email: z.email("Email is invalid!").max(254),
  phone: text(40).nullish(),
  dateOfBirth: localDate.nullish(),
  location: text(500).nullish(),
  notes: text(5000).nullish(),
  consent: z.boolean().nullish(),
});

export const GuestSchema = z.object({
  name: text(200).nullish(),
  email: text(300).nullish(),
  serviceIds: cart
    .nullish()
    .meta({ description: "Service calendars: this guest's own cart (the same as giving it in `guestCarts`)" }),
});

/** A series as the booking, its preview and its quote take it (issue 17). */
const SeriesChoiceSchema = z.object({
  frequency: z.enum(["daily", "weekly", "monthly"]),
  interval: z.number().int().min(1).max(4).nullish().meta({
    description:
      "Every `interval` days, weeks or months (1–4, e.g. frequency weekly with interval 2: every 2 weeks); absent: 1",
  }),
  count: z.number().int().min(1).max(24),
  policy: z.enum(["skip", "book_next", "continue"]).meta({
    description:
      "When an occurrence's time is taken: skip it, book the next free start among the next 3, or continue — keep it at its time as an appointment request (status new) that occupies nothing until the business confirms it",
  }),
});

export const BookingBodySchema = z
  .object({
    calendarId: id,
    startTime: isoDateTime,
    timezone: zone,
    contact: ContactSchema,
    staffId: id.nullish(),
    serviceIds: cart.nullish().meta({
      description: "Service calendars: the booker's cart, and every guest's when no guest has a cart of their own",
    }),
    guestCarts: guestCartList.nullish(),
    offers: offerList.nullish(),
    guests: z
      .union([z.number(), z.array(GuestSchema).max(1000)])
      .optional()
      .meta({
        description:
          "Additional attendees: a count (count-only calendars) or a list of {name, email, serviceIds?}; with `guestCarts` alone, count-only guests are one per cart",
      }),
    answers: z.record(z.string().max(100), z.unknown()).nullish(),
    oneTimeSlug: text(200).nullish(),
    couponCode: text(64).nullish().meta({
      description:
        "A coupon of the business (case and surrounding spaces ignored): its discount applies before the deposit; each refusal has its own code (COUPON_*)",
    }),
    holdId: id.nullish(),
    recurring: SeriesChoiceSchema.nullish(),
    locale: text(10).nullish(),
    proof: z.string().max(4000).optional().meta({
      description:
        "Required: a solved challenge of GET /api/booking-challenge, as base64 of the JSON `{algorithm, challenge, number, salt, signature}` (the ALTCHA format: `number` is the integer from 0 to `maxnumber` whose SHA-256 of `salt` followed by the number in decimal is `challenge`). Each challenge books once (a retry with the same Idempotency-Key excepted); PROOF_REQUIRED, PROOF_INVALID, PROOF_EXPIRED, PROOF_TOO_EASY or PROOF_USED otherwise.",
    }),
  })
  .superRefine((v, ctx) => {
    const list = Array.isArray(v.guests) ? v.guests : null;
    if (v.guestCarts != null && list?.some((g) => g.serviceIds != null)) {
      ctx.addIssue({
        code: "custom",
        path: ["guestCarts"],
        message: "give guests' carts either in guestCarts or in guests[].serviceIds, not both",
      });
    } else if (v.guestCarts != null && v.guests !== undefined) {
      const count = list ? list.length : (v.guests as number);
      if (count !== v.guestCarts.length)
        ctx.addIssue({ code: "custom", path: ["guestCarts"], message: "guestCarts must hold one cart per guest" });
    }
  })
  .openapi("BookingRequest");

export const QuoteBodySchema = z
  .object({
    ...choiceFields,
    email: z.email().max(254).nullish().meta({
      description: "The visitor's e-mail when known: a coupon's per-visitor limit is checked against it",
    }),
    oneTimeSlug: text(200).nullish(),
    couponCode: text(64).nullish().meta({
      description:
        "The coupon to apply (case and surrounding spaces ignored); each refusal has its own code (COUPON_*)",
    }),
    holdId: id.nullish(),
    recurring: SeriesChoiceSchema.nullish().meta({
      description:
        "A recurring series: the quote is the whole series' price (every occurrence discounted before its deposit), as the series preview and the booking",
    }),
  })
  .superRefine(oneCartPerGuest)
  .openapi("QuoteRequest");

export const SeriesPreviewBodySchema = z
  .object({
    ...choiceFields,
    oneTimeSlug: text(200).nullish(),
    couponCode: text(64).nullish().meta({
      description: "A coupon: every occurrence discounted before its deposit; the series takes one use when booked",
    }),
    email: z.email().max(254).nullish().meta({
      description: "The visitor's e-mail when known: a coupon's per-visitor limit is checked against it",
    }),
    holdId: id.nullish(),
    recurring: SeriesChoiceSchema,
  })
  .superRefine(oneCartPerGuest)
  .openapi("SeriesPreviewRequest");

export const SeriesPreviewSchema = z
  .object({
    occurrences: z.array(
      z.object({
        index: z.number().int(),
        requestedStartTime: z.string(),
        status: z.enum(["booked", "requested", "not_booked"]),
        startTime: z.string().nullable(),
        endTime: z.string().nullable(),
        code: z.string().nullable(),
        priceMinor: z
          .number()
          .int()
          .nullable()
          .meta({ description: "This occurrence's price as it would be booked (minor units); null when not booked" }),
        depositMinor: z.number().int().nullable(),
      }),
    ),
    totalMinor: z.number().int().meta({
      description:
        "What the occurrences that would be booked or requested cost together (minor units), after any coupon",
    }),
    discountMinor: z.number().int().meta({ description: "The coupon's discount over all occurrences (minor units)" }),
    couponCode: z.string().nullable(),
    depositMinor: z.number().int().meta({ description: "Their deposits together (minor units)" }),
  })
  .openapi("SeriesPreview");

export const CancelledSeriesSchema = z
  .object({
    cancelled: z.array(z.object({ id: z.string(), startTime: z.string() }).loose()),
    kept: z.array(z.object({ id: z.string(), code: z.string() })),
  })
  .openapi("CancelledSeries");

export const RescheduleBodySchema = z.object({ startTime: isoDateTime, timezone: zone }).openapi("RescheduleRequest");
export const CancelBodySchema = z.object({ reason: text(1000).nullish() }).openapi("CancelRequest");

// ---- Responses (documentation) ----------------------------------------------------------------

export const FreeSlotsResponseSchema = z
  .record(
    localDate,
    z.object({
      slots: z.array(z.string()),
      seats: z.array(z.number().int()).optional().meta({
        description:
          "Class calendars showing seats (displayAvailableSeats and more than one seat per class): the seats left at each of `slots`, in the same order",
      }),
      full: z.array(z.string()).optional().meta({
        description:
          "Class calendars showing seats: starts of classes with fewer seats left than the attendees asked for; a date with only such classes has `slots: []`",
      }),
    }),
  )
  .meta({
    example: {
      "2026-12-01": { slots: ["2026-12-01T10:00:00+01:00", "2026-12-01T10:30:00+01:00"] },
      "2026-12-02": { slots: ["2026-12-02T18:00:00+01:00"], seats: [3], full: ["2026-12-02T17:00:00+01:00"] },
    },
  })
  .openapi("FreeSlots");

export const NextAvailableResponseSchema = z.object({ date: localDate.nullable() }).openapi("NextAvailable");
export const HoldResponseSchema = z
  .object({
    holdId: z.string(),
    expiresAt: z.string(),
    assignments: z
      .array(z.object({ guestIndex: z.number().int(), serviceId: z.string(), staffId: z.string() }))
      .optional()
      .meta({
        description:
          "Service calendars: who performs each attendee's service (under any available, the member assigned; their own length and price apply)",
      }),
  })
  .openapi("Hold");

export const OccurrenceSchema = z.object({
  index: z.number().int(),
  requestedStartTime: z.string(),
  status: z
    .enum(["booked", "requested", "not_booked"])
    .meta({ description: "requested: kept at its time as an appointment request (recurring policy continue)" }),
  bookingId: z.string().nullable(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  code: z.string().nullable(),
  message: z.string().nullable(),
});

export const CreatedPaymentSchema = z
  .object({
    id: z.string(),
    provider: z.enum(["test", "stripe"]),
    clientSecret: z
      .string()
      .meta({ description: "Shown once: what the page pays with (test provider: POST …/test-card)" }),
    publishableKey: z.string().nullable().meta({
      description:
        "Stripe: the publishable key of the account taking this payment (Stripe.js loads with it); null for the test provider",
    }),
    kind: z.enum(["full", "deposit"]),
    amountMinor: z.number().int().meta({ description: "In the currency's minor units (JPY none, KWD three)" }),
    currency: z.string(),
    dueAt: z.string().meta({ description: "UTC: the booking's time is held until then, unpaid" }),
  })
  .openapi("CreatedPayment");

/** Each attendee's lines as booked: the variation and add-ons, with their length and price (minor units). */
const OfferLinesSchema = z
  .array(
    z.array(
      z.object({
        serviceId: z.string(),
        variationId: z.string().nullable(),
        variationName: z.string().nullable(),
        durationMinutes: z.number().int(),
        priceMinor: z.number().int(),
        parts: z.array(
          z.object({
            kind: z.enum(["service", "add_on"]),
            id: z.string(),
            name: z.string(),
            quantity: z.number().int(),
            durationMinutes: z.number().int(),
            priceMinor: z.number().int(),
          }),
        ),
      }),
    ),
  )
  .meta({
    description:
      "Service calendars with variations or add-ons: each attendee's lines as booked, parallel to `carts` (empty: none chosen)",
  })
  .openapi("OfferLines");

export const BookingCreatedSchema = z
  .object({
    id: z.string(),
    status: z.enum(["confirmed", "new", "pending_payment"]).meta({
      description: "pending_payment: pay `payment` before `payment.dueAt`; the booking then becomes confirmed (or new)",
    }),
    calendarId: z.string(),
    startTime: z.string(),
    endTime: z.string(),
    timezone: z.string(),
    staffId: z.string(),
    staffIds: z.array(z.string()),
    serviceIds: z.array(z.string()).meta({ description: "Every service booked, once each" }),
    carts: z
      .array(z.array(z.string()))
      .meta({ description: "Service calendars: each attendee's services, the booker first" }),
    offerLines: OfferLinesSchema,
    seats: z.number().int(),
    priceCents: z.number().int().meta({ description: "Total over every attendee's cart, after the coupon's discount" }),
    depositCents: z.number().int(),
    couponCode: z.string().nullable(),
    discountMinor: z.number().int().meta({ description: "Taken off by the coupon (minor units); 0 without one" }),
    currency: z.string(),
    manageToken: z.string().meta({ description: "Shown once; send as `Authorization: Bearer <token>` or `?token=`" }),
    seriesId: z.string().nullable(),
    occurrences: z.array(OccurrenceSchema).nullable(),
    payment: CreatedPaymentSchema.nullable(),
  })
  .openapi("BookingCreated");

export const QuoteSchema = z
  .object({
    currency: z.string(),
    subtotalMinor: z.number().int().meta({ description: "Before the coupon, minor units of `currency`" }),
    discountMinor: z.number().int().meta({ description: "Taken off by the coupon; 0 without one" }),
    totalMinor: z.number().int().meta({ description: "What the booking would cost (`priceCents` of the booking)" }),
    depositMinor: z.number().int().meta({ description: "Computed on the discounted total" }),
    couponCode: z.string().nullable().meta({ description: "The coupon applied (normalised), or null" }),
    payment: z
      .object({ kind: z.enum(["full", "deposit"]), amountMinor: z.number().int() })
      .nullable()
      .meta({ description: "What would be paid online before the booking is confirmed, or null" }),
  })
  .openapi("Quote");

export const BookingViewSchema = z
  .object({
    id: z.string(),
    status: z.enum(["new", "confirmed", "cancelled", "pending_payment"]),
    calendarId: z.string(),
    calendarName: z.string(),
    businessName: z.string(),
    startTime: z.string(),
    endTime: z.string(),
    timezone: z.string(),
    previousStartTime: z.string().nullable(),
    staff: z.array(z.object({ id: z.string(), name: z.string() })),
    serviceIds: z.array(z.string()),
    resources: z
      .array(z.string())
      .meta({ description: 'Rooms and equipment the booking holds, as shown to the visitor (e.g. "Room 2")' }),
    carts: z
      .array(z.array(z.string()))
      .meta({ description: "Service calendars: each attendee's services, the booker first" }),
    offerLines: OfferLinesSchema,
    seats: z.number().int(),
    sequence: z.number().int(),
    paidMinor: z.number().int().meta({ description: "Paid online and not refunded, in the currency's minor units" }),
    refundedMinor: z
      .number()
      .int()
      .meta({ description: "Given back to the visitor, or on its way back (minor units)" }),
    refundIfCancelledMinor: z.number().int().meta({
      description:
        "What the visitor cancelling now would get back of paidMinor: all of it until the calendar's full-refund limit, then all but the deposit (minor units)",
    }),
    heldMinor: z
      .number()
      .int()
      .meta({ description: "Requests: held on the card, taken when the business confirms (minor units)" }),
    cancelReason: z.string().nullable(),
    canReschedule: z.boolean(),
    canCancel: z.boolean(),
  })
  .openapi("Booking");

/** A location before booking: ask_booker has no value (the visitor types theirs). */
const PublicLocationSchema = z.object({ kind: z.enum(LOCATION_KINDS), value: z.string().nullable() });

export const WidgetConfigSchema = z
  .object({
    id: z.string(),
    payment: z.enum(["none", "full", "deposit"]).meta({ description: "Paid online before the booking is confirmed" }),
    type: z.enum(["personal", "round_robin", "collective", "class", "service"]),
    name: z.string(),
    description: z.string(),
    durationMinutes: z.number().int(),
    slotIntervalMinutes: z.number().int(),
    guestMode: z.enum(["none", "count_only", "collect_detail"]),
    requireGuests: z.boolean().meta({ description: "A booking needs at least one additional guest" }),
    recurring: z
      .object({
        frequencies: z.array(
          z.union([
            z.enum(["daily", "weekly", "monthly"]),
            z.object({ frequency: z.enum(["daily", "weekly", "monthly"]), interval: z.number().int() }),
          ]),
        ),
        maxCount: z.number().int(),
        policy: z.enum(["skip", "book_next", "continue"]),
      })
      .nullable()
      .meta({
        description:
          "The repetition visitors may choose (issue 17): a booking's `recurring` must use one of `frequencies` (a frequency, or a frequency with its interval: `{frequency: weekly, interval: 2}` is every 2 weeks), at most `maxCount` occurrences, and `policy`; null: none offered",
      }),
    questions: z.array(
      z.object({
        id: z.string(),
        label: z.string(),
        kind: z.string(),
        required: z.boolean(),
        options: z.array(z.string()).optional(),
      }),
    ),
    location: PublicLocationSchema.nullable(),
    hasOwnLocations: z.boolean().meta({
      description: "A service or staff member has a location of their own, over `location`",
    }),
    services: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        description: z.string(),
        category: z.string(),
        durationMinutes: z.number(),
        priceCents: z.number(),
        deposit: z.unknown(),
        maxGuestsPerSlot: z.number(),
        isPrivate: z.boolean().meta({ description: "Not listed on menus; offered by its direct link" }),
        variations: z
          .array(variationOutSchema(z.unknown()))
          .meta({ description: "When not empty, the visitor picks one (`offers`)" }),
        addOns: z.array(AddOnOutSchema),
        staffTerms: z
          .array(StaffTermsOutSchema)
          .meta({ description: "A staff member's own duration or price (null: the variation's)" }),
        staffIds: z.array(z.string()).meta({ description: "The staff members who perform it" }),
        location: PublicLocationSchema.optional().meta({
          description: "Where this service takes place, over the calendar's (absent: the calendar's)",
        }),
      }),
    ),
    staff: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        photoUrl: z.string().nullable(),
        location: PublicLocationSchema.optional().meta({
          description: "Where this member receives, over the service's and the calendar's (absent: theirs)",
        }),
      }),
    ),
    seatsPerSlot: z.number().int().nullable(),
    allowReschedule: z.boolean(),
    changeCutoffMinutes: z
      .number()
      .int()
      .nullable()
      .meta({ description: "No online changes later than this before the start" }),
    fullRefundHoursBefore: z
      .number()
      .int()
      .nullable()
      .meta({ description: "Full refund when cancelled at least this long before" }),
    allowCancel: z.boolean(),
    autoConfirm: z.boolean(),
    priceCents: z.number().int(),
    deposit: z.unknown(),
    currency: z.string(),
    business: z.object({ name: z.string(), timeZone: z.string() }),
  })
  .openapi("WidgetConfig");

export const ProofChallengeSchema = z
  .object({
    algorithm: z.literal("SHA-256"),
    challenge: z.string().meta({ description: "Hex SHA-256 of `salt` followed by the secret number in decimal" }),
    maxnumber: z.number().int().meta({ description: "The secret number is at most this (the difficulty)" }),
    salt: z.string().meta({ description: "Random, with its `expires` (Unix seconds) and `maxnumber` as parameters" }),
    signature: z.string().meta({ description: "The server's HMAC-SHA-256 of `challenge`; send it back unchanged" }),
  })
  .openapi("ProofChallenge");

/**
 * The business's coupons (issue 24, ADR 0031): a code (unique within the business, case ignored),
 * a percentage or a fixed amount in minor units of the business currency, a validity window, the
 * services and calendars it is for (none: all), a total and a per-visitor limit, an on/off switch;
 * the list shows how often each was used. Visitors enter the code on the details step; the booking
 * takes one use in its own transaction (adapters/db/coupon-redemptions.ts).
 */
import { handle, z } from "../../http/api-router.ts";
import { IsoDateTimeSchema } from "../../http/input-bounds.ts";
import { define, ids, REFUSALS, reply, type BusinessApiDeps, type BusinessRouter } from "./business-routing.ts";

const couponParams = ids("couponId");
const limit = z.number().int().min(1).max(1_000_000).nullable();

const ValueSchema = z
  .discriminatedUnion("kind", [
    z.strictObject({ kind: z.literal("percentage"), percent: z.number().int().min(1).max(100) }),
    z.strictObject({
      kind: z.literal("amount"),
      amountMinor: z
        .number()
        .int()
        .min(1)
        .max(100_000_000)
        .meta({ description: "Minor units of the business currency (JPY none, EUR cents, KWD fils)" }),
    }),
  ])
  .meta({ description: "A whole percentage (1–100) or a fixed amount, taken off before the deposit" });

const CouponFields = z.strictObject({
  code: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[\p{L}\p{N}_-]+$/u, "letters, digits, - and _ only")
    .meta({ description: "What visitors type; stored upper-cased, unique within the business", example: "SPRING10" }),
  value: ValueSchema,
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional()
    .meta({ description: "For a fixed amount: must be the business currency (checked when given)" }),
  validFrom: IsoDateTimeSchema.nullable().default(null).meta({ description: "Valid from (inclusive); null: now" }),
  validUntil: IsoDateTimeSchema.nullable().default(null).meta({ description: "Valid until (exclusive); null: open" }),
  serviceIds: z.array(z.string().max(64)).max(200).default([]).meta({ description: "Empty: every service" }),
  calendarIds: z.array(z.string().max(64)).max(200).default([]).meta({ description: "Empty: every calendar" }),
  maxUses: limit.default(null).meta({ description: "Uses in total; null: unlimited" }),
  maxUsesPerVisitor: limit.default(null).meta({ description: "Uses per visitor e-mail; null: unlimited" }),
  isActive: z.boolean().default(true).meta({ description: "Off: visitors are told the code does not exist" }),
});
const CouponCreateSchema = CouponFields.openapi("CouponCreate");
const CouponPatchSchema = z
  .strictObject({
    code: CouponFields.shape.code,
    value: ValueSchema,
    currency: CouponFields.shape.currency,
    validFrom: IsoDateTimeSchema.nullable(),
    validUntil: IsoDateTimeSchema.nullable(),
    serviceIds: z.array(z.string().max(64)).max(200),
    calendarIds: z.array(z.string().max(64)).max(200),
    maxUses: limit,
    maxUsesPerVisitor: limit,
    isActive: z.boolean(),
  })
  .partial()
  .openapi("CouponPatch");

const CouponSchema = z
  .object({
    id: z.string(),
    code: z.string(),
    value: ValueSchema,
    currency: z.string(),
    validFrom: z.string().nullable(),
    validUntil: z.string().nullable(),
    serviceIds: z.array(z.string()),
    calendarIds: z.array(z.string()),
    maxUses: z.number().nullable(),
    maxUsesPerVisitor: z.number().nullable(),
    isActive: z.boolean(),
    uses: z.number().meta({ description: "Bookings that took this coupon so far" }),
    createdAt: z.string(),
  })
  .openapi("Coupon");

const listCoupons = define.list("/coupons", CouponSchema, "Coupons, by code, with their uses");
const createCoupon = define.add("/coupons", CouponCreateSchema, CouponSchema, "Create a coupon", [
  ...REFUSALS.reference,
  "CODE_TAKEN",
]);
const getCoupon = define.get("/coupons/{couponId}", couponParams, CouponSchema, "A coupon");
const updateCoupon = define.change(
  "patch",
  "/coupons/{couponId}",
  couponParams,
  CouponPatchSchema,
  CouponSchema,
  "Change a coupon, or turn it off (`isActive: false`) and on again",
  [...REFUSALS.reference, "CODE_TAKEN"],
);
const deleteCoupon = define.remove(
  "/coupons/{couponId}",
  couponParams,
  "Delete a coupon (bookings keep its code; the code is free for a new coupon)",
);

export function couponRoutes(api: BusinessRouter, deps: BusinessApiDeps) {
  const storeOf = (c: { var: { repo: { businessId: string } } }) => deps.coupons(c.var.repo.businessId);
  handle(api, listCoupons, async (c) => c.json(await storeOf(c).list()));
  handle(api, createCoupon, async (c) =>
    reply.send(c, await storeOf(c).create(c.req.valid("json")), "coupon", undefined, 201),
  );
  handle(api, getCoupon, async (c) => reply.found(c, await storeOf(c).get(c.req.valid("param").couponId), "coupon"));
  handle(api, updateCoupon, async (c) =>
    reply.send(c, await storeOf(c).update(c.req.valid("param").couponId, c.req.valid("json")), "coupon"),
  );
  handle(api, deleteCoupon, async (c) =>
    reply.deleted(c, await storeOf(c).remove(c.req.valid("param").couponId), "coupon"),
  );
}

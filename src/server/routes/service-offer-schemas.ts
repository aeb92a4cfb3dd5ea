/**
 * What a service offers besides itself, as both APIs answer it (the business API's service, the
 * widget's configuration): its variations, add-ons and staff members' own terms
 * (core/booking/service-offer.ts).
 */
import { z } from "@hono/zod-openapi";

/** A variation ("Long haircut"): its length, price, deposit (`deposit`: each API's own schema) and buffers. */
export const variationOutSchema = <D extends z.ZodType>(deposit: D) =>
  z.object({
    id: z.string(),
    name: z.string(),
    durationMinutes: z.number(),
    priceMinor: z.number(),
    deposit,
    bufferBeforeMinutes: z.number().nullable(),
    bufferAfterMinutes: z.number().nullable(),
  });

export const AddOnOutSchema = z.object({
  id: z.string(),
  name: z.string(),
  durationMinutes: z.number(),
  priceMinor: z.number(),
  maxQuantity: z.number(),
});

export const StaffTermsOutSchema = z.object({
  staffId: z.string(),
  variationId: z.string().nullable(),
  durationMinutes: z.number().nullable(),
  priceMinor: z.number().nullable(),
});

/**
 * One person's data (issue 19, "Privacy"): what the business holds about them, as one JSON document,
 * and its erasure. The person is named by email in the body, never in the address, so that it does
 * not end up in access logs. The retention period is a field of the business itself (PATCH /).
 */
import { erasePersonData, exportPersonData, type PersonDataStore } from "../../../app/privacy/person-data.ts";
import { handle, json, jsonBody, problems, z } from "../../http/api-router.ts";
import { problem } from "../../http/problem.ts";
import { ContactSchema } from "./contact-routes.ts";
import { define, REFUSALS, type BusinessApiDeps, type BusinessRouter } from "./business-routing.ts";

const PersonSchema = z.strictObject({ email: z.email("expected an email address").max(254) }).openapi("Person");

const PersonBookingSchema = z.object({
  id: z.string(),
  role: z.enum(["booker", "guest"]).meta({ description: "booker: they made it; guest: they came along" }),
  status: z.string(),
  calendarId: z.string(),
  calendarName: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  timeZone: z.string(),
  serviceNames: z.array(z.string()),
  contact: z.record(z.string(), z.unknown()).nullable().meta({ description: "What the booker gave; null for a guest" }),
  guests: z.array(z.object({ name: z.string(), email: z.string().nullable() })),
  answers: z.record(z.string(), z.unknown()),
  priceCents: z.number(),
  currency: z.string(),
  payments: z.array(
    z.object({ amountMinor: z.number(), currency: z.string(), status: z.string(), refundedMinor: z.number() }),
  ),
  createdAt: z.string(),
});
const PersonDataSchema = z
  .object({
    email: z.string(),
    contact: ContactSchema.nullable().meta({ description: "The business's contact for this email, if any" }),
    bookings: z.array(PersonBookingSchema),
    submissions: z.array(
      z.object({
        id: z.string(),
        formId: z.string(),
        formName: z.string(),
        kind: z.string(),
        answers: z.record(z.string(), z.unknown()),
        consentText: z.string().nullable(),
        consentedAt: z.string().nullable(),
        locale: z.string(),
        createdAt: z.string(),
      }),
    ),
    couponUses: z.array(
      z.object({
        code: z.string(),
        discountMinor: z.number(),
        bookingId: z.string().nullable(),
        createdAt: z.string(),
      }),
    ),
  })
  .openapi("PersonData");
const ErasureSchema = z
  .object({
    erased: z.object({
      bookings: z.number().meta({ description: "Bookings they made: contact, guests and answers emptied" }),
      guestEntries: z.number().meta({ description: "Other people's bookings they joined: their guest entry emptied" }),
      submissions: z.number().meta({ description: "Their form and survey submissions, deleted" }),
      couponUses: z.number(),
      contacts: z.number().meta({ description: "Their contact, deleted (0 or 1)" }),
    }),
  })
  .openapi("PersonErasure");

const exportPerson = define.route({
  method: "post",
  path: "/people/export",
  summary: "Everything the business holds about one person (by email): bookings, submissions, coupon uses",
  request: { body: jsonBody(PersonSchema) },
  responses: { 200: json(PersonDataSchema, "The person's data"), ...problems(...REFUSALS.body) },
});

const erasePerson = define.route({
  method: "post",
  path: "/people/erase",
  summary:
    "Erase one person (by email): their bookings keep time, services and money but lose contact, guests and answers; their submissions are deleted. Refused while they have an appointment to come",
  request: { body: jsonBody(PersonSchema) },
  responses: {
    200: json(ErasureSchema, "What was erased"),
    ...problems(...REFUSALS.body, "UPCOMING_BOOKINGS"),
  },
});

export function privacyRoutes(api: BusinessRouter, deps: BusinessApiDeps) {
  const storeOf = (c: { var: { repo: { businessId: string } } }): PersonDataStore =>
    deps.privacy(c.var.repo.businessId);
  handle(api, exportPerson, async (c) => {
    c.header("Content-Disposition", 'attachment; filename="person-data.json"');
    return c.json(await exportPersonData(storeOf(c), c.req.valid("json").email));
  });
  handle(api, erasePerson, async (c) => {
    const outcome = await erasePersonData(storeOf(c), c.req.valid("json").email, deps.clock());
    if (!outcome.ok)
      return problem(
        c,
        409,
        "UPCOMING_BOOKINGS",
        "This person still has appointments to come: cancel them first, or erase after they have taken place.",
        { bookingIds: outcome.upcomingBookingIds },
      );
    return c.json({ erased: outcome.erased });
  });
}

/**
 * Contacts on the business API (issue 15, docs/decisions/0041-contacts.md): the people the business
 * has heard from, one per email, with the form submissions and bookings that made or matched them.
 */
import type { Context } from "hono";
import type { ContactStore } from "../../../app/contacts/ports.ts";
import { handle, idParam, json, problems, z } from "../../http/api-router.ts";
import { problem } from "../../http/problem.ts";
import { define, type BusinessApiDeps, type BusinessEnv, type BusinessRouter } from "./business-routing.ts";

export const ContactSchema = z
  .object({
    id: z.string(),
    email: z.string().meta({ description: "As last given; matched trimmed and lower-cased" }),
    name: z.string().nullable(),
    phone: z.string().nullable(),
    firstSeenAt: z.string(),
    lastSeenAt: z.string(),
  })
  .openapi("Contact");

const ContactDetailSchema = ContactSchema.extend({
  submissions: z.array(
    z.object({
      id: z.string(),
      formId: z.string(),
      formName: z.string(),
      kind: z.enum(["form", "survey"]),
      version: z.int(),
      bookingId: z.string().nullable().meta({ description: "Answered while booking: that booking" }),
      createdAt: z.string(),
    }),
  ),
  bookings: z.array(
    z.object({
      id: z.string(),
      calendarId: z.string(),
      calendarName: z.string(),
      status: z.string(),
      startTime: z.string(),
      endTime: z.string(),
      createdAt: z.string(),
    }),
  ),
}).openapi("ContactDetail");

const ContactPageSchema = z.object({
  items: z.array(ContactSchema),
  nextAfter: z.string().nullable().meta({ description: "Pass as `after` for the next page" }),
});

const listContacts = define.route({
  method: "get",
  path: "/contacts",
  summary: "Contacts, most recently seen first; `search` matches part of an email or name",
  request: {
    query: z.object({
      limit: z.coerce.number().int().min(1).max(500).default(100),
      after: z.string().max(200).optional(),
      search: z.string().max(254).optional(),
    }),
  },
  responses: { 200: json(ContactPageSchema, "A page of contacts"), ...problems("VALIDATION_FAILED") },
});

const getContact = define.get(
  "/contacts/{contactId}",
  z.object({ contactId: idParam("Contact id") }),
  ContactDetailSchema,
  "One contact with their submissions and bookings",
);

export function contactRoutes(api: BusinessRouter, deps: BusinessApiDeps) {
  const store = (c: Context<BusinessEnv>): ContactStore => deps.contacts(c.var.repo.businessId);
  handle(api, listContacts, async (c) => c.json(await store(c).listContacts(c.req.valid("query"))));
  handle(api, getContact, async (c) => {
    const found = await store(c).getContact(c.req.valid("param").contactId);
    return found ? c.json(found) : problem(c, 404, "NOT_FOUND", "No contact with this id.");
  });
}

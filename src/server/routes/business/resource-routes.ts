/** Rooms and equipment with a capacity, their time off, and the services that need them (issue 21, ADR 0038). */
import { z } from "@hono/zod-openapi";
import { handle, json, jsonBody, problems } from "../../http/api-router.ts";
import { define, ids, REFUSALS, reply, type BusinessApiDeps, type BusinessRouter } from "./business-routing.ts";
import { DateOverridesSchema, name, TimeOffCreateSchema, TimeZoneSchema, WeeklyHoursSchema } from "./input-schemas.ts";
import { instant } from "./output-schemas.ts";

/** The most units one resource may have (the database checks it too). */
export const MAX_RESOURCE_CAPACITY = 100;

const resourceFields = {
  name,
  kind: z.enum(["room", "equipment", "other"]).meta({ description: "What it is" }),
  capacity: z
    .number()
    .int("expected a whole number")
    .min(1)
    .max(MAX_RESOURCE_CAPACITY)
    .meta({ description: "How many appointments it holds at once (mats in a studio: 12)" }),
  timeZone: TimeZoneSchema,
  weeklyHours: WeeklyHoursSchema.nullable()
    .optional()
    .meta({ description: "Opening hours in its zone; null: open whenever staff work" }),
  dateOverrides: DateOverridesSchema.optional(),
};
export const ResourceCreateSchema = z.strictObject(resourceFields).openapi("ResourceCreate");
export const ResourcePatchSchema = z.strictObject(resourceFields).partial().openapi("ResourcePatch");

export const ResourceSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    kind: z.enum(["room", "equipment", "other"]),
    capacity: z.number(),
    timeZone: z.string(),
    weeklyHours: WeeklyHoursSchema.nullable(),
    dateOverrides: DateOverridesSchema,
    serviceIds: z.array(z.string()).meta({ description: "Services that need it" }),
    createdAt: instant,
  })
  .openapi("Resource");

export const ResourceTimeOffSchema = z
  .object({ id: z.string(), resourceId: z.string(), startsAt: instant, endsAt: instant, reason: z.string().nullable() })
  .openapi("ResourceTimeOff");

const ResourceNeedSchema = z
  .strictObject({
    mode: z
      .enum(["any", "all"])
      .meta({ description: "any: one unit of any one of the resources (any free massage room); all: one of each" }),
    resourceIds: z.array(z.string().max(100)).min(1).max(20),
  })
  .openapi("ResourceNeed");
export const ServiceResourcesSchema = z.array(ResourceNeedSchema).max(10).openapi("ServiceResources");

const resourceParams = ids("resourceId");

const listResources = define.list("/resources", ResourceSchema, "Rooms and equipment");
const createResource = define.add(
  "/resources",
  ResourceCreateSchema,
  ResourceSchema,
  "Add a room or piece of equipment with its capacity (and opening hours)",
);
const getResource = define.get(
  "/resources/{resourceId}",
  resourceParams,
  ResourceSchema,
  "A room or piece of equipment",
);
const updateResource = define.change(
  "patch",
  "/resources/{resourceId}",
  resourceParams,
  ResourcePatchSchema,
  ResourceSchema,
  "Change a resource (a lower capacity leaves booked appointments as they are)",
);
const deleteResource = define.remove(
  "/resources/{resourceId}",
  resourceParams,
  "Remove a resource (services stop needing it; booked appointments keep their times)",
);
const listTimeOff = define.get(
  "/resources/{resourceId}/time-off",
  resourceParams,
  z.array(ResourceTimeOffSchema),
  "Time off of a resource (closed for cleaning, in repair)",
);
const createTimeOff = define.route({
  method: "post",
  path: "/resources/{resourceId}/time-off",
  summary: "Add time off to a resource",
  request: { params: resourceParams, body: jsonBody(TimeOffCreateSchema) },
  responses: { 201: json(ResourceTimeOffSchema, "Added"), ...problems(...REFUSALS.body, "NOT_FOUND") },
});
const deleteTimeOff = define.remove(
  "/resources/{resourceId}/time-off/{timeOffId}",
  ids("resourceId", "timeOffId"),
  "Remove time off of a resource",
);
const listServiceResources = define.route({
  method: "get",
  path: "/resource-needs",
  summary: "What every service that needs rooms or equipment needs, by service id",
  responses: {
    200: json(z.record(z.string(), ServiceResourcesSchema).openapi("ResourceNeedsByService"), "Needs by service id"),
  },
});
const getServiceResources = define.get(
  "/services/{serviceId}/resources",
  ids("serviceId"),
  ServiceResourcesSchema,
  "What a service needs of rooms and equipment",
);
const setServiceResources = define.change(
  "put",
  "/services/{serviceId}/resources",
  ids("serviceId"),
  ServiceResourcesSchema,
  ServiceResourcesSchema,
  "Replace what a service needs: each entry takes one unit of any (or each) of its resources",
  REFUSALS.reference,
);

export function resourceRoutes(api: BusinessRouter, _deps: BusinessApiDeps) {
  handle(api, listResources, async (c) => c.json(await c.var.repo.listResources()));
  handle(api, createResource, async (c) => c.json(await c.var.repo.createResource(c.req.valid("json")), 201));
  handle(api, getResource, async (c) =>
    reply.found(c, await c.var.repo.getResource(c.req.valid("param").resourceId), "resource"),
  );
  handle(api, updateResource, async (c) =>
    reply.send(c, await c.var.repo.updateResource(c.req.valid("param").resourceId, c.req.valid("json")), "resource"),
  );
  handle(api, deleteResource, async (c) =>
    reply.deleted(c, await c.var.repo.deleteResource(c.req.valid("param").resourceId), "resource"),
  );
  handle(api, listTimeOff, async (c) =>
    reply.send(c, await c.var.repo.listResourceTimeOff(c.req.valid("param").resourceId), "resource"),
  );
  handle(api, createTimeOff, async (c) => {
    const created = await c.var.repo.createResourceTimeOff(c.req.valid("param").resourceId, c.req.valid("json"));
    return reply.send(c, created, "resource", undefined, 201);
  });
  handle(api, deleteTimeOff, async (c) => {
    const { resourceId, timeOffId } = c.req.valid("param");
    return reply.deleted(c, await c.var.repo.deleteResourceTimeOff(resourceId, timeOffId), "time off");
  });
  handle(api, listServiceResources, async (c) => c.json(await c.var.repo.listServiceResources()));
  handle(api, getServiceResources, async (c) =>
    reply.send(c, await c.var.repo.getServiceResources(c.req.valid("param").serviceId), "service"),
  );
  handle(api, setServiceResources, async (c) =>
    reply.send(c, await c.var.repo.setServiceResources(c.req.valid("param").serviceId, c.req.valid("json")), "service"),
  );
}

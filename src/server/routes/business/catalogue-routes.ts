/** Services (what is booked) and groups (pages that list calendars). */
import type { GroupView } from "../../../app/business/ports.ts";
import { handle, json, jsonBody, problems, z } from "../../http/api-router.ts";
import {
  businessRoute,
  deleted,
  found,
  ids,
  noContent,
  REFUSALS,
  send,
  type BusinessApiDeps,
  type BusinessRouter,
} from "./business-routing.ts";
import { GroupCreateSchema, GroupPatchSchema, ServiceCreateSchema, ServicePatchSchema } from "./input-schemas.ts";
import { GroupSchema, ServiceSchema } from "./output-schemas.ts";

const listServices = businessRoute({
  method: "get",
  path: "/services",
  summary: "Services",
  responses: { 200: json(z.array(ServiceSchema), "Every service") },
});

const createService = businessRoute({
  method: "post",
  path: "/services",
  summary: "Add a service (duration, price, deposit, eligible staff, guests per slot)",
  request: { body: jsonBody(ServiceCreateSchema) },
  responses: { 201: json(ServiceSchema, "Added"), ...problems(...REFUSALS.body, ...REFUSALS.reference, "SLUG_TAKEN") },
});

const getService = businessRoute({
  method: "get",
  path: "/services/{serviceId}",
  summary: "A service",
  request: { params: ids("serviceId") },
  responses: { 200: json(ServiceSchema, "The service"), ...problems("NOT_FOUND") },
});

const updateService = businessRoute({
  method: "patch",
  path: "/services/{serviceId}",
  summary: "Change a service",
  request: { params: ids("serviceId"), body: jsonBody(ServicePatchSchema) },
  responses: {
    200: json(ServiceSchema, "Changed"),
    ...problems(...REFUSALS.body, ...REFUSALS.reference, "SLUG_TAKEN"),
  },
});

const deleteService = businessRoute({
  method: "delete",
  path: "/services/{serviceId}",
  summary: "Remove a service (kept as deleted when bookings refer to it)",
  request: { params: ids("serviceId") },
  responses: { 204: noContent("Removed"), ...problems("NOT_FOUND", "IN_USE") },
});

const listGroups = businessRoute({
  method: "get",
  path: "/groups",
  summary: "Groups",
  responses: { 200: json(z.array(GroupSchema), "Every group") },
});

const createGroup = businessRoute({
  method: "post",
  path: "/groups",
  summary: "Add a group (calendars join it with their groupId)",
  request: { body: jsonBody(GroupCreateSchema) },
  responses: { 201: json(GroupSchema, "Added"), ...problems(...REFUSALS.body, "SLUG_TAKEN") },
});

const getGroup = businessRoute({
  method: "get",
  path: "/groups/{groupId}",
  summary: "A group",
  request: { params: ids("groupId") },
  responses: { 200: json(GroupSchema, "The group"), ...problems("NOT_FOUND") },
});

const updateGroup = businessRoute({
  method: "patch",
  path: "/groups/{groupId}",
  summary: "Change a group (isActive: false hides its page)",
  request: { params: ids("groupId"), body: jsonBody(GroupPatchSchema) },
  responses: { 200: json(GroupSchema, "Changed"), ...problems(...REFUSALS.body, "NOT_FOUND", "SLUG_TAKEN") },
});

const deleteGroup = businessRoute({
  method: "delete",
  path: "/groups/{groupId}",
  summary: "Remove a group (its calendars stay, without group)",
  request: { params: ids("groupId") },
  responses: { 204: noContent("Removed"), ...problems("NOT_FOUND") },
});

export function catalogueRoutes(api: BusinessRouter, deps: BusinessApiDeps) {
  const withUrl = (v: GroupView) => ({ ...v, url: `${deps.publicUrl}/widget/group/${v.id}` });

  handle(api, listServices, async (c) => c.json(await c.var.repo.listServices()));
  handle(api, createService, async (c) =>
    send(c, await c.var.repo.createService(c.req.valid("json")), "service", undefined, 201),
  );
  handle(api, getService, async (c) =>
    found(c, await c.var.repo.getService(c.req.valid("param").serviceId), "service"),
  );
  handle(api, updateService, async (c) =>
    send(c, await c.var.repo.updateService(c.req.valid("param").serviceId, c.req.valid("json")), "service"),
  );
  handle(api, deleteService, async (c) =>
    deleted(c, await c.var.repo.deleteService(c.req.valid("param").serviceId, deps.clock()), "service"),
  );

  handle(api, listGroups, async (c) => c.json((await c.var.repo.listGroups()).map(withUrl)));
  handle(api, createGroup, async (c) =>
    send(c, await c.var.repo.createGroup(c.req.valid("json")), "group", withUrl, 201),
  );
  handle(api, getGroup, async (c) =>
    found(c, await c.var.repo.getGroup(c.req.valid("param").groupId), "group", withUrl),
  );
  handle(api, updateGroup, async (c) =>
    send(c, await c.var.repo.updateGroup(c.req.valid("param").groupId, c.req.valid("json")), "group", withUrl),
  );
  handle(api, deleteGroup, async (c) =>
    deleted(c, await c.var.repo.deleteGroup(c.req.valid("param").groupId), "group"),
  );
}

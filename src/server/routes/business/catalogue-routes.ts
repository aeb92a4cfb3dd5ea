/** Services (what is booked) and groups (pages that list calendars). */
import type { GroupView } from "../../../app/business/ports.ts";
import { handle } from "../../http/api-router.ts";
import { define, ids, REFUSALS, reply, type BusinessApiDeps, type BusinessRouter } from "./business-routing.ts";
import { GroupCreateSchema, GroupPatchSchema, ServiceCreateSchema, ServicePatchSchema } from "./input-schemas.ts";
import { GroupSchema, ServiceSchema } from "./output-schemas.ts";

const listServices = define.list("/services", ServiceSchema, "Services");

const createService = define.add(
  "/services",
  ServiceCreateSchema,
  ServiceSchema,
  "Add a service (duration, price, deposit, eligible staff, guests per slot)",
  [...REFUSALS.reference, "SLUG_TAKEN"],
);

const getService = define.get("/services/{serviceId}", ids("serviceId"), ServiceSchema, "A service");

const updateService = define.change(
  "patch",
  "/services/{serviceId}",
  ids("serviceId"),
  ServicePatchSchema,
  ServiceSchema,
  "Change a service",
  [...REFUSALS.reference, "SLUG_TAKEN"],
);

const deleteService = define.remove(
  "/services/{serviceId}",
  ids("serviceId"),
  "Remove a service (kept as deleted when bookings refer to it)",
  ["NOT_FOUND", "IN_USE"],
);

const listGroups = define.list("/groups", GroupSchema, "Groups");

const createGroup = define.add(
  "/groups",
  GroupCreateSchema,
  GroupSchema,
  "Add a group (calendars join it with their groupId)",
  ["SLUG_TAKEN"],
);

const getGroup = define.get("/groups/{groupId}", ids("groupId"), GroupSchema, "A group");

const updateGroup = define.change(
  "patch",
  "/groups/{groupId}",
  ids("groupId"),
  GroupPatchSchema,
  GroupSchema,
  "Change a group (isActive: false hides its page)",
  ["NOT_FOUND", "SLUG_TAKEN"],
);

const deleteGroup = define.remove(
  "/groups/{groupId}",
  ids("groupId"),
  "Remove a group (its calendars stay, without group)",
);

export function catalogueRoutes(api: BusinessRouter, deps: BusinessApiDeps) {
  const withUrl = (v: GroupView) => ({ ...v, url: `${deps.publicUrl}/widget/group/${v.id}` });

  handle(api, listServices, async (c) => c.json(await c.var.repo.listServices()));
  handle(api, createService, async (c) =>
    reply.send(c, await c.var.repo.createService(c.req.valid("json")), "service", undefined, 201),
  );
  handle(api, getService, async (c) =>
    reply.found(c, await c.var.repo.getService(c.req.valid("param").serviceId), "service"),
  );
  handle(api, updateService, async (c) =>
    reply.send(c, await c.var.repo.updateService(c.req.valid("param").serviceId, c.req.valid("json")), "service"),
  );
  handle(api, deleteService, async (c) =>
    reply.deleted(c, await c.var.repo.deleteService(c.req.valid("param").serviceId, deps.clock()), "service"),
  );

  handle(api, listGroups, async (c) => c.json((await c.var.repo.listGroups()).map(withUrl)));
  handle(api, createGroup, async (c) =>
    reply.send(c, await c.var.repo.createGroup(c.req.valid("json")), "group", withUrl, 201),
  );
  handle(api, getGroup, async (c) =>
    reply.found(c, await c.var.repo.getGroup(c.req.valid("param").groupId), "group", withUrl),
  );
  handle(api, updateGroup, async (c) =>
    reply.send(c, await c.var.repo.updateGroup(c.req.valid("param").groupId, c.req.valid("json")), "group", withUrl),
  );
  handle(api, deleteGroup, async (c) =>
    reply.deleted(c, await c.var.repo.deleteGroup(c.req.valid("param").groupId), "group"),
  );
}

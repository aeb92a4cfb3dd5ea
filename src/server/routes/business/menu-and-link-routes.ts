/** Service menus (a page of services booked through a service calendar) and one-time links. */
import { createOneTimeLink, oneTimeLinkUrl, type CreatedOneTimeLink } from "../../../app/business/one-time-links.ts";
import type { ServiceMenuView } from "../../../app/business/ports.ts";
import { handle, json, problems, z } from "../../http/api-router.ts";
import { define, ids, REFUSALS, reply, type BusinessApiDeps, type BusinessRouter } from "./business-routing.ts";
import {
  OneTimeLinkCreateSchema,
  OneTimeLinkQuerySchema,
  ServiceIdsBodySchema,
  ServiceMenuCreateSchema,
  ServiceMenuPatchSchema,
} from "./input-schemas.ts";
import { CreatedOneTimeLinkSchema, OneTimeLinkSchema, ServiceMenuSchema } from "./output-schemas.ts";

const menuParams = ids("serviceMenuId");

const listServiceMenus = define.list("/service-menus", ServiceMenuSchema, "Service menus");

const createServiceMenu = define.add(
  "/service-menus",
  ServiceMenuCreateSchema,
  ServiceMenuSchema,
  "Add a service menu",
  [...REFUSALS.reference, "SLUG_TAKEN"],
);

const getServiceMenu = define.get("/service-menus/{serviceMenuId}", menuParams, ServiceMenuSchema, "A service menu");

const updateServiceMenu = define.change(
  "patch",
  "/service-menus/{serviceMenuId}",
  menuParams,
  ServiceMenuPatchSchema,
  ServiceMenuSchema,
  "Change a service menu",
  [...REFUSALS.reference, "SLUG_TAKEN"],
);

const replaceMenuItems = define.change(
  "put",
  "/service-menus/{serviceMenuId}/items",
  menuParams,
  ServiceIdsBodySchema,
  ServiceMenuSchema,
  "Replace the menu's services",
  REFUSALS.reference,
);

const deleteServiceMenu = define.remove("/service-menus/{serviceMenuId}", menuParams, "Remove a service menu");

const listOneTimeLinks = define.route({
  method: "get",
  path: "/one-time-links",
  summary: "One-time links",
  request: { query: OneTimeLinkQuerySchema },
  responses: {
    200: json(z.array(OneTimeLinkSchema), "The links, newest first"),
    ...problems("VALIDATION_FAILED", "NOT_FOUND"),
  },
});

const createOneTimeLinkRoute = define.add(
  "/one-time-links",
  OneTimeLinkCreateSchema,
  CreatedOneTimeLinkSchema,
  "Create a one-time link; `url` is the public page to share, shown only in this answer (the link is stored hashed)",
  REFUSALS.reference,
);

const revokeOneTimeLink = define.remove("/one-time-links/{linkId}", ids("linkId"), "Revoke a one-time link");

export function menuAndLinkRoutes(api: BusinessRouter, deps: BusinessApiDeps) {
  const menuWithUrl = (v: ServiceMenuView) => ({ ...v, url: `${deps.publicUrl}/widget/service-menu/${v.id}` });
  const linkWithUrl = (v: CreatedOneTimeLink) => ({ ...v, url: oneTimeLinkUrl(deps.publicUrl, v.slug) });

  handle(api, listServiceMenus, async (c) => c.json((await c.var.repo.listServiceMenus()).map(menuWithUrl)));
  handle(api, createServiceMenu, async (c) =>
    reply.send(c, await c.var.repo.createServiceMenu(c.req.valid("json")), "service menu", menuWithUrl, 201),
  );
  handle(api, getServiceMenu, async (c) =>
    reply.found(c, await c.var.repo.getServiceMenu(c.req.valid("param").serviceMenuId), "service menu", menuWithUrl),
  );
  for (const route of [updateServiceMenu, replaceMenuItems]) {
    handle(api, route, async (c) => {
      const result = await c.var.repo.updateServiceMenu(c.req.valid("param").serviceMenuId, c.req.valid("json"));
      return reply.send(c, result, "service menu", menuWithUrl);
    });
  }
  handle(api, deleteServiceMenu, async (c) =>
    reply.deleted(c, await c.var.repo.deleteServiceMenu(c.req.valid("param").serviceMenuId), "service menu"),
  );

  handle(api, listOneTimeLinks, async (c) =>
    reply.send(c, await c.var.repo.listOneTimeLinks(c.req.valid("query"), deps.clock()), "calendar"),
  );
  handle(api, createOneTimeLinkRoute, async (c) => {
    const input = c.req.valid("json");
    const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
    const created = await createOneTimeLink(c.var.repo, { calendarId: input.calendarId, expiresAt }, deps.clock());
    return reply.send(c, created, "one-time link", linkWithUrl, 201);
  });
  handle(api, revokeOneTimeLink, async (c) =>
    reply.deleted(c, await c.var.repo.revokeOneTimeLink(c.req.valid("param").linkId, deps.clock()), "one-time link"),
  );
}

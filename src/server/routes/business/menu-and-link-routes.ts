/** Service menus (a page of services booked through a service calendar) and one-time links. */
import { createOneTimeLink, oneTimeLinkUrl } from "../../../app/business/one-time-links.ts";
import type { OneTimeLinkView, ServiceMenuView } from "../../../app/business/ports.ts";
import { handle, json, problems, z } from "../../http/api-router.ts";
import {
  addRoute,
  businessRoute,
  changeRoute,
  getRoute,
  listRoute,
  removeRoute,
  deleted,
  found,
  ids,
  REFUSALS,
  send,
  type BusinessApiDeps,
  type BusinessRouter,
} from "./business-routing.ts";
import {
  OneTimeLinkCreateSchema,
  OneTimeLinkQuerySchema,
  ServiceIdsBodySchema,
  ServiceMenuCreateSchema,
  ServiceMenuPatchSchema,
} from "./input-schemas.ts";
import { OneTimeLinkSchema, ServiceMenuSchema } from "./output-schemas.ts";

const menuParams = ids("serviceMenuId");

const listServiceMenus = listRoute("/service-menus", ServiceMenuSchema, "Service menus");

const createServiceMenu = addRoute("/service-menus", ServiceMenuCreateSchema, ServiceMenuSchema, "Add a service menu", [
  ...REFUSALS.reference,
  "SLUG_TAKEN",
]);

const getServiceMenu = getRoute("/service-menus/{serviceMenuId}", menuParams, ServiceMenuSchema, "A service menu");

const updateServiceMenu = changeRoute(
  "patch",
  "/service-menus/{serviceMenuId}",
  menuParams,
  ServiceMenuPatchSchema,
  ServiceMenuSchema,
  "Change a service menu",
  [...REFUSALS.reference, "SLUG_TAKEN"],
);

const replaceMenuItems = changeRoute(
  "put",
  "/service-menus/{serviceMenuId}/items",
  menuParams,
  ServiceIdsBodySchema,
  ServiceMenuSchema,
  "Replace the menu's services",
  REFUSALS.reference,
);

const deleteServiceMenu = removeRoute("/service-menus/{serviceMenuId}", menuParams, "Remove a service menu");

const listOneTimeLinks = businessRoute({
  method: "get",
  path: "/one-time-links",
  summary: "One-time links",
  request: { query: OneTimeLinkQuerySchema },
  responses: {
    200: json(z.array(OneTimeLinkSchema), "The links, newest first"),
    ...problems("VALIDATION_FAILED", "NOT_FOUND"),
  },
});

const createOneTimeLinkRoute = addRoute(
  "/one-time-links",
  OneTimeLinkCreateSchema,
  OneTimeLinkSchema,
  "Create a one-time link; `url` is the public page to share",
  REFUSALS.reference,
);

const revokeOneTimeLink = removeRoute("/one-time-links/{linkId}", ids("linkId"), "Revoke a one-time link");

export function menuAndLinkRoutes(api: BusinessRouter, deps: BusinessApiDeps) {
  const menuWithUrl = (v: ServiceMenuView) => ({ ...v, url: `${deps.publicUrl}/widget/service-menu/${v.id}` });
  const linkWithUrl = (v: OneTimeLinkView) => ({ ...v, url: oneTimeLinkUrl(deps.publicUrl, v.slug) });

  handle(api, listServiceMenus, async (c) => c.json((await c.var.repo.listServiceMenus()).map(menuWithUrl)));
  handle(api, createServiceMenu, async (c) =>
    send(c, await c.var.repo.createServiceMenu(c.req.valid("json")), "service menu", menuWithUrl, 201),
  );
  handle(api, getServiceMenu, async (c) =>
    found(c, await c.var.repo.getServiceMenu(c.req.valid("param").serviceMenuId), "service menu", menuWithUrl),
  );
  for (const route of [updateServiceMenu, replaceMenuItems]) {
    handle(api, route, async (c) => {
      const result = await c.var.repo.updateServiceMenu(c.req.valid("param").serviceMenuId, c.req.valid("json"));
      return send(c, result, "service menu", menuWithUrl);
    });
  }
  handle(api, deleteServiceMenu, async (c) =>
    deleted(c, await c.var.repo.deleteServiceMenu(c.req.valid("param").serviceMenuId), "service menu"),
  );

  handle(api, listOneTimeLinks, async (c) =>
    send(c, await c.var.repo.listOneTimeLinks(c.req.valid("query"), deps.clock()), "calendar", (list) =>
      list.map(linkWithUrl),
    ),
  );
  handle(api, createOneTimeLinkRoute, async (c) => {
    const input = c.req.valid("json");
    const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
    const created = await createOneTimeLink(c.var.repo, { calendarId: input.calendarId, expiresAt }, deps.clock());
    return send(c, created, "one-time link", linkWithUrl, 201);
  });
  handle(api, revokeOneTimeLink, async (c) =>
    deleted(c, await c.var.repo.revokeOneTimeLink(c.req.valid("param").linkId, deps.clock()), "one-time link"),
  );
}

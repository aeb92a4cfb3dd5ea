/** Service menus (a page of services booked through a service calendar) and one-time links. */
import { createOneTimeLink, oneTimeLinkUrl } from "../../../app/business/one-time-links.ts";
import type { OneTimeLinkView, ServiceMenuView } from "../../../app/business/ports.ts";
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
import {
  OneTimeLinkCreateSchema,
  OneTimeLinkQuerySchema,
  ServiceIdsBodySchema,
  ServiceMenuCreateSchema,
  ServiceMenuPatchSchema,
} from "./input-schemas.ts";
import { OneTimeLinkSchema, ServiceMenuSchema } from "./output-schemas.ts";

const menuParams = ids("serviceMenuId");
const menuRefusals = problems(...REFUSALS.body, ...REFUSALS.reference, "SLUG_TAKEN");

const listServiceMenus = businessRoute({
  method: "get",
  path: "/service-menus",
  summary: "Service menus",
  responses: { 200: json(z.array(ServiceMenuSchema), "Every service menu") },
});

const createServiceMenu = businessRoute({
  method: "post",
  path: "/service-menus",
  summary: "Add a service menu",
  request: { body: jsonBody(ServiceMenuCreateSchema) },
  responses: { 201: json(ServiceMenuSchema, "Added"), ...menuRefusals },
});

const getServiceMenu = businessRoute({
  method: "get",
  path: "/service-menus/{serviceMenuId}",
  summary: "A service menu",
  request: { params: menuParams },
  responses: { 200: json(ServiceMenuSchema, "The service menu"), ...problems("NOT_FOUND") },
});

const updateServiceMenu = businessRoute({
  method: "patch",
  path: "/service-menus/{serviceMenuId}",
  summary: "Change a service menu",
  request: { params: menuParams, body: jsonBody(ServiceMenuPatchSchema) },
  responses: { 200: json(ServiceMenuSchema, "Changed"), ...menuRefusals },
});

const replaceMenuItems = businessRoute({
  method: "put",
  path: "/service-menus/{serviceMenuId}/items",
  summary: "Replace the menu's services",
  request: { params: menuParams, body: jsonBody(ServiceIdsBodySchema) },
  responses: { 200: json(ServiceMenuSchema, "Changed"), ...problems(...REFUSALS.body, ...REFUSALS.reference) },
});

const deleteServiceMenu = businessRoute({
  method: "delete",
  path: "/service-menus/{serviceMenuId}",
  summary: "Remove a service menu",
  request: { params: menuParams },
  responses: { 204: noContent("Removed"), ...problems("NOT_FOUND") },
});

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

const createOneTimeLinkRoute = businessRoute({
  method: "post",
  path: "/one-time-links",
  summary: "Create a one-time link; `url` is the public page to share",
  request: { body: jsonBody(OneTimeLinkCreateSchema) },
  responses: { 201: json(OneTimeLinkSchema, "Created"), ...problems(...REFUSALS.body, ...REFUSALS.reference) },
});

const revokeOneTimeLink = businessRoute({
  method: "delete",
  path: "/one-time-links/{linkId}",
  summary: "Revoke a one-time link",
  request: { params: ids("linkId") },
  responses: { 204: noContent("Revoked"), ...problems("NOT_FOUND") },
});

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

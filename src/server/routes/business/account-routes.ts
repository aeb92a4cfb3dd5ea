/** The business itself and its API keys. */
import { issueApiKey } from "../../../app/business/api-keys.ts";
import { handle, json, jsonBody, problems } from "../../http/api-router.ts";
import { unknownImage } from "./image-routes.ts";
import {
  businessProblem,
  define,
  ids,
  REFUSALS,
  reply,
  type BusinessApiDeps,
  type BusinessRouter,
} from "./business-routing.ts";
import { ApiKeyCreateSchema, BusinessPatchSchema } from "./input-schemas.ts";
import { ApiKeyCreatedSchema, ApiKeySchema, BusinessSchema } from "./output-schemas.ts";

const getBusiness = define.route({
  method: "get",
  path: "/",
  summary: "The business of the key",
  responses: { 200: json(BusinessSchema, "The business"), ...problems("NOT_FOUND") },
});

const updateBusiness = define.route({
  method: "patch",
  path: "/",
  summary:
    "Change name, time zone (IANA), locale, currency (ISO 4217), the host names of its pages, or its branding (logo, colour, theme)",
  request: { body: jsonBody(BusinessPatchSchema) },
  responses: {
    200: json(BusinessSchema, "The business after the change"),
    ...problems(...REFUSALS.body, ...REFUSALS.reference, "HOSTNAME_TAKEN"),
  },
});

const listApiKeys = define.list("/api-keys", ApiKeySchema, "API keys (never the secrets)");

const createApiKey = define.add(
  "/api-keys",
  ApiKeyCreateSchema,
  ApiKeyCreatedSchema,
  "Create a key: `key` is shown once, only its SHA-256 hash is stored",
);

const revokeApiKey = define.remove(
  "/api-keys/{apiKeyId}",
  ids("apiKeyId"),
  "Revoke a key (immediately refused afterwards)",
);

export function accountRoutes(api: BusinessRouter, deps: BusinessApiDeps) {
  handle(api, getBusiness, async (c) => reply.found(c, await c.var.repo.getBusiness(), "business"));
  handle(api, updateBusiness, async (c) => {
    const patch = c.req.valid("json");
    // The logo is only ever one of this business's own images, never another's or any address.
    const unknown = await unknownImage(deps, c.var.repo.businessId, [{ path: "logoUrl", url: patch.logoUrl }]);
    if (unknown) return businessProblem(c, { code: "REFERENCE_NOT_FOUND", path: unknown }, "business");
    return reply.send(c, await c.var.repo.updateBusiness(patch), "business");
  });
  handle(api, listApiKeys, async (c) => c.json(await c.var.repo.listApiKeys()));
  handle(api, createApiKey, async (c) => c.json(await issueApiKey(c.var.repo, c.req.valid("json").name), 201));
  handle(api, revokeApiKey, async (c) =>
    reply.deleted(c, await c.var.repo.revokeApiKey(c.req.valid("param").apiKeyId, deps.clock()), "API key"),
  );
}

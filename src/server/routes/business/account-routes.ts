/** The business itself and its API keys. */
import { issueApiKey } from "../../../app/business/api-keys.ts";
import { handle, json, jsonBody, problems } from "../../http/api-router.ts";
import { define, ids, REFUSALS, reply, type BusinessApiDeps, type BusinessRouter } from "./business-routing.ts";
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
  summary: "Change name, time zone (IANA), locale, currency (ISO 4217) or the host names of its pages",
  request: { body: jsonBody(BusinessPatchSchema) },
  responses: {
    200: json(BusinessSchema, "The business after the change"),
    ...problems(...REFUSALS.body, "NOT_FOUND", "HOSTNAME_TAKEN"),
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
  handle(api, updateBusiness, async (c) =>
    reply.send(c, await c.var.repo.updateBusiness(c.req.valid("json")), "business"),
  );
  handle(api, listApiKeys, async (c) => c.json(await c.var.repo.listApiKeys()));
  handle(api, createApiKey, async (c) => c.json(await issueApiKey(c.var.repo, c.req.valid("json").name), 201));
  handle(api, revokeApiKey, async (c) =>
    reply.deleted(c, await c.var.repo.revokeApiKey(c.req.valid("param").apiKeyId, deps.clock()), "API key"),
  );
}

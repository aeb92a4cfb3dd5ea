/** The business itself and its API keys. */
import { issueApiKey } from "../../../app/business/api-keys.ts";
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
import { ApiKeyCreateSchema, BusinessPatchSchema } from "./input-schemas.ts";
import { ApiKeyCreatedSchema, ApiKeySchema, BusinessSchema } from "./output-schemas.ts";

const getBusiness = businessRoute({
  method: "get",
  path: "/",
  summary: "The business of the key",
  responses: { 200: json(BusinessSchema, "The business"), ...problems("NOT_FOUND") },
});

const updateBusiness = businessRoute({
  method: "patch",
  path: "/",
  summary: "Change name, time zone (IANA), locale, currency (ISO 4217) or the host names of its pages",
  request: { body: jsonBody(BusinessPatchSchema) },
  responses: {
    200: json(BusinessSchema, "The business after the change"),
    ...problems(...REFUSALS.body, "NOT_FOUND", "HOSTNAME_TAKEN"),
  },
});

const listApiKeys = businessRoute({
  method: "get",
  path: "/api-keys",
  summary: "API keys (never the secrets)",
  responses: { 200: json(z.array(ApiKeySchema), "Every key, revoked ones too") },
});

const createApiKey = businessRoute({
  method: "post",
  path: "/api-keys",
  summary: "Create a key: `key` is shown once, only its SHA-256 hash is stored",
  request: { body: jsonBody(ApiKeyCreateSchema) },
  responses: { 201: json(ApiKeyCreatedSchema, "The key, shown this once"), ...problems(...REFUSALS.body) },
});

const revokeApiKey = businessRoute({
  method: "delete",
  path: "/api-keys/{apiKeyId}",
  summary: "Revoke a key (immediately refused afterwards)",
  request: { params: ids("apiKeyId") },
  responses: { 204: noContent("Revoked"), ...problems("NOT_FOUND") },
});

export function accountRoutes(api: BusinessRouter, deps: BusinessApiDeps) {
  handle(api, getBusiness, async (c) => found(c, await c.var.repo.getBusiness(), "business"));
  handle(api, updateBusiness, async (c) => send(c, await c.var.repo.updateBusiness(c.req.valid("json")), "business"));
  handle(api, listApiKeys, async (c) => c.json(await c.var.repo.listApiKeys()));
  handle(api, createApiKey, async (c) => c.json(await issueApiKey(c.var.repo, c.req.valid("json").name), 201));
  handle(api, revokeApiKey, async (c) =>
    deleted(c, await c.var.repo.revokeApiKey(c.req.valid("param").apiKeyId, deps.clock()), "API key"),
  );
}

/** Authors, categories and tags of the blog, and the preview tokens that open its drafts. */
import { issuePreviewToken } from "../../../app/content/preview-tokens.ts";
import { handle, json, jsonBody, problems } from "../../http/api-router.ts";
import { define, ids, REFUSALS, reply, type BusinessApiDeps, type BusinessRouter } from "./business-routing.ts";
import {
  AuthorCreateSchema,
  AuthorPatchSchema,
  AuthorSchema,
  CategoryCreateSchema,
  CategoryPatchSchema,
  CategorySchema,
  PreviewTokenCreatedSchema,
  PreviewTokenCreateSchema,
  PreviewTokenSchema,
  TagSchema,
} from "./content-schemas.ts";

const listAuthors = define.list("/authors", AuthorSchema, "Authors");
const createAuthor = define.add("/authors", AuthorCreateSchema, AuthorSchema, "Add an author", ["SLUG_TAKEN"]);
const getAuthor = define.get("/authors/{authorId}", ids("authorId"), AuthorSchema, "An author");
const updateAuthor = define.change(
  "patch",
  "/authors/{authorId}",
  ids("authorId"),
  AuthorPatchSchema,
  AuthorSchema,
  "Change an author",
  ["NOT_FOUND", "SLUG_TAKEN"],
);
const deleteAuthor = define.remove("/authors/{authorId}", ids("authorId"), "Remove an author no post names", [
  "NOT_FOUND",
  "IN_USE",
]);

const listCategories = define.list("/categories", CategorySchema, "Categories");
const createCategory = define.add("/categories", CategoryCreateSchema, CategorySchema, "Add a category", [
  "SLUG_TAKEN",
]);
const getCategory = define.get("/categories/{categoryId}", ids("categoryId"), CategorySchema, "A category");
const updateCategory = define.change(
  "patch",
  "/categories/{categoryId}",
  ids("categoryId"),
  CategoryPatchSchema,
  CategorySchema,
  "Change a category",
  ["NOT_FOUND", "SLUG_TAKEN"],
);
const deleteCategory = define.remove(
  "/categories/{categoryId}",
  ids("categoryId"),
  "Remove a category (its posts stay, without it)",
);

const listTags = define.list("/tags", TagSchema, "Tags in use, with how many posts carry each");

const listPreviewTokens = define.list(
  "/preview-tokens",
  PreviewTokenSchema,
  "Preview tokens (never the tokens themselves)",
);
const createPreviewToken = define.route({
  method: "post",
  path: "/preview-tokens",
  summary: "Issue a preview token: /v2/preview/… pages open with ?token=<token> until it expires or is revoked",
  request: { body: jsonBody(PreviewTokenCreateSchema) },
  responses: { 201: json(PreviewTokenCreatedSchema, "Issued"), ...problems(...REFUSALS.body) },
});
const revokePreviewToken = define.route({
  method: "delete",
  path: "/preview-tokens/{previewTokenId}",
  summary: "Revoke a preview token: its previews answer 404 from now on",
  request: { params: ids("previewTokenId") },
  responses: { 200: json(PreviewTokenSchema, "Revoked"), ...problems("NOT_FOUND") },
});

export function taxonomyRoutes(api: BusinessRouter) {
  handle(api, listAuthors, async (c) => c.json(await c.var.content.listAuthors()));
  handle(api, createAuthor, async (c) =>
    reply.send(c, await c.var.content.createAuthor(c.req.valid("json")), "author", undefined, 201),
  );
  handle(api, getAuthor, async (c) =>
    reply.found(c, await c.var.content.getAuthor(c.req.valid("param").authorId), "author"),
  );
  handle(api, updateAuthor, async (c) =>
    reply.send(c, await c.var.content.updateAuthor(c.req.valid("param").authorId, c.req.valid("json")), "author"),
  );
  handle(api, deleteAuthor, async (c) =>
    reply.deleted(c, await c.var.content.deleteAuthor(c.req.valid("param").authorId), "author"),
  );

  handle(api, listCategories, async (c) => c.json(await c.var.content.listCategories()));
  handle(api, createCategory, async (c) =>
    reply.send(c, await c.var.content.createCategory(c.req.valid("json")), "category", undefined, 201),
  );
  handle(api, getCategory, async (c) =>
    reply.found(c, await c.var.content.getCategory(c.req.valid("param").categoryId), "category"),
  );
  handle(api, updateCategory, async (c) =>
    reply.send(c, await c.var.content.updateCategory(c.req.valid("param").categoryId, c.req.valid("json")), "category"),
  );
  handle(api, deleteCategory, async (c) =>
    reply.deleted(c, await c.var.content.deleteCategory(c.req.valid("param").categoryId), "category"),
  );

  handle(api, listTags, async (c) => c.json(await c.var.content.listTags()));
}

export function previewTokenRoutes(api: BusinessRouter, deps: BusinessApiDeps) {
  handle(api, listPreviewTokens, async (c) => c.json(await c.var.content.listPreviewTokens()));
  handle(api, createPreviewToken, async (c) =>
    c.json(await issuePreviewToken(c.var.content, c.req.valid("json"), deps.clock()), 201),
  );
  handle(api, revokePreviewToken, async (c) =>
    reply.send(
      c,
      await c.var.content.revokePreviewToken(c.req.valid("param").previewTokenId, deps.clock()),
      "preview token",
    ),
  );
}

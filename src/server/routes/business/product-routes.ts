/** The shop: products with variants, prices and stock, and collections of them (issue 16). */
import type { CollectionRecord, ProductRecord } from "../../../app/content/ports.ts";
import { createProduct, updateProduct } from "../../../app/content/write-product.ts";
import { handle, json } from "../../http/api-router.ts";
import {
  businessProblem,
  define,
  ids,
  REFUSALS,
  reply,
  type BusinessApiDeps,
  type BusinessRouter,
} from "./business-routing.ts";
import { unknownImage } from "./image-routes.ts";
import {
  CollectionCreateSchema,
  CollectionPatchSchema,
  CollectionSchema,
  ProductCreateSchema,
  ProductPageSchema,
  ProductPatchSchema,
  ProductSchema,
  ProductsQuerySchema,
} from "./content-schemas.ts";

const listProducts = define.route({
  method: "get",
  path: "/products",
  summary: "Products, last changed first, paginated with limit and offset",
  request: { query: ProductsQuerySchema },
  responses: { 200: json(ProductPageSchema, "A page of products") },
});
const createProductRoute = define.add(
  "/products",
  ProductCreateSchema,
  ProductSchema,
  "Add a product with its options and variants (status draft by default)",
  ["SLUG_TAKEN", "REFERENCE_NOT_FOUND"],
);
const getProduct = define.get(
  "/products/{productId}",
  ids("productId"),
  ProductSchema,
  "A product, whatever its status",
);
const updateProductRoute = define.change(
  "patch",
  "/products/{productId}",
  ids("productId"),
  ProductPatchSchema,
  ProductSchema,
  "Change a product; options and variants are checked together, so send both to change the options",
  [...REFUSALS.reference, "SLUG_TAKEN"],
);
const deleteProduct = define.remove(
  "/products/{productId}",
  ids("productId"),
  "Remove a product (it leaves its collections)",
);

const listCollections = define.list("/collections", CollectionSchema, "Collections");
const createCollection = define.add(
  "/collections",
  CollectionCreateSchema,
  CollectionSchema,
  "Add a collection: an ordered list of products",
  ["REFERENCE_NOT_FOUND", "SLUG_TAKEN"],
);
const getCollection = define.get("/collections/{collectionId}", ids("collectionId"), CollectionSchema, "A collection");
const updateCollection = define.change(
  "patch",
  "/collections/{collectionId}",
  ids("collectionId"),
  CollectionPatchSchema,
  CollectionSchema,
  "Change a collection; productIds replaces its products and their order",
  [...REFUSALS.reference, "SLUG_TAKEN"],
);
const deleteCollection = define.remove(
  "/collections/{collectionId}",
  ids("collectionId"),
  "Remove a collection (its products stay)",
);

export function productRoutes(api: BusinessRouter, deps: BusinessApiDeps) {
  const productUrls = (p: ProductRecord) => ({
    ...p,
    // The page's canonical address (by slug, as the sitemap lists it; `/product/<id>` answers too).
    url: `${deps.publicUrl}/product/${encodeURIComponent(p.slug)}`,
    previewUrl: `${deps.publicUrl}/v2/preview/${p.id}/product`,
  });
  const collectionUrls = (c: CollectionRecord) => ({ ...c, url: `${deps.publicUrl}/collections/${c.slug}` });

  handle(api, listProducts, async (c) => {
    const query = c.req.valid("query");
    const page = await c.var.content.listProducts(query);
    return c.json({ items: page.items.map(productUrls), total: page.total, limit: query.limit, offset: query.offset });
  });
  const unknownMedia = (
    c: { var: { repo: { businessId: string } } },
    body: { media?: readonly { url: string }[] | undefined },
  ) =>
    unknownImage(
      deps,
      c.var.repo.businessId,
      (body.media ?? []).map((m, i) => ({ path: `media.${i}.url`, url: m.url })),
    );
  handle(api, createProductRoute, async (c) => {
    const body = c.req.valid("json");
    const unknown = await unknownMedia(c, body);
    if (unknown) return businessProblem(c, { code: "REFERENCE_NOT_FOUND", path: unknown }, "product");
    return reply.send(c, await createProduct(c.var.content, body, deps.clock()), "product", productUrls, 201);
  });
  handle(api, getProduct, async (c) =>
    reply.found(c, await c.var.content.getProduct(c.req.valid("param").productId), "product", productUrls),
  );
  handle(api, updateProductRoute, async (c) => {
    const body = c.req.valid("json");
    const unknown = await unknownMedia(c, body);
    if (unknown) return businessProblem(c, { code: "REFERENCE_NOT_FOUND", path: unknown }, "product");
    return reply.send(
      c,
      await updateProduct(c.var.content, c.req.valid("param").productId, body, deps.clock()),
      "product",
      productUrls,
    );
  });
  handle(api, deleteProduct, async (c) =>
    reply.deleted(c, await c.var.content.deleteProduct(c.req.valid("param").productId), "product"),
  );

  handle(api, listCollections, async (c) => c.json((await c.var.content.listCollections()).map(collectionUrls)));
  handle(api, createCollection, async (c) => {
    const { description = "", productIds = [], ...fields } = c.req.valid("json");
    const created = await c.var.content.createCollection({ ...fields, description, productIds });
    return reply.send(c, created, "collection", collectionUrls, 201);
  });
  handle(api, getCollection, async (c) =>
    reply.found(c, await c.var.content.getCollection(c.req.valid("param").collectionId), "collection", collectionUrls),
  );
  handle(api, updateCollection, async (c) =>
    reply.send(
      c,
      await c.var.content.updateCollection(c.req.valid("param").collectionId, c.req.valid("json")),
      "collection",
      collectionUrls,
    ),
  );
  handle(api, deleteCollection, async (c) =>
    reply.deleted(c, await c.var.content.deleteCollection(c.req.valid("param").collectionId), "collection"),
  );
}

/**
 * Issue 16, the shop: a business writes products — options, variants with prices, compare-at prices
 * and stock, an out-of-stock policy, a gallery — and collections of them through the API, with
 * descriptions sanitised, slugs unique per business (409), rules checked with field-level errors,
 * every business kept apart, and the public pages showing only what they should.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPublicPagesRepository } from "../../src/adapters/db/public-pages-repository.ts";
import { findXssDangers, XSS_CORPUS } from "../../src/core/content/xss-corpus.ts";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "../support/databases.ts";
import { businessApp, call, expectStatus, newBusiness, type App } from "./business-fixtures.ts";

const oil = {
  slug: "massage-oil",
  title: "Massage oil",
  descriptionHtml: `<p>Almond <a href="https://example.org">oil</a></p><img src=x onerror="alert(1)">`,
  type: "physical",
  status: "active",
  currency: "EUR",
  options: [{ name: "Size", values: ["S", "M", "L"] }],
  variants: [
    { options: ["S"], priceMinor: 1200, stockQuantity: 10, sku: "OIL-S" },
    { options: ["M"], priceMinor: 1900, compareAtMinor: 2400, stockQuantity: 3 },
    { options: ["L"], priceMinor: 3900, stockQuantity: 0 },
  ],
  media: [{ url: "https://img.example.org/oil.jpg", alt: "A bottle of oil" }],
};

describe.each(DATABASE_KINDS)("shop API on %s", (kind) => {
  let testDb: TestDatabase;
  let app: App;
  let key: string;
  let otherKey: string;
  let businessId: string;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    app = businessApp(testDb.database);
    ({ key, id: businessId } = await newBusiness(testDb.database, "Shop Studio"));
    otherKey = (await newBusiness(testDb.database, "Other Shop")).key;
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  const pages = () => createPublicPagesRepository(testDb.database.db);
  const business = () => ({ id: businessId });

  it("adds a product with variants, reads, lists, changes and deletes it", async () => {
    const product = await expectStatus(201, app, "POST", "/api/business/products", key, oil);
    expect(product).toMatchObject({
      slug: "massage-oil",
      title: "Massage oil",
      type: "physical",
      status: "active",
      currency: "EUR",
      outOfStock: "deny",
      options: [{ name: "Size", values: ["S", "M", "L"] }],
      variants: [
        { options: ["S"], priceMinor: 1200, compareAtMinor: null, stockQuantity: 10, sku: "OIL-S" },
        { options: ["M"], priceMinor: 1900, compareAtMinor: 2400, stockQuantity: 3, sku: null },
        { options: ["L"], priceMinor: 3900, stockQuantity: 0 },
      ],
      media: oil.media,
      collectionIds: [],
      url: `https://book.example.com/product/${product.slug}`,
      previewUrl: `https://book.example.com/v2/preview/${product.id}/product`,
    });
    expect(product.descriptionHtml).toBe(
      `<p>Almond <a href="https://example.org" rel="noopener noreferrer" target="_blank">oil</a></p><img src="x" loading="lazy" decoding="async" />`,
    );
    expect(await expectStatus(200, app, "GET", `/api/business/products/${product.id}`, key)).toEqual(product);
    const listed = await expectStatus(200, app, "GET", "/api/business/products?limit=5&search=oil", key);
    expect(listed).toMatchObject({ total: 1, limit: 5, offset: 0 });

    // A new variant list: S and M keep their ids (same option values), XL is new, L is gone.
    const [small, medium] = product.variants;
    const changed = await expectStatus(200, app, "PATCH", `/api/business/products/${product.id}`, key, {
      options: [{ name: "Size", values: ["S", "M", "XL"] }],
      variants: [
        { options: ["M"], priceMinor: 2000 },
        { options: ["S"], priceMinor: 1200 },
        { options: ["XL"], priceMinor: 4900, stockQuantity: 2 },
      ],
      outOfStock: "continue",
    });
    expect(changed.variants.map((v: { id: string }) => v.id).slice(0, 2)).toEqual([medium.id, small.id]);
    expect(changed.variants[2].id).not.toBe(product.variants[2].id);
    expect(changed).toMatchObject({ title: "Massage oil", outOfStock: "continue", media: oil.media });

    await expectStatus(204, app, "DELETE", `/api/business/products/${product.id}`, key);
    expect((await call(app, "GET", `/api/business/products/${product.id}`, key)).status).toBe(404);
  });

  it("refuses a slug the business already uses with a clear 409, and allows it in another business", async () => {
    await expectStatus(201, app, "POST", "/api/business/products", key, { ...oil, slug: "twice" });
    const again = await call(app, "POST", "/api/business/products", key, { ...oil, slug: "twice" });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: "SLUG_TAKEN",
      detail: "Another product of this business already uses this slug.",
      errors: [{ path: "slug", code: "SLUG_TAKEN" }],
    });
    await expectStatus(201, app, "POST", "/api/business/products", otherKey, { ...oil, slug: "twice" });
    await expectStatus(201, app, "POST", "/api/business/collections", key, { slug: "dup", name: "A" });
    const collection = await call(app, "POST", "/api/business/collections", key, { slug: "dup", name: "B" });
    expect(collection.body).toMatchObject({
      code: "SLUG_TAKEN",
      detail: "Another collection of this business already uses this slug.",
    });
  });

  it("checks variants against the options, compare-at prices, currencies and minor units", async () => {
    const refused = await call(app, "POST", "/api/business/products", key, {
      ...oil,
      slug: "rules",
      variants: [
        { options: ["S"], priceMinor: 1000, compareAtMinor: 900 },
        { options: ["XXL"], priceMinor: 1000 },
        { options: ["S"], priceMinor: 1100 },
        { options: [], priceMinor: 1000 },
      ],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      { path: "variants.0.compareAtMinor", code: "COMPARE_AT_NOT_HIGHER", message: expect.stringContaining("higher") },
      { path: "variants.1.options.0", code: "VARIANT_OPTION_UNKNOWN", message: expect.any(String) },
      { path: "variants.2.options", code: "VARIANT_DUPLICATE", message: expect.any(String) },
      { path: "variants.3.options", code: "VARIANT_OPTIONS_MISMATCH", message: expect.any(String) },
    ]);
    const paths = async (body: object) =>
      (await call(app, "POST", "/api/business/products", key, { ...oil, slug: "edge", ...body })).body.errors.map(
        (e: { path: string }) => e.path,
      );
    expect(await paths({ currency: "EURO" })).toEqual(["currency"]);
    expect(await paths({ variants: [] })).toEqual(["variants"]);
    expect(await paths({ variants: [{ options: ["S"], priceMinor: 12.5 }] })).toEqual(["variants.0.priceMinor"]);
    expect(await paths({ media: [{ url: "javascript:alert(1)", alt: "x" }] })).toEqual(["media.0.url"]);
    expect(await paths({ media: [{ url: "https://img.example.org/a.jpg", alt: " " }] })).toEqual(["media.0.alt"]);
    expect(await paths({ outOfStock: "backorder" })).toEqual(["outOfStock"]);
    expect(await paths({ price: 10 })).toEqual([""]);

    // Changing the options alone leaves the stored variants unfit: refused, with where.
    const product = await expectStatus(201, app, "POST", "/api/business/products", key, { ...oil, slug: "fit" });
    const unfit = await call(app, "PATCH", `/api/business/products/${product.id}`, key, {
      options: [{ name: "Colour", values: ["Red"] }],
    });
    expect(unfit.status).toBe(400);
    expect(unfit.body.errors[0]).toMatchObject({ path: "variants.0.options.0", code: "VARIANT_OPTION_UNKNOWN" });
  });

  it("answers refusals in the request's language", async () => {
    const response = await app.request("/api/business/products", {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json", "accept-language": "de" },
      body: JSON.stringify({ ...oil, slug: "sprache", currency: "XYZ" }),
    });
    const body = (await response.json()) as { code: string; detail: string };
    expect(response.status).toBe(400);
    expect(body.code).toBe("VALIDATION_FAILED");
    expect(body.detail).not.toBe("The request is not valid.");
    expect(body.detail.length).toBeGreaterThan(0);
  });

  it("stores every corpus vector of a description sanitised, and the page serves it sanitised", async () => {
    const product = await expectStatus(201, app, "POST", "/api/business/products", key, {
      ...oil,
      slug: "corpus",
      descriptionHtml: XSS_CORPUS.join("\n"),
    });
    expect(findXssDangers(product.descriptionHtml)).toEqual([]);
    expect(findXssDangers((await pages().product(business(), product.id))!.descriptionHtml)).toEqual([]);
  });

  it("keeps collections in the order given, refuses another business's products, and keeps products on delete", async () => {
    const a = await expectStatus(201, app, "POST", "/api/business/products", key, { ...oil, slug: "col-a" });
    const b = await expectStatus(201, app, "POST", "/api/business/products", key, { ...oil, slug: "col-b" });
    const foreign = await expectStatus(201, app, "POST", "/api/business/products", otherKey, { ...oil, slug: "col-x" });
    const collection = await expectStatus(201, app, "POST", "/api/business/collections", key, {
      slug: "care",
      name: "Care",
      productIds: [b.id, a.id],
    });
    expect(collection).toMatchObject({
      productIds: [b.id, a.id],
      description: "",
      url: "https://book.example.com/collections/care",
    });
    expect((await expectStatus(200, app, "GET", `/api/business/products/${a.id}`, key)).collectionIds).toEqual([
      collection.id,
    ]);
    const listing = await pages().collection(business(), "care");
    expect(listing?.products.map((p) => p.id)).toEqual([b.id, a.id]);

    const withForeign = await call(app, "PATCH", `/api/business/collections/${collection.id}`, key, {
      productIds: [a.id, foreign.id],
    });
    expect(withForeign.status).toBe(404);
    expect(withForeign.body).toMatchObject({ code: "REFERENCE_NOT_FOUND", errors: [{ path: "productIds.1" }] });
    expect((await expectStatus(200, app, "GET", `/api/business/collections/${collection.id}`, key)).productIds).toEqual(
      [b.id, a.id],
    );
    const reordered = await expectStatus(200, app, "PATCH", `/api/business/collections/${collection.id}`, key, {
      productIds: [a.id, b.id],
    });
    expect(reordered).toMatchObject({ name: "Care", productIds: [a.id, b.id] });
    expect(await expectStatus(200, app, "GET", "/api/business/collections", key)).toContainEqual(reordered);

    await expectStatus(204, app, "DELETE", `/api/business/collections/${collection.id}`, key);
    expect((await call(app, "GET", `/api/business/collections/${collection.id}`, key)).status).toBe(404);
    expect((await expectStatus(200, app, "GET", `/api/business/products/${a.id}`, key)).collectionIds).toEqual([]);
  });

  it("keeps businesses apart", async () => {
    const mine = await expectStatus(201, app, "POST", "/api/business/products", key, { ...oil, slug: "mine" });
    const col = await expectStatus(201, app, "POST", "/api/business/collections", key, { slug: "mine", name: "M" });
    for (const path of [`/api/business/products/${mine.id}`, `/api/business/collections/${col.id}`]) {
      expect((await call(app, "GET", path, otherKey)).status).toBe(404);
      expect((await call(app, "PATCH", path, otherKey, { slug: "taken" })).status).toBe(404);
      expect((await call(app, "DELETE", path, otherKey)).status).toBe(404);
    }
    expect((await expectStatus(200, app, "GET", "/api/business/products?search=mine", otherKey)).total).toBe(0);
    expect(await pages().product({ id: "00000000-0000-4000-8000-000000000000" }, mine.id)).toBeNull();
  });

  it("shows active products only, by id or slug, with stock per variant and the policy's hidden variants", async () => {
    const draft = await expectStatus(201, app, "POST", "/api/business/products", key, {
      ...oil,
      slug: "draft-oil",
      status: "draft",
    });
    expect(await pages().product(business(), draft.id)).toBeNull();

    const live = await expectStatus(201, app, "POST", "/api/business/products", key, { ...oil, slug: "live-oil" });
    const view = await pages().product(business(), "live-oil");
    expect(view?.id).toBe(live.id);
    expect(view?.variants.map((v) => [v.options[0], v.stock])).toEqual([
      ["S", { kind: "in_stock" }],
      ["M", { kind: "low", left: 3 }],
      ["L", { kind: "out_of_stock" }],
    ]);

    await expectStatus(200, app, "PATCH", `/api/business/products/${live.id}`, key, { outOfStock: "hide" });
    expect((await pages().product(business(), live.id))?.variants.map((v) => v.options[0])).toEqual(["S", "M"]);

    // Every variant sold out under "hide": gone from its page and from listings.
    await expectStatus(200, app, "PATCH", `/api/business/products/${live.id}`, key, {
      variants: [{ options: ["S"], priceMinor: 1200, stockQuantity: 0 }],
    });
    expect(await pages().product(business(), live.id)).toBeNull();
    await expectStatus(201, app, "POST", "/api/business/collections", key, {
      slug: "live",
      name: "Live",
      productIds: [live.id, draft.id],
    });
    expect((await pages().collection(business(), "live"))?.total).toBe(0);
  });
});

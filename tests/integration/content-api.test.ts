/**
 * Issue 16: a business writes its blog through the API — posts, authors, categories, tags — with
 * bodies sanitised on write, slugs unique per business (409), and public visibility that follows
 * status and publication time against the request's clock.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { previewBusinessOf } from "../../src/app/content/preview-tokens.ts";
import { createPublicPagesRepository } from "../../src/adapters/db/public-pages-repository.ts";
import type { BusinessRef } from "../../src/app/pages/public-pages.ts";
import { findXssDangers, XSS_CORPUS } from "../../src/core/content/xss-corpus.ts";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "../support/databases.ts";
import { businessApp, call, expectStatus, newBusiness, NOW, type App } from "./business-fixtures.ts";

const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);

describe.each(DATABASE_KINDS)("content API on %s", (kind) => {
  let testDb: TestDatabase;
  let app: App;
  let key: string;
  let otherKey: string;
  let business: BusinessRef;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    app = businessApp(testDb.database);
    const created = await newBusiness(testDb.database, "Content Studio");
    key = created.key;
    otherKey = (await newBusiness(testDb.database, "Other Studio")).key;
    business = { id: created.id, slug: "", name: "", timeZone: "Europe/Paris", currency: "EUR", embedOrigins: [] };
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  const pages = () => createPublicPagesRepository(testDb.database.db);

  it("writes a post with author, category and tags, and lists, reads, changes and deletes it", async () => {
    const author = await expectStatus(201, app, "POST", "/api/business/authors", key, { slug: "ann", name: "Ann" });
    const category = await expectStatus(201, app, "POST", "/api/business/categories", key, {
      slug: "care",
      label: "Care",
    });
    const post = await expectStatus(201, app, "POST", "/api/business/posts", key, {
      slug: "hello",
      title: "Hello",
      excerpt: "First post",
      bodyHtml: `<p>Hi <a href="https://example.org">there</a></p><script>alert(1)</script>`,
      imageUrl: "https://img.example.org/cover.jpg",
      imageAlt: "A cover",
      authorId: author.id,
      categoryIds: [category.id],
      tags: ["news", " news ", "care"],
      status: "published",
    });
    expect(post).toMatchObject({
      status: "published",
      publishAt: NOW.toISOString(),
      tags: ["news", "care"],
      bodyHtml: `<p>Hi <a href="https://example.org" rel="noopener noreferrer" target="_blank">there</a></p>`,
      url: "https://book.example.com/b/hello",
    });
    const listed = await expectStatus(200, app, "GET", "/api/business/posts?limit=10&offset=0", key);
    expect(listed.total).toBe(1);
    expect(listed.items[0].id).toBe(post.id);
    expect(await expectStatus(200, app, "GET", "/api/business/tags", key)).toEqual([
      { tag: "care", postCount: 1 },
      { tag: "news", postCount: 1 },
    ]);
    const changed = await expectStatus(200, app, "PATCH", `/api/business/posts/${post.id}`, key, { title: "Hello!" });
    expect(changed).toMatchObject({ title: "Hello!", slug: "hello", bodyHtml: post.bodyHtml });

    // An author that posts name cannot go; a category can, and leaves its posts.
    expect((await call(app, "DELETE", `/api/business/authors/${author.id}`, key)).status).toBe(409);
    await expectStatus(204, app, "DELETE", `/api/business/categories/${category.id}`, key);
    expect((await expectStatus(200, app, "GET", `/api/business/posts/${post.id}`, key)).categoryIds).toEqual([]);

    await expectStatus(204, app, "DELETE", `/api/business/posts/${post.id}`, key);
    expect((await call(app, "GET", `/api/business/posts/${post.id}`, key)).status).toBe(404);
  });

  it("refuses a slug the business already uses with a clear 409, and allows it in another business", async () => {
    await expectStatus(201, app, "POST", "/api/business/posts", key, { slug: "twice", title: "One" });
    const again = await call(app, "POST", "/api/business/posts", key, { slug: "twice", title: "Two" });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: "SLUG_TAKEN",
      detail: "Another post of this business already uses this slug.",
      errors: [{ path: "slug", code: "SLUG_TAKEN" }],
    });
    await expectStatus(201, app, "POST", "/api/business/posts", otherKey, { slug: "twice", title: "Elsewhere" });
    await expectStatus(201, app, "POST", "/api/business/authors", key, { slug: "dup", name: "A" });
    expect((await call(app, "POST", "/api/business/authors", key, { slug: "dup", name: "B" })).status).toBe(409);
  });

  it("refuses references to another business's author and unknown categories", async () => {
    const foreign = await expectStatus(201, app, "POST", "/api/business/authors", otherKey, {
      slug: "foreign",
      name: "F",
    });
    const byForeign = await call(app, "POST", "/api/business/posts", key, {
      slug: "ref",
      title: "Ref",
      authorId: foreign.id,
    });
    expect(byForeign.status).toBe(404);
    expect(byForeign.body.errors[0].path).toBe("authorId");
    const unknownCategory = await call(app, "POST", "/api/business/posts", key, {
      slug: "ref",
      title: "Ref",
      categoryIds: ["not-an-id"],
    });
    expect(unknownCategory.body.errors[0].path).toBe("categoryIds.0");
  });

  it("validates input: scheduling needs publishAt, URLs are http(s), unknown fields are refused", async () => {
    const noTime = await call(app, "POST", "/api/business/posts", key, { slug: "s", title: "S", status: "scheduled" });
    expect(noTime.status).toBe(400);
    expect(noTime.body.errors).toEqual([
      { path: "publishAt", code: "PUBLISH_AT_REQUIRED", message: expect.stringContaining("publishAt") },
    ]);
    const badImage = await call(app, "POST", "/api/business/posts", key, {
      slug: "s",
      title: "S",
      imageUrl: "javascript:alert(1)",
    });
    expect(badImage.status).toBe(400);
    expect((await call(app, "POST", "/api/business/posts", key, { slug: "s", title: "S", body: "x" })).status).toBe(
      400,
    );
  });

  it("stores every corpus vector sanitised, and the public page serves it sanitised", async () => {
    const body = XSS_CORPUS.join("\n");
    const post = await expectStatus(201, app, "POST", "/api/business/posts", key, {
      slug: "corpus",
      title: "Corpus",
      bodyHtml: body,
      status: "published",
    });
    for (const html of [post.bodyHtml as string, (await pages().post(business, "corpus", NOW))!.bodyHtml]) {
      expect(findXssDangers(html)).toEqual([]);
    }
  });

  it("shows a post publicly only when published, or scheduled and due, by the request's clock", async () => {
    const post = await expectStatus(201, app, "POST", "/api/business/posts", key, {
      slug: "timed",
      title: "Timed",
    });
    const visible = (at: Date) =>
      pages()
        .post(business, "timed", at)
        .then((p) => p !== null);
    expect(await visible(NOW)).toBe(false); // draft

    await expectStatus(200, app, "PATCH", `/api/business/posts/${post.id}`, key, {
      status: "scheduled",
      publishAt: minutes(30).toISOString(),
    });
    expect(await visible(minutes(29))).toBe(false);
    expect(await visible(minutes(30))).toBe(true); // same repository, no restart, no cache
    const listing = await pages().postListing(business, { kind: "tag", tag: "x" }, minutes(31));
    expect(listing).toBeNull();

    await expectStatus(200, app, "PATCH", `/api/business/posts/${post.id}`, key, { status: "archived" });
    expect(await visible(minutes(60))).toBe(false);
    expect(await pages().post(business, "no-such-post", NOW)).toBeNull();
  });

  it("keeps businesses apart", async () => {
    const mine = await expectStatus(201, app, "POST", "/api/business/posts", key, { slug: "mine", title: "Mine" });
    expect((await call(app, "GET", `/api/business/posts/${mine.id}`, otherKey)).status).toBe(404);
    expect((await call(app, "PATCH", `/api/business/posts/${mine.id}`, otherKey, { title: "x" })).status).toBe(404);
    expect((await call(app, "DELETE", `/api/business/posts/${mine.id}`, otherKey)).status).toBe(404);
  });
});

describe.each(DATABASE_KINDS)("preview tokens on %s", (kind) => {
  let testDb: TestDatabase;
  let app: App;
  let key: string;
  let businessId: string;
  let otherKey: string;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    app = businessApp(testDb.database);
    ({ key, id: businessId } = await newBusiness(testDb.database, "Preview Studio"));
    otherKey = (await newBusiness(testDb.database, "Other Studio")).key;
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  const pages = () => createPublicPagesRepository(testDb.database.db);
  const opens = async (token: string, at: Date) =>
    (await previewBusinessOf(pages().previewBusiness, token, at)) === businessId;

  it("opens previews with the token only: not a wrong one, not after expiry, not after revocation", async () => {
    const issued = await expectStatus(201, app, "POST", "/api/business/preview-tokens", key, {
      label: "Reviewer",
      expiresInMinutes: 60,
    });
    expect(issued.token).toMatch(/^pv_[A-Za-z0-9_-]{43}$/);
    expect(issued.previewToken).toMatchObject({ label: "Reviewer", expiresAt: minutes(60).toISOString() });
    // Only the hash is stored: the listing never shows the token.
    const listed = await call(app, "GET", "/api/business/preview-tokens", key);
    expect(listed.text).not.toContain(issued.token);

    expect(await opens(issued.token, NOW)).toBe(true);
    expect(await opens(issued.token, minutes(59))).toBe(true);
    expect(await opens(issued.token, minutes(60))).toBe(false); // expired
    expect(await opens(`${issued.token.slice(0, -1)}A`, NOW)).toBe(issued.token.endsWith("A")); // wrong
    expect(await opens("", NOW)).toBe(false); // missing
    expect(await opens("pv_short", NOW)).toBe(false);

    // Another business cannot revoke it; its owner can, and it stops working at once.
    expect((await call(app, "DELETE", `/api/business/preview-tokens/${issued.previewToken.id}`, otherKey)).status).toBe(
      404,
    );
    const revoked = await expectStatus(
      200,
      app,
      "DELETE",
      `/api/business/preview-tokens/${issued.previewToken.id}`,
      key,
    );
    expect(revoked.revokedAt).toBe(NOW.toISOString());
    expect(await opens(issued.token, NOW)).toBe(false);
  });

  it("a token opens its own business's drafts by id, of every kind, and nothing of another business", async () => {
    const author = await expectStatus(201, app, "POST", "/api/business/authors", key, { slug: "pia", name: "Pia" });
    const category = await expectStatus(201, app, "POST", "/api/business/categories", key, {
      slug: "drafts",
      label: "Drafts",
    });
    const draft = await expectStatus(201, app, "POST", "/api/business/posts", key, {
      slug: "draft-post",
      title: "Draft post",
      bodyHtml: "<p>Not yet</p>",
      authorId: author.id,
      categoryIds: [category.id],
      tags: ["soon"],
    });
    const archived = await expectStatus(201, app, "POST", "/api/business/posts", key, {
      slug: "old-post",
      title: "Old post",
      status: "archived",
    });
    const business = { id: businessId };
    const page = { limit: 9, offset: 0 };
    const p = pages();
    expect(await p.preview(business, "post", draft.id, page)).toMatchObject({ post: { title: "Draft post" } });
    expect(await p.preview(business, "post", archived.id, page)).toMatchObject({ post: { title: "Old post" } });
    for (const [kind, id] of [
      ["category", category.id],
      ["author", author.id],
      ["tag", "soon"],
    ] as const) {
      const view = await p.preview(business, kind, id, page);
      expect(view, kind).toMatchObject({ listing: { total: 1, posts: [{ slug: "draft-post" }] } });
    }
    // Live pages show none of it.
    expect(await p.post(business, "draft-post", NOW)).toBeNull();
    expect(await p.postListing(business, { kind: "category", slug: "drafts" }, NOW)).toMatchObject({ total: 0 });
    // Another business's token scope does not reach these ids.
    const other = { id: (await call(app, "GET", "/api/business", otherKey)).body.id as string };
    expect(await p.preview(other, "post", draft.id, page)).toBeNull();
    expect(await p.preview(other, "category", category.id, page)).toBeNull();
    expect(await p.preview(business, "post", "not-a-uuid", page)).toBeNull();
  });
});

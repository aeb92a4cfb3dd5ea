/**
 * Issue 16: posts imported from Markdown files through the business API. Each file is written as
 * `POST /posts` would write it (validation, sanitiser, 409 for a slug in use, tags, author and
 * categories) and stands alone: a refused file does not keep the others out.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findXssDangers } from "../../src/core/content/xss-corpus.ts";
import { MAX_IMPORT_FILES, MAX_MARKDOWN_BYTES } from "../../src/core/content/markdown-import.ts";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "../support/databases.ts";
import { businessApp, call, expectStatus, newBusiness, NOW, type App } from "./business-fixtures.ts";

const IMPORT = "/api/business/posts/import";

describe.each(DATABASE_KINDS)("post import on %s", (kind) => {
  let testDb: TestDatabase;
  let app: App;
  let key: string;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    app = businessApp(testDb.database);
    key = (await newBusiness(testDb.database, "Import Studio")).key;
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  it("imports a file with front matter (tags, author, category) and one without", async () => {
    const author = await expectStatus(201, app, "POST", "/api/business/authors", key, { slug: "ann", name: "Ann" });
    const category = await expectStatus(201, app, "POST", "/api/business/categories", key, {
      slug: "care",
      label: "Care",
    });
    const report = await expectStatus(200, app, "POST", IMPORT, key, {
      files: [
        {
          name: "breathing.md",
          markdown: [
            "---",
            "title: Breathing, step by step",
            "slug: breathing",
            "excerpt: Five minutes a day.",
            "tags: [calm, breath]",
            "categories: [care]",
            "author: ann",
            "status: published",
            "canonicalUrl: https://example.org/breathing",
            "imageUrl: https://img.example.org/lake.jpg",
            "imageAlt: A quiet lake",
            "---",
            "Breathe **in**, then [read more](https://example.org/more).",
          ].join("\n"),
        },
        { name: "Week One Notes.md", markdown: "# Week one\n\nSome *notes*.\n\n- a\n- b\n" },
      ],
    });
    expect(report).toMatchObject({ created: 2, refused: 0 });
    expect(report.files[0]).toMatchObject({ name: "breathing.md", status: 201, post: { slug: "breathing" } });
    expect(report.files[1]).toMatchObject({ status: 201, post: { slug: "week-one-notes" } });

    const first = await expectStatus(200, app, "GET", `/api/business/posts/${report.files[0].post.id}`, key);
    expect(first).toMatchObject({
      title: "Breathing, step by step",
      excerpt: "Five minutes a day.",
      tags: ["calm", "breath"],
      categoryIds: [category.id],
      authorId: author.id,
      status: "published",
      publishAt: NOW.toISOString(),
      canonicalLink: "https://example.org/breathing",
      imageUrl: "https://img.example.org/lake.jpg",
      imageAlt: "A quiet lake",
      bodyHtml:
        `<p>Breathe <strong>in</strong>, then <a href="https://example.org/more" rel="noopener noreferrer" ` +
        `target="_blank">read more</a>.</p>`,
    });
    const second = await expectStatus(200, app, "GET", `/api/business/posts/${report.files[1].post.id}`, key);
    expect(second).toMatchObject({ title: "Week one", status: "draft", tags: [], authorId: null });
    expect(second.bodyHtml).toContain("<em>notes</em>");
    expect(second.bodyHtml).not.toContain("<h1>");
    expect(await expectStatus(200, app, "GET", "/api/business/tags", key)).toEqual(
      expect.arrayContaining([{ tag: "calm", postCount: 1 }]),
    );
  });

  it("sanitises script, javascript: links and event handlers away, as on any post", async () => {
    const report = await expectStatus(200, app, "POST", IMPORT, key, {
      files: [
        {
          name: "xss.md",
          markdown: [
            "# Harmless",
            "",
            "<script>alert(1)</script>",
            "",
            "[x](javascript:alert(1)) and <img src=x onerror=alert(1)>",
            "",
            '<a href="JaVaScRiPt:alert(2)">y</a>',
          ].join("\n"),
        },
      ],
    });
    expect(report.files[0].status).toBe(201);
    const post = await expectStatus(200, app, "GET", `/api/business/posts/${report.files[0].post.id}`, key);
    expect(findXssDangers(post.bodyHtml)).toEqual([]);
    expect(post.bodyHtml).not.toMatch(/script|javascript:|onerror/i);
  });

  it("refuses a slug in use with the 409 of the post API while the other file is created", async () => {
    const report = await expectStatus(200, app, "POST", IMPORT, key, {
      files: [
        { name: "breathing.md", markdown: "# Again\n\nSame slug as before." },
        { name: "fresh.md", markdown: "# Fresh\n\nNew." },
      ],
    });
    expect(report).toMatchObject({ created: 1, refused: 1 });
    expect(report.files[0]).toMatchObject({
      name: "breathing.md",
      status: 409,
      problem: {
        code: "SLUG_TAKEN",
        detail: "Another post of this business already uses this slug.",
        errors: [{ path: "slug", code: "SLUG_TAKEN" }],
      },
    });
    expect(report.files[1]).toMatchObject({ status: 201, post: { slug: "fresh" } });
    // In the request's language.
    const german = await app.request(IMPORT, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json", "accept-language": "de" },
      body: JSON.stringify({ files: [{ name: "fresh.md", markdown: "# Fresh" }] }),
    });
    expect((await german.json()).files[0].problem).toMatchObject({
      code: "SLUG_TAKEN",
      detail: "Dieser Kurzname wird bereits verwendet.",
    });
  });

  it("refuses invalid front matter, values and unknown references per file, with the post API's codes", async () => {
    const report = await expectStatus(200, app, "POST", IMPORT, key, {
      files: [
        { name: "no-title.md", markdown: "just text" },
        { name: "typo.md", markdown: "---\ntitel: T\n---\nx" },
        { name: "broken.md", markdown: "---\ntitle: [unclosed\n---\nx" },
        { name: "scheduled.md", markdown: "---\nstatus: scheduled\n---\n# S" },
        { name: "who.md", markdown: "---\nauthor: nobody\n---\n# W" },
        { name: "cat.md", markdown: "---\ncategories: [care, nope]\n---\n# C" },
        { name: "link.md", markdown: "---\ncanonicalUrl: javascript:alert(1)\n---\n# L" },
        { name: "big.md", markdown: "a".repeat(MAX_MARKDOWN_BYTES + 1) },
      ],
    });
    expect(report).toMatchObject({ created: 0, refused: 8 });
    const [noTitle, typo, broken, scheduled, who, cat, link, big] = report.files;
    expect(noTitle).toMatchObject({ status: 400, problem: { code: "VALIDATION_FAILED", errors: [{ path: "title" }] } });
    expect(typo.problem.errors).toEqual([expect.objectContaining({ path: "frontMatter.titel" })]);
    expect(broken).toMatchObject({ status: 400, problem: { errors: [{ path: "frontMatter" }] } });
    expect(scheduled.problem.errors).toEqual([
      expect.objectContaining({ path: "publishAt", code: "PUBLISH_AT_REQUIRED" }),
    ]);
    expect(who).toMatchObject({
      status: 404,
      problem: { code: "REFERENCE_NOT_FOUND", errors: [{ path: "frontMatter.author" }] },
    });
    expect(cat.problem.errors[0].path).toBe("frontMatter.categories.1");
    expect(link).toMatchObject({ status: 400, problem: { errors: [{ path: "canonicalLink" }] } });
    expect(big).toMatchObject({ status: 413, problem: { code: "PAYLOAD_TOO_LARGE" } });
  });

  it("takes the files as the `files` parts of a multipart form, with the same per-file outcome and limits", async () => {
    const send = (form: FormData) =>
      app.request(IMPORT, { method: "POST", headers: { authorization: `Bearer ${key}` }, body: form });
    const form = new FormData();
    form.append("files", new File(["---\ntitle: Sleep, gently\ntags: [sleep]\n---\nLights *off*.\n"], "sleep.md"));
    form.append("files", new File(["# Taken\n\nSame slug as the first import."], "breathing.md"));
    form.append("files", new File(["a".repeat(MAX_MARKDOWN_BYTES + 1)], "big.md"));
    const response = await send(form);
    expect(response.status).toBe(200);
    const report = await response.json();
    expect(report).toMatchObject({ created: 1, refused: 2 });
    expect(report.files.map((f: { name: string; status: number }) => [f.name, f.status])).toEqual([
      ["sleep.md", 201],
      ["breathing.md", 409],
      ["big.md", 413],
    ]);
    const post = await expectStatus(200, app, "GET", `/api/business/posts/${report.files[0].post.id}`, key);
    expect(post).toMatchObject({ title: "Sleep, gently", slug: "sleep", tags: ["sleep"], status: "draft" });
    expect(post.bodyHtml).toContain("<em>off</em>");

    // The JSON import's limits: at least one file, at most MAX_IMPORT_FILES, each part a file.
    const many = new FormData();
    for (let i = 0; i <= MAX_IMPORT_FILES; i++) many.append("files", new File(["# T"], `m${i}.md`));
    const tooMany = await send(many);
    expect(tooMany.status).toBe(400);
    expect((await tooMany.json()).errors[0]).toMatchObject({ path: "files" });
    const none = new FormData();
    none.append("other", "x");
    expect((await send(none)).status).toBe(400);
    const notAFile = new FormData();
    notAFile.append("files", "# typed, not a file");
    const refused = await send(notAFile);
    expect(refused.status).toBe(400);
    expect((await refused.json()).errors[0]).toMatchObject({ path: "files.0" });
    const listed = await expectStatus(200, app, "GET", "/api/business/posts?search=m0", key);
    expect(listed.total).toBe(0);
    // Any other type is still refused.
    const text = await app.request(IMPORT, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "text/markdown" },
      body: "# T",
    });
    expect(text.status).toBe(415);
  });

  it("refuses too many files or none with 400, and a body over the limit with 413", async () => {
    const many = Array.from({ length: MAX_IMPORT_FILES + 1 }, (_, i) => ({ name: `f${i}.md`, markdown: "# T" }));
    const tooMany = await call(app, "POST", IMPORT, key, { files: many });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors[0]).toMatchObject({
      path: "files",
      message: `at most ${MAX_IMPORT_FILES} files per import`,
    });
    expect((await call(app, "POST", IMPORT, key, { files: [] })).status).toBe(400);
    const huge = await call(app, "POST", IMPORT, key, {
      files: [{ name: "huge.md", markdown: "\n".repeat(3 * MAX_IMPORT_FILES * MAX_MARKDOWN_BYTES) }],
    });
    expect(huge.status).toBe(413);
    expect(huge.body.code).toBe("PAYLOAD_TOO_LARGE");
    // Nothing of the refused requests was written.
    const listed = await expectStatus(200, app, "GET", "/api/business/posts?search=f0", key);
    expect(listed.total).toBe(0);
  });
});

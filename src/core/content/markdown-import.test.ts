import { describe, expect, it } from "vitest";
import { importMarkdown, splitFrontMatter } from "./markdown-import.ts";

describe("importMarkdown", () => {
  it("reads every front matter key into the post's fields", () => {
    const md = [
      "---",
      "title: Breathing, step by step",
      "slug: breathing",
      "excerpt: Five minutes a day.",
      "tags: [calm, breath]",
      "categories: [wellbeing]",
      "author: ana",
      "status: scheduled",
      "publishedAt: 2026-12-01T09:00:00Z",
      "canonicalUrl: https://example.org/breathing",
      "imageUrl: https://example.org/cover.jpg",
      "imageAlt: A quiet lake",
      "---",
      "Breathe **in**.",
    ].join("\n");
    const r = importMarkdown("whatever.md", md);
    expect(r).toEqual({
      ok: true,
      value: {
        slug: "breathing",
        title: "Breathing, step by step",
        bodyHtml: "<p>Breathe <strong>in</strong>.</p>",
        excerpt: "Five minutes a day.",
        tags: ["calm", "breath"],
        categories: ["wellbeing"],
        author: "ana",
        status: "scheduled",
        publishAt: "2026-12-01T09:00:00Z",
        canonicalLink: "https://example.org/breathing",
        imageUrl: "https://example.org/cover.jpg",
        imageAlt: "A quiet lake",
      },
    });
  });

  it("takes the title from the first # heading (which leaves the body) and the slug from the file name", () => {
    const r = importMarkdown("notes/Über Yoga Week 1.md", "Intro\n\n# Yoga for *beginners*\n\n## Part one\n\nText");
    expect(r.ok && r.value).toMatchObject({
      slug: "uber-yoga-week-1",
      title: "Yoga for *beginners*",
      bodyHtml: "<p>Intro</p>\n<h2>Part one</h2>\n<p>Text</p>",
    });
  });

  it("keeps the heading in the body when the front matter names the title", () => {
    const r = importMarkdown("a.md", "---\ntitle: Own\n---\n# Heading\n");
    expect(r.ok && r.value).toMatchObject({ title: "Own", bodyHtml: "<h1>Heading</h1>" });
  });

  it("takes comma-separated tags and categories", () => {
    const r = importMarkdown("a.md", "---\ntags: calm, breath ,\ncategories: wellbeing\n---\nx");
    expect(r.ok && r.value).toMatchObject({ tags: ["calm", "breath"], categories: ["wellbeing"] });
  });

  it("leaves raw HTML for the sanitiser (marked does not filter it)", () => {
    const r = importMarkdown("a.md", "<script>alert(1)</script>\n\n[x](javascript:alert(1))");
    expect(r.ok && r.value.bodyHtml).toContain("<script>");
  });

  it("refuses unknown keys and front matter that is not YAML or not a mapping", () => {
    expect(importMarkdown("a.md", "---\ntitel: Typo\n---\nx")).toMatchObject({
      ok: false,
      errors: [{ path: "frontMatter.titel", code: "front_matter_unknown_key" }],
    });
    expect(importMarkdown("a.md", "---\ntitle: [unclosed\n---\nx")).toMatchObject({
      ok: false,
      errors: [{ path: "frontMatter", code: "front_matter_invalid" }],
    });
    expect(importMarkdown("a.md", "---\n- a\n- b\n---\nx")).toMatchObject({ ok: false });
  });

  it("a file without a title or heading has an empty title (refused by the post's validation)", () => {
    const r = importMarkdown("!!!.md", "just text");
    expect(r.ok && r.value).toMatchObject({ slug: "post", title: "" });
  });
});

describe("splitFrontMatter", () => {
  it("accepts empty front matter, a BOM and CRLF line ends", () => {
    expect(splitFrontMatter("---\n---\nbody")).toEqual({ ok: true, data: {}, body: "body" });
    expect(splitFrontMatter("\uFEFF---\r\ntitle: T\r\n---\r\nbody")).toEqual({
      ok: true,
      data: { title: "T" },
      body: "body",
    });
  });

  it("leaves a file without front matter whole", () => {
    expect(splitFrontMatter("# T\n---\nx")).toEqual({ ok: true, data: {}, body: "# T\n---\nx" });
  });
});

import { describe, expect, it } from "vitest";
import { sanitizePostHtml } from "./sanitize-post-html.ts";
import { findXssDangers as dangers, XSS_CORPUS } from "./xss-corpus.ts";

describe("sanitizePostHtml", () => {
  it("has a corpus of at least 30 OWASP vectors", () => {
    expect(XSS_CORPUS.length).toBeGreaterThanOrEqual(30);
  });

  it.each(XSS_CORPUS.map((v, i) => [i, v] as const))("neutralises vector %i", (_i, vector) => {
    const clean = sanitizePostHtml(vector);
    expect(dangers(clean), clean).toEqual([]);
    // A second pass changes nothing: what is stored renders as stored.
    expect(sanitizePostHtml(clean)).toBe(clean);
  });

  it("the detector itself catches the raw vectors", () => {
    const caught = XSS_CORPUS.filter((v) => dangers(v).length > 0);
    expect(caught.length).toBeGreaterThanOrEqual(30);
  });

  it("keeps ordinary formatting", () => {
    const html = `<h2 id="s">Step one</h2><p>Breathe <strong>in</strong> and <em>out</em>.</p><ul><li>a</li></ul><blockquote>q</blockquote>`;
    expect(sanitizePostHtml(html)).toBe(html);
  });

  it("marks external links noopener noreferrer and leaves internal links alone", () => {
    expect(sanitizePostHtml(`<a href="https://example.org/x" rel="opener">out</a>`)).toBe(
      `<a href="https://example.org/x" rel="noopener noreferrer" target="_blank">out</a>`,
    );
    expect(sanitizePostHtml(`<a href="/journal/b/x" target="_top">in</a>`)).toBe(`<a href="/journal/b/x">in</a>`);
    expect(sanitizePostHtml(`<a href="mailto:hi@example.org">mail</a>`)).toBe(
      `<a href="mailto:hi@example.org">mail</a>`,
    );
  });

  it("keeps safe images lazy, with their size, and drops images without a safe source", () => {
    expect(sanitizePostHtml(`<img src="https://img.example.org/a.jpg" alt="A" width="640" height="480">`)).toBe(
      `<img src="https://img.example.org/a.jpg" alt="A" width="640" height="480" loading="lazy" decoding="async" />`,
    );
    expect(sanitizePostHtml(`<img src="data:image/png;base64,AAAA" alt="x">`)).toBe("");
    expect(sanitizePostHtml(`<img src="//evil.example/a.png">`)).toBe("");
  });

  it("drops the text of removed script and style elements", () => {
    expect(sanitizePostHtml(`<p>a</p><script>alert(1)</script><style>p{}</style>`)).toBe("<p>a</p>");
  });
});

import { describe, expect, it } from "vitest";
import { withEtag } from "./content-etag.ts";

const page = (cacheControl = "public, max-age=60") =>
  new Response("<h1>Hi</h1>", { headers: { "cache-control": cacheControl, "content-type": "text/html" } });

describe("withEtag", () => {
  it("tags a public page and answers 304 to a request holding the tag", async () => {
    const first = await withEtag(new Request("http://x/journal"), page());
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(await first.text()).toBe("<h1>Hi</h1>");
    const again = await withEtag(
      new Request("http://x/journal", { headers: { "if-none-match": `W/${etag}` } }),
      page(),
    );
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    const changed = await withEtag(
      new Request("http://x/journal", { headers: { "if-none-match": etag } }),
      new Response("<h1>New</h1>", { headers: { "cache-control": "public" } }),
    );
    expect(changed.status).toBe(200);
  });

  it("ignores the nonce of stylesheet links, and tags no page that runs script", async () => {
    const styled = (nonce: string) =>
      new Response(`<link nonce="${nonce}" rel="stylesheet" href="/a.css"/><h1>Hi</h1>`, {
        headers: { "cache-control": "public" },
      });
    const a = await withEtag(new Request("http://x/"), styled("AAA"));
    const b = await withEtag(new Request("http://x/"), styled("BBB"));
    expect(a.headers.get("etag")).toBe(b.headers.get("etag"));
    const scripted = await withEtag(
      new Request("http://x/"),
      new Response(`<script nonce="A">run()</script>`, { headers: { "cache-control": "public" } }),
    );
    expect(scripted.headers.get("etag")).toBeNull();
    expect(await scripted.text()).toBe(`<script nonce="A">run()</script>`);
  });

  it("leaves private and uncacheable responses alone", async () => {
    const res = await withEtag(new Request("http://x/v2/preview/a/post"), page("private, no-store"));
    expect(res.headers.get("etag")).toBeNull();
  });
});

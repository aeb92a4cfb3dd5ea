/** Issue 23: the shop and collection pages link each product to its own page. */
import { describe, expect, it } from "vitest";
import { baseURL } from "./support/server.ts";

describe("product links", () => {
  it.each(["/shop", "/collections/aftercare"])("%s links to product pages that answer", async (path) => {
    const html = await (await fetch(`${baseURL}${path}`)).text();
    const links = [...html.matchAll(/href="([^"]*\/product\/[^"]+)"/g)].map((m) => m[1]!);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      const page = await fetch(`${baseURL}${link}`);
      expect(page.status, link).toBe(200);
      expect(await page.text()).toContain("<h1>");
    }
  });
});

/**
 * Issue 16: a visitor reads the demo journal — a post with its body, listings page by page — with
 * JavaScript off as well as on; drafts and scheduled posts are 404; a preview opens only with the
 * business's preview token, and stops when the token is revoked.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessApiAs, issueDemoKey } from "./support/demo-api.ts";
import { baseURL } from "./support/server.ts";
import { expectNoAxeViolations, launchBrowser, newPage } from "./support/browser.ts";

let browser: Browser;
let demoKey = "";

const businessApi = (method: string, path: string, body?: unknown) => businessApiAs(demoKey, method, path, body);

beforeAll(async () => {
  browser = await launchBrowser();
  demoKey = await issueDemoKey();
  expect(demoKey).not.toBe("");
});
afterAll(async () => {
  await browser?.close();
});

describe("reading the journal", () => {
  it("a post shows its body, cover and terms, with no script on the page, and passes axe", async () => {
    const html = await (await fetch(`${baseURL}/journal/b/five-minute-breathing`)).text();
    expect(html).toContain('class="post__body"');
    expect(html).toContain("<h2>What to do</h2>");
    expect(html).toContain('rel="noopener noreferrer"');
    expect(html).not.toMatch(/<script(?![^>]*application\/ld\+json)/);

    const { page, context, pageErrors } = await newPage(browser);
    await page.goto(`${baseURL}/journal/b/five-minute-breathing`);
    await expect.poll(() => page.locator(".post__body h2").textContent()).toBe("What to do");
    // The cover is an uploaded image: every kept width a candidate, its box set, fetched first (not lazy).
    const cover = page.locator(".post__cover");
    expect([await cover.getAttribute("width"), await cover.getAttribute("height")]).toEqual(["1920", "1008"]);
    expect(await cover.getAttribute("srcset")).toMatch(/^\/images\/[0-9a-f-]{36}\/320\.webp 320w, .* 1920w$/);
    expect(await cover.getAttribute("sizes")).toBeTruthy();
    expect(await cover.getAttribute("loading")).toBeNull();
    expect(await cover.getAttribute("fetchpriority")).toBe("high");
    await expect
      .poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    const chosen = await fetch(new URL(await cover.evaluate((img: HTMLImageElement) => img.currentSrc), baseURL));
    expect(chosen.headers.get("content-type")).toBe("image/webp");
    expect(chosen.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    await expectNoAxeViolations(page);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("is readable with JavaScript disabled", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${baseURL}/journal/b/five-minute-breathing`);
    expect(await page.locator("h1").textContent()).toBe("A five-minute breathing routine");
    expect(await page.locator(".post__body").innerText()).toContain("Rest is part of the work.");
    // The way up, as plain links: the site's home, then the blog the post is read under.
    const crumbs = page.getByRole("navigation", { name: "Breadcrumbs" }).getByRole("link");
    expect(await crumbs.allInnerTexts()).toEqual(["Northwind Wellness Studio", "The Northwind Journal"]);
    await page.getByRole("link", { name: "Wellbeing", exact: true }).click();
    await page.waitForURL(`${baseURL}/journal/category/wellbeing`);
    expect(await page.locator(".post-list li").count()).toBeGreaterThan(0);
    // The tab says what kind of listing it is, as the heading does.
    expect(await page.title()).toBe("Category: Wellbeing – Northwind Wellness Studio");
    expect(await crumbs.allInnerTexts()).toEqual(["Northwind Wellness Studio", "The Northwind Journal"]);
    await crumbs.last().click();
    await page.waitForURL(`${baseURL}/journal`);
    // A product leads up to its shop; in German the way is named in German, the shop's title marked English.
    await page.goto(`${baseURL}/de/journal/category/wellbeing`);
    expect(await page.title()).toBe("Kategorie: Wellbeing – Northwind Wellness Studio");
    await page.goto(`${baseURL}/de/shop/product/lavender-massage-oil`);
    const way = page.getByRole("navigation", { name: "Brotkrumennavigation" });
    expect(await way.getByRole("link").allInnerTexts()).toEqual(["Northwind Wellness Studio", "Shop"]);
    expect(await way.getByRole("link").last().getAttribute("href")).toBe(`${baseURL}/de/shop`);
    expect(await way.locator("li").last().getAttribute("lang")).toBe("en-US");
    await context.close();
  });

  it("paginates the blog: 9 a page, next and previous links, the last page, 404 past the end", async () => {
    const { page, context } = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await page.goto(`${baseURL}/journal`);
    expect(await page.locator(".post-list li").count()).toBe(9);
    expect(await page.locator('head link[rel="next"]').getAttribute("href")).toBe("/journal?page=2");
    expect(await page.locator('.pagination a[rel="prev"]').count()).toBe(0);
    await expectNoAxeViolations(page);
    await page.locator('.pagination a[rel="next"]').click();
    await page.waitForURL(`${baseURL}/journal?page=2`);
    expect(await page.locator(".post-list li").count()).toBe(5);
    expect(await page.locator(".pagination").textContent()).toContain("Page 2 of 2");
    expect(await page.locator('.pagination a[rel="next"]').count()).toBe(0);
    await page.locator('.pagination a[rel="prev"]').click();
    await page.waitForURL(`${baseURL}/journal`);
    await context.close();
    for (const bad of ["?page=3", "?page=0", "?page=abc", "?page=-1"])
      expect((await fetch(`${baseURL}/journal${bad}`)).status, bad).toBe(404);
  });

  it("answers 404 for drafts, scheduled posts not yet due, and unknown slugs", async () => {
    for (const slug of ["winter-draft", "spring-retreat", "no-such-post"])
      expect((await fetch(`${baseURL}/journal/b/${slug}`)).status, slug).toBe(404);
  });
});

describe("previews", () => {
  it("open a draft only with a valid token: not without, not with a wrong one, not once revoked", async () => {
    const drafts = await businessApi("GET", "/posts?status=draft");
    const draft = drafts.body.items.find((p: { slug: string }) => p.slug === "winter-draft");
    const issued = await businessApi("POST", "/preview-tokens", { label: "e2e", expiresInMinutes: 30 });
    expect(issued.status).toBe(201);
    const url = `${baseURL}/v2/preview/${draft.id}/post`;

    expect((await fetch(url)).status).toBe(404);
    expect((await fetch(`${url}?token=pv_${"x".repeat(43)}`)).status).toBe(404);
    const ok = await fetch(`${url}?token=${issued.body.token}`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("x-robots-tag")).toContain("noindex");
    expect(ok.headers.get("cache-control")).toContain("no-store");

    const { page, context } = await newPage(browser);
    await page.goto(`${url}?token=${issued.body.token}`);
    expect(await page.locator(".preview-banner").textContent()).toContain("Preview");
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex,nofollow");
    expect(await page.locator("h1").textContent()).toBe("Winter opening hours (draft)");
    await expectNoAxeViolations(page);
    await context.close();

    const blog = await fetch(`${baseURL}/v2/preview/${draft.id}/blog?token=${issued.body.token}`);
    expect(blog.status).toBe(404); // a post id is not a blog id

    expect((await businessApi("DELETE", `/preview-tokens/${issued.body.previewToken.id}`)).status).toBe(200);
    expect((await fetch(`${url}?token=${issued.body.token}`)).status).toBe(404);
  });
});

describe("what search engines and feed readers get", () => {
  const headOf = async (path: string) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${baseURL}${path}`);
    const attr = (selector: string, name: string) => page.locator(selector).first().getAttribute(name);
    const jsonLd = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
      (t) => JSON.parse(t) as Record<string, unknown>,
    );
    return { page, context, attr, jsonLd };
  };

  it("a post has title, description, one canonical, Open Graph, Twitter card and BlogPosting + BreadcrumbList", async () => {
    const { page, context, attr, jsonLd } = await headOf("/journal/b/five-minute-breathing?utm_source=x");
    // The tab names the site too (WCAG 2.4.2); og:title is the post's alone, og:site_name the site's.
    expect(await page.title()).toBe("A five-minute breathing routine – Northwind Wellness Studio");
    expect(await attr('meta[property="og:title"]', "content")).toBe("A five-minute breathing routine");
    expect(await attr('meta[property="og:site_name"]', "content")).toBe("Northwind Wellness Studio");
    expect(await attr('meta[name="description"]', "content")).toBe("A short routine to reset between meetings.");
    expect(await page.locator('link[rel="canonical"]').count()).toBe(1);
    expect(await attr('link[rel="canonical"]', "href")).toBe(`${baseURL}/journal/b/five-minute-breathing`);
    expect(await attr('meta[property="og:type"]', "content")).toBe("article");
    expect(await attr('meta[property="og:image"]', "content")).toMatch(
      new RegExp(`^${baseURL}/images/[0-9a-f-]{36}/1920\\.webp$`),
    );
    expect(await attr('meta[name="twitter:card"]', "content")).toBe("summary_large_image");
    expect(await attr('meta[property="article:published_time"]', "content")).toBe("2026-07-01T08:00:00.000Z");
    const posting = jsonLd.find((j) => j["@type"] === "BlogPosting")!;
    expect(posting).toMatchObject({
      "@context": "https://schema.org",
      headline: "A five-minute breathing routine",
      datePublished: "2026-07-01T08:00:00.000Z",
      author: { "@type": "Person", name: "Anna Berg" },
    });
    const crumbs = jsonLd.find((j) => j["@type"] === "BreadcrumbList") as { itemListElement: { item: string }[] };
    expect(crumbs.itemListElement.map((c) => c.item)).toEqual([
      `${baseURL}/`,
      `${baseURL}/journal`,
      `${baseURL}/journal/b/five-minute-breathing`,
    ]);
    await context.close();
  });

  it("a product has its variants' Offers and its slug as canonical; page 2 of a listing is its own canonical", async () => {
    const shop = await (await fetch(`${baseURL}/shop`)).text();
    const productPath = /href="(\/shop\/product\/[^"]+)"/.exec(shop)![1]!;
    const product = await headOf(productPath);
    expect(await product.attr('link[rel="canonical"]', "href")).toBe(`${baseURL}/shop/product/lavender-massage-oil`);
    const group = product.jsonLd.find((j) => j["@type"] === "ProductGroup") as {
      hasVariant: { offers: Record<string, unknown> }[];
    };
    // The first size: 50 ml.
    expect(group.hasVariant[0]!.offers).toMatchObject({ "@type": "Offer", price: "12.00", priceCurrency: "EUR" });
    await product.context.close();
    const listing = await headOf("/journal?page=2");
    expect(await listing.attr('link[rel="canonical"]', "href")).toBe(`${baseURL}/journal?page=2`);
    expect(await listing.attr('link[rel="prev"]', "href")).toBe("/journal");
    await listing.context.close();
  });

  it("sitemap.xml lists public pages only; robots.txt points at it; the blog has an RSS feed", async () => {
    const sitemap = await (await fetch(`${baseURL}/sitemap.xml`)).text();
    expect(sitemap).toContain(`<loc>${baseURL}/journal/b/five-minute-breathing</loc>`);
    expect(sitemap).toContain(`<loc>${baseURL}/collections/aftercare</loc>`);
    expect(sitemap).toContain(`<loc>${baseURL}/product/lavender-massage-oil</loc>`);
    expect(sitemap).not.toContain("winter-draft");
    expect(sitemap).not.toContain("spring-retreat");
    const robots = await (await fetch(`${baseURL}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    expect(robots).toContain("Disallow: /v2/preview/");
    const rss = await fetch(`${baseURL}/feeds/journal/rss.xml`);
    expect(rss.headers.get("content-type")).toContain("application/rss+xml");
    const xml = await rss.text();
    expect(xml.match(/<item>/g)).toHaveLength(14);
    expect(xml).not.toContain("winter-draft");
    expect((await fetch(`${baseURL}/feeds/shop/rss.xml`)).status).toBe(404);
  });

  it("content pages carry cache headers and an ETag that answers 304", async () => {
    const url = `${baseURL}/journal/b/five-minute-breathing`;
    const returning = { cookie: "i18n_redirected=en" };
    const first = await fetch(url, { headers: returning });
    expect(first.headers.get("cache-control")).toMatch(/^public, max-age=60/);
    const etag = first.headers.get("etag")!;
    expect(etag).toBeTruthy();
    expect((await fetch(url, { headers: { ...returning, "if-none-match": etag } })).status).toBe(304);
    // A first visit sets the locale cookie: only private caches keep it, and it revalidates the same way.
    const fresh = await fetch(url);
    expect(fresh.headers.get("cache-control")).toBe("private, no-cache");
    expect((await fetch(url, { headers: { "if-none-match": fresh.headers.get("etag")! } })).status).toBe(304);
  });
});

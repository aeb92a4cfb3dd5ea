/**
 * Issue 16, the shop: a visitor picks a size of the demo's massage oil without JavaScript — the
 * price, compare-at price and stock follow the variant, the sold-out size says so — prices read in
 * the visitor's language, and a collection lists its products page by page.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessApiAs, issueDemoKey } from "./support/demo-api.ts";
import { baseURL } from "./support/server.ts";
import { expectNoAxeViolations, launchBrowser, newPage } from "./support/browser.ts";
import { screenshots } from "./support/booking.ts";

const OIL = "/shop/product/lavender-massage-oil";

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

describe("a product page", () => {
  it("picks a variant without JavaScript: price, compare-at and stock follow it", async () => {
    const html = await (await fetch(`${baseURL}${OIL}`)).text();
    expect(html).not.toMatch(/<script(?![^>]*application\/ld\+json)/);
    // Search engines get each size as a variant of its own, with its price and stock.
    const product = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)]
      .map(
        (m) =>
          JSON.parse(m[1]!) as {
            "@type": string;
            hasVariant?: { size: string; offers: { price: string; availability: string } }[];
          },
      )
      .find((ld) => ld["@type"] === "ProductGroup");
    expect(product?.hasVariant?.map((v) => [v.size, v.offers.price, v.offers.availability.split("/").pop()])).toEqual([
      ["50 ml", "12.00", "InStock"],
      ["100 ml", "19.00", "InStock"],
      ["250 ml", "39.00", "OutOfStock"],
    ]);

    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${baseURL}${OIL}`);
    expect(await page.locator("h1").textContent()).toBe("Lavender massage oil");
    // The first size that can be bought is shown first.
    expect(await page.locator(".product-page__info > .product__price").innerText()).toBe("€12.00");
    expect(await page.locator(".product-page__info .stock").first().textContent()).toBe("In stock");
    expect(await page.locator(".variant-option__label").textContent()).toBe("Size: 50 ml");
    const gallery = page.getByRole("region", { name: "Product images" }).locator("img");
    expect(await gallery.evaluateAll((imgs) => imgs.map((i) => i.getAttribute("alt")))).toEqual([
      "A violet bottle of lavender massage oil",
      "A sprig of lavender",
    ]);
    // Uploaded pictures: sized boxes, width candidates; the featured one is fetched first, the rest lazily.
    expect(
      await gallery.evaluateAll((imgs) =>
        imgs.map((i) => [
          i.getAttribute("width"),
          i.getAttribute("height"),
          i.getAttribute("loading"),
          (i.getAttribute("srcset") ?? "").split(", ").length,
        ]),
      ),
    ).toEqual([
      ["1280", "1280", null, 4],
      ["1280", "1280", "lazy", 4],
    ]);

    await page.getByRole("link", { name: "100 ml", exact: true }).click();
    await page.waitForURL(/\?variant=/);
    const price = page.locator(".product-page__info > .product__price");
    expect(await price.locator("s").textContent()).toBe("€24.00");
    expect(await price.innerText()).toContain("€19.00");
    expect(await page.locator(".product-page__info .stock").first().textContent()).toBe("Only 3 left");
    expect(await page.locator('.variant-chip[aria-current="true"]').textContent()).toBe("100 ml");

    await page.getByRole("link", { name: "250 ml (Out of stock)" }).click();
    await page.waitForURL(/\?variant=/);
    expect(await page.locator(".product-page__info .stock").first().textContent()).toBe("Out of stock");
    expect(await price.innerText()).toBe("€39.00");

    const rows = page.locator(".variant-table tbody tr");
    expect(await rows.allInnerTexts()).toEqual([
      expect.stringMatching(/^50 ml\s+€12\.00\s+In stock$/),
      expect.stringMatching(/^100 ml\s+€19\.00\s+Regular price\s+€24\.00\s+Only 3 left$/),
      expect.stringMatching(/^250 ml\s+€39\.00\s+Out of stock$/),
    ]);
    await context.close();
  });

  it("passes axe at phone and desktop sizes, and formats prices in the visitor's language", async () => {
    const { page, context, pageErrors } = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await page.goto(`${baseURL}${OIL}`);
    await page.getByRole("link", { name: "100 ml", exact: true }).click();
    await page.waitForURL(/\?variant=/);
    await expectNoAxeViolations(page);
    await screenshots(page, "shop-product");
    await page.setViewportSize({ width: 1280, height: 800 });
    await expectNoAxeViolations(page);

    await page.goto(`${baseURL}/de${OIL}`);
    expect(await page.locator(".product-page__info > .product__price").innerText()).toMatch(/^12,00\s€$/);
    expect(await page.locator(".variant-option__label").textContent()).toBe("Size: 50 ml");
    expect(await page.locator(".variant-table tbody tr").nth(1).innerText()).toContain("Nur noch 3 Stück");
    await screenshots(page, "shop-product-de");
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("is a 404 while a draft", async () => {
    const created = await businessApi("POST", "/products", {
      slug: "draft-balm",
      title: "Draft balm",
      currency: "EUR",
      variants: [{ priceMinor: 900 }],
    });
    expect(created.status).toBe(201);
    expect((await fetch(`${baseURL}/product/draft-balm`)).status).toBe(404);
    await businessApi("PATCH", `/products/${created.body.id}`, { status: "active" });
    expect((await fetch(`${baseURL}/product/draft-balm`)).status).toBe(200);
    expect((await businessApi("DELETE", `/products/${created.body.id}`)).status).toBe(204);
  });
});

describe("a product preview", () => {
  it("shows a draft with its variants to the token's holder, and the picker keeps the token", async () => {
    const draft = await businessApi("POST", "/products", {
      slug: "draft-scrub",
      title: "Salt scrub",
      currency: "EUR",
      options: [{ name: "Scent", values: ["Mint", "Rose"] }],
      variants: [
        { options: ["Mint"], priceMinor: 1400 },
        { options: ["Rose"], priceMinor: 1500, stockQuantity: 2 },
      ],
    });
    expect(draft.status).toBe(201);
    const issued = await businessApi("POST", "/preview-tokens", { label: "shop review" });
    try {
      const url = `${baseURL}/v2/preview/${draft.body.id}/product?token=${issued.body.token}`;
      expect((await fetch(url.replace(/token=.*/, "token=wrong"))).status).toBe(404);
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(url);
      expect(await page.locator(".preview-banner").count()).toBe(1);
      expect(await page.locator("h1").textContent()).toBe("Salt scrub");
      await page.getByRole("link", { name: "Rose", exact: true }).click();
      await page.waitForURL(/variant=/);
      expect(new URL(page.url()).searchParams.get("token")).toBe(issued.body.token);
      expect(await page.locator(".product-page__info .stock").first().textContent()).toBe("Only 2 left");
      await context.close();
    } finally {
      await businessApi("DELETE", `/preview-tokens/${issued.body.previewToken.id}`);
      await businessApi("DELETE", `/products/${draft.body.id}`);
    }
  });
});

describe("a collection", () => {
  it("lists its products in order with prices and stock, 9 a page", async () => {
    const collections = (await businessApi("GET", "/collections")).body as { id: string; productIds: string[] }[];
    const aftercare = collections.find((c) => (c as { slug?: string }).slug === "aftercare")!;
    const added: string[] = [];
    for (let i = 1; i <= 9; i += 1) {
      const created = await businessApi("POST", "/products", {
        slug: `soap-${i}`,
        title: `Soap no. ${i}`,
        status: "active",
        currency: "EUR",
        variants: [{ priceMinor: 500 + i, stockQuantity: i === 9 ? 0 : null }],
        media: [{ url: `${baseURL}/assets/demo/cover-care.svg`, alt: `A bar of soap no. ${i}` }],
      });
      expect(created.status).toBe(201);
      added.push(created.body.id);
    }
    await businessApi("PATCH", `/collections/${aftercare.id}`, { productIds: [...aftercare.productIds, ...added] });
    try {
      const { page, context } = await newPage(browser, { viewport: { width: 390, height: 844 } });
      await page.goto(`${baseURL}/collections/aftercare`);
      expect(await page.title()).toBe("Collection: Aftercare – Northwind Wellness Studio");
      const names = page.locator(".product__name");
      expect(await names.allTextContents()).toEqual([
        "Lavender massage oil",
        "Evening candle",
        ...added.slice(0, 7).map((_, i) => `Soap no. ${i + 1}`),
      ]);
      const oil = page.locator(".product").first();
      expect(await oil.locator(".product__price").innerText()).toBe("From €12.00");
      await expectNoAxeViolations(page);
      await screenshots(page, "shop-collection");
      await page.setViewportSize({ width: 1280, height: 800 });
      await expectNoAxeViolations(page);

      await page.locator('.pagination a[rel="next"]').click();
      await page.waitForURL(`${baseURL}/collections/aftercare?page=2`);
      expect(await names.allTextContents()).toEqual(["Soap no. 8", "Soap no. 9"]);
      expect(await page.locator(".product").last().locator(".stock").textContent()).toBe("Out of stock");
      expect(await page.locator(".pagination").textContent()).toContain("Page 2 of 2");
      expect((await fetch(`${baseURL}/collections/aftercare?page=3`)).status).toBe(404);

      await page.locator(".product").first().getByRole("link").click();
      await page.waitForURL(`${baseURL}/product/soap-8`);
      expect(await page.locator("h1").textContent()).toBe("Soap no. 8");
      await context.close();
    } finally {
      for (const id of added) await businessApi("DELETE", `/products/${id}`);
    }
  });
});

/**
 * Issue 16, the shop and the blog import in the console, in a real browser: the owner adds a
 * product with two variants and an image uploaded from the computer (a file that is no image is
 * refused with the server's reason), meets the taken slug at its field with everything typed kept,
 * publishes, and the public page shows both prices and the picture at several widths; a collection
 * takes the product in the chosen order and its page lists it; two Markdown files are imported, one
 * refused with its reason. Every new screen axe-clean and shot at 390 and 1280 px. One sign-in.
 */
import sharp from "sharp";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations, launchBrowser, newPage, waitForHydration } from "./support/browser.ts";
import { screenshots } from "./support/booking.ts";
import { consoleApi, consoleApiJson, signInToConsole } from "./support/console.ts";
import { baseURL } from "./support/server.ts";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function checkScreen(page: Page, name: string) {
  await expectNoAxeViolations(page);
  await screenshots(page, name);
}

const field = (page: Page, name: string) => page.locator(`[name="${name}"]`);

describe("the owner's shop in the console", () => {
  it("adds a product with variants and an uploaded image, puts it in a collection, and imports posts", async () => {
    const { page, context, pageErrors } = await newPage(browser);
    await signInToConsole(page, baseURL, "owner");
    await waitForHydration(page);

    // Products, from the console's navigation.
    await page.locator('.console__nav a[href="/console/products"]').click();
    await page.locator("#products-title").waitFor();
    expect(await page.title()).toMatch(/^Products · /);
    expect(await page.locator(".console-intro").innerText()).toMatch(/^\d+ products? in your shop$/);
    await checkScreen(page, "console-products");

    await page.getByRole("button", { name: "Add a product" }).click();
    await field(page, "title").fill("Linen apron");
    expect(await field(page, "slug").inputValue()).toBe("linen-apron");
    // A slug the demo shop already uses: refused at its field, after everything else is filled in.
    await field(page, "slug").fill("evening-candle");
    await page.getByRole("button", { name: "Add an option" }).click();
    await field(page, "options.0.name").fill("Size");
    await field(page, "options.0.values").fill("S, M");
    await field(page, "variants.0.options.0").selectOption("S");
    await field(page, "variants.0.priceMinor").fill("24.50");
    await field(page, "variants.0.compareAtMinor").fill("30");
    await field(page, "variants.0.stockQuantity").fill("4");
    await field(page, "variants.0.sku").fill("APRON-S");
    await page.getByRole("button", { name: "Add a variant" }).click();
    await field(page, "variants.1.options.0").selectOption("M");
    await field(page, "variants.1.priceMinor").fill("26");
    await field(page, "status").selectOption("active");

    // From the computer: a picture, and a text file whose name says it is one.
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#c87a3c" } })
      .png()
      .toBuffer();
    await page.getByLabel("Upload images from your computer").setInputFiles([
      { name: "apron.png", mimeType: "image/png", buffer: png },
      { name: "notes.png", mimeType: "image/png", buffer: Buffer.from("not a picture at all") },
    ]);
    await expect.poll(() => page.locator(".console-image-adder__status").innerText()).toBe("1 image uploaded.");
    expect(await page.locator(".console-image-adder .field__error").innerText()).toContain(
      "notes.png was not uploaded: This file is not a JPEG, PNG, WebP or GIF image",
    );
    const thumbnail = page.locator(".console-gallery__item img");
    expect(await thumbnail.getAttribute("src")).toMatch(/^\/images\/[0-9a-f-]{36}$/);
    // The alt text is required: saving without it says so at the field.
    await page.getByRole("button", { name: "Save product" }).click();
    expect(await page.locator("#field-media-0-alt-error").innerText()).toBe(
      "Describe the image for people who cannot see it (at most 500 characters).",
    );
    await field(page, "media.0.alt").fill("A rust-coloured linen apron");

    await page.getByRole("button", { name: "Save product" }).click();
    const slugError = page.locator("#field-slug-error");
    await slugError.waitFor();
    expect(await slugError.innerText()).toBe("Another product already uses this address name. Choose another.");
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe("slug");
    // Nothing typed is lost.
    expect(await field(page, "title").inputValue()).toBe("Linen apron");
    expect(await field(page, "variants.0.priceMinor").inputValue()).toBe("24.50");
    expect(await field(page, "variants.1.options.0").inputValue()).toBe("M");
    expect(await field(page, "media.0.alt").inputValue()).toBe("A rust-coloured linen apron");
    await checkScreen(page, "console-product-form");

    await field(page, "slug").fill("linen-apron");
    await page.getByRole("button", { name: "Save product" }).click();
    const row = page.locator(".console-row", { hasText: "Linen apron" });
    await row.waitFor();
    expect(await row.locator(".console-row__detail").first().innerText()).toMatch(
      /^Active\s+€24\.50 – €26\.00 · 4 in stock · 2 variants$/,
    );
    const product = (
      await consoleApiJson<{ items: { id: string; slug: string; media: { url: string }[] }[] }>(
        page,
        "GET",
        "/business/products?search=Linen%20apron",
      )
    ).body.items[0]!;
    expect(product.slug).toBe("linen-apron");

    // The public page: both sizes with their prices, and the picture at several widths.
    const viewHref = await row.getByRole("link", { name: "View Linen apron", exact: true }).getAttribute("href");
    // The console links the page's canonical address.
    expect(new URL(viewHref!).pathname).toBe("/product/linen-apron");
    await page.goto(viewHref!);
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(viewHref);
    expect(await page.locator("h1").textContent()).toBe("Linen apron");
    expect(await page.locator(".variant-table tbody tr").allInnerTexts()).toEqual([
      expect.stringMatching(/^S\s+€24\.50\s+Regular price\s+€30\.00\s+Only 4 left$/),
      expect.stringMatching(/^M\s+€26\.00\s+In stock$/),
    ]);
    const picture = page.getByRole("img", { name: "A rust-coloured linen apron" }).first();
    expect(await picture.getAttribute("srcset")).toMatch(/\/images\/[0-9a-f-]{36}\/320\.webp 320w, .* 800w$/);

    // A collection: the new apron after a product of the demo shop, then moved first by keyboard.
    await page.goto(`${baseURL}/console/collections`);
    await page.locator("#collections-title").waitFor();
    await waitForHydration(page);
    await checkScreen(page, "console-collections");
    await page.getByRole("button", { name: "Add a collection" }).click();
    await field(page, "name").fill("Aprons and candles");
    const adding = field(page, "adding");
    await adding.selectOption({ label: "Evening candle" });
    await page.getByRole("button", { name: "Add to the collection" }).click();
    await adding.selectOption({ label: "Linen apron" });
    await page.getByRole("button", { name: "Add to the collection" }).click();
    await page.getByRole("button", { name: "Move up Linen apron" }).focus();
    await page.keyboard.press("Enter");
    const order = page.locator(".console-ordered__name");
    await expect.poll(() => order.allInnerTexts()).toEqual(["Linen apron", "Evening candle"]);
    // The focus follows the moved product (now first: its "Move down"), once the moved list has rendered.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Move down Linen apron");
    await checkScreen(page, "console-collection-form");
    await page.getByRole("button", { name: "Save collection" }).click();
    await page.locator(".console-row", { hasText: "Aprons and candles" }).waitFor();
    const collection = (
      await consoleApiJson<{ id: string; slug: string; productIds: string[] }[]>(page, "GET", "/business/collections")
    ).body.find((c) => c.slug === "aprons-and-candles")!;
    expect(collection.productIds[0]).toBe(product.id);
    const collectionPage = await (await fetch(`${baseURL}/collections/aprons-and-candles`)).text();
    expect(collectionPage).toContain("Linen apron");
    expect(collectionPage.indexOf("Linen apron")).toBeLessThan(collectionPage.indexOf("Evening candle"));

    // Two Markdown files, one naming an author the blog does not have.
    await page.goto(`${baseURL}/console/posts`);
    await page.locator("#posts-title").waitFor();
    await waitForHydration(page);
    await page.getByRole("button", { name: "Import Markdown files" }).click();
    await page.getByLabel("Markdown files (.md)").setInputFiles([
      {
        name: "apron-care.md",
        mimeType: "text/markdown",
        buffer: Buffer.from("---\ntitle: Caring for linen aprons\n---\nWash them *cold*.\n"),
      },
      { name: "ghost.md", mimeType: "text/markdown", buffer: Buffer.from("---\nauthor: nobody\n---\n# Ghost\n") },
    ]);
    await page.getByRole("button", { name: "Import", exact: true }).click();
    const results = page.locator(".console-import__results li");
    await expect.poll(() => results.count()).toBe(2);
    expect(await page.locator(".console-import [role=status] > p").innerText()).toBe("1 post created, 1 file refused.");
    expect(await results.nth(0).innerText()).toBe("apron-care.md: created as /b/apron-care");
    expect(await results.nth(1).innerText()).toMatch(/^ghost\.md: refused\. .+ \(frontMatter\.author\)$/);
    await page.locator(".console-row", { hasText: "Caring for linen aprons" }).waitFor();
    await checkScreen(page, "console-posts-import");
    expect(pageErrors).toEqual([]);

    // Leave the demo shop and blog as other journeys on this server expect them.
    const posts = await consoleApiJson<{ items: { id: string }[] }>(page, "GET", "/business/posts?search=linen");
    for (const post of posts.body.items)
      expect(await consoleApi(page, "DELETE", `/business/posts/${post.id}`)).toBe(204);
    expect(await consoleApi(page, "DELETE", `/business/collections/${collection.id}`)).toBe(204);
    expect(await consoleApi(page, "DELETE", `/business/products/${product.id}`)).toBe(204);
    await context.close();
  });
});

import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser } from "playwright-core";
import { DEMO } from "../../src/adapters/db/seed/demo-ids.ts";
import { expectNoAxeViolations, launchBrowser, newPage, waitForHydration } from "./support/browser.ts";

const baseURL = inject("baseURL");
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("language switcher", () => {
  it("switches the same page to another language, keeping path and query, and remembers the choice", async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${baseURL}/widget/groups/team?ref=mail#top`);
    await waitForHydration(page);
    await page.locator(".language-switcher summary").click();
    await expectNoAxeViolations(page);
    await page.locator('[data-locale-switch="de"]').click();
    await page.waitForURL(`${baseURL}/de/widget/groups/team?ref=mail#top`);
    await waitForHydration(page);
    expect(await page.getAttribute("html", "lang")).toBe("de-DE");
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === "i18n_redirected")?.value).toBe("de");

    // Links on a German page stay German (client navigation keeps the prefix).
    await page.locator(`a[href="/de/widget/booking/${DEMO.calendars.introCall}"]`).click();
    await page.waitForURL(`${baseURL}/de/widget/booking/${DEMO.calendars.introCall}`);
    expect(await page.getAttribute("html", "lang")).toBe("de-DE");

    // A later visit to the root follows the remembered language.
    const response = await page.goto(`${baseURL}/`);
    expect(page.url()).toBe(`${baseURL}/de`);
    expect(response?.status()).toBe(200);
    await context.close();
  });

  it("crossing locales by client navigation loads the other catalogue before rendering", async () => {
    const { page, context, pageErrors } = await newPage(browser);
    await page.goto(`${baseURL}/widget/groups/team`);
    await waitForHydration(page);
    await page.evaluate(() =>
      (
        window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }
      ).__reactRouterDataRouter.navigate("/fr/widget/groups/team"),
    );
    await page.waitForURL(`${baseURL}/fr/widget/groups/team`);
    await expect.poll(() => page.getAttribute("html", "lang")).toBe("fr-FR");
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

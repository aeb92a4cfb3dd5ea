import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL } from "./support/server.ts";
import type { Browser } from "playwright-core";
import { DEMO } from "../../src/adapters/db/seed/demo-ids.ts";
import { expectNoAxeViolations, launchBrowser, newPage, waitForHydration } from "./support/browser.ts";
import { openLateAvailableDay } from "./support/booking.ts";

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
    // (A calendar's link carries the way back to this list, without the language's prefix: ADR 0059.)
    const back = `?from=${encodeURIComponent("/widget/groups/team")}`;
    await page.locator(`a[href="/de/widget/booking/${DEMO.calendars.introCall}${back}"]`).click();
    await page.waitForURL(`${baseURL}/de/widget/booking/${DEMO.calendars.introCall}${back}`);
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

describe("language switch in the middle of a booking", () => {
  it("keeps the chosen time and everything typed", async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${baseURL}/widget/booking/${DEMO.calendars.introCall}`);
    await waitForHydration(page);
    await openLateAvailableDay(page);
    await page.locator(".slots .slot").first().click();
    await expect.poll(() => page.locator("#field-firstName").count()).toBe(1);
    await page.locator("#field-firstName").fill("Zofia");
    await page.locator("#field-email").fill("zofia@example.com");
    const chosen = await page.locator(".booking-summary time").getAttribute("datetime");
    expect(chosen).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    await page.locator(".language-switcher summary").click();
    await page.locator('[data-locale-switch="pl"]').click();
    await page.waitForURL(`${baseURL}/pl/widget/booking/${DEMO.calendars.introCall}`);
    await waitForHydration(page);
    expect(await page.getAttribute("html", "lang")).toBe("pl-PL");
    await expect.poll(() => page.locator("#field-firstName").inputValue()).toBe("Zofia");
    expect(await page.locator("#field-email").inputValue()).toBe("zofia@example.com");
    // The same time is still chosen (now described in Polish).
    expect(await page.locator(".booking-summary time").getAttribute("datetime")).toBe(chosen);
    await context.close();
  });
});

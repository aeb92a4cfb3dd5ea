import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL } from "./support/server.ts";
import type { Browser, Locator, Page } from "playwright-core";
import { DEMO } from "../../src/adapters/db/seed/demo-ids.ts";
import { expectNoAxeViolations, launchBrowser, newPage, waitForHydration } from "./support/browser.ts";
import { checkScreen, openLateAvailableDay } from "./support/booking.ts";
import { consoleApi, consoleAs } from "./support/console.ts";

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

/** The language an element is read in: the nearest `lang` around it (the page's own on <html>). */
const readIn = (locator: Locator) => locator.first().evaluate((el) => el.closest("[lang]")?.getAttribute("lang"));

/** The innermost element showing exactly `text`. */
const shown = (page: Page, text: string) => page.getByText(text, { exact: true });

describe("the business's own texts keep their language (WCAG 3.1.2, ADR 0061)", () => {
  it("on German pages of the English demo business: widget, content page and form", async () => {
    const { page, context, pageErrors } = await newPage(browser);
    // The booking widget: the calendar's name and description are English, the steps German.
    await page.goto(`${baseURL}/de/widget/bookings/massage`);
    await waitForHydration(page);
    expect(await page.getAttribute("html", "lang")).toBe("de-DE");
    expect(await readIn(page.locator("#calendar-title"))).toBe("en-US");
    expect(await readIn(page.locator(".booking-summary__description"))).toBe("en-US");
    expect(await readIn(page.locator(".steps"))).toBe("de-DE");
    await checkScreen(page, "lang-widget-de");
    // A calendar of services: each service's name, description and category too, not its buttons.
    await page.goto(`${baseURL}/de/widget/booking/${DEMO.calendars.salon}`);
    await waitForHydration(page);
    expect(await readIn(shown(page, "Relaxing massage"))).toBe("en-US");
    expect(await readIn(shown(page, "60 minutes of full-body massage."))).toBe("en-US");
    expect(await readIn(shown(page, "Body"))).toBe("en-US");
    expect(await readIn(page.locator(".service button").first())).toBe("de-DE");
    await checkScreen(page, "lang-services-de");

    // A post: its title and body English, its byline and reading time German.
    await page.goto(`${baseURL}/de/journal/b/five-minute-breathing`);
    expect(await page.getAttribute("html", "lang")).toBe("de-DE");
    expect(await readIn(page.locator(".post h1"))).toBe("en-US");
    expect(await readIn(page.locator(".post__body p"))).toBe("en-US");
    expect(await readIn(page.locator(".post__meta"))).toBe("de-DE");
    await checkScreen(page, "lang-post-de");

    // A form: its name is the business's English; its questions have German words of their own.
    await page.goto(`${baseURL}/de/widget/form/${DEMO.formId}`);
    await waitForHydration(page);
    expect(await page.getAttribute("html", "lang")).toBe("de-DE");
    expect(await readIn(page.locator("#form-title"))).toBe("en-US");
    expect(await page.locator('label[for="field-name"]').innerText()).toContain("Ihr Name");
    expect(await readIn(page.locator('label[for="field-name"]'))).toBe("de-DE");
    expect(await readIn(page.locator('option[value="booking"]'))).toBe("de-DE");
    await checkScreen(page, "lang-form-de");
    // In Danish, which the form has no words for, its questions fall back to English, marked so.
    await page.goto(`${baseURL}/da/widget/form/${DEMO.formId}`);
    expect(await page.getAttribute("html", "lang")).toBe("da-DK");
    expect(await readIn(shown(page, "Your name"))).toBe("en-US");
    expect(await readIn(page.locator('option[value="booking"]'))).toBe("en-US");
    expect(await readIn(shown(page, "Only if you would like a voucher: from 10 to 500."))).toBe("en-US");
    await checkScreen(page, "lang-form-da");

    // On an English page the texts need no mark of their own. (Without the Danish just remembered.)
    await context.clearCookies();
    await page.goto(`${baseURL}/widget/bookings/massage`);
    expect(await page.getAttribute("html", "lang")).toBe("en-US");
    expect(await page.locator("#calendar-title").getAttribute("lang")).toBeNull();
    expect(pageErrors.join("\n")).toBe("");
    await context.close();
  });

  it("the owner says which language the texts are written in, in Settings, and pages follow", async () => {
    const { page, context, pageErrors } = await newPage(browser);
    await consoleAs(page, baseURL, "owner");
    try {
      await page.goto(`${baseURL}/console/settings`);
      await waitForHydration(page);
      const field = page.getByLabel("Language of your texts");
      expect(await field.inputValue()).toBe("en");
      await field.selectOption("de");
      await page.getByRole("button", { name: "Save settings" }).click();
      await expect.poll(() => page.locator(".console-saved").first().innerText()).toBe("Settings saved.");
      await checkScreen(page, "lang-settings");
      // Read back: the saved value, after a reload.
      await page.reload();
      await waitForHydration(page);
      expect(await page.getByLabel("Language of your texts").inputValue()).toBe("de");

      // Now the texts are German: unmarked on a German page, marked German on a French one.
      const visitor = await newPage(browser);
      await visitor.page.goto(`${baseURL}/de/widget/bookings/massage`);
      expect(await visitor.page.locator("#calendar-title").getAttribute("lang")).toBeNull();
      await visitor.page.goto(`${baseURL}/fr/widget/bookings/massage`);
      expect(await readIn(visitor.page.locator("#calendar-title"))).toBe("de-DE");
      expect(await readIn(visitor.page.locator(".steps"))).toBe("fr-FR");
      await visitor.context.close();

      // A language that is none of the product's is refused at the edge.
      expect(await consoleApi(page, "PATCH", "/business", { locale: "xx" })).toBe(400);
    } finally {
      expect(await consoleApi(page, "PATCH", "/business", { locale: "en" })).toBe(200);
    }
    expect(pageErrors.join("\n")).toBe("");
    await context.close();
  });
});

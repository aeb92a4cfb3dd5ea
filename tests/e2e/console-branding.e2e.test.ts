/**
 * Issue 18, branding (ADR 0049), in a real browser: the owner meets a colour that is no colour at its
 * field with what was typed kept, then sets a logo uploaded from the computer, a brand colour and the
 * dark look; the booking page (dark, then light), a content page (no JavaScript) and the visitor's
 * email then wear them and are headed by the business's name. One sign-in; the demo's look is
 * restored at the end, since later files on this server expect it.
 */
import path from "node:path";
import sharp from "sharp";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO } from "../../src/adapters/db/seed/demo-ids.ts";
import { expectNoAxeViolations, launchBrowser, newPage, waitForHydration } from "./support/browser.ts";
import { bookThroughApi, checkScreen, contact, findSlotViaApi, screenshots } from "./support/booking.ts";
import { consoleApi, signInToConsole } from "./support/console.ts";
import { baseURL, dataDir } from "./support/server.ts";
import { mailsTo } from "./support/mailbox.ts";

const NAME = "Northwind Wellness Studio";
const LOGO = /^\/images\/[0-9a-f-]{36}\/\d+\.webp$/;
const mailDir = path.join(dataDir, "mail");

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The HTML of the emails sent to `address` so far. */
async function htmlMailTo(address: string): Promise<string[]> {
  return (await mailsTo(mailDir, address)).map((m) => (m.html || "") as string);
}

describe("the business's branding", () => {
  it(
    "is set in Settings and worn by the booking page, a content page and the visitor's email",
    { timeout: 240_000 },
    async () => {
      const { page, context, pageErrors } = await newPage(browser);
      await signInToConsole(page, baseURL, "owner");
      try {
        await page.locator('.console__nav a[href="/console/settings"]').click();
        await page.locator("#settings-branding").waitFor();
        await waitForHydration(page);

        // A colour that is not one: refused at its field, as typed.
        const colour = page.locator('input[name="brandColour"]');
        await colour.fill("blue");
        await page.getByRole("button", { name: "Save settings" }).click();
        const refusal = page.locator("#field-brandColour-error");
        expect(await refusal.innerText()).toContain("Enter a colour as a hex code such as #1d4ed8");
        expect(await colour.inputValue()).toBe("blue");
        expect(await colour.getAttribute("aria-invalid")).toBe("true");
        await expectNoAxeViolations(page);
        await screenshots(page, "brand-settings-refused");

        // The logo, uploaded from the computer inside the branding section; the colour; dark.
        const png = await sharp({ create: { width: 480, height: 160, channels: 3, background: "#c2410c" } })
          .png()
          .toBuffer();
        const branding = page.locator("fieldset", { has: page.locator("legend", { hasText: /^Logo$/ }) });
        await branding
          .getByLabel("Upload an image from your computer")
          .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: png });
        await expect
          .poll(() => branding.locator(".console-gallery__item img").getAttribute("src"))
          .toMatch(/^\/images\/[0-9a-f-]{36}$/);
        await colour.fill("#c2410c");
        await page.locator('select[name="theme"]').selectOption("dark");
        await page.getByRole("button", { name: "Save settings" }).click();
        await expect.poll(() => page.locator(".console-saved").first().innerText()).toBe("Settings saved.");
        expect(await refusal.count()).toBe(0);
        await checkScreen(page, "brand-settings");

        // The booking page: dark, the accent from the brand, headed by the logo and the name.
        const visitor = await newPage(browser);
        await visitor.page.goto(`${baseURL}/widget/booking/${DEMO.calendars.introCall}`);
        await waitForHydration(visitor.page);
        const html = visitor.page.locator("html");
        expect(await html.getAttribute("data-theme")).toBe("dark");
        expect(await html.getAttribute("style")).toMatch(/--accent:\s*#[0-9a-f]{6}/);
        expect(await visitor.page.locator(".layout__toolbar .business-mark").innerText()).toBe(NAME);
        expect(await visitor.page.locator(".business-mark img").getAttribute("src")).toMatch(LOGO);
        await checkScreen(visitor.page, "brand-booking-dark");

        // A content page, as served (it runs no script): the same look and heading, server-rendered.
        const served = await (await fetch(`${baseURL}/journal/b/five-minute-breathing`)).text();
        expect(served).toMatch(/<html[^>]*data-theme="dark"/);
        expect(served).toMatch(/<img class="business-mark__logo" src="\/images\/[0-9a-f-]{36}\/\d+\.webp"/);
        await visitor.page.goto(`${baseURL}/journal/b/five-minute-breathing`);
        expect(await visitor.page.locator(".site-header__home").innerText()).toBe(NAME);
        expect(await visitor.page.locator(".site-footer").innerText()).toBe(NAME);
        await checkScreen(visitor.page, "brand-content-dark");

        // The visitor's email: headed by the logo (an absolute address), its buttons in the brand colour.
        const who = contact(`Brand${Date.now() % 100000}`);
        const startTime = await findSlotViaApi(baseURL, DEMO.calendars.introCall, 20);
        const booked = await bookThroughApi(baseURL, {
          calendarId: DEMO.calendars.introCall,
          startTime,
          timezone: "UTC",
          contact: who,
        });
        expect(booked.status).toBe(201);
        await expect.poll(async () => (await htmlMailTo(who.email)).length, { timeout: 20_000 }).toBeGreaterThan(0);
        const [mail] = await htmlMailTo(who.email);
        expect(mail).toMatch(
          new RegExp(`<img src="https?://[^"]+/images/[0-9a-f-]{36}/\\d+\\.webp"[^>]*alt="${NAME}"`),
        );
        expect(mail).toContain("border-top:4px solid #c2410c");
        const shown = await newPage(browser);
        await shown.page.setContent(mail!.replace(/src="https?:\/\/[^/"]+\/images\//g, `src="${baseURL}/images/`));
        await screenshots(shown.page, "brand-email");
        await shown.context.close();

        // Light, with the same colour and logo.
        expect(await consoleApi(page, "PATCH", "/business", { theme: "light" })).toBe(200);
        await visitor.page.goto(`${baseURL}/widget/booking/${DEMO.calendars.introCall}`);
        await waitForHydration(visitor.page);
        expect(await html.getAttribute("data-theme")).toBe("light");
        await checkScreen(visitor.page, "brand-booking-light");
        expect(visitor.pageErrors.join("\n")).toBe("");
        await visitor.context.close();
      } finally {
        expect(await consoleApi(page, "PATCH", "/business", { logoUrl: null, brandColour: null, theme: "light" })).toBe(
          200,
        );
      }
      expect(pageErrors.join("\n")).toBe("");
      await context.close();
    },
  );
});

/**
 * Issue 6: in each of the eleven languages a visitor books, reschedules and cancels entirely in
 * that language — emails included — at 320 px, with axe reporting 0 violations and no text
 * overflowing (the longest language decides).
 */
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, dataDir } from "./support/server.ts";
import { mailsTo } from "./support/mailbox.ts";
import { DEMO } from "../../src/adapters/db/seed/demo-ids.ts";
import { LOCALES } from "../../src/i18n/locales.ts";
import { mergedCatalog } from "../../src/i18n/vite-plugin.ts";
import { expectNoAxeViolations } from "./support/browser.ts";
import { bookingPage, firstSlot, heading, open, openLateAvailableDay } from "./support/booking.ts";

const mailDir = path.join(dataDir, "mail");
let browser: Browser;
beforeAll(async () => {
  const { launchBrowser } = await import("./support/browser.ts");
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Elements that stick out of the 320 px viewport or clip their own text. */
async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const problems: string[] = [];
    if (document.documentElement.scrollWidth > width)
      problems.push(`page scrolls sideways (${document.documentElement.scrollWidth} > ${width})`);
    for (const el of Array.from(document.querySelectorAll<HTMLElement>("body *"))) {
      // Hidden on purpose: for screen readers only, or (the bots' trap field) for nobody.
      if (el.closest(".visually-hidden, .skip-link, .trap-field, details:not([open]) ul")) continue;
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      const name = `${el.tagName.toLowerCase()}${el.className && typeof el.className === "string" ? "." + el.className.split(" ")[0] : ""}`;
      if (rect.right > width + 1) problems.push(`${name} ends at ${Math.round(rect.right)}px`);
      const clips = getComputedStyle(el).overflowX !== "visible";
      if (clips && el.scrollWidth > el.clientWidth + 1 && el.textContent?.trim())
        problems.push(`${name} clips its text`);
    }
    return [...new Set(problems)];
  });
}

async function checkScreen(page: Page) {
  await expectNoAxeViolations(page);
  expect(await overflowing(page)).toEqual([]);
}

describe.each(LOCALES.map((l) => [l.code, l.language] as const))("in %s", (code, language) => {
  const t = mergedCatalog(code);
  const prefix = code === "en" ? "" : `/${code}`;
  const email = `i18n-${code}@example.com`;

  it("books, reschedules and cancels in that language at 320 px, emails included", async () => {
    const { page, context } = await bookingPage(browser, {
      viewport: { width: 320, height: 720 },
      timezoneId: "Europe/Berlin",
    });
    await open(page, `${baseURL}${prefix}/widget/booking/${DEMO.calendars.introCall}`);
    expect(await page.getAttribute("html", "lang")).toBe(language);
    // A day near the end of the month view, so the booking is outside the 24 h change cut-off.
    await openLateAvailableDay(page);
    await (await firstSlot(page)).click();
    await expect.poll(() => heading(page).textContent()).toBe(t["widget.step.details"]);

    await page.locator("#field-firstName").fill("Maria");
    await page.locator("#field-lastName").fill(`Tester ${code}`);
    await page.locator("#field-email").fill(email);
    await checkScreen(page);
    await page.locator("form button[type=submit]").click();
    await page.waitForURL(/done=booked/);
    await expect.poll(() => page.locator("h1").textContent()).toBe(t["widget.done.scheduled"]);
    expect(new URL(page.url()).pathname.startsWith(`${prefix}/widget/`)).toBe(true);
    await checkScreen(page);

    await page.locator('a[href*="reschedule=1"]').first().click();
    await expect.poll(() => heading(page).textContent()).toBe(t["widget.step.reschedule"]);
    await openLateAvailableDay(page);
    await (await firstSlot(page)).click();
    await checkScreen(page);
    await page.locator("form button[type=submit], .reschedule-confirm button, button.button--large").first().click();
    await page.waitForURL(/done=rescheduled/);
    await expect.poll(() => page.locator("h1").textContent()).toBe(t["widget.done.rescheduled"]);

    const { searchParams } = new URL(page.url());
    const id = searchParams.get("booking") ?? searchParams.get("id");
    const token = searchParams.get("token");
    await open(page, `${baseURL}${prefix}/widget/cancel-booking?id=${id}&token=${token}`);
    await page.locator("#field-cancelReason").fill("—");
    await checkScreen(page);
    await page.locator("form.cancel-form button[type=submit]").click();
    await page.waitForURL(/done=cancelled/);
    await expect.poll(() => page.locator("h1").textContent()).toBe(t["widget.done.cancelled"]);
    await checkScreen(page);
    await context.close();

    // The visitor's emails (booked, rescheduled, cancelled) arrive in the same language.
    const headings = [
      "email.heading.booking_confirmed",
      "email.heading.booking_rescheduled",
      "email.heading.booking_cancelled",
    ].map((key) => t[key]!);
    await expect
      .poll(
        async () => {
          const texts = (await mailsTo(mailDir, email)).map((m) => m.text).join("\n");
          return headings.filter((h) => !texts.includes(h));
        },
        { timeout: 20_000 },
      )
      .toEqual([]);
  }, 120_000);
});

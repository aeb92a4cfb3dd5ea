/**
 * Issue 24 in the browser against the demo: a calendar that requires a guest refuses "Confirm
 * booking" without one, with the message in the page's language next to the guests, then books with
 * one; a private service is absent from the salon menu yet opens and books from its direct link; a
 * private calendar is on no list yet opens from its own; a service's own location (the massage's
 * spa rooms) is shown on the details step, in the page's language, and in the confirmation.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL } from "./support/server.ts";
import type { Browser } from "playwright-core";
import { DEMO } from "../../src/adapters/db/seed/demo-ids.ts";
import { mergedCatalog } from "../../src/i18n/vite-plugin.ts";
import { launchBrowser } from "./support/browser.ts";
import { bookingPage, checkScreen, contact, fillContact, firstSlot, heading, open } from "./support/booking.ts";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("require guests for booking", () => {
  it("a guest left out: the localised message next to the guests, then the booking with one", async () => {
    const de = mergedCatalog("de");
    const { page, context, pageErrors, consoleErrors } = await bookingPage(browser, { timezoneId: "Europe/Berlin" });
    await open(page, `${baseURL}/de/widget/bookings/partner-massage`);
    expect(await page.locator("h1").textContent()).toBe("Partner massage (for two)");
    await (await firstSlot(page)).click();
    await expect.poll(() => heading(page).textContent()).toBe(de["widget.step.details"]);
    await page.locator("#field-firstName").fill("Maria");
    await page.locator("#field-lastName").fill("Muster");
    await page.locator("#field-email").fill("maria.partner@example.com");

    await page.getByRole("button", { name: de["widget.details.confirm"] }).click();
    const guests = page.locator("fieldset", { has: page.getByRole("button", { name: de["widget.guests.add"] }) });
    await expect.poll(() => guests.locator(".field__error").textContent()).toBe(de["problem.GUESTS_REQUIRED"]);
    expect(de["problem.GUESTS_REQUIRED"]).toBe("Fügen Sie mindestens einen Gast hinzu, um zu buchen.");
    expect(page.url()).not.toMatch(/done=booked/);

    await page.getByRole("button", { name: de["widget.guests.add"] }).click();
    await page.getByLabel(de["widget.guests.name"]!.replace("{number}", "1")).fill("Jonas Muster");
    await page.getByLabel(de["widget.guests.email"]!.replace("{number}", "1")).fill("jonas.partner@example.com");
    await page.getByRole("button", { name: de["widget.details.confirm"] }).click();
    await page.waitForURL(/done=booked/);
    await expect.poll(() => page.locator("h1").textContent()).toBe(de["widget.done.scheduled"]);
    expect(pageErrors).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe("private services and calendars", () => {
  it("a private service is absent from the menu and booked from its direct link", async () => {
    // The lists. Their console is not checked: a menu page asks for slots before any service is
    // chosen and gets a 400 (seen on main before issue 24; left for its own fix).
    const lists = await bookingPage(browser);
    await open(lists.page, `${baseURL}/widget/service-menus/${DEMO.serviceMenuSlug}`);
    await expect.poll(() => lists.page.getByRole("button", { name: "Add Haircut for You" }).count()).toBe(1);
    expect(await lists.page.getByText("Bridal styling").count()).toBe(0);
    // Nor in the salon calendar's own list of services.
    await open(lists.page, `${baseURL}/widget/booking/${DEMO.calendars.salon}`);
    await expect.poll(() => lists.page.getByRole("button", { name: "Add Haircut for You" }).count()).toBe(1);
    expect(await lists.page.getByText("Bridal styling").count()).toBe(0);
    await lists.context.close();

    // Its direct link: preselected, booked.
    const { page, context, pageErrors, consoleErrors } = await bookingPage(browser);
    await open(page, `${baseURL}/widget/service-menus/${DEMO.serviceMenuSlug}/${DEMO.privateServiceSlug}`);
    await expect.poll(() => page.getByText("Bridal styling").count()).toBeGreaterThan(0);
    await page.getByRole("button", { name: "Continue" }).click();
    await (await firstSlot(page)).click();
    await expect.poll(() => heading(page).textContent()).toBe("Your information");
    await fillContact(page, contact("Bride"));
    await page.getByRole("button", { name: "Confirm booking" }).click();
    await page.waitForURL(/done=booked/);
    expect(await page.locator(".result__summary").textContent()).toContain("Bridal styling");
    expect(pageErrors).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("a private calendar is on neither the index nor its group's page, and opens from its link", async () => {
    const { page, context } = await bookingPage(browser);
    await open(page, `${baseURL}/`);
    await expect.poll(() => page.getByText("Intro call with Anna").count()).toBeGreaterThan(0);
    expect(await page.getByText("Private session with Priya").count()).toBe(0);
    await open(page, `${baseURL}/widget/groups/${DEMO.groupSlug}`);
    await expect.poll(() => page.getByText("Intro call with Anna").count()).toBeGreaterThan(0);
    expect(await page.getByText("Private session with Priya").count()).toBe(0);
    await open(page, `${baseURL}/widget/bookings/private-session`);
    expect(await page.locator("h1").textContent()).toBe("Private session with Priya");
    await firstSlot(page);
    await context.close();
  });
});

describe("service locations", () => {
  it("the massage's own location before booking and in the confirmation, axe clean at 390 and 1280", async () => {
    const fr = mergedCatalog("fr");
    const { page, context, pageErrors, consoleErrors } = await bookingPage(browser, { timezoneId: "Europe/Berlin" });
    await open(page, `${baseURL}/fr/widget/booking/${DEMO.calendars.salon}`);
    const add = fr["widget.services.addService"]!.replace("{name}", "Relaxing massage");
    await page.getByRole("button", { name: add.replace("{who}", fr["widget.services.you"]!) }).click();
    await page.getByRole("button", { name: fr["widget.services.continue"] }).click();
    await (await firstSlot(page)).click();
    await expect.poll(() => heading(page).textContent()).toBe(fr["widget.step.details"]);
    // Only Anna performs it and she has no location of her own: the spa, known before booking.
    await expect
      .poll(() => page.locator(".chosen-place").textContent())
      .toBe(`${fr["widget.summary.location"]}: ${DEMO.spaAddress}`);
    await checkScreen(page, "locations-details");
    await page.locator("#field-firstName").fill("Claire");
    await page.locator("#field-lastName").fill("Spa");
    await page.locator("#field-email").fill("claire.spa@example.com");
    await page.getByRole("button", { name: fr["widget.details.confirm"] }).click();
    await page.waitForURL(/done=booked/);
    await expect.poll(() => page.locator(".result__summary").textContent()).toContain(DEMO.spaAddress);
    await checkScreen(page, "locations-confirmation");
    expect(pageErrors).toEqual([]);
    // The salon page asks for slots before a service is chosen and gets a 400 (the known fault noted
    // above, on main before this test); anything else is an error.
    expect(consoleErrors.filter((e) => !e.includes("status of 400"))).toEqual([]);
    await context.close();
  });
});

/**
 * The chosen time is held while the visitor types: the details step shows for how long, and once
 * the hold has run out offers to hold it again — with everything typed kept.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL } from "./support/server.ts";
import { DEMO } from "../../src/adapters/db/seed/demo-ids.ts";
import { launchBrowser } from "./support/browser.ts";
import { bookingPage, checkScreen, contact, fillContact, firstSlot, heading, open } from "./support/booking.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("held time", () => {
  it("counts down on the details step; run out, it can be held again and nothing typed is lost", async () => {
    const who = contact("Holder");
    const { page } = await bookingPage(browser, { viewport: { width: 375, height: 812 } });
    await page.clock.install();
    await open(page, `${baseURL}/widget/booking/${DEMO.calendars.introCall}`);
    await (await firstSlot(page)).click();
    await expect.poll(() => heading(page).textContent()).toBe("Your information");
    await expect.poll(() => page.getByRole("timer").textContent()).toMatch(/^Held for you: (10:00|9:5\d) min left$/);
    // The demo's intro call cannot be changed online within 24 hours: said before booking, not after.
    expect(await page.locator(".change-policy").innerText()).toMatch(
      /This time is too close to change: once booked, it cannot be rescheduled or cancelled online\.|You can reschedule or cancel online until/,
    );
    await fillContact(page, who);

    await page.clock.fastForward("10:05");
    // (Polled from here: with the page's clock installed, in-page waiting does not advance.)
    await expect
      .poll(() => page.locator(".hold-expired").textContent())
      .toContain("Your hold on this time has run out. It may still be free");
    await checkScreen(page, "40-hold-expired");
    await page.getByRole("button", { name: "Hold this time again" }).click();
    // The server held it again from its own (real) now; bring the page's clock back to it.
    await page.clock.setSystemTime(Date.now());
    await expect.poll(() => page.getByRole("timer").textContent()).toMatch(/^Held for you: (10:00|9:5\d) min left$/);
    expect(await page.getByLabel("First name").inputValue()).toBe(who.firstName);
    expect(await heading(page).textContent()).toBe("Your information");
    await page.getByRole("button", { name: "Confirm booking" }).click();
    await expect.poll(() => page.locator("h1").textContent(), { timeout: 10_000 }).toBe("You are scheduled");
  });
});

/**
 * The chosen time is held while the visitor types: the details step shows for how long, and once
 * the hold has run out offers to hold it again — with everything typed kept. A visitor who leaves the
 * page holding a time lets it go at once: another visitor's open page offers it again.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL } from "./support/server.ts";
import { DEMO } from "../../src/adapters/db/seed/demo-ids.ts";
import { launchBrowser } from "./support/browser.ts";
import {
  bookingPage,
  checkScreen,
  contact,
  fillContact,
  firstSlot,
  heading,
  open,
  openLateAvailableDay,
  slotButton,
} from "./support/booking.ts";

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

  it("leaving the page lets the held time go at once: another visitor's open page offers it again", async () => {
    const holder = await bookingPage(browser);
    const other = await bookingPage(browser);
    const url = `${baseURL}/widget/booking/${DEMO.calendars.introCall}`;
    // A day late in the month view: a whole day of times, so the other page still shows that day's others.
    await open(holder.page, url);
    await openLateAvailableDay(holder.page);
    const slot = await firstSlot(holder.page);
    const start = await slot.getAttribute("data-slot");
    await slot.click();
    await expect.poll(() => holder.page.getByRole("timer").count()).toBe(1);
    await open(other.page, url);
    await openLateAvailableDay(other.page);
    // The other visitor's page (open on the same day) does not offer the held time.
    await expect.poll(() => other.page.locator(".slots .slot").count()).toBeGreaterThan(0);
    expect(await other.page.locator(`.slots .slot[data-slot="${start}"]`).count()).toBe(0);
    // The holder goes elsewhere: the time comes back on the open page (live), without waiting ten minutes.
    await holder.page.goto("about:blank");
    await expect.poll(async () => (await slotButton(other.page, start!)).count(), { timeout: 10_000 }).toBe(1);
    await holder.context.close();
    await other.context.close();
  });
});

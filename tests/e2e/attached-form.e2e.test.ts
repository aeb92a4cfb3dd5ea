/**
 * Issue 15, a calendar's attached form in the browser: the demo's nutrition check-in asks its intake
 * form on the details step. A required field left empty is refused with its message next to it and
 * nothing typed is lost; a follow-up question appears when its answer calls for it; the booking is
 * made with the answers, recorded among the form's submissions for the booker's contact.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { DEMO } from "../../src/adapters/db/seed/demo-ids.ts";
import { launchBrowser, newPage, waitForHydration } from "./support/browser.ts";
import { signInToConsole } from "./support/console.ts";
import { baseURL } from "./support/server.ts";
import { bookingPage, checkScreen, fillContact, firstSlot, heading, open } from "./support/booking.ts";
import { businessApiAs, issueDemoKey } from "./support/demo-api.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("a calendar with an attached form", () => {
  it("asks the form's fields, refuses an empty required one without losing anything, and books", async () => {
    const { page, pageErrors, consoleErrors } = await bookingPage(browser, { timezoneId: "Europe/Berlin" });
    await open(page, `${baseURL}/widget/booking/${DEMO.calendars.checkIn}`);
    await (await firstSlot(page)).click();
    await expect.poll(() => heading(page).textContent()).toBe("Your information");

    const goal = page.getByLabel(/^What would you like to work on\?/);
    await expect.poll(() => goal.count()).toBe(1);
    // "Which foods?" shows only once an intolerance is named.
    expect(await page.getByLabel(/^Which foods\?/).count()).toBe(0);
    await fillContact(page, { firstName: "Grace", lastName: "Brewster", email: "Grace.Intake@Example.com" });
    await page.getByRole("radio", { name: "Yes" }).check();
    await expect.poll(() => page.getByLabel(/^Which foods\?/).count()).toBe(1);
    await page.getByLabel(/^Which foods\?/).fill("Lactose");

    await page.getByRole("button", { name: "Confirm booking" }).click();
    // The form engine refuses the empty goal (in the browser, as the server would), next to the field,
    // focused; nothing is lost.
    await expect
      .poll(() => page.locator("#field-answers-goal-error").textContent())
      .toContain("This field is required.");
    expect(await goal.getAttribute("aria-invalid")).toBe("true");
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("field-answers-goal");
    expect(await page.getByLabel(/^Which foods\?/).inputValue()).toBe("Lactose");
    expect(await page.getByLabel("First name").inputValue()).toBe("Grace");
    await checkScreen(page, "attached-form-error");

    await goal.fill("Eat better before races");
    await page.getByRole("button", { name: "Confirm booking" }).click();
    await expect
      .poll(() => page.locator("h1, h2").allTextContents(), { timeout: 15_000 })
      .toContain("You are scheduled");
    await checkScreen(page, "attached-form-booked");
    expect(pageErrors).toEqual([]);
    // The form engine checked the fields in the browser first: no refused request, no error.
    expect(consoleErrors).toEqual([]);

    // The business sees it among the form's submissions, linked to the booking and one contact.
    const key = await issueDemoKey();
    const submissions = await businessApiAs(key, "GET", `/forms/${DEMO.intakeFormId}/submissions`);
    const mine = submissions.body.items.find(
      (s: { contactEmail: string }) => s.contactEmail === "grace.intake@example.com",
    );
    expect(mine).toMatchObject({
      answers: { goal: "Eat better before races", intolerance: "yes", foods: "Lactose" },
      version: 1,
    });
    expect(mine.bookingId).toEqual(expect.any(String));
    const contact = await businessApiAs(key, "GET", `/contacts/${mine.contactId}`);
    expect(contact.body).toMatchObject({ email: "Grace.Intake@Example.com", name: "Grace Brewster" });
    expect(contact.body.bookings.map((b: { id: string }) => b.id)).toEqual([mine.bookingId]);

    // The owner's console shows the booking with the answers under the form's labels.
    const owner = await newPage(browser, { viewport: { width: 1280, height: 800 } });
    await signInToConsole(owner.page, baseURL, "owner");
    await owner.page.goto(`${baseURL}/console?range=month`);
    await waitForHydration(owner.page);
    await owner.page.getByLabel("Search visitors").fill("brewster");
    const card = owner.page.locator("article.console-booking", { hasText: "Grace Brewster" });
    await expect
      .poll(() => card.locator(".console-booking__answers").textContent())
      .toContain("What would you like to work on?Eat better before races");
    await checkScreen(owner.page, "attached-form-console");
    await owner.context.close();
  });
});

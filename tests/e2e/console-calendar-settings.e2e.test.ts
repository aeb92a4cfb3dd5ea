/**
 * Issue 18, the calendar settings that were API-only, set in the console's calendar form: round-robin
 * distribution, Look Busy, repeat bookings, required guests and an attached form. A bad Look Busy is
 * refused at its field with everything else kept; the saved values come back on reload; visitors see
 * the attached form's question and the repeat chooser. Then members' priority, a collective's
 * primary owner, the full-refund deadline and privacy: a bad deadline refused at its field, the rest
 * kept, all back on reload; a private calendar left off the index page, its link still open. One
 * sign-in (CI time); axe in English and German, the new controls reached by keyboard.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO } from "../../src/adapters/db/seed/demo-ids.ts";
import { baseURL } from "./support/server.ts";
import { expectNoAxeViolations, launchBrowser, waitForHydration } from "./support/browser.ts";
import { bookingPage, firstSlot, heading, open, screenshots } from "./support/booking.ts";
import { consoleApiJson, signInToConsole } from "./support/console.ts";

const run = Date.now().toString(36);

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = (await bookingPage(browser)).page;
  await signInToConsole(page, baseURL, "owner");
});
afterAll(async () => {
  await browser?.close();
});

async function openForm(locale: string, id: string) {
  await page.goto(`${baseURL}${locale}/console/calendars/${id}`);
  await waitForHydration(page);
  await page.locator("#field-settings-lookBusyPercent").waitFor();
}

const save = () => page.locator("form.console-calendar-form button[type=submit]").click();
const focused = () => page.evaluate(() => document.activeElement?.id);

describe("a round-robin calendar's settings in the console", () => {
  // First: the other journey ends in German, which later plain /console visits would keep.
  it("sets members' priority, a collective's primary owner, the full-refund deadline and privacy", async () => {
    const create = (type: string, name: string, staffIds: string[]) =>
      consoleApiJson<{ id: string; url: string }>(page, "POST", "/business/calendars", {
        type,
        name: `${name} ${run}`,
        slug: `${name.toLowerCase().replaceAll(" ", "-")}-${run}`,
        members: staffIds.map((staffId) => ({ staffId })),
      });
    const roundRobin = await create("round_robin", "Priority desk", [DEMO.staff.anna, DEMO.staff.marco]);
    const collective = await create("collective", "Panel talk", [DEMO.staff.anna, DEMO.staff.marco]);
    expect([roundRobin.status, collective.status]).toEqual([201, 201]);

    await openForm("", roundRobin.body.id);
    await page.getByLabel("Priority of Marco", { exact: false }).selectOption({ label: "High" });
    await page.getByRole("checkbox", { name: /^Private/ }).check();
    const refund = page.locator("#field-settings-fullRefundHoursBefore");
    await refund.fill("1,5");
    await save();
    await expect
      .poll(() => page.locator("#field-settings-fullRefundHoursBefore-error").textContent())
      .toContain("Enter a whole number of hours from 0 to 8760");
    expect(await refund.inputValue()).toBe("1,5");
    expect(await page.getByLabel("Priority of Marco", { exact: false }).inputValue()).toBe("1");
    expect(await page.getByRole("checkbox", { name: /^Private/ }).isChecked()).toBe(true);
    await expectNoAxeViolations(page);
    await refund.fill("48");
    await save();
    await expect.poll(() => page.locator(".console-saved").first().textContent()).toBe("Changes saved.");

    await openForm("", roundRobin.body.id);
    expect(await page.getByLabel("Priority of Marco", { exact: false }).inputValue()).toBe("1");
    expect(await page.getByLabel("Priority of Anna", { exact: false }).inputValue()).toBe("0.5");
    expect(await page.getByRole("checkbox", { name: /^Private/ }).isChecked()).toBe(true);
    expect(await refund.inputValue()).toBe("48");
    await screenshots(page, "calset2-round-robin");

    await openForm("", collective.body.id);
    const primary = page.getByLabel("Primary owner");
    expect(await primary.inputValue()).toBe(DEMO.staff.anna);
    await primary.selectOption(DEMO.staff.marco);
    await save();
    await expect.poll(() => page.locator(".console-saved").first().textContent()).toBe("Changes saved.");
    await openForm("", collective.body.id);
    expect(await page.getByLabel("Primary owner").inputValue()).toBe(DEMO.staff.marco);
    await screenshots(page, "calset2-collective");
    const saved = await consoleApiJson<{ members: { staffId: string; isPrimary: boolean }[] }>(
      page,
      "GET",
      `/business/calendars/${collective.body.id}`,
    );
    expect(saved.body.members.filter((m) => m.isPrimary).map((m) => m.staffId)).toEqual([DEMO.staff.marco]);

    // The private calendar is not on the business's index page; its own link still opens it.
    const visitor = await bookingPage(browser);
    await visitor.page.goto(`${baseURL}/`);
    await expect.poll(() => visitor.page.locator("#calendars").count()).toBe(1);
    const listed = await visitor.page.locator("body").textContent();
    expect(listed).toContain(`Panel talk ${run}`);
    expect(listed).not.toContain(`Priority desk ${run}`);
    await open(visitor.page, roundRobin.body.url);
    await expect.poll(() => visitor.page.locator("body").textContent()).toContain(`Priority desk ${run}`);
    await visitor.context.close();
  });

  it("sets distribution, Look Busy, repeats, required guests and a form; refuses a bad one at its field", async () => {
    const created = await consoleApiJson<{ id: string; url: string }>(page, "POST", "/business/calendars", {
      type: "round_robin",
      name: `Team call ${run}`,
      slug: `team-call-${run}`,
      members: [{ staffId: DEMO.staff.anna }],
    });
    expect(created.status).toBe(201);
    const { id, url } = created.body;
    await openForm("", id);

    await page.getByLabel("Who takes an “any available” booking").selectOption("equal_distribution");
    // Keyboard: Look Busy follows the daily limits; the repeat switch opens its choices.
    await page.locator("#field-settings-maxBookingsPerDayPerStaff").focus();
    await page.keyboard.press("Tab");
    expect(await focused()).toBe("field-settings-lookBusyPercent");
    await page.keyboard.type("95");
    await page.locator("#field-requireGuests").check();
    await page.locator("#field-recurringOn").focus();
    await page.keyboard.press("Space");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).value)).toBe("daily/1");
    await page.getByRole("checkbox", { name: "Every 2 weeks" }).check();
    await page.getByLabel("Most appointments in a series").fill("6");
    await page.getByLabel("When a date is already taken").selectOption("book_next");
    await page.getByLabel("Form asked while booking").selectOption({ label: "Nutrition intake" });

    await save();
    await expect
      .poll(() => page.locator("#field-settings-lookBusyPercent-error").textContent())
      .toContain("Enter a whole percentage from 0 to 90.");
    expect(await page.locator("#field-settings-lookBusyPercent").getAttribute("aria-invalid")).toBe("true");
    // Everything typed is kept.
    expect(await page.locator("#field-settings-lookBusyPercent").inputValue()).toBe("95");
    expect(await page.getByRole("checkbox", { name: "Every 2 weeks" }).isChecked()).toBe(true);
    expect(await page.getByLabel("Most appointments in a series").inputValue()).toBe("6");
    expect(await page.getByLabel("Form asked while booking").inputValue()).toBe(DEMO.intakeFormId);
    expect(await page.locator("#field-requireGuests").isChecked()).toBe(true);
    await expectNoAxeViolations(page);

    await page.locator("#field-settings-lookBusyPercent").fill("20");
    await save();
    await expect.poll(() => page.locator(".console-saved").first().textContent()).toBe("Changes saved.");
    const saved = await consoleApiJson<{ formId: string; settings: Record<string, unknown> }>(
      page,
      "GET",
      `/business/calendars/${id}`,
    );
    expect(saved.body.formId).toBe(DEMO.intakeFormId);
    expect(saved.body.settings).toMatchObject({
      roundRobinMode: "equal_distribution",
      lookBusyPercent: 20,
      requireGuests: true,
      recurring: { frequencies: ["weekly", { frequency: "weekly", interval: 2 }], maxCount: 6, policy: "book_next" },
    });

    // Reloaded, the form shows what was saved.
    await openForm("", id);
    expect(await page.getByLabel("Who takes an “any available” booking").inputValue()).toBe("equal_distribution");
    expect(await page.locator("#field-settings-lookBusyPercent").inputValue()).toBe("20");
    expect(await page.locator("#field-requireGuests").isChecked()).toBe(true);
    expect(await page.getByRole("checkbox", { name: "Every 2 weeks" }).isChecked()).toBe(true);
    expect(await page.getByLabel("When a date is already taken").inputValue()).toBe("book_next");
    expect(await page.getByLabel("Form asked while booking").inputValue()).toBe(DEMO.intakeFormId);
    await screenshots(page, "calset-form");

    // Visitors are asked the form's question and may repeat the booking every week or every 2 weeks.
    const visitor = await bookingPage(browser);
    await open(visitor.page, url);
    await (await firstSlot(visitor.page)).click();
    await expect.poll(() => heading(visitor.page).textContent()).toBe("Your information");
    await expect.poll(() => visitor.page.getByLabel(/^What would you like to work on\?/).count()).toBe(1);
    const often = visitor.page.getByLabel("How often");
    await expect
      .poll(() => often.locator("option").allTextContents())
      .toEqual(["Just this once", "Every week", "Every 2 weeks"]);
    await visitor.context.close();

    // German last (a /de/ visit keeps the console German).
    await openForm("/de", id);
    expect(await page.locator("#section-recurring").textContent()).toBe("Wiederkehrende Buchungen");
    await expectNoAxeViolations(page);
    await screenshots(page, "calset-form-de");
  });
});

/**
 * Issue 18, the owner's setup screens as a new owner meets them: a new personal calendar for a demo
 * staff member, previewed live, its link copied and opened; a one-time link; the business's name
 * changed (and changed back, other journeys rely on the demo's); an API key created, used and
 * revoked; bad input answered next to its field with what was typed kept; a staff login kept out;
 * every screen axe-clean in English and German.
 */
import fs from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL } from "./support/server.ts";
import { DEMO } from "../../src/adapters/db/seed/demo-ids.ts";
import { expectNoAxeViolations, launchBrowser, waitForHydration, type TrackedPage } from "./support/browser.ts";
import {
  bookingPage,
  bookThroughApi,
  checkScreen,
  contact,
  findSlotViaApi,
  firstSlot,
  screenshots,
} from "./support/booking.ts";
import { consoleApiJson, signInToConsole } from "./support/console.ts";

const run = Date.now().toString(36);
const calendarName = `Studio tour ${run}`;
const calendarSlug = `studio-tour-${run}`;

let browser: Browser;
let owner: TrackedPage;
let page: Page;
let calendarUrl = "";

async function open(path: string) {
  await page.goto(`${baseURL}${path}`);
  await waitForHydration(page);
  await page.locator(".console__main h1").waitFor();
}

/** The message shown next to a field (its aria-describedby names it). */
async function messageOf(fieldId: string): Promise<string> {
  return page.locator(`#${fieldId}-error`).innerText();
}

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await bookingPage(browser);
  page = owner.page;
  await owner.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  await signInToConsole(page, baseURL, "owner");
});
afterAll(async () => {
  await browser?.close();
});

describe("calendars", () => {
  it("lists every calendar with its public link", async () => {
    await open("/console/calendars");
    await expect.poll(() => page.locator(".console-card").count()).toBeGreaterThanOrEqual(9);
    await expect
      .poll(() => page.locator(".console-card").filter({ hasText: "Intro call with Anna" }).innerText())
      .toContain(`/widget/booking/${DEMO.calendars.introCall}`);
    await checkScreen(page, "console-calendars");
  });

  it("refuses bad values next to their fields and keeps what was typed", async () => {
    await open("/console/calendars/new");
    await page.locator("#field-name").fill(calendarName);
    await page.locator("#field-slug").fill("Not a slug!");
    await page.locator("#field-settings-durationMinutes").fill("ten");
    await page.locator("#field-members").selectOption({ label: "Marco Rossi" });
    await page.getByRole("button", { name: "Create calendar" }).click();
    await expect.poll(() => messageOf("field-slug")).toContain("lowercase letters, digits and single hyphens");
    expect(await messageOf("field-settings-durationMinutes")).toBe("Enter whole minutes from 5 to 1440.");
    await expect(page.locator("#field-slug").inputValue()).resolves.toBe("Not a slug!");
    await expect(page.locator("#field-settings-durationMinutes").inputValue()).resolves.toBe("ten");
    await expect(page.locator("#field-name").inputValue()).resolves.toBe(calendarName);
    expect(await page.locator("#field-slug").getAttribute("aria-invalid")).toBe("true");
    await expectNoAxeViolations(page);
    await screenshots(page, "console-calendar-new-invalid");

    // A slug another calendar has: said at the slug, the rest kept.
    await page.locator("#field-slug").fill("intro-call");
    await page.locator("#field-settings-durationMinutes").fill("45");
    await page.getByRole("button", { name: "Create calendar" }).click();
    await expect
      .poll(() => messageOf("field-slug"))
      .toBe("Another calendar already uses this slug. Choose another one.");
    expect(await page.locator("#field-settings-durationMinutes").count()).toBe(1);
    await expect(page.locator("#field-settings-durationMinutes").inputValue()).resolves.toBe("45");
    expect(page.url()).toContain("/console/calendars/new");
  });

  it("creates a personal calendar for a staff member and shows its live preview", async () => {
    await page.locator("#field-slug").fill(calendarSlug);
    await page.getByRole("button", { name: "Create calendar" }).click();
    await page.waitForURL(/\/console\/calendars\/[0-9a-f-]{36}\?created=1$/);
    await expect.poll(() => page.locator(".console__main h1").innerText()).toBe(calendarName);
    expect(await page.getByRole("status").filter({ hasText: "Calendar created" }).count()).toBe(1);

    const frame = page.locator(`iframe[title="Preview of the booking page of ${calendarName}"]`);
    await frame.waitFor();
    const preview = page.frameLocator("iframe.console-preview");
    await preview.locator("#step-heading").waitFor({ timeout: 15_000 });
    expect(await preview.locator("body").innerText()).toContain(calendarName);
    await expectNoAxeViolations(page);
  });

  it("copies the booking link, which opens the booking page", async () => {
    calendarUrl = await page.locator("#calendar-link").innerText();
    // The server's public address (PUBLIC_URL), which may name the host differently from baseURL.
    expect(calendarUrl).toMatch(/^https?:\/\/[^/]+\/widget\/booking\/[0-9a-f-]{36}$/);
    await page.getByRole("button", { name: "Copy booking link" }).click();
    await expect.poll(() => page.locator(".console-copy__status").first().innerText()).toBe("Copied");
    expect(await page.locator(".console-copy__status").first().getAttribute("aria-live")).toBe("polite");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(calendarUrl);

    const visitor = await bookingPage(browser);
    await visitor.page.goto(calendarUrl);
    await waitForHydration(visitor.page);
    await visitor.page.locator("#step-heading").waitFor();
    expect(await visitor.page.locator("body").innerText()).toContain(calendarName);
    await visitor.context.close();
  });

  it("gives the embed snippet from the API to copy", async () => {
    const snippet = await page.locator(".console-code").innerText();
    expect(snippet).toContain("/embed.js");
    expect(snippet).toContain(new URL(calendarUrl).pathname);
    await page.getByRole("button", { name: "Copy embed code" }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(snippet);
    await page.locator("select[name=embedMode]").selectOption("floating");
    await expect.poll(() => page.locator(".console-code").innerText()).not.toBe(snippet);
  });

  it("saves a change, reloading the preview", async () => {
    await page.locator("#field-description").fill("A walk through the studio.");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect.poll(() => page.locator(".console-saved").first().innerText()).toBe("Changes saved.");
    const preview = page.frameLocator("iframe.console-preview");
    await expect
      .poll(
        async () =>
          (
            await preview
              .locator("body")
              .innerText()
              .catch(() => "")
          ).includes("A walk through the studio."),
        {
          timeout: 15_000,
        },
      )
      .toBe(true);
  });

  it("sets the reminders in hours, with a bad one refused at its field and what was typed kept", async () => {
    const section = page.locator("section[aria-labelledby='section-reminders']");
    // A new calendar reminds 24 hours before (the default).
    expect(await page.locator("#field-settings-reminders-beforeMinutes-0").inputValue()).toBe("24");
    await section.getByRole("button", { name: "Add a reminder" }).click();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.id))
      .toBe("field-settings-reminders-beforeMinutes-1");
    await page.keyboard.type("soon");
    await section.getByLabel("Follow-up email: hours after the end").fill("2");
    await section.getByLabel(/Also send each reminder as a text message/).check();
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect
      .poll(() => messageOf("field-settings-reminders-beforeMinutes-1"))
      .toBe("Enter hours from 0.1 to 720 (30 days), for example 24 or 1.5.");
    expect(await page.locator("#field-settings-reminders-beforeMinutes-1").inputValue()).toBe("soon");
    await checkScreen(page, "console-calendar-reminders-invalid");

    await page.locator("#field-settings-reminders-beforeMinutes-1").fill("1,5");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect.poll(() => page.locator(".console-saved").first().innerText()).toBe("Changes saved.");
    const id = /\/console\/calendars\/([0-9a-f-]{36})/.exec(page.url())![1];
    const saved = await consoleApiJson<{ settings: { reminders: unknown } }>(page, "GET", `/business/calendars/${id}`);
    expect(saved.body.settings.reminders).toEqual({ beforeMinutes: [1440, 90], followUpAfterMinutes: 120, sms: true });
    await section.getByRole("button", { name: "Remove reminder 2" }).click();
    expect(await section.getByRole("textbox").count()).toBe(2); // reminder 1 and the follow-up
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("add-reminder");
    await screenshots(page, "console-calendar-reminders");
  });

  it("sets a question and the booking period, a bad period refused at its field, both seen by visitors", async () => {
    const questions = page.locator("section[aria-labelledby='section-questions']");
    await questions.getByRole("button", { name: "Add a question" }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("field-settings-questions-0-label");
    await page.keyboard.type("Favourite tea?");
    await questions.getByLabel("Kind of answer").selectOption({ label: "One choice from a list" });
    await questions.getByLabel("Choices").fill("Green\nBlack");
    await questions.getByLabel("An answer is required").check();
    await page.locator("#field-settings-bookingWindow-days").fill("a week");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect.poll(() => messageOf("field-settings-bookingWindow-days")).toBe("Enter whole days from 1 to 3650.");
    expect(await page.locator("#field-settings-bookingWindow-days").inputValue()).toBe("a week");
    expect(await page.locator("#field-settings-questions-0-label").inputValue()).toBe("Favourite tea?");
    await checkScreen(page, "console-calendar-questions-invalid");

    await page.locator("#field-settings-bookingWindow-days").fill("7");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect.poll(() => page.locator(".console-saved").first().innerText()).toBe("Changes saved.");
    const id = /\/console\/calendars\/([0-9a-f-]{36})/.exec(page.url())![1];
    const saved = await consoleApiJson<{ settings: Record<string, unknown> }>(page, "GET", `/business/calendars/${id}`);
    expect(saved.body.settings.bookingWindow).toEqual({ kind: "rolling_days", days: 7 });
    expect(saved.body.settings.questions).toEqual([
      { id: "favourite-tea", label: "Favourite tea?", kind: "select", required: true, options: ["Green", "Black"] },
    ]);

    const visitor = await bookingPage(browser);
    await visitor.page.goto(calendarUrl);
    await waitForHydration(visitor.page);
    // Seven days ahead: at most eight days (today included) with free times, in this month and the next.
    const days = visitor.page.locator(".day--available");
    await firstSlot(visitor.page);
    let available = await days.count();
    const shown = await visitor.page.locator("#month-title").textContent();
    await visitor.page.locator(".month-calendar__nav .icon-button").last().click();
    await expect.poll(() => visitor.page.locator("#month-title").textContent()).not.toBe(shown);
    available += await days.count();
    expect(available).toBeGreaterThan(0);
    expect(available).toBeLessThanOrEqual(8);
    await visitor.page.locator(".month-calendar__nav .icon-button").first().click();
    await expect.poll(() => visitor.page.locator("#month-title").textContent()).toBe(shown);
    await (await firstSlot(visitor.page)).click();
    await expect.poll(() => visitor.page.getByLabel(/Favourite tea\?/).count()).toBeGreaterThan(0);
    await visitor.context.close();
  });

  it("creates a one-time link, shows it once to copy, and revokes it", async () => {
    const links = page.locator(".console-otl");
    expect(await links.count()).toBe(0);
    await page.getByRole("button", { name: "Create link" }).click();
    await expect.poll(() => links.count()).toBe(1);
    expect(await links.first().innerText()).toContain("Unused");
    expect(await links.first().innerText()).toContain("Made on");
    const fresh = page.locator(".console-otl-new");
    expect(await fresh.innerText()).toContain("shown just this once");
    await fresh.getByRole("button", { name: "Copy one-time link" }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain("/widget/otl/");
    const url = await page.evaluate(() => navigator.clipboard.readText());
    await checkScreen(page, "console-calendar");

    // The server keeps only the link's hash: after a reload its address is nowhere on the page,
    // and the copied address still opens the calendar's booking page.
    await page.reload();
    await waitForHydration(page);
    await expect.poll(() => links.count()).toBe(1);
    expect(await page.content()).not.toContain(new URL(url).pathname);
    expect(await fresh.count()).toBe(0);
    const visitor = await bookingPage(browser);
    expect((await visitor.page.goto(url))?.status()).toBe(200);
    await visitor.context.close();

    await links.first().getByRole("button", { name: "Revoke" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Revoke" }).click();
    await expect.poll(() => links.first().innerText()).toContain("Revoked");
  });

  it("deactivates and activates the calendar", async () => {
    await page.getByRole("button", { name: "Deactivate" }).click();
    await expect.poll(() => page.locator(".console-calendar__state .console-state").innerText()).toBe("Inactive");
    await page.reload();
    await waitForHydration(page);
    await expect.poll(() => page.locator(".console-calendar__state .console-state").innerText()).toBe("Inactive");
    await page.getByRole("button", { name: "Activate" }).click();
    await expect.poll(() => page.locator(".console-calendar__state .console-state").innerText()).toBe("Active");
  });
});

describe("settings", () => {
  it("changes the business's name (and back), and refuses a bad origin next to its field", async () => {
    await open("/console/settings");
    const name = page.locator("#field-name");
    const original = await name.inputValue();
    expect(original).not.toBe("");
    await checkScreen(page, "console-settings");

    await page.locator("#field-embedOrigins").fill("www.example.com/book");
    await name.fill(`${original} (e2e)`);
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect
      .poll(() => messageOf("field-embedOrigins"))
      .toBe(
        "“www.example.com/book”: Enter an address such as https://www.example.com (with https://, without a path).",
      );
    await expect(page.locator("#field-embedOrigins").inputValue()).resolves.toBe("www.example.com/book");
    await expect(name.inputValue()).resolves.toBe(`${original} (e2e)`);
    expect(await page.locator(".console__business").innerText()).toBe(original);

    await page.locator("#field-embedOrigins").fill("");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect.poll(() => page.locator(".console__business").innerText()).toBe(`${original} (e2e)`);
    expect(await page.locator(".console-saved").first().innerText()).toBe("Settings saved.");

    await name.fill(original);
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect.poll(() => page.locator(".console__business").innerText()).toBe(original);
  });

  it("keeps the console's preview working when only the business's own sites may embed the widget", async () => {
    await open("/console/settings");
    try {
      await page.locator("#field-embedOrigins").fill("https://www.example.com");
      await page.getByRole("button", { name: "Save settings" }).click();
      await expect.poll(() => page.locator(".console-saved").first().innerText()).toBe("Settings saved.");
      const widget = await fetch(`${baseURL}/widget/booking/${DEMO.calendars.yoga}`);
      expect(widget.headers.get("content-security-policy")).toContain("frame-ancestors 'self' https://www.example.com");
      await open(`/console/calendars/${DEMO.calendars.yoga}`);
      await page.frameLocator("iframe.console-preview").locator("#step-heading").waitFor({ timeout: 15_000 });
    } finally {
      await open("/console/settings");
      await page.locator("#field-embedOrigins").fill("");
      await page.getByRole("button", { name: "Save settings" }).click();
      await expect.poll(() => page.locator(".console-saved").first().innerText()).toBe("Settings saved.");
    }
  });
});

describe("a person's data", () => {
  it("sets a retention period, downloads a person's data, and erases it once nothing is to come", async () => {
    await open("/console/settings");
    const retention = page.locator("#field-personalDataRetentionDays");
    await retention.fill("0");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect
      .poll(() => messageOf("field-personalDataRetentionDays"))
      .toBe("Enter a whole number of days from 1 to 3650, or leave it empty.");
    await retention.fill("730");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect.poll(() => page.locator(".console-saved").first().innerText()).toBe("Settings saved.");
    await open("/console/settings");
    expect(await retention.inputValue()).toBe("730");
    await retention.fill("");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect.poll(() => page.locator(".console-saved").first().innerText()).toBe("Settings saved.");

    // A visitor with an appointment to come asks for their data, then to be forgotten.
    const email = `forget-me-${run}@example.com`;
    const startTime = await findSlotViaApi(baseURL, DEMO.calendars.introCall, 3);
    const booked = await bookThroughApi(baseURL, {
      calendarId: DEMO.calendars.introCall,
      startTime,
      timezone: "UTC",
      contact: { ...contact("Forget"), email },
    });
    expect(booked.status).toBe(201);
    const bookingId = ((await booked.json()) as { id: string }).id;
    const section = page.locator('section[aria-labelledby="settings-privacy"]');
    await section.getByLabel(/Their email address/).fill(email);
    const download = page.waitForEvent("download");
    await section.getByRole("button", { name: "Download their data" }).click();
    const file = await (await download).path();
    const exported = JSON.parse(fs.readFileSync(file, "utf8")) as { email: string; bookings: { id: string }[] };
    expect(exported.email).toBe(email);
    expect(exported.bookings.map((b) => b.id)).toEqual([bookingId]);
    await expect
      .poll(() => section.locator(".console-saved").innerText())
      .toBe("Downloaded: 1 booking and 0 form answers.");
    await checkScreen(page, "console-settings-privacy");

    const erase = async () => {
      await section.getByRole("button", { name: "Erase their data…" }).click();
      const dialog = page.getByRole("dialog", { name: `Erase everything about ${email}?` });
      await dialog.waitFor();
      await expectNoAxeViolations(page, "dialog[open]");
      await dialog.getByRole("button", { name: "Erase" }).click();
    };
    await erase();
    await expect
      .poll(() => section.getByRole("alert").innerText())
      .toBe("This person still has appointments to come: cancel them first, or erase after they have taken place.");
    expect(await section.getByLabel(/Their email address/).inputValue()).toBe(email);

    const cancelled = await consoleApiJson(page, "POST", `/business/bookings/${bookingId}/cancel`, {
      reason: "Asked to be forgotten",
    });
    expect(cancelled.status).toBe(200);
    await erase();
    await expect
      .poll(() => section.locator(".console-saved").innerText())
      .toBe("Erased: 1 booking, 0 guest entries and 0 form answers.");
    const after = await consoleApiJson<{ contact: { email: string }; personalDataErasedAt: string | null }>(
      page,
      "GET",
      `/business/bookings/${bookingId}`,
    );
    expect(after.body.contact.email).toBe("");
    expect(after.body.personalDataErasedAt).not.toBeNull();
  });
});

describe("API keys", () => {
  it("creates a key shown once, which the API accepts until it is revoked", async () => {
    await open("/console/api-keys");
    await page.locator("#field-name").fill(`E2E key ${run}`);
    await page.getByRole("button", { name: "Create key" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain("you won’t see it again");
    const key = await page.locator("#api-key-secret").innerText();
    expect(key).toMatch(/^bk_/);
    await expectNoAxeViolations(page, "dialog[open]");
    await dialog.getByRole("button", { name: "Copy key" }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await dialog.getByRole("button", { name: "Done" }).click();

    const asKey = () => fetch(`${baseURL}/api/business`, { headers: { authorization: `Bearer ${key}` } });
    expect((await asKey()).status).toBe(200);

    const row = page.locator("tr").filter({ hasText: `E2E key ${run}` });
    expect(await row.innerText()).toContain(key.slice(0, 8));
    await checkScreen(page, "console-api-keys");
    await row.getByRole("button", { name: `Revoke E2E key ${run}` }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Revoke" }).click();
    // Listed now among the revoked keys, and refused by the API.
    await expect
      .poll(() =>
        page
          .locator("details.console-revoked tr")
          .filter({ hasText: `E2E key ${run}` })
          .count(),
      )
      .toBe(1);
    expect(
      await page
        .getByRole("status")
        .filter({ hasText: `Key “E2E key ${run}” revoked.` })
        .count(),
    ).toBe(1);
    expect((await asKey()).status).toBe(401);
  });
});

describe("in German", () => {
  it.each([
    ["/de/console/calendars", "Kalender"],
    ["/de/console/calendars/new", "Neuer Kalender"],
    [`/de/console/calendars/${DEMO.calendars.yoga}`, ""],
    ["/de/console/settings", "Einstellungen"],
    ["/de/console/api-keys", "API-Schlüssel"],
    ["/de/console/team", "Team"],
    ["/de/console/account", "Mein Konto"],
    ["/de/console/forms", "Formulare & Umfragen"],
    [`/de/console/forms/${DEMO.formId}`, "Contact us"],
    ["/de/console/posts", "Beiträge"],
  ])("%s is axe-clean", async (path, title) => {
    await open(path);
    if (title) expect(await page.locator(".console__main h1").innerText()).toBe(title);
    expect(await page.locator("html").getAttribute("lang")).toMatch(/^de/);
    await expectNoAxeViolations(page);
  });

  it("says a bad value in German next to its field", async () => {
    await open("/de/console/calendars/new");
    await page.locator("#field-settings-durationMinutes").fill("zehn");
    await page.getByRole("button", { name: "Kalender anlegen" }).click();
    await expect
      .poll(() => messageOf("field-settings-durationMinutes"))
      .toBe("Geben Sie ganze Minuten von 5 bis 1440 ein.");
    await screenshots(page, "console-calendar-new-de");
  });
});

describe("a staff login", () => {
  it("is told every owner screen is the owner's, the same way on each, with the ways back", async () => {
    const staff = await bookingPage(browser);
    await signInToConsole(staff.page, baseURL, "staff");
    expect(await staff.page.locator(".console__nav").innerText()).not.toContain("Calendars");
    for (const path of [
      "/console/staff",
      "/console/services",
      "/console/coupons",
      "/console/resources",
      `/console/resources/${DEMO.resources.room1}`,
      "/console/calendars",
      "/console/calendars/new",
      `/console/calendars/${DEMO.calendars.introCall}`,
      "/console/settings",
      "/console/api-keys",
      "/console/team",
      "/console/forms",
      `/console/forms/${DEMO.formId}`,
      "/console/posts",
      `/console/posts/${DEMO.postPreviewId}/preview`,
    ]) {
      await staff.page.goto(`${baseURL}${path}`);
      await waitForHydration(staff.page);
      await staff.page.locator("#not-allowed-title").waitFor();
      // No redirect: the address stays, so the page does not look like a broken link.
      expect(new URL(staff.page.url()).pathname, path).toBe(path);
      expect(await staff.page.locator(".console__main h1").innerText()).toBe("This page is for the business owner");
      expect(await staff.page.title()).toMatch(/^This page is for the business owner – /);
      expect(await staff.page.locator(".console-not-allowed").getByRole("link").allInnerTexts()).toEqual([
        "My hours",
        "Bookings",
      ]);
    }
    await expectNoAxeViolations(staff.page);
    // Keyboard: the first link of the page leads back to the staff member's own hours.
    await staff.page.locator(".console-not-allowed a").first().focus();
    await staff.page.keyboard.press("Enter");
    await staff.page.waitForURL(`${baseURL}/console/my-hours`);
    await staff.context.close();
  });
});

/**
 * Issue 18, calendar rules set in the console reaching visitors: seats left shown at classes, requests
 * holding their time, required guests refused in the widget (German, nothing typed lost), a form the
 * booking step cannot take refused at its field, privacy and the full-refund deadline set on the new
 * calendar page, and the newest fields axe-clean in English and German. One sign-in for the file (CI time).
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO } from "../../src/adapters/db/seed/demo-ids.ts";
import { baseURL } from "./support/server.ts";
import { expectNoAxeViolations, launchBrowser, waitForHydration } from "./support/browser.ts";
import {
  bookingPage,
  bookThroughApi,
  clientAddress,
  firstSlot,
  heading,
  open,
  openDay,
  slotButton,
  screenshots,
} from "./support/booking.ts";
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

type Created = { id: string; url: string };

/** A calendar made through the API as the signed-in owner: the journeys then change it in the form. */
async function createCalendar(type: string, name: string, settings: Record<string, unknown>): Promise<Created> {
  const created = await consoleApiJson<Created>(page, "POST", "/business/calendars", {
    type,
    name: `${name} ${run}`,
    slug: `${name.toLowerCase().replaceAll(" ", "-")}-${run}`,
    members: [{ staffId: DEMO.staff.anna }],
    settings,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

async function openForm(locale: string, id: string) {
  await page.goto(`${baseURL}${locale}/console/calendars/${id}`);
  await waitForHydration(page);
  await page.locator("form.console-calendar-form").waitFor();
}

const save = () => page.locator("form.console-calendar-form button[type=submit]").click();
const saved = () => expect.poll(() => page.locator(".console-saved").first().textContent()).toBe("Changes saved.");

/** The free starts of a calendar over the next weeks (the public API, as a visitor's widget asks). */
async function freeStarts(calendarId: string): Promise<string[]> {
  const start = new Date().toISOString().slice(0, 10);
  const end = new Date(Date.now() + 27 * 86_400_000).toISOString().slice(0, 10);
  const q = new URLSearchParams({ startDate: start, endDate: end, timezone: "UTC" });
  const res = await fetch(`${baseURL}/api/calendars/${calendarId}/free-slots?${q}`, {
    headers: { "x-forwarded-for": clientAddress() },
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as Record<string, { slots: string[] }>;
  return Object.keys(body)
    .sort()
    .flatMap((d) => body[d]!.slots);
}

async function request(calendarId: string, startTime: string, who: string) {
  const res = await bookThroughApi(baseURL, {
    calendarId,
    startTime,
    timezone: "UTC",
    contact: { firstName: who, lastName: "Requester", email: `${who.toLowerCase()}-${run}@example.com` },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  expect(((await res.json()) as { status: string }).status).toBe("new");
}

/** Whether another visitor's page, opened on the day of `start`, shows times and offers `start`. */
async function offeredOnPage(url: string, start: string) {
  const visitor = await bookingPage(browser, { timezoneId: "UTC" });
  try {
    await open(visitor.page, url);
    await firstSlot(visitor.page);
    // The time may lie in the next month (a request late on the month's last free day, the next one after it).
    await openDay(visitor.page, start.slice(0, 10));
    await expect.poll(() => visitor.page.locator(".slots .slot").count()).toBeGreaterThan(0);
    return {
      shown: true,
      requested: (await (await slotButton(visitor.page, start)).count()) === 1,
    };
  } finally {
    await visitor.context.close();
  }
}

describe("calendar rules set in the console reach visitors", () => {
  it("shows the seats left at a class once the console says so", async () => {
    const yoga = await createCalendar("class", "Quiet flow", {
      guestMode: "none",
      seatsPerSlot: 6,
      displayAvailableSeats: false,
    });
    const visitor = await bookingPage(browser);
    await open(visitor.page, yoga.url);
    await firstSlot(visitor.page);
    // Off: the times, without their seats.
    expect(await visitor.page.locator(".slots .slot__seats").count()).toBe(0);

    await openForm("", yoga.id);
    const show = page.locator("#field-showSeats");
    expect(await show.isChecked()).toBe(false);
    await show.check();
    await save();
    await saved();

    await open(visitor.page, yoga.url);
    const slot = await firstSlot(visitor.page);
    expect(await slot.locator(".slot__seats").textContent()).toBe("6 seats left");
    expect(await slot.getAttribute("aria-label")).toMatch(/, 6 seats left$/);
    await visitor.context.close();
  });

  it("keeps a request's time from other visitors once requests hold their time", async () => {
    const desk = await createCalendar("personal", "Request desk", { autoConfirm: false, unconfirmedBlocks: false });
    const [first, second] = await freeStarts(desk.id);
    expect(first && second).toBeTruthy();
    // Off: the requested time stays offered, in the API and on the page.
    await request(desk.id, first!, "Ann");
    expect(await freeStarts(desk.id)).toContain(first);
    expect(await offeredOnPage(desk.url, first!)).toEqual({ shown: true, requested: true });

    await openForm("", desk.id);
    const holds = page.locator("#field-unconfirmedBlocks");
    expect(await holds.isChecked()).toBe(false);
    await holds.check();
    await save();
    await saved();
    await openForm("", desk.id);
    expect(await page.locator("#field-unconfirmedBlocks").isChecked()).toBe(true);

    // On: a request keeps its time from the next visitor, in the API and on the page. (A request
    // made while it was off stays as it was made: turning it on cannot make it clash with another.)
    await request(desk.id, second!, "Ben");
    expect(await freeStarts(desk.id)).not.toContain(second);
    expect(await offeredOnPage(desk.url, second!)).toEqual({ shown: true, requested: false });
  });

  it("refuses “Confirm booking” without a guest in the widget, in German, keeping what was typed", async () => {
    const pair = await createCalendar("personal", "Pair session", { guestMode: "collect_detail" });
    await openForm("", pair.id);
    await page.locator("#field-requireGuests").check();
    await save();
    await saved();

    const visitor = await bookingPage(browser);
    await open(visitor.page, pair.url.replace("/widget/", "/de/widget/"));
    await (await firstSlot(visitor.page)).click();
    await expect.poll(() => heading(visitor.page).textContent()).toBe("Ihre Angaben");
    await visitor.page.locator("#field-firstName").fill("Greta");
    await visitor.page.locator("#field-lastName").fill("Paar");
    await visitor.page.locator("#field-email").fill(`greta-${run}@example.com`);
    await visitor.page.locator("#field-notes").fill("Wir kommen zu zweit.");
    await visitor.page.getByRole("button", { name: "Buchung bestätigen" }).click();
    await expect
      .poll(() => visitor.page.locator(".field__error").allTextContents())
      .toContain("Fügen Sie mindestens einen Gast hinzu, um zu buchen.");
    expect(await heading(visitor.page).textContent()).toBe("Ihre Angaben");
    expect(await visitor.page.locator("#field-firstName").inputValue()).toBe("Greta");
    expect(await visitor.page.locator("#field-lastName").inputValue()).toBe("Paar");
    expect(await visitor.page.locator("#field-email").inputValue()).toBe(`greta-${run}@example.com`);
    expect(await visitor.page.locator("#field-notes").inputValue()).toBe("Wir kommen zu zweit.");
    await expectNoAxeViolations(visitor.page);

    // With a guest the booking goes through.
    await visitor.page.getByRole("button", { name: "Gast hinzufügen" }).click();
    await visitor.page.getByLabel("Name von Gast 1").fill("Hans");
    await visitor.page.getByLabel("E-Mail-Adresse von Gast 1").fill(`hans-${run}@example.com`);
    await visitor.page.getByRole("button", { name: "Buchung bestätigen" }).click();
    await visitor.page.waitForURL(/done=booked/);
    await expect.poll(() => visitor.page.locator("h1").textContent()).toBe("Ihr Termin ist gebucht");
    await visitor.context.close();
  });

  it("refuses a form the booking step cannot take at its field, and offers no survey", async () => {
    const upload = await consoleApiJson<{ id: string }>(page, "POST", "/business/forms", {
      kind: "form",
      name: `Upload form ${run}`,
      definition: {
        formatVersion: 1,
        slides: [
          {
            id: "main",
            fields: [{ id: "photo", type: "file", label: { en: "A photo", de: "Ein Foto" }, required: false }],
          },
        ],
        endings: [{ id: "thanks", kind: "message", title: { en: "Thank you!" } }],
      },
    });
    expect(upload.status, JSON.stringify(upload.body)).toBe(201);
    const desk = await createCalendar("personal", "Form desk", {});
    await openForm("", desk.id);
    const form = page.getByLabel("Form asked while booking");
    const offered = await form.locator("option").allTextContents();
    // The demo's survey "How was your visit?" has slides and jumps: it is not offered at all.
    expect(offered).not.toContain("How was your visit?");
    expect(offered).toContain("Nutrition intake");
    await page.locator("#field-description").fill("Bring comfortable clothes.");
    await form.selectOption({ label: `Upload form ${run}` });
    await save();
    await expect
      .poll(() => page.locator("#field-formId-error").textContent())
      .toContain("A form with file uploads cannot be attached: bookings do not take files.");
    expect(await page.locator("#field-formId").getAttribute("aria-invalid")).toBe("true");
    expect(await form.inputValue()).toBe(upload.body.id);
    expect(await page.locator("#field-description").inputValue()).toBe("Bring comfortable clothes.");
    await expectNoAxeViolations(page);
    await screenshots(page, "i18c-form-refused");

    await form.selectOption({ label: "Nutrition intake" });
    await save();
    await saved();
    const stored = await consoleApiJson<{ formId: string; description: string }>(
      page,
      "GET",
      `/business/calendars/${desk.id}`,
    );
    expect(stored.body).toMatchObject({ formId: DEMO.intakeFormId, description: "Bring comfortable clothes." });
  });

  it("sets privacy and the full-refund deadline on the new-calendar page", async () => {
    await page.goto(`${baseURL}/console/calendars/new`);
    await waitForHydration(page);
    const name = `Private fitting ${run}`;
    await page.locator("#field-name").fill(name);
    await page.locator("#field-members").selectOption({ label: "Marco Rossi" });
    await page.getByRole("checkbox", { name: /^Private/ }).check();
    const refund = page.locator("#field-settings-fullRefundHoursBefore");
    await refund.fill("two days");
    await page.getByRole("button", { name: "Create calendar" }).click();
    await expect
      .poll(() => page.locator("#field-settings-fullRefundHoursBefore-error").textContent())
      .toContain("Enter a whole number of hours from 0 to 8760");
    expect(page.url()).toContain("/console/calendars/new");
    expect(await refund.inputValue()).toBe("two days");
    expect(await page.locator("#field-name").inputValue()).toBe(name);
    expect(await page.getByRole("checkbox", { name: /^Private/ }).isChecked()).toBe(true);
    await expectNoAxeViolations(page);

    await refund.fill("36");
    await page.getByRole("button", { name: "Create calendar" }).click();
    await page.waitForURL(/\/console\/calendars\/[0-9a-f-]{36}\?created=1$/);
    const id = /calendars\/([0-9a-f-]{36})/.exec(page.url())![1]!;
    const stored = await consoleApiJson<{ isPrivate: boolean; url: string; settings: Record<string, unknown> }>(
      page,
      "GET",
      `/business/calendars/${id}`,
    );
    expect(stored.body.isPrivate).toBe(true);
    expect(stored.body.settings.fullRefundHoursBefore).toBe(36);
    await page.locator("#field-settings-fullRefundHoursBefore").waitFor();
    expect(await page.locator("#field-settings-fullRefundHoursBefore").inputValue()).toBe("36");
    expect(await page.getByRole("checkbox", { name: /^Private/ }).isChecked()).toBe(true);

    // Not on the business's index page; its own link still books it.
    const visitor = await bookingPage(browser);
    await open(visitor.page, `${baseURL}/`);
    expect(await visitor.page.locator("body").textContent()).not.toContain(name);
    await open(visitor.page, stored.body.url);
    await firstSlot(visitor.page);
    expect(await visitor.page.locator("body").textContent()).toContain(name);
    await visitor.context.close();
  });

  it("keeps the newest calendar-form fields axe-clean in English and German", async () => {
    for (const [locale, shots] of [
      ["", "i18c-new-class"],
      ["/de", "i18c-new-class-de"],
    ] as const) {
      await page.goto(`${baseURL}${locale}/console/calendars/new`);
      await waitForHydration(page);
      await page.locator("#field-type").selectOption("class");
      await page.locator("#field-showSeats").waitFor();
      await page.locator("#field-autoConfirm").uncheck();
      await page.locator("#field-unconfirmedBlocks").check();
      await page.locator("#field-isPrivate").check();
      await page.locator("#field-settings-fullRefundHoursBefore").fill("24");
      await expectNoAxeViolations(page);
      await page.locator("#field-type").selectOption("personal");
      await page.locator("#field-requireGuests").check();
      await expectNoAxeViolations(page);
      if (locale === "/de")
        expect(await page.getByRole("checkbox", { name: /^Anfragen halten ihre Zeit frei/ }).isChecked()).toBe(true);
      await screenshots(page, shots);
    }
  });
});

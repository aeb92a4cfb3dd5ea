/**
 * Issue 18 in a real browser: the demo owner signs in and manages the bookings that arrive — a
 * request confirmed by keyboard, a booking cancelled with a reason — on a phone-sized screen; the
 * demo staff login sees only the bookings it serves and is refused owner routes by the API; a
 * wrong password in German keeps what was typed; sign-out ends the session for every tab; every
 * screen axe-clean in English and German.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL } from "./support/server.ts";
import { DEMO } from "../../src/adapters/db/seed/demo-ids.ts";
import { launchBrowser, newPage, waitForHydration, expectNoAxeViolations } from "./support/browser.ts";
import { bookThroughApi, checkScreen, contact, findSlotViaApi } from "./support/booking.ts";
import { consoleApi, consoleAs } from "./support/console.ts";

let browser: Browser;
const ids: Record<"walkIn" | "request" | "moved", string> = { walkIn: "", request: "", moved: "" };

async function book(calendarId: string, who: string, extra: Record<string, unknown> = {}) {
  const startTime = await findSlotViaApi(baseURL, calendarId, 1);
  const res = await bookThroughApi(baseURL, {
    calendarId,
    startTime,
    timezone: "UTC",
    contact: contact(who),
    ...extra,
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

beforeAll(async () => {
  browser = await launchBrowser();
  // Anna's intro call, and a consultation request for Liam (which needs its required question answered).
  ids.walkIn = await book(DEMO.calendars.introCall, "Ivy");
  ids.request = await book(DEMO.calendars.consultation, "Quinn", { answers: { concern: "Posture" } });
  ids.moved = await book(DEMO.calendars.introCall, "Rory");
});
afterAll(async () => {
  await browser?.close();
});

const card = (page: Page, name: string) => page.locator("article.console-booking", { hasText: `${name} Tester` });
/** What the page's status regions say. */
const statusTexts = (page: Page) => page.getByRole("status").allTextContents();
/** The name of the booking card holding the focus, if one does. */
const focusedCardName = (page: Page) =>
  page.evaluate(() => {
    const card = document.activeElement?.closest("article.console-booking");
    return card ? (card.querySelector("h3")?.textContent ?? "") : null;
  });

describe("the owner's bookings", () => {
  it("confirms a request by keyboard and cancels a booking with a reason, on a phone", async () => {
    const { page, context, pageErrors } = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await consoleAs(page, baseURL, "owner");
    await page.goto(`${baseURL}/console?range=month`);
    await waitForHydration(page);
    await expect.poll(() => card(page, "Quinn").count()).toBe(1);
    await expect.poll(() => card(page, "Ivy").count()).toBe(1);
    await checkScreen(page, "console-bookings");

    // Search narrows to one visitor.
    await page.getByLabel("Search visitors").fill("quinn");
    await expect.poll(() => page.locator("article.console-booking").count()).toBe(1);
    await expect.poll(() => card(page, "Quinn").locator(".console-status").textContent()).toBe("Request");

    // Confirm, by keyboard only.
    await card(page, "Quinn").getByRole("button", { name: "Confirm Quinn Tester" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => card(page, "Quinn").locator(".console-status").textContent()).toBe("Confirmed");
    // The Confirm button is gone with the request: the focus stays on this booking, not the page's top.
    await expect.poll(() => focusedCardName(page)).toBe("Quinn Tester");
    // …and a screen reader hears what happened (the badge changes silently).
    await expect.poll(() => statusTexts(page)).toContain("Confirmed: Quinn Tester");
    const confirmed = await page.evaluate(
      async (id) => ((await (await fetch(`/api/business/bookings/${id}`)).json()) as { status: string }).status,
      ids.request,
    );
    expect(confirmed).toBe("confirmed");

    // Cancel with a reason: the dialog asks first, is axe-clean, and the list shows the result.
    await page.getByLabel("Search visitors").fill("ivy");
    await card(page, "Ivy").getByRole("button", { name: "Cancel booking Ivy Tester" }).click();
    const dialog = page.getByRole("dialog");
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expectNoAxeViolations(page, "dialog[open]");
    await dialog.getByLabel("Reason (optional)").fill("The studio is closed for a training day.");
    await dialog.getByRole("button", { name: "Cancel booking" }).click();
    await expect.poll(() => card(page, "Ivy").locator(".console-status").textContent()).toBe("Cancelled");
    await expect.poll(() => focusedCardName(page)).toBe("Ivy Tester");
    await expect.poll(() => statusTexts(page)).toContain("Cancelled: Ivy Tester");
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe("rescheduling on the visitor's behalf", () => {
  it("moves a booking to a free time of another day, choosing the time by keyboard", async () => {
    const { page, context } = await newPage(browser);
    await consoleAs(page, baseURL, "owner");
    await page.goto(`${baseURL}/console?range=month&q=rory`);
    await waitForHydration(page);
    await card(page, "Rory").getByRole("button", { name: "Reschedule Rory Tester" }).click();
    const dialog = page.getByRole("dialog", { name: "Move the booking of Rory Tester" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const before = await page.evaluate(
      async (id) => ((await (await fetch(`/api/business/bookings/${id}`)).json()) as { startTime: string }).startTime,
      ids.moved,
    );
    // A later day with free times: the date field, then the first free time, chosen with the keyboard.
    const later = (await findSlotViaApi(baseURL, DEMO.calendars.introCall, 3)).slice(0, 10);
    await dialog.getByLabel("New date").fill(later);
    const firstTime = dialog.locator(".console-slot input").first();
    await firstTime.waitFor({ state: "attached" });
    await expectNoAxeViolations(page, "dialog[open]");
    await firstTime.focus();
    await page.keyboard.press("Space");
    await dialog.getByRole("button", { name: "Move booking" }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    const after = await page.evaluate(
      async (id) => ((await (await fetch(`/api/business/bookings/${id}`)).json()) as { startTime: string }).startTime,
      ids.moved,
    );
    expect(after).not.toBe(before);
    expect(after.slice(0, 10)).toBe(later);
    await context.close();
  });
});

describe("class sessions", () => {
  it("gather their attendees under the session with the seats taken", async () => {
    const startTime = await findSlotViaApi(baseURL, DEMO.calendars.yoga, 1);
    for (const who of ["Uma", "Vic"]) {
      const res = await bookThroughApi(baseURL, {
        calendarId: DEMO.calendars.yoga,
        startTime,
        timezone: "UTC",
        contact: contact(who),
      });
      expect(res.status).toBe(201);
    }
    const { page, context } = await newPage(browser);
    await consoleAs(page, baseURL, "owner");
    await page.goto(`${baseURL}/console?range=month&calendar=${DEMO.calendars.yoga}`);
    await waitForHydration(page);
    const session = page.locator(".console-session", { hasText: "Uma Tester" });
    await session.waitFor();
    expect(await session.getByRole("list", { name: "Attendees" }).locator("article").count()).toBeGreaterThanOrEqual(2);
    expect(await session.textContent()).toContain("Vic Tester");
    expect(await session.locator(".console-muted").first().textContent()).toMatch(/\d+ of \d+ seats taken/);
    await expectNoAxeViolations(page);
    await context.close();
  });
});

describe("new bookings", () => {
  it("appear without a reload when the owner comes back to the tab", async () => {
    const { page, context } = await newPage(browser);
    await consoleAs(page, baseURL, "owner");
    await page.goto(`${baseURL}/console?range=month&q=sol`);
    await waitForHydration(page);
    await page.locator(".console-empty").waitFor();
    await book(DEMO.calendars.introCall, "Sol");
    await page.evaluate(() => window.dispatchEvent(new Event("focus")));
    await expect.poll(() => card(page, "Sol").count()).toBe(1);
    await context.close();
  });
});

describe("payments", () => {
  it("shows what a paid booking paid and refunds part of it", async () => {
    // A sports massage paid in full online with the built-in test provider's card.
    const startTime = await findSlotViaApi(baseURL, DEMO.calendars.massage, 2);
    const res = await bookThroughApi(baseURL, {
      calendarId: DEMO.calendars.massage,
      startTime,
      timezone: "UTC",
      contact: contact("Pia"),
    });
    expect(res.status).toBe(201);
    const created = (await res.json()) as { id: string; payment: { id: string; clientSecret: string } };
    const paid = await fetch(`${baseURL}/api/payments/${created.payment.id}/test-card`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        clientSecret: created.payment.clientSecret,
        card: { number: "4242 4242 4242 4242", expiry: "12/30", cvc: "123" },
      }),
    });
    expect(paid.status).toBe(200);

    const { page, context } = await newPage(browser);
    await consoleAs(page, baseURL, "owner");
    await page.goto(`${baseURL}/console?range=month&q=pia`);
    await waitForHydration(page);
    await card(page, "Pia").getByRole("button", { name: "Payments" }).click();
    await expect
      .poll(() => card(page, "Pia").locator(".console-payments li").textContent())
      .toMatch(/€80\.00.*received/);
    await card(page, "Pia").getByRole("button", { name: "Refund" }).click();
    const dialog = page.getByRole("dialog", { name: "Refund this booking" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expectNoAxeViolations(page, "dialog[open]");
    await dialog.getByLabel("Amount (EUR)").fill("20");
    await dialog.getByRole("button", { name: "Refund" }).click();
    await expect.poll(() => card(page, "Pia").locator(".console-payments li").textContent()).toMatch(/€20\.00/);
    await checkScreen(page, "console-payments");
    await context.close();
  });
});

describe("a staff login", () => {
  it("sees only the bookings it serves, no owner sections, and the API refuses it owner routes", async () => {
    const { page, context } = await newPage(browser);
    await consoleAs(page, baseURL, "staff");
    await page.goto(`${baseURL}/console?range=month`);
    await waitForHydration(page);
    await expect.poll(() => card(page, "Ivy").count()).toBe(1);
    expect(await card(page, "Quinn").count()).toBe(0);
    expect(await page.getByLabel("Staff", { exact: true }).count()).toBe(0);
    expect(await page.locator(".console__role").textContent()).toContain("Staff");
    await checkScreen(page, "console-bookings-staff");

    expect(await consoleApi(page, "GET", "/business/api-keys")).toBe(403);
    expect(await consoleApi(page, "PATCH", "/business", { name: "Taken over" })).toBe(403);
    expect(await consoleApi(page, "GET", `/business/bookings/${ids.request}`)).toBe(404);
    expect(await consoleApi(page, "GET", `/business/bookings/${ids.walkIn}`)).toBe(200);
    await context.close();
  });
});

describe("signing in and out", () => {
  it("keeps what was typed after a wrong password, in German, axe-clean", async () => {
    const { page, context } = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await page.goto(`${baseURL}/de/console/sign-in`);
    await waitForHydration(page);
    expect(await page.locator("h1").textContent()).toBe("Anmelden");
    await expectNoAxeViolations(page);
    await page.getByLabel("E-Mail").fill(DEMO.logins.owner.email);
    await page.getByLabel("Passwort").fill("not the password at all");
    await page.getByRole("button", { name: "Anmelden", exact: true }).click();
    const alert = page.getByRole("alert");
    await expect.poll(() => alert.textContent()).toBe("E-Mail-Adresse oder Passwort ist nicht richtig.");
    expect(await page.getByLabel("E-Mail").inputValue()).toBe(DEMO.logins.owner.email);
    await checkScreen(page, "console-sign-in-de");

    await page.getByLabel("Passwort").fill(DEMO.logins.owner.password);
    await page.getByRole("button", { name: "Anmelden", exact: true }).click();
    await page.locator("#bookings-title").waitFor();
    expect(page.url()).toBe(`${baseURL}/de/console`);
    expect(await page.locator("#bookings-title").textContent()).toBe("Buchungen");
    await expectNoAxeViolations(page);
    await context.close();
  });

  it("returns to the page asked for, and signing out ends the session in every tab", async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${baseURL}/console?range=today`);
    await page.locator("#sign-in-title").waitFor();
    expect(new URL(page.url()).searchParams.get("next")).toBe("/console?range=today");
    await page.locator("input[name=email]").fill(DEMO.logins.owner.email);
    await page.locator("input[name=password]").fill(DEMO.logins.owner.password);
    await page.locator("form button[type=submit]").click();
    await page.locator("#bookings-title").waitFor();
    expect(page.url()).toBe(`${baseURL}/console?range=today`);

    const other = await context.newPage();
    await other.goto(`${baseURL}/console`);
    await other.locator("#bookings-title").waitFor();

    await page.getByRole("button", { name: "Sign out" }).click();
    await page.locator("#sign-in-title").waitFor();
    // The other tab's next step finds the session gone and says so.
    await other.getByLabel("Show").selectOption("month");
    await other.locator("#sign-in-title").waitFor();
    expect(await other.locator(".console-notice").textContent()).toBe(
      "Your session has ended. Sign in again to continue.",
    );
    await context.close();
  });
});

describe("the console's sections on a phone", () => {
  it("shows every section at 390 px, none behind a sideways scroll", async () => {
    const { page, context } = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await consoleAs(page, baseURL, "owner");
    const links = page.locator(".console__nav a");
    expect(await links.count()).toBeGreaterThan(10);
    for (const box of await links.evaluateAll((all) => all.map((a) => a.getBoundingClientRect().toJSON() as DOMRect)))
      expect(box.right).toBeLessThanOrEqual(390);
    await context.close();
  });
});

/**
 * Helpers for the booking journeys: a page per test with its own client address (the API rate
 * limits per client), screenshots at phone and desktop sizes, and the flow's common moves.
 */
import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { expect as globalExpect, type ExpectStatic } from "vitest";
import { expectNoAxeViolations, newPage, waitForHydration, type TrackedPage } from "./browser.ts";
import { withBookingProof } from "../../support/booking-proof.ts";

let clients = 0;
/** A distinct X-Forwarded-For per page: each journey gets its own rate-limit bucket. */
export function clientAddress(): string {
  clients += 1;
  return `10.${process.pid % 250}.${Math.floor(clients / 250)}.${clients % 250}`;
}

export async function bookingPage(
  browser: Browser,
  options: { viewport?: { width: number; height: number }; timezoneId?: string } = {},
): Promise<TrackedPage & { address: string }> {
  const tracked = await newPage(browser, options);
  const address = clientAddress();
  await tracked.context.setExtraHTTPHeaders({ "x-forwarded-for": address });
  return { ...tracked, address };
}

export async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await waitForHydration(page);
}

const SHOTS = path.resolve("test-results/screenshots");
/**
 * Screenshots are for the person changing a screen to look at; a CI run on a fresh clone throws them away,
 * and taking them was an eighth of a journey's time. Off under CI=true unless E2E_SCREENSHOTS=1; off anywhere
 * with E2E_SCREENSHOTS=0. The axe check of checkScreen runs either way.
 */
const SCREENSHOTS_WANTED = process.env.E2E_SCREENSHOTS
  ? process.env.E2E_SCREENSHOTS !== "0"
  : process.env.CI !== "true";

/** Saves the screen at 390×844 (a phone) and 1280×800 (full page), restoring the viewport afterwards. */
export async function screenshots(page: Page, name: string): Promise<void> {
  if (!SCREENSHOTS_WANTED) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  const original = page.viewportSize();
  for (const size of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(size);
    await page.screenshot({
      path: path.join(SHOTS, `${name}-${size.width}.png`),
      fullPage: true,
      animations: "disabled",
    });
  }
  if (original) await page.setViewportSize(original);
}

/** axe with zero violations, and the screenshots of this screen. */
export async function checkScreen(page: Page, name: string): Promise<void> {
  await expectNoAxeViolations(page);
  await screenshots(page, name);
}

/**
 * Waits until the slot list shows times (in a page or an embedded widget's frame), jumping to the
 * next available month if needed; full classes are shown but cannot be chosen, so they are skipped.
 * A concurrent test passes its own `expect` (the global one's polls need the one running test).
 */
export async function firstSlot(page: Pick<Page, "locator" | "getByRole">, expect: ExpectStatic = globalExpect) {
  const slots = page.locator(".slots .slot:not(.slot--full)");
  // The empty month's "Find next available", in whatever language the page speaks.
  const empty = page.locator(".empty-state button").first();
  await expect
    .poll(async () => (await slots.count()) > 0 || (await page.locator(".empty-state").count()) > 0, {
      timeout: 10_000,
    })
    .toBe(true);
  if ((await slots.count()) === 0) {
    await empty.click();
    await expect.poll(() => slots.count(), { timeout: 10_000 }).toBeGreaterThan(0);
  }
  return slots.first();
}

export async function fillContact(
  page: Page,
  contact: { firstName: string; lastName: string; email: string; phone?: string },
): Promise<void> {
  await page.getByLabel("First name").fill(contact.firstName);
  await page.getByLabel("Last name").fill(contact.lastName);
  await page.getByLabel(/^Email \(required\)/).fill(contact.email);
  if (contact.phone) await page.getByLabel("Phone").fill(contact.phone);
}

/** Books a time directly through the public API, as another visitor would. */
export async function bookThroughApi(baseURL: string, body: Record<string, unknown>): Promise<Response> {
  const client = { "x-forwarded-for": clientAddress() };
  return fetch(`${baseURL}/api/bookings`, {
    method: "POST",
    headers: { "content-type": "application/json", ...client },
    body: JSON.stringify(await withBookingProof((p, i) => fetch(`${baseURL}${p}`, i), body, client)),
  });
}

export const heading = (page: Page) => page.locator("#step-heading");

/** The first free start at least `daysAhead` days from now, through the public API. */
export async function findSlotViaApi(
  baseURL: string,
  calendarId: string,
  daysAhead: number,
  extra: Record<string, string> = {},
): Promise<string> {
  for (let offset = daysAhead; offset < daysAhead + 60; offset += 14) {
    const start = new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const end = new Date(Date.now() + (offset + 13) * 86_400_000).toISOString().slice(0, 10);
    const q = new URLSearchParams({ startDate: start, endDate: end, timezone: "UTC", ...extra });
    const res = await fetch(`${baseURL}/api/calendars/${calendarId}/free-slots?${q}`, {
      headers: { "x-forwarded-for": clientAddress() },
    });
    const body = (await res.json()) as Record<string, { slots: string[] }>;
    const slot = Object.keys(body)
      .sort()
      .flatMap((d) => body[d]!.slots)[0];
    if (slot) return slot;
  }
  throw new Error(`no free slot for ${calendarId}`);
}

export const contact = (name: string) => ({
  firstName: name,
  lastName: "Tester",
  email: `${name.toLowerCase()}@example.com`,
});

/**
 * Opens a day late in a month with free days to spare: the month shown, or the next one when the
 * shown one has fewer than three (near a month's end the earlier journeys have filled the last days).
 * Late, so a booking made there is outside the 24 h change cut-off and can be rescheduled and cancelled.
 * A concurrent test passes its own `expect`, as to firstSlot.
 */
export async function openLateAvailableDay(page: Page, expect: ExpectStatic = globalExpect): Promise<void> {
  const days = page.locator(".day--available");
  const empty = page.locator(".empty-state");
  await expect.poll(async () => (await days.count()) > 0 || (await empty.count()) > 0, { timeout: 10_000 }).toBe(true);
  if ((await days.count()) < 3) {
    await nextMonth(page, expect);
    await expect.poll(() => days.count(), { timeout: 10_000 }).toBeGreaterThan(0);
  }
  await days.last().click();
}

/**
 * Selects the day `date` (YYYY-MM-DD) in the month view, moving to the following months when it lies
 * past the one shown (a time found through the API may be next month's near a month's end), and waits
 * until its times have loaded: a day's button exists before its month's times do, and clicking a day
 * without times does nothing.
 */
export async function openDay(page: Page, date: string, expect: ExpectStatic = globalExpect): Promise<void> {
  const day = page.locator(`.day[data-date="${date}"]`);
  await page.locator(".day[data-date]").first().waitFor();
  for (let months = 0; months < 3 && (await day.count()) === 0; months++) await nextMonth(page, expect);
  await expect.poll(() => day.getAttribute("aria-disabled"), { timeout: 10_000 }).toBe("false");
  if ((await day.getAttribute("aria-pressed")) !== "true") await day.click();
  await expect.poll(() => day.getAttribute("aria-pressed")).toBe("true");
}

/**
 * The button of the time `start` on the open day, pressing "Load more" while it is not yet shown (a day
 * lists twelve times at first; which ones depends on what earlier journeys on the same server booked).
 */
export async function slotButton(page: Page, start: string, expect: ExpectStatic = globalExpect) {
  const slot = page.locator(`.slots .slot[data-slot="${start}"]`);
  const more = page.locator(".slots + .button--secondary");
  await expect.poll(() => page.locator(".slots .slot").count(), { timeout: 10_000 }).toBeGreaterThan(0);
  while ((await slot.count()) === 0 && (await more.count()) > 0) await more.click();
  return slot;
}

/** Moves the month view one month on and waits until it shows the new month. */
export async function nextMonth(page: Pick<Page, "locator">, expect: ExpectStatic = globalExpect): Promise<void> {
  const shown = await page.locator("#month-title").textContent();
  await page.locator(".month-calendar__nav .icon-button").last().click();
  await expect.poll(() => page.locator("#month-title").textContent()).not.toBe(shown);
}

/**
 * Seats left (issue 17): the demo's yoga classes (twelve places) show how many places remain, and
 * a class filled through the API stays in the list as "Full" — not offered, and named as full for
 * screen readers — instead of vanishing.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL } from "./support/server.ts";
import { DEMO } from "../../src/adapters/db/seed/demo-ids.ts";
import { expectNoAxeViolations, launchBrowser } from "./support/browser.ts";
import { bookingPage, bookThroughApi, clientAddress, heading, open, screenshots } from "./support/booking.ts";

const calendarId = DEMO.calendars.yoga;
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

type Day = { slots: string[]; seats?: number[]; full?: string[] };

async function freeSlots(from: string, to: string, timezone: string): Promise<Record<string, Day>> {
  const q = new URLSearchParams({ startDate: from, endDate: to, timezone });
  const res = await fetch(`${baseURL}/api/calendars/${calendarId}/free-slots?${q}`, {
    headers: { "x-forwarded-for": clientAddress() },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, Day>;
}

/** Books `count` single places in the class at `startTime`, each as a different visitor. */
async function fill(startTime: string, timezone: string, count: number, tag: string) {
  for (let i = 0; i < count; i++) {
    const res = await bookThroughApi(baseURL, {
      calendarId,
      startTime,
      timezone,
      contact: { firstName: "Seat", lastName: `Taker ${tag}${i}`, email: `seat-${tag}-${i}@example.com` },
    });
    expect(res.status, await res.clone().text()).toBe(201);
  }
}

describe("seats left in class times", () => {
  it("counts the places left on each class and shows a class filled through the API as Full", async () => {
    const { page, consoleErrors, pageErrors } = await bookingPage(browser);
    const url = `${baseURL}/widget/booking/${calendarId}`;
    await open(page, url);
    const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);

    // A day from tomorrow on with two classes that still have room and none full (another journey may have
    // booked some, or filled one: booking-flow fills a class).
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const found = await freeSlots(day(2), day(20), zone);
    const date = Object.keys(found)
      .sort()
      .find(
        (d) =>
          found[d]!.slots.length >= 2 &&
          found[d]!.seats!.slice(0, 2).every((n) => n >= 4) &&
          (found[d]!.full ?? []).length === 0,
      );
    expect(date, JSON.stringify(found)).toBeDefined();
    const { slots, seats } = found[date!]!;
    const [toFill, toThin] = [slots[0]!, slots[1]!];
    expect(seats!.length).toBe(slots.length);

    await fill(toFill, zone, seats![0]!, "a");
    await fill(toThin, zone, seats![1]! - 3, "b");
    const after = (await freeSlots(date!, date!, zone))[date!]!;
    expect(after.full).toEqual([toFill]);
    expect(after.seats![after.slots.indexOf(toThin)]).toBe(3);

    await open(page, url);
    // The classes' month may be the next one.
    while (!(await page.locator(`[data-date="${date}"]`).count()))
      await page.getByRole("button", { name: "Next month" }).click();
    await page.locator(`[data-date="${date}"]`).click();

    const full = page.locator(`.slot[data-slot="${toFill}"]`);
    await expect.poll(() => full.count(), { timeout: 10_000 }).toBe(1);
    expect(await full.getAttribute("aria-disabled")).toBe("true");
    expect(await full.getAttribute("data-full")).toBe("true");
    expect(await full.locator(".slot__seats").textContent()).toBe("Full");
    expect(await full.getAttribute("aria-label")).toMatch(/, full: no seats left$/);
    await expect.poll(() => page.getByRole("button", { name: /full: no seats left/ }).count()).toBe(1);

    const thin = page.locator(`.slot[data-slot="${toThin}"]`);
    expect(await thin.locator(".slot__seats").textContent()).toBe("3 seats left");
    expect(await thin.getAttribute("aria-label")).toMatch(/, 3 seats left$/);
    // Every offered class says how many places it has left.
    const offered = page.locator(".slots .slot:not(.slot--full)");
    for (let i = 0; i < (await offered.count()); i++)
      expect(await offered.nth(i).locator(".slot__seats").textContent()).toMatch(/^\d+ seats? left$/);

    await expectNoAxeViolations(page);
    await screenshots(page, "50-class-seats");

    // A full class cannot be chosen; a class with places can.
    const step = await heading(page).textContent();
    await full.click({ force: true });
    expect(await page.locator(".slot--selected").count()).toBe(0);
    expect(await heading(page).textContent()).toBe(step);
    await thin.click();
    await expect.poll(() => heading(page).textContent()).toBe("Your information");
    expect(pageErrors).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it("a day whose classes are all full can still be opened, and says so", async () => {
    const { page, consoleErrors, pageErrors } = await bookingPage(browser, { viewport: { width: 390, height: 844 } });
    const url = `${baseURL}/widget/booking/${calendarId}`;
    await open(page, url);
    const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const found = await freeSlots(day(21), day(35), zone);
    // The last day with classes in that fortnight, with no full class yet.
    const date = Object.keys(found)
      .sort()
      .reverse()
      .find((d) => found[d]!.slots.length > 0 && found[d]!.full!.length === 0);
    expect(date, JSON.stringify(found)).toBeDefined();
    const { slots, seats } = found[date!]!;
    for (const [i, start] of slots.entries()) await fill(start, zone, seats![i]!, `d${i}-`);
    expect((await freeSlots(date!, date!, zone))[date!]).toEqual({ slots: [], seats: [], full: slots });

    await open(page, url);
    while (!(await page.locator(`[data-date="${date}"]`).count()))
      await page.getByRole("button", { name: "Next month" }).click();
    const dayButton = page.locator(`[data-date="${date}"]`);
    await expect.poll(() => dayButton.getAttribute("aria-label")).toMatch(/, all classes full$/);
    expect(await dayButton.getAttribute("aria-disabled")).toBe("false");
    await dayButton.click();
    await expect.poll(() => page.locator(".slots .slot--full").count(), { timeout: 10_000 }).toBe(slots.length);
    expect(await page.locator(".slots .slot:not(.slot--full)").count()).toBe(0);
    await expectNoAxeViolations(page);
    await screenshots(page, "51-class-day-full");
    expect(pageErrors).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});

/**
 * Service calendars and service menus: services per guest with the spec's §5 messages, a cart with
 * its item count and total, the staff choice, and a booking for two people; plus the time-zone
 * search and the widget inside an iframe.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL } from "./support/server.ts";
import type { Browser } from "playwright-core";
import { DEMO } from "../../src/adapters/db/seed/demo-ids.ts";
import { launchBrowser } from "./support/browser.ts";
import {
  bookingPage,
  checkScreen,
  clientAddress,
  contact,
  fillContact,
  firstSlot,
  heading,
  open,
} from "./support/booking.ts";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("service menu", () => {
  it("opens on its services with nothing to correct, in a visitor's zone other than the first paint's", async () => {
    // The first paint assumes a zone; a browser elsewhere asks again in its own. With no service chosen there is
    // nothing to ask: no error before the visitor did anything, and no visit length before a service has one.
    const { page, context, consoleErrors } = await bookingPage(browser, {
      viewport: { width: 390, height: 844 },
      timezoneId: "Asia/Tokyo",
    });
    await open(page, `${baseURL}/widget/service-menus/${DEMO.serviceMenuSlug}`);
    await expect.poll(() => page.evaluate(() => document.cookie)).toContain("tz=Asia%2FTokyo");
    await page.waitForLoadState("networkidle");
    expect(await page.getByRole("alert").count()).toBe(0);
    expect(await page.locator(".booking-summary .facts").textContent()).not.toMatch(/minute|hour/);
    await page.getByRole("button", { name: "Add Haircut for You" }).click();
    expect(await page.locator(".booking-summary .facts").textContent()).toContain("30 minutes");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect.poll(() => heading(page).textContent()).toBe("Pick a date and time");
    await (await firstSlot(page)).click();
    await expect.poll(() => heading(page).textContent()).toBe("Your information");
    // One column: the time is said once, by the details step (with its Change link), not also by the summary.
    await expect.poll(() => page.locator(".chosen-slot").isVisible()).toBe(true);
    expect(await page.locator(".selection").textContent()).toContain("Haircut");
    expect(await page.getByText("When", { exact: true }).isVisible()).toBe(false);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("services per guest: limits, all guests served, cart total, then a booking for two", async () => {
    const { page, context } = await bookingPage(browser);
    await open(page, `${baseURL}/widget/service-menus/${DEMO.serviceMenuSlug}`);
    expect(await page.locator("h1").textContent()).toBe("Salon menu");
    expect(await heading(page).textContent()).toBe("Choose services");
    await page.getByRole("button", { name: "Add Colour for You" }).click();
    await page.getByRole("button", { name: "+ Add a guest" }).click();
    // Colour takes one person per slot: the guest starts without it instead of with an error (issue 23).
    expect(await page.locator(".field__error").count()).toBe(0);
    expect(await page.getByRole("button", { name: "Remove Colour for Guest 1" }).count()).toBe(0);
    // Choosing it anyway says why not, with the count in the singular.
    await page.getByRole("button", { name: "Add Colour for Guest 1" }).click();
    await page.getByRole("button", { name: "Continue" }).click();
    await expect
      .poll(() => page.locator("#limit-" + DEMO.services.colour).textContent())
      .toBe(
        "You can reserve up to 1 slot for this service. To book for additional guests, kindly select a different service for the same time slot.",
      );
    await checkScreen(page, "13-services-limit");
    await page.getByRole("button", { name: "Remove Colour for Guest 1" }).click();
    await page.getByRole("button", { name: "Continue" }).click();
    await expect
      .poll(() => page.getByRole("alert").last().textContent())
      .toBe("Please ensure you select services for all guests before proceeding");
    // Same services for both: Haircut.
    await page.getByRole("button", { name: "Add Haircut for Guest 1" }).click();
    await page.getByRole("button", { name: /^You/ }).click();
    await page.getByRole("button", { name: "Remove Colour for You" }).click();
    await page.getByRole("button", { name: "Add Haircut for You" }).click();
    expect(await page.locator(".cart__line").textContent()).toBe("2 items selected€70.00");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect.poll(() => heading(page).textContent()).toBe("Pick a date and time");
    expect(await page.getByRole("group", { name: "Staff" }).getByRole("radio").count()).toBe(3);
    await checkScreen(page, "14-datetime-service");
    await (await firstSlot(page)).click();
    await fillContact(page, contact("Salon"));
    await page.getByLabel("Name of guest 1").fill("Sam Guest");
    await page.getByLabel("Email of guest 1").fill("sam@example.com");
    expect(await page.locator(".payment").textContent()).toContain("€70.00");
    await checkScreen(page, "15-details-service-guests");
    await page.getByRole("button", { name: "Confirm booking" }).click();
    await page.waitForURL(/done=booked/);
    const summary = await page.locator(".result__summary").textContent();
    expect(summary).toContain("Haircut");
    expect(summary).toContain("€70.00");
    await context.close();
  });

  it("a guest added starts with the booker's services, and the page says so", async () => {
    const { page, context } = await bookingPage(browser, { viewport: { width: 390, height: 844 } });
    await open(page, `${baseURL}/widget/service-menus/${DEMO.serviceMenuSlug}`);
    await page.getByRole("button", { name: "Add Haircut for You" }).click();
    const note = page.locator(".services__note");
    expect(await note.textContent()).toBe("");
    await page.getByRole("button", { name: "+ Add a guest" }).click();
    expect(await page.getByRole("button", { name: "Remove Haircut for Guest 1" }).count()).toBe(1);
    expect(await note.textContent()).toBe(
      "Guest 1 starts with the same services as you – change them below if needed.",
    );
    await checkScreen(page, "13b-guest-starts-with-your-services");
    // Said once: gone when the guest's services change.
    await page.getByRole("button", { name: "Remove Haircut for Guest 1" }).click();
    expect(await note.textContent()).toBe("");
    await context.close();
  });

  it("two guests with different services book together; the booking keeps each guest's cart", async () => {
    const { page, context } = await bookingPage(browser);
    await open(page, `${baseURL}/widget/service-menus/${DEMO.serviceMenuSlug}`);
    // You: Colour (Liam, 90 min). Guest 1: Relaxing massage (Anna, 60 min) — at the same time, by someone else.
    await page.getByRole("button", { name: "Add Colour for You" }).click();
    await page.getByRole("button", { name: "+ Add a guest" }).click();
    // Colour has no room for a second person: the guest starts with nothing chosen, and nothing is said.
    expect(await page.locator(".services__note").textContent()).toBe("");
    await page.getByRole("button", { name: "Add Relaxing massage for Guest 1" }).click();
    expect(await page.locator(".cart__line").textContent()).toBe("2 items selected€190.00");
    expect(await page.locator(".cart__list li").allTextContents()).toEqual([
      "You: Colour",
      "Guest 1: Relaxing massage",
    ]);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect.poll(() => heading(page).textContent()).toBe("Pick a date and time");
    // The summary lists each person's services; the visit lasts as long as the longest cart.
    expect(await page.locator(".selection__carts li").allTextContents()).toEqual([
      "You: Colour",
      "Guest 1: Relaxing massage",
    ]);
    const slot = await firstSlot(page);
    await slot.click();
    await fillContact(page, contact("Duo"));
    await page.getByLabel("Name of guest 1").fill("Max Guest");
    await page.getByLabel("Email of guest 1").fill("max@example.com");
    // Colour €120 with its 30 % deposit, massage €70 without one.
    const payment = await page.locator(".payment").textContent();
    expect(payment).toContain("€190.00");
    expect(payment).toContain("€36.00");
    await page.getByRole("button", { name: "Confirm booking" }).click();
    await page.waitForURL(/done=booked/);
    // The URL changes as the client navigation starts; the confirmation renders when its data has arrived.
    await page.locator(".result__carts li").first().waitFor();
    expect(await page.locator(".result__carts li").allTextContents()).toEqual([
      "Duo Tester: Colour",
      "Max Guest: Relaxing massage",
    ]);
    await checkScreen(page, "15b-confirmation-per-guest");

    // The API has the booking with both carts, each served by its own provider.
    const url = new URL(page.url());
    const id = url.searchParams.get("booking")!;
    const token = url.searchParams.get("token")!;
    const res = await fetch(`${baseURL}/api/bookings/${id}`, {
      headers: { authorization: `Bearer ${token}`, "x-forwarded-for": clientAddress() },
    });
    expect(res.status).toBe(200);
    const booking = (await res.json()) as {
      carts: string[][];
      seats: number;
      priceCents: number;
      depositCents: number;
      staff: { name: string }[];
      startTime: string;
      endTime: string;
    };
    expect(booking).toMatchObject({
      carts: [[DEMO.services.colour], [DEMO.services.massage]],
      seats: 2,
      priceCents: 19000,
      depositCents: 3600,
    });
    expect(booking.staff.map((s) => s.name).sort()).toEqual(["Anna Berg", "Liam O'Connor"].sort());
    expect(Date.parse(booking.endTime) - Date.parse(booking.startTime)).toBe(90 * 60_000);
    // That time is no longer offered for the same carts.
    const day = booking.startTime.slice(0, 10);
    const q = new URLSearchParams({
      startDate: day,
      endDate: day,
      timezone: "UTC",
      serviceIds: DEMO.services.colour,
      guestCarts: DEMO.services.massage,
    });
    const free = (await (
      await fetch(`${baseURL}/api/calendars/${DEMO.calendars.salon}/free-slots?${q}`, {
        headers: { "x-forwarded-for": clientAddress() },
      })
    ).json()) as Record<string, { slots: string[] }>;
    expect(
      Object.values(free)
        .flatMap((d) => d.slots)
        .map((s) => Date.parse(s)),
    ).not.toContain(Date.parse(booking.startTime));
    await context.close();
  });

  it("a service route goes straight to its times", async () => {
    const { page, context } = await bookingPage(browser, { viewport: { width: 320, height: 700 } });
    await open(page, `${baseURL}/widget/appointment/service/haircut`);
    expect(await heading(page).textContent()).toBe("Pick a date and time");
    await firstSlot(page);
    // Nothing overflows at 320 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await checkScreen(page, "16-service-route");
    await context.close();
  });
});

describe("time zones", () => {
  it("finds a zone by city, abbreviation or offset and shows times in it", async () => {
    const { page, context } = await bookingPage(browser);
    await open(page, `${baseURL}/widget/booking/${DEMO.calendars.introCall}`);
    const first = await firstSlot(page);
    const utcTime = await first.textContent();
    const input = page.getByRole("combobox", { name: "Time zone" });
    await input.fill("kolkata");
    await expect.poll(() => page.getByRole("option").first().textContent()).toContain("Kolkata");
    await input.fill("india");
    await expect.poll(() => page.getByRole("option").first().textContent()).toContain("India");
    await input.fill("+5:30");
    expect(await page.getByRole("option").allTextContents()).toContainEqual(expect.stringContaining("Kolkata"));
    await input.fill("nowhere-at-all");
    expect(await page.getByRole("option").first().textContent()).toBe("No Timezone found!");
    await input.fill("kolkata");
    await checkScreen(page, "17-timezone-search");
    await page.keyboard.press("Enter");
    await expect.poll(async () => (await firstSlot(page)).textContent()).not.toBe(utcTime);
    // The zone is remembered: the next first paint is rendered in it on the server.
    const zone = (await context.cookies()).find((c) => c.name === "tz")?.value ?? "";
    expect(decodeURIComponent(zone)).toMatch(/^Asia\/(Kolkata|Calcutta)$/);
    await context.close();
  });

  it("knows the cities as the visitor's language names them, with or without accents", async () => {
    const { page, context } = await bookingPage(browser);
    await open(page, `${baseURL}/de/widget/booking/${DEMO.calendars.introCall}`);
    await firstSlot(page);
    const input = page.getByRole("combobox", { name: "Zeitzone" });
    const firstOption = () => page.getByRole("option").first().textContent();
    await input.fill("Wien");
    await expect.poll(firstOption).toMatch(/^Wien, Österreich/);
    await input.fill("warsch");
    await expect.poll(firstOption).toMatch(/^Warschau, Polen/);
    await input.fill("zurich");
    await expect.poll(firstOption).toMatch(/^Zürich, Schweiz/);
    await page.keyboard.press("Enter");
    await expect
      .poll(async () => decodeURIComponent((await context.cookies()).find((c) => c.name === "tz")?.value ?? ""))
      .toBe("Europe/Zurich");
    await context.close();
    // Another language's name is found too: a Pole on the English page types "Warszawa".
    const english = await bookingPage(browser);
    await open(english.page, `${baseURL}/widget/booking/${DEMO.calendars.introCall}`);
    await firstSlot(english.page);
    await english.page.getByRole("combobox", { name: "Time zone" }).fill("Warszawa");
    await expect.poll(() => english.page.getByRole("option").first().textContent()).toMatch(/^Warsaw, Poland/);
    await english.context.close();
  });
});

describe("embedding", () => {
  it("works inside an iframe", async () => {
    const { page, context } = await bookingPage(browser);
    // The host is another site — another origin, a second local port — as a business's own page would be:
    // widget pages may be framed by any origin (FRAME_ANCESTORS), every other page by none.
    const html = `<!doctype html><title>Host</title><iframe title="Booking" src="${baseURL}/widget/booking/${DEMO.calendars.workshop}" width="360" height="700"></iframe>`;
    const host = http.createServer((_, res) => res.writeHead(200, { "content-type": "text/html" }).end(html));
    await new Promise<void>((resolve) => host.listen(0, "127.0.0.1", resolve));
    await page.goto(`http://localhost:${(host.address() as AddressInfo).port}/`);
    const frame = page.frameLocator("iframe");
    await expect
      .poll(() => frame.locator(".slots .slot, .empty-state").count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    expect(await frame.locator("h1").textContent()).toBe("Planning workshop");
    await context.close();
    host.close();
  });
});

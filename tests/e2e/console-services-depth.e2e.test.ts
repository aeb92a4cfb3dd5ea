/**
 * Issue 24 in the console: the owner gives a service a variation and an add-on and makes a coupon
 * for it; a price typed as words and a code already in use (in German) are refused next to their
 * fields with what was typed kept. Then, on the public booking page, the variation and the add-on
 * are offered and the coupon is accepted; then a staff member gets their own price, and the variation
 * its own deposit and that member's own price for it (a percentage over 100 and a price in words
 * refused at their fields, everything kept), which the booking page then charges. One sign-in;
 * every changed screen axe-clean and shot at 390 and 1280 px.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO } from "../../src/adapters/db/seed/demo-ids.ts";
import { launchBrowser } from "./support/browser.ts";
import { bookingPage, checkScreen, contact, fillContact, firstSlot, heading, open } from "./support/booking.ts";
import { consoleApiJson, signInToConsole } from "./support/console.ts";
import { baseURL } from "./support/server.ts";

const unique = Date.now().toString(36);
const service = `Depth cut ${unique}`;
const code = `DEPTH${unique}`.toUpperCase();

let browser: Browser;
let page: Page;
let pageErrors: unknown[];
let serviceId = "";
let calendarId = "";

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page, pageErrors } = await bookingPage(browser));
  await signInToConsole(page, baseURL, "owner");
  // A service of its own in a calendar of its own, so the demo's other journeys see nothing of it.
  const created = await consoleApiJson<{ id: string }>(page, "POST", "/business/services", {
    slug: `depth-cut-${unique}`,
    name: service,
    durationMinutes: 30,
    priceCents: 3000,
    staffIds: [DEMO.staff.anna],
  });
  expect(created.status).toBe(201);
  serviceId = created.body.id;
  const calendar = await consoleApiJson<{ id: string }>(page, "POST", "/business/calendars", {
    slug: `depth-${unique}`,
    type: "service",
    name: `Depth salon ${unique}`,
    members: [{ staffId: DEMO.staff.anna }],
    serviceIds: [serviceId],
    settings: { minimumNoticeMinutes: 0 },
  });
  expect(calendar.status).toBe(201);
  calendarId = calendar.body.id;
});
afterAll(async () => {
  await browser?.close();
});

async function screen(path: string) {
  await page.goto(`${baseURL}${path}`);
  await page.locator(".console__main h1").waitFor();
}

describe("services in depth from the console (issue 24)", () => {
  it("adds a variation and an add-on to a service; a price in words is refused at its field and kept", async () => {
    await screen("/console/services");
    await page.getByRole("button", { name: `Edit ${service}` }).click();
    await expect.poll(() => page.locator("h2:focus").innerText()).toBe(`Change ${service}`);

    await page.getByRole("button", { name: "Add variation" }).click();
    // The new row's name has the focus: typed straight away, as a keyboard user would.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("field-variations-0-name");
    await page.keyboard.type("Long hair");
    await page.locator("#field-variations-0-durationMinutes").fill("60");
    await page.locator("#field-variations-0-priceMinor").fill("ten euros");
    await page.locator("#field-variations-0-bufferAfterMinutes").fill("10");
    await page.getByRole("button", { name: "Add add-on" }).click();
    await page.locator("#field-addOns-0-name").fill("Head massage");
    await page.locator("#field-addOns-0-durationMinutes").fill("15");
    await page.locator("#field-addOns-0-priceMinor").fill("12");
    await page.locator("#field-addOns-0-maxQuantity").fill("2");
    await page.getByLabel("Where it takes place").selectOption("physical");
    await page.locator("#field-location-value").fill("Northwind Mitte, Torstraße 1, Berlin");
    await page.getByRole("button", { name: "Save changes" }).click();

    const price = page.locator("#field-variations-0-priceMinor");
    await expect
      .poll(() => page.locator("#field-variations-0-priceMinor-error").innerText())
      .toBe("Enter an amount such as 45.50.");
    expect(await price.inputValue()).toBe("ten euros");
    expect(await price.getAttribute("aria-invalid")).toBe("true");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("field-variations-0-priceMinor");
    expect(await page.locator("#field-addOns-0-name").inputValue()).toBe("Head massage");
    await checkScreen(page, "console-services-depth-invalid");

    // A length the server refuses (under 5 minutes) comes back next to that field too.
    await price.fill("55");
    await page.locator("#field-variations-0-durationMinutes").fill("3");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect
      .poll(() => page.locator("#field-variations-0-durationMinutes-error").innerText())
      .toBe("Enter whole minutes from 5 to 1440.");
    expect(await price.inputValue()).toBe("55");

    await page.locator("#field-variations-0-durationMinutes").fill("60");
    await page.getByRole("button", { name: "Save changes" }).click();
    const row = page.locator(".console-row", { hasText: service });
    // Each variation on a line of its own with its length and price.
    await expect
      .poll(() => row.locator(".console-row__variations").innerText())
      .toBe("Long hair · 60 minutes · €55.00");
    expect(await row.innerText()).toContain("1 add-on: Head massage");
    expect(await row.innerText()).toContain("At an address: Northwind Mitte, Torstraße 1, Berlin");
    const stored = await consoleApiJson<{ id: string; variations: object[]; addOns: object[]; location: object }[]>(
      page,
      "GET",
      "/business/services",
    );
    expect(stored.body.find((s) => s.id === serviceId)).toMatchObject({
      variations: [{ name: "Long hair", durationMinutes: 60, priceMinor: 5500, bufferAfterMinutes: 10 }],
      addOns: [{ name: "Head massage", durationMinutes: 15, priceMinor: 1200, maxQuantity: 2 }],
      location: { kind: "physical", value: "Northwind Mitte, Torstraße 1, Berlin" },
    });
    await page.getByRole("button", { name: `Edit ${service}` }).click();
    await checkScreen(page, "console-services-depth");
    expect(pageErrors).toEqual([]);
  });

  it("makes a coupon for the service; the same code again is refused, in German, and kept", async () => {
    await screen("/console/services");
    await page.locator(".console__nav").getByRole("link", { name: "Coupons" }).click();
    await expect.poll(() => page.locator("h1").innerText()).toBe("Coupons");
    expect(await page.locator(".console__nav a[aria-current=page]").innerText()).toBe("Coupons");

    await page.getByRole("button", { name: "Add coupon" }).click();
    await page.getByLabel(/^Code/).fill(code.toLowerCase());
    await page.getByLabel(/^Percent off/).fill("20");
    await page.getByLabel(/^Uses per visitor/).fill("1");
    await page.getByRole("checkbox", { name: service }).check();
    await page.getByRole("button", { name: "Add coupon" }).click();
    const row = page.locator(".console-row", { hasText: code });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.innerText()).toContain("20% off");
    expect(await row.innerText()).toContain("used 0 times");
    expect(await row.innerText()).toContain("once per visitor");
    expect(await row.innerText()).toContain(`for ${service}`);
    await checkScreen(page, "console-coupons");

    await screen("/de/console/coupons");
    await page.getByRole("button", { name: "Gutschein hinzufügen" }).click();
    await page.getByLabel(/^Gutscheincode/).fill(code);
    await page.getByLabel(/^Rabatt\b/).selectOption("amount");
    await page.getByLabel(/^Rabattbetrag/).fill("5,50");
    await page.getByRole("button", { name: "Gutschein hinzufügen" }).click();
    await expect
      .poll(() => page.locator("#field-code-error").innerText())
      .toBe("Ein anderer Gutschein nutzt diesen Code bereits. Wählen Sie einen anderen.");
    expect(await page.getByLabel(/^Gutscheincode/).inputValue()).toBe(code);
    expect(await page.getByLabel(/^Rabattbetrag/).inputValue()).toBe("5,50");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("field-code");
    await checkScreen(page, "console-coupons-taken-de");
    expect(pageErrors).toEqual([]);
  });

  it("offers the variation and the add-on on the booking page and accepts the coupon", async () => {
    const visitor = await bookingPage(browser);
    const booking = visitor.page;
    await open(booking, `${baseURL}/widget/booking/${calendarId}`);
    await booking.getByRole("button", { name: `Add ${service} for You` }).click();
    await booking.getByRole("group", { name: `Choose your ${service}` }).waitFor();
    await booking.getByRole("radio", { name: /^Long hair/ }).check();
    await booking.getByRole("checkbox", { name: /^Head massage/ }).check();
    expect(await booking.locator(".cart__lines li").allTextContents()).toEqual([
      `${service} — Long hair1 hour · €55.00`,
      "Head massage15 minutes · €12.00",
    ]);
    await booking.getByRole("button", { name: "Continue" }).click();
    await expect.poll(() => heading(booking).textContent()).toBe("Pick a date and time");
    await (await firstSlot(booking)).click();
    await expect.poll(() => heading(booking).textContent()).toBe("Your information");
    await fillContact(booking, contact("Depth"));
    await booking.getByLabel("Coupon code").fill(code.toLowerCase());
    await booking.getByRole("button", { name: "Apply" }).click();
    // €67 less 20 %.
    await expect
      .poll(() => booking.locator(".payment dl").textContent())
      .toBe(`Price before discount€67.00Coupon ${code}−€13.40Total amount€53.60`);
    expect(visitor.pageErrors).toEqual([]);
  });

  it("gives a staff member their own price for the service, refused at its field when it is no amount", async () => {
    // Back to English after the German screen (the language chosen is remembered in a cookie).
    await page.context().addCookies([{ name: "i18n_redirected", value: "en", url: baseURL }]);
    await screen("/console/services");
    await page.getByRole("button", { name: `Edit ${service}` }).click();
    const own = page.getByLabel("Price with Anna Berg (EUR)");
    await own.fill("65,555");
    await page.getByLabel("Duration with Anna Berg (minutes)").fill("75");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect.poll(() => own.getAttribute("aria-invalid")).toBe("true");
    expect(await page.locator(`#field-terms-${DEMO.staff.anna}-price-error`).innerText()).toBe(
      "Enter an amount such as 45.50.",
    );
    expect(await own.inputValue()).toBe("65,555");
    await own.fill("65,50");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect.poll(() => page.locator("#service-form-title").count()).toBe(0);
    const stored = await consoleApiJson<{ id: string; staffTerms: object[] }[]>(page, "GET", "/business/services");
    expect(stored.body.find((s) => s.id === serviceId)?.staffTerms).toEqual([
      { staffId: DEMO.staff.anna, variationId: null, priceMinor: 6550, durationMinutes: 75 },
    ]);
    expect(pageErrors).toEqual([]);
  });

  it("gives the variation its own deposit and Anna her own price for it; the booking page charges both", async () => {
    const before = await consoleApiJson<{ id: string; variations: { id: string }[] }[]>(
      page,
      "GET",
      "/business/services",
    );
    const longId = before.body.find((s) => s.id === serviceId)!.variations[0]!.id;
    await screen("/console/services");
    await page.getByRole("button", { name: `Edit ${service}` }).click();
    await page.locator("#field-variations-0-deposit-kind").selectOption("percentage");
    const deposit = page.locator("#field-variations-0-deposit");
    await deposit.fill("150");
    const annaLong = page.getByLabel("Long hair with Anna Berg: price (EUR)");
    await annaLong.fill("sixty");
    await page.getByRole("button", { name: "Save changes" }).click();
    // Each refusal at its own field, nothing typed lost, the first of them focused.
    await expect.poll(() => deposit.getAttribute("aria-invalid")).toBe("true");
    expect(await page.locator("#field-variations-0-deposit-error").innerText()).toBe(
      "Enter a percentage above 0 and at most 100.",
    );
    expect(await page.locator(`#field-terms-${DEMO.staff.anna}-${longId}-price-error`).innerText()).toBe(
      "Enter an amount such as 45.50.",
    );
    expect(await deposit.inputValue()).toBe("150");
    expect(await annaLong.inputValue()).toBe("sixty");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("field-variations-0-deposit");
    await checkScreen(page, "svc24b-console-variation-terms-invalid");

    await deposit.fill("20");
    await annaLong.fill("60");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect.poll(() => page.locator("#service-form-title").count()).toBe(0);
    const stored = await consoleApiJson<
      { id: string; variations: { id: string; deposit: object }[]; staffTerms: object[] }[]
    >(page, "GET", "/business/services");
    const saved = stored.body.find((s) => s.id === serviceId)!;
    expect(saved.variations[0]!.deposit).toEqual({ kind: "percentage", percent: 20 });
    expect(saved.staffTerms).toEqual([
      { staffId: DEMO.staff.anna, variationId: null, priceMinor: 6550, durationMinutes: 75 },
      { staffId: DEMO.staff.anna, variationId: longId, priceMinor: 6000, durationMinutes: null },
    ]);
    // The list says it compactly: the variation's deposit, Anna's price for it, and hers for the service.
    const row = page.locator(".console-row", { hasText: service });
    await expect
      .poll(() => row.locator(".console-row__variations").innerText())
      .toBe("Long hair · 60 minutes · €55.00 · deposit 20%\nWith Anna Berg: €60.00");
    expect(await row.innerText()).toContain("With Anna Berg: €65.50 · 75 minutes");
    await checkScreen(page, "i24c-console-service-list");
    // Loaded again, the editor shows what was saved.
    await page.getByRole("button", { name: `Edit ${service}` }).click();
    expect(await page.locator("#field-variations-0-deposit-kind").inputValue()).toBe("percentage");
    expect(await deposit.inputValue()).toBe("20");
    expect(await annaLong.inputValue()).toBe("60.00");
    await checkScreen(page, "svc24b-console-variation-terms");
    expect(pageErrors).toEqual([]);

    // The visitor: Anna's €60 for the long cut, its own 20 % deposit; with the coupon (20 % off),
    // €48 and a deposit of €9.60 — the deposit on the discounted price.
    const visitor = await bookingPage(browser);
    const booking = visitor.page;
    await open(booking, `${baseURL}/widget/booking/${calendarId}`);
    await booking.getByRole("button", { name: `Add ${service} for You` }).click();
    await booking.getByRole("radio", { name: /^Long hair/ }).check();
    await booking.getByRole("button", { name: "Continue" }).click();
    await expect.poll(() => heading(booking).textContent()).toBe("Pick a date and time");
    await (await firstSlot(booking)).click();
    await expect.poll(() => heading(booking).textContent()).toBe("Your information");
    const payment = booking.locator(".payment dl");
    await expect.poll(() => payment.textContent()).toBe("Total amount€60.00Deposit€12.00");
    await fillContact(booking, contact("Deposit"));
    await booking.getByLabel("Coupon code").fill(code);
    await booking.getByRole("button", { name: "Apply" }).click();
    await expect
      .poll(() => payment.textContent())
      .toBe(`Price before discount€60.00Coupon ${code}−€12.00Total amount€48.00Deposit€9.60`);
    await checkScreen(booking, "svc24b-booking-variation-deposit");
    await booking.getByRole("button", { name: "Confirm booking" }).click();
    await booking.waitForURL(/done=booked/);
    const url = new URL(booking.url());
    const booked = (await (
      await fetch(`${baseURL}/api/bookings/${url.searchParams.get("booking")}?token=${url.searchParams.get("token")}`)
    ).json()) as { priceCents: number; depositCents: number };
    expect(booked).toMatchObject({ priceCents: 4800, depositCents: 960 });
    expect(visitor.pageErrors).toEqual([]);
    // Two pages and three screens checked at two sizes: more than the default minute on a loaded machine.
  }, 120_000);

  it("gives a variation Anna's own terms before it is ever saved: one save stores both", async () => {
    await screen("/console/services");
    await page.getByRole("button", { name: `Edit ${service}` }).click();
    await page.getByRole("button", { name: "Add variation" }).click();
    await page.keyboard.type("Extra long");
    await page.locator("#field-variations-1-durationMinutes").fill("90");
    await page.locator("#field-variations-1-priceMinor").fill("70");
    // Its terms are there at once, named after it as typed.
    const extraPrice = page.getByLabel("Extra long with Anna Berg: price (EUR)");
    const extraLength = page.getByLabel("Extra long with Anna Berg: duration (minutes)");
    await extraPrice.fill("eighty");
    await extraLength.fill("100");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect.poll(() => extraPrice.getAttribute("aria-invalid")).toBe("true");
    const priceId = await extraPrice.getAttribute("id");
    expect(await page.locator(`#${priceId}-error`).innerText()).toBe("Enter an amount such as 45.50.");
    expect(await extraPrice.inputValue()).toBe("eighty");
    expect(await extraLength.inputValue()).toBe("100");
    expect(await page.locator("#field-variations-1-name").inputValue()).toBe("Extra long");
    await checkScreen(page, "i24c-console-new-variation-terms-invalid");

    await extraPrice.fill("85");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect.poll(() => page.locator("#service-form-title").count()).toBe(0);
    const stored = await consoleApiJson<
      { id: string; variations: { id: string; name: string }[]; staffTerms: object[] }[]
    >(page, "GET", "/business/services");
    const saved = stored.body.find((s) => s.id === serviceId)!;
    const extra = saved.variations.find((v) => v.name === "Extra long")!;
    expect(saved.staffTerms).toContainEqual({
      staffId: DEMO.staff.anna,
      variationId: extra.id,
      priceMinor: 8500,
      durationMinutes: 100,
    });
    const row = page.locator(".console-row", { hasText: service });
    await expect
      .poll(() => row.locator(".console-row__variations").innerText())
      .toContain("Extra long · 90 minutes · €70.00\nWith Anna Berg: €85.00 · 100 minutes");
    // Loaded again, the editor shows them as saved.
    await page.getByRole("button", { name: `Edit ${service}` }).click();
    expect(await extraPrice.inputValue()).toBe("85.00");
    expect(await extraLength.inputValue()).toBe("100");
    await checkScreen(page, "i24c-console-new-variation-terms");
    expect(pageErrors).toEqual([]);
  }, 120_000);
});

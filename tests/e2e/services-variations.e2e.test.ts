/**
 * Issue 24 in a real browser, on the demo salon: a visitor books the long-hair cut with a deep
 * conditioning from the senior stylist, and sees the right duration and price at every step —
 * the services step's lines, the summary before and after choosing the stylist, the details
 * step's total, a refused and then the demo's coupon applied before confirming, the confirmation and the e-mail. Every screen axe-clean, shot at 390 and 1280 px.
 */
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO } from "../../src/adapters/db/seed/demo-ids.ts";
import { launchBrowser } from "./support/browser.ts";
import { bookingPage, checkScreen, contact, fillContact, firstSlot, heading, open } from "./support/booking.ts";
import { baseURL, dataDir } from "./support/server.ts";
import { mailsTo } from "./support/mailbox.ts";

const mailDir = path.join(dataDir, "mail");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function mailTo(address: string): Promise<string[]> {
  return (await mailsTo(mailDir, address)).map((m) => m.text ?? "");
}

describe("variations and add-ons (issue 24)", () => {
  it("books the long-hair cut with deep conditioning from the senior stylist: duration and price at each step", async () => {
    const { page, context } = await bookingPage(browser);
    await open(page, `${baseURL}/widget/booking/${DEMO.calendars.salon}`);
    expect(await heading(page).textContent()).toBe("Choose services");
    const service = page.locator(".service", { hasText: "Cut & blow-dry" });
    expect(await service.locator(".service__meta").textContent()).toBe("from €35.00");

    await page.getByRole("button", { name: "Add Cut & blow-dry for You" }).click();
    const lengths = page.getByRole("group", { name: "Choose your Cut & blow-dry" });
    await lengths.waitFor();
    // Not bookable bare: continuing asks for the length, with focus on the choice.
    await page.getByRole("button", { name: "Continue" }).click();
    await expect
      .poll(() => lengths.locator(".field__error").textContent())
      .toBe("Please choose an option for this service.");
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.id))
      .toBe(`field-offers-${DEMO.services.cutByLength}`);
    await checkScreen(page, "24-variation-required");

    // Keyboard: the radio group moves with the arrow keys.
    await page.getByRole("radio", { name: /^Short hair/ }).check();
    await page.keyboard.press("ArrowDown");
    expect(await page.getByRole("radio", { name: /^Long hair/ }).isChecked()).toBe(true);
    await page.getByRole("checkbox", { name: /^Deep conditioning/ }).check();
    // Up to two conditionings: a quantity appears once it is taken.
    expect(await page.getByLabel("How many: Deep conditioning").inputValue()).toBe("1");
    expect(await page.locator(".cart__lines li").allTextContents()).toEqual([
      "Cut & blow-dry — Long hair1 hour · €55.00",
      "Deep conditioning15 minutes · €15.00",
    ]);
    expect(await page.locator(".cart__line").textContent()).toBe("1 item selected€70.00");
    // The long cut asks a 20 % deposit (the demo's), of the cut and the conditioning: shown from the first step.
    const price = page.locator(".booking-summary .summary-price");
    expect(await price.textContent()).toBe("Price: €70.00 · Deposit: €14.00");
    await checkScreen(page, "24-services-variation-add-on");

    await page.getByRole("button", { name: "Continue" }).click();
    await expect.poll(() => heading(page).textContent()).toBe("Pick a date and time");
    const facts = page.locator(".booking-summary .facts");
    // 60 minutes of long hair and 15 of conditioning.
    expect(await facts.textContent()).toContain("Duration: 1 hour 15 minutes");
    expect(await facts.textContent()).toContain("€70.00");
    expect(await page.locator(".selection").textContent()).toContain("Cut & blow-dry — Long hair, Deep conditioning");

    // Anna is the senior stylist: long hair costs €65 with her; the staff choice says so.
    expect(await page.locator(".staff-option").allTextContents()).toEqual([
      "★Any availablefrom €70.00",
      "ABAnna Berg€80.00",
      "LOLiam O'Connor€70.00",
    ]);
    await page.locator(".staff-option", { hasText: "Anna Berg" }).click();
    await expect.poll(() => price.textContent()).toBe("Price: €80.00 · Deposit: €16.00");
    // … and takes 75 minutes over long hair: 1 hour 30 with the conditioning.
    expect(await facts.textContent()).toContain("Duration: 1 hour 30 minutes");
    const slot = await firstSlot(page);
    await checkScreen(page, "24-datetime-senior-stylist");
    await slot.click();
    await expect.poll(() => heading(page).textContent()).toBe("Your information");
    const who = contact("Longhair");
    await fillContact(page, who);
    expect(await page.locator(".payment dl").textContent()).toBe("Total amount€80.00Deposit€16.00");
    expect(await page.locator(".payment").textContent()).toContain(
      "Nothing is charged online: you pay the business directly.",
    );
    expect(await price.textContent()).toBe("Price: €80.00 · Deposit: €16.00");
    await page.locator("#field-notes").fill("Please use the quiet room.");
    // Before confirming: a coupon that does not exist is refused at its field, in words and aloud,
    // and everything typed stays; the demo's spring coupon then shows its discount.
    const coupon = page.getByLabel("Coupon code");
    const announced = page.locator(".details [role=status]");
    await coupon.fill("NOPE");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect
      .poll(() => page.locator("#field-couponCode-error").textContent())
      .toContain("This coupon code does not exist. Please check it.");
    expect(await announced.textContent()).toBe("This coupon code does not exist. Please check it.");
    expect(await coupon.getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByLabel("First name").inputValue()).toBe(who.firstName);
    expect(await page.locator("#field-notes").inputValue()).toBe("Please use the quiet room.");
    expect(await coupon.inputValue()).toBe("NOPE");
    expect(await page.locator(".payment").textContent()).not.toContain("Price before discount");
    await checkScreen(page, "24-details-coupon-refused");
    // By keyboard: Enter in the field applies the code (it does not confirm the booking).
    await coupon.fill(` ${DEMO.couponCode.toLowerCase()} `);
    await coupon.press("Enter");
    const payment = page.locator(".payment dl");
    await expect.poll(() => payment.textContent()).toContain("Price before discount€80.00");
    // €80 less 10 % before confirming, in the details step and the summary beside it.
    // The deposit is 20 % of what is left after the coupon.
    expect(await payment.textContent()).toBe(
      `Price before discount€80.00Coupon ${DEMO.couponCode}−€8.00Total amount€72.00Deposit€14.40`,
    );
    expect(await announced.textContent()).toBe("Coupon applied: €8.00 off. New total: €72.00.");
    expect(await page.locator("#field-couponCode-error").count()).toBe(0);
    expect(await price.textContent()).toBe("Price: €72.00 · Deposit: €14.40");
    expect(await heading(page).textContent()).toBe("Your information");
    await checkScreen(page, "24-details-coupon-applied");
    // Changing the code takes the quoted discount away until it is applied again.
    await coupon.fill("SPRING1");
    await expect.poll(() => payment.textContent()).toBe("Total amount€80.00Deposit€16.00");
    await coupon.fill(DEMO.couponCode);
    await page.getByRole("button", { name: "Apply" }).click();
    await expect.poll(() => payment.textContent()).toContain("Total amount€72.00");
    await page.getByRole("button", { name: "Confirm booking" }).click();
    await page.waitForURL(/done=booked/);
    const summary = page.locator(".result__summary");
    await expect.poll(() => summary.textContent()).toContain("Cut & blow-dry — Long hair, Deep conditioning");
    // €80 less 10 %, and its deposit to pay at the salon.
    expect(await summary.textContent()).toContain("€72.00 · Deposit: €14.40");
    await checkScreen(page, "24-confirmation");

    // The booking itself lasts Anna's 75 minutes and the conditioning, and the e-mail names the lines and the price.
    const url = new URL(page.url());
    const booking = (await (
      await fetch(`${baseURL}/api/bookings/${url.searchParams.get("booking")}?token=${url.searchParams.get("token")}`)
    ).json()) as {
      startTime: string;
      endTime: string;
      priceCents: number;
      depositCents: number;
      staff: { name: string }[];
    };
    expect(Date.parse(booking.endTime) - Date.parse(booking.startTime)).toBe(90 * 60_000);
    expect(booking).toMatchObject({ priceCents: 7200, depositCents: 1440, staff: [{ name: "Anna Berg" }] });
    await expect.poll(async () => (await mailTo(who.email)).length, { timeout: 20_000 }).toBeGreaterThan(0);
    const mail = (await mailTo(who.email))[0]!;
    expect(mail).toContain("Cut & blow-dry — Long hair");
    expect(mail).toContain("Deep conditioning");
    expect(mail).toContain("Price: €72.00");
    expect(mail).toContain("Deposit (of the price): €14.40");
    await context.close();
  });

  it("a guest's own length under any available: each line priced and timed for the stylist assigned", async () => {
    const { page, context, pageErrors } = await bookingPage(browser);
    await open(page, `${baseURL}/widget/booking/${DEMO.calendars.salon}`);
    await page.getByRole("button", { name: "Add Cut & blow-dry for You" }).click();
    await page.getByRole("radio", { name: /^Long hair/ }).check();
    // The guest starts with the visitor's cart and choice, and picks her own length.
    await page.getByRole("button", { name: "Add a guest" }).click();
    const guestRadio = page.getByRole("radio", { name: /^Short hair/ });
    await expect.poll(() => page.getByRole("radio", { name: /^Long hair/ }).isChecked()).toBe(true);
    await guestRadio.check();
    expect(await page.locator(".cart__list li").allTextContents()).toEqual([
      "You: Cut & blow-dry — Long hair",
      "Guest 1: Cut & blow-dry — Short hair",
    ]);
    // €55 + €35 before anyone is assigned.
    expect(await page.locator(".cart__line").textContent()).toBe("2 items selected€90.00");
    await checkScreen(page, "51-guest-own-variation");
    // Back on the visitor's tab, her own choice is unchanged.
    await page.getByRole("button", { name: /^You/ }).click();
    expect(await page.getByRole("radio", { name: /^Long hair/ }).isChecked()).toBe(true);

    await page.getByRole("button", { name: "Continue" }).click();
    await expect.poll(() => heading(page).textContent()).toBe("Pick a date and time");
    await (await firstSlot(page)).click();
    await expect.poll(() => heading(page).textContent()).toBe("Your information");
    // Held: the summary now prices and times each line for the stylist the hold assigned (Anna takes
    // 75 minutes over long hair at €65, Liam 60 at €55), which is what the booking then has.
    const facts = page.locator(".booking-summary .facts");
    const shown = (await facts.textContent()) ?? "";
    await checkScreen(page, "51-details-any-available-assigned");
    await fillContact(page, contact("Pair"));
    await page.getByLabel("Name of guest 1").fill("Pat Pair");
    await page.getByLabel("Email of guest 1").fill("pat.pair@example.com");
    await page.getByRole("button", { name: "Confirm booking" }).click();
    await page.waitForURL(/done=booked/);
    const url = new URL(page.url());
    const booking = (await (
      await fetch(`${baseURL}/api/bookings/${url.searchParams.get("booking")}?token=${url.searchParams.get("token")}`)
    ).json()) as {
      startTime: string;
      endTime: string;
      priceCents: number;
      offerLines: { variationName: string; durationMinutes: number }[][];
    };
    expect(booking.offerLines.map((c) => c[0]!.variationName)).toEqual(["Long hair", "Short hair"]);
    const minutes = (Date.parse(booking.endTime) - Date.parse(booking.startTime)) / 60_000;
    expect([75, 60]).toContain(minutes);
    expect(shown).toContain(minutes === 75 ? "Duration: 1 hour 15 minutes" : "Duration: 1 hour");
    expect(shown).toContain(`€${(booking.priceCents / 100).toFixed(2)}`);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

/**
 * Issue 17 in a real browser, on the demo intro call (weekly or monthly, up to 8, a taken week kept
 * as a request): a visitor makes their call weekly four times, sees every date with its availability
 * before confirming — the third week already taken by someone else, sent as a request — gets one
 * confirmation listing all four, one e-mail with one calendar file holding each, then cancels one
 * date on its own and the rest of the series. Every screen axe-clean, shot at 390 and 1280 px.
 */
import path from "node:path";
import ICAL from "ical.js";
import type { ParsedMail } from "mailparser";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO } from "../../src/adapters/db/seed/demo-ids.ts";
import { launchBrowser } from "./support/browser.ts";
import {
  bookThroughApi,
  bookingPage,
  checkScreen,
  contact,
  fillContact,
  findSlotViaApi,
  firstSlot,
  heading,
  open,
} from "./support/booking.ts";
import { businessApiAs, issueDemoKey } from "./support/demo-api.ts";
import { baseURL, dataDir } from "./support/server.ts";
import { mailsTo } from "./support/mailbox.ts";

const mailDir = path.join(dataDir, "mail");
const WEEK_MS = 7 * 86_400_000;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function mailTo(address: string): Promise<ParsedMail[]> {
  return mailsTo(mailDir, address);
}

describe("recurring bookings in the widget (issue 17)", () => {
  it("books a weekly series of four, told once, and manages one date and the rest of the series", async () => {
    // Someone else already has the intro call two weeks after the first free time.
    const first = await findSlotViaApi(baseURL, DEMO.calendars.introCall, 0);
    const third = new Date(Date.parse(first) + 2 * WEEK_MS).toISOString();
    const other = await bookThroughApi(baseURL, {
      calendarId: DEMO.calendars.introCall,
      startTime: third,
      timezone: "UTC",
      contact: contact("Earlybird"),
    });
    expect(other.status).toBe(201);

    const { page } = await bookingPage(browser);
    await open(page, `${baseURL}/widget/booking/${DEMO.calendars.introCall}`);
    await (await firstSlot(page)).click();
    await expect.poll(() => heading(page).textContent()).toBe("Your information");

    // Keyboard: the repetition is a labelled select, reached and changed without a mouse.
    const often = page.getByLabel("How often");
    await often.focus();
    await often.selectOption({ label: "Every week" });
    expect(await page.getByLabel("Number of appointments").inputValue()).toBe("4");
    const dates = page.getByRole("list", { name: "Your appointments" }).locator("li");
    await expect.poll(() => dates.count()).toBe(4);
    expect(await dates.locator(".occurrence__status").allTextContents()).toEqual([
      "Available",
      "Available",
      "Taken: sent as a request",
      "Available",
    ]);
    expect(await page.locator(".repeat .field__hint").textContent()).toContain("as a request");
    await checkScreen(page, "17-repeat-chooser");

    const who = contact("Weekly");
    await fillContact(page, who);
    await page.getByRole("button", { name: "Confirm booking" }).click();
    await expect.poll(() => page.locator("#result-title").textContent(), { timeout: 15_000 }).toBe("You are scheduled");
    const series = page.locator(".series .occurrence");
    await expect.poll(() => series.count()).toBe(4);
    expect(await series.locator(".occurrence__status").allTextContents()).toEqual([
      "Confirmed",
      "Confirmed",
      "Awaiting confirmation",
      "Confirmed",
    ]);
    expect(await page.locator(".series h2").textContent()).toBe("Appointments in this series (4)");
    await checkScreen(page, "17-series-confirmation");

    // One e-mail for the whole series, every date in it, one calendar file with an event for each.
    await expect.poll(async () => (await mailTo(who.email)).length, { timeout: 20_000 }).toBeGreaterThan(0);
    const mails = await mailTo(who.email);
    expect(mails).toHaveLength(1);
    const text = mails[0]!.text ?? "";
    expect(text).toContain("Appointments in this series: 4.");
    expect(text).toContain("Appointment 3:");
    expect(text).toContain("(request: awaiting confirmation)");
    const ics = mails[0]!.attachments.find((a) => a.contentType.startsWith("text/calendar"));
    const calendar = new ICAL.Component(ICAL.parse(ics!.content.toString("utf8")));
    const events = calendar.getAllSubcomponents("vevent");
    expect(events).toHaveLength(4);
    expect(events.map((v) => v.getFirstPropertyValue("status"))).toEqual([
      "CONFIRMED",
      "CONFIRMED",
      "TENTATIVE",
      "CONFIRMED",
    ]);
    expect(new ICAL.Event(events[0]!).startDate.toJSDate().toISOString()).toBe(new Date(first).toISOString());

    // One date on its own: the second week's page, cancelled there; the others stay.
    await series
      .nth(1)
      .getByRole("link", { name: /^Manage/ })
      .click();
    await expect.poll(() => page.locator("#result-title").textContent()).toBe("Your appointment");
    await checkScreen(page, "17-series-manage");
    await page.getByRole("button", { name: "Cancel appointment" }).click();
    await page.locator(".cancel-form").getByRole("button", { name: "Cancel appointment" }).click();
    await expect.poll(() => page.locator("#result-title").textContent()).toBe("Your appointment was cancelled");
    await expect
      .poll(() => series.locator(".occurrence__status").allTextContents())
      .toEqual(["Confirmed", "Cancelled", "Awaiting confirmation", "Confirmed"]);

    // The rest of the series from the third week: the third and fourth go, the first stays.
    await series
      .nth(2)
      .getByRole("link", { name: /^Manage/ })
      .click();
    await expect.poll(() => page.locator("#result-title").textContent()).toBe("Appointment requested");
    await page.getByRole("button", { name: "Cancel this and later dates (2)" }).click();
    await page.getByRole("button", { name: "Cancel 2 appointments" }).click();
    await expect.poll(() => page.locator("#result-title").textContent()).toBe("Your appointment was cancelled");
    await expect
      .poll(() => series.locator(".occurrence__status").allTextContents())
      .toEqual(["Confirmed", "Cancelled", "Cancelled", "Cancelled"]);
    await checkScreen(page, "17-series-rest-cancelled");

    // One e-mail for the rest of the series, both dates in it, one file cancelling each event by its UID.
    const cancellations = async () =>
      (await mailTo(who.email)).filter((m) =>
        m.attachments.some((a) => a.content.toString("utf8").includes("METHOD:CANCEL")),
      );
    const restMail = async () => (await cancellations()).find((m) => (m.text ?? "").includes("These 2 appointments"));
    await expect.poll(async () => (await restMail()) !== undefined, { timeout: 20_000 }).toBe(true);
    const rest = await restMail();
    // The second week's own cancellation and this one: no e-mail per cancelled date. Each is its own
    // outbox message, so on a loaded machine the earlier one can still be on its way (retried).
    await expect.poll(async () => (await cancellations()).length, { timeout: 20_000 }).toBe(2);
    expect(rest!.text).toContain("Appointment 2");
    const restFile = new ICAL.Component(
      ICAL.parse(rest!.attachments.find((a) => a.contentType.startsWith("text/calendar"))!.content.toString("utf8")),
    );
    expect(restFile.getFirstPropertyValue("method")).toBe("CANCEL");
    const restEvents = restFile.getAllSubcomponents("vevent");
    expect(restEvents.map((v) => v.getFirstPropertyValue("status"))).toEqual(["CANCELLED", "CANCELLED"]);
    const booked = events.map((v) => v.getFirstPropertyValue("uid"));
    expect(restEvents.map((v) => v.getFirstPropertyValue("uid"))).toEqual([booked[2], booked[3]]);
  });

  it("every 2 weeks on a priced class: the dates a fortnight apart and the series' total, then booked", async () => {
    const key = await issueDemoKey();
    expect(key).not.toBe("");
    // A 20 % deposit, paid at the studio: each date's deposit is a fifth of its price after the coupon.
    const setting = (recurring: unknown) =>
      businessApiAs(key, "PATCH", `/calendars/${DEMO.calendars.yoga}`, {
        settings: { recurring, deposit: recurring ? { kind: "percentage", percent: 20 } : null },
      });
    expect(
      (await setting({ frequencies: [{ frequency: "weekly", interval: 2 }], maxCount: 3, policy: "skip" })).status,
    ).toBe(200);
    // 20 % off the yoga class, once per visitor: the series is one use.
    const code = `YOGA${Date.now() % 100000}`;
    const coupon = await businessApiAs(key, "POST", "/coupons", {
      code,
      value: { kind: "percentage", percent: 20 },
      calendarIds: [DEMO.calendars.yoga],
      maxUsesPerVisitor: 1,
    });
    expect(coupon.status).toBe(201);
    try {
      const { page } = await bookingPage(browser);
      await open(page, `${baseURL}/widget/booking/${DEMO.calendars.yoga}`);
      await (await firstSlot(page)).click();
      await expect.poll(() => heading(page).textContent()).toBe("Your information");
      // One appointment's price until the visitor repeats.
      await expect.poll(() => page.locator("#payment-title").count()).toBe(1);
      const summaryPrice = page.locator(".booking-summary .summary-price");
      expect(await summaryPrice.textContent()).toBe("Price: €15.00 · Deposit: €3.00");
      await page.getByLabel("How often").selectOption({ label: "Every 2 weeks" });
      const dates = page.getByRole("list", { name: "Your appointments" }).locator("li");
      await expect.poll(() => dates.count()).toBe(3);
      const statuses = await dates.locator(".occurrence__status").allTextContents();
      const booked = statuses.filter((s) => s === "Available").length;
      expect(booked).toBeGreaterThan(0);
      // The series' total (the server's sum over the dates it would book) replaces the one price.
      await expect.poll(() => page.locator("#payment-title").count()).toBe(0);
      const total = page.locator(".repeat .payment");
      expect(await total.locator("dt").first().textContent()).toBe(
        `Total for ${booked} appointment${booked === 1 ? "" : "s"}`,
      );
      expect(await total.locator("dd").first().textContent()).toBe(`€${(15 * booked).toFixed(2)}`);
      // The summary beside it says the same series' total without a coupon, never one date's price.
      const seriesLabel = `Total for ${booked} appointment${booked === 1 ? "" : "s"}`;
      const euros = (n: number) => `€${n.toFixed(2)}`;
      await expect
        .poll(() => summaryPrice.textContent())
        .toBe(`${seriesLabel}: ${euros(15 * booked)} · Deposit: ${euros(3 * booked)}`);
      await checkScreen(page, "17-fortnightly-total");

      // A coupon on the series (ADR 0051): applied once, it comes off every date's price.
      const who = contact("Fortnightly");
      await fillContact(page, who);
      await page.getByLabel("Coupon code").fill(code);
      await page.getByRole("button", { name: "Apply" }).click();
      await expect.poll(() => total.locator("dd").first().textContent()).toBe(`−€${(3 * booked).toFixed(2)}`);
      expect(await total.locator("dd").nth(1).textContent()).toBe(`€${(12 * booked).toFixed(2)}`);
      // The coupon's quote is the series' too (ADR 0052): what is said aloud and the summary beside it.
      expect(await page.locator(".details [role=status]").textContent()).toBe(
        `Coupon applied: €${(3 * booked).toFixed(2)} off. New total: €${(12 * booked).toFixed(2)}.`,
      );
      await expect
        .poll(() => summaryPrice.textContent())
        .toBe(`${seriesLabel}: ${euros(12 * booked)} · Deposit: ${euros(2.4 * booked)}`);
      // Back to one date: one appointment's price again, in the summary and the details step.
      await page.getByLabel("How often").selectOption({ label: "Just this once" });
      await expect.poll(() => page.locator("#payment-title").count()).toBe(1);
      await expect.poll(() => summaryPrice.textContent()).toBe("Price: €15.00 · Deposit: €3.00");
      await page.getByLabel("How often").selectOption({ label: "Every 2 weeks" });
      await expect.poll(() => dates.count()).toBe(3);
      await checkScreen(page, "51-series-coupon");
      await page.getByRole("button", { name: "Confirm booking" }).click();
      await expect
        .poll(() => page.locator("#result-title").textContent(), { timeout: 15_000 })
        .toBe("You are scheduled");
      const series = page.locator(".series .occurrence");
      await expect.poll(() => series.count()).toBe(3);
      const coupons = await businessApiAs(key, "GET", "/coupons");
      expect(coupons.body.find((c: { code: string }) => c.code === code)?.uses).toBe(1);
    } finally {
      await setting(null);
    }
  });
});

/**
 * A visitor pays a deposit through Stripe in a real browser, into the business's own Stripe account
 * (its keys set through the business API). js.stripe.com cannot be reached from here, so Stripe.js
 * is a stand-in (support/stripe-js-stand-in.ts) talking to the local stand-in for Stripe's API;
 * everything on this side of Stripe is real: the lazily loaded payment chunk, the CSP that lets it
 * load, the server's PaymentIntent in the business's account, the signed webhook on the business's
 * own endpoint, and the page waiting for it before it shows the confirmation.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { Browser } from "playwright-core";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO } from "../../src/adapters/db/seed/demo-ids.ts";
import { startFakeStripe, type FakeStripe } from "../support/fake-stripe.ts";
import { bookingPage, checkScreen, contact, fillContact, firstSlot, heading, open } from "./support/booking.ts";
import { launchBrowser } from "./support/browser.ts";
import { startServer, type RunningServer } from "./support/start-server.ts";
import { routeStripe } from "./support/stripe-js-stand-in.ts";
import { signInToConsole } from "./support/console.ts";
import { waitForHydration } from "./support/browser.ts";

const WEBHOOK_SECRET = "whsec_demo_studio_own_account";
let browser: Browser;
let fake: FakeStripe;
let server: RunningServer;
let accountKey: string;

beforeAll(async () => {
  fake = await startFakeStripe();
  accountKey = fake.addAccount();
  const { host, port } = fake.connection;
  // No server account: without the business's keys its payments would use the built-in test provider.
  [server, browser] = await Promise.all([startServer({ STRIPE_API_BASE: `http://${host}:${port}` }), launchBrowser()]);
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--import", "tsx", "scripts/business-key.ts", "--slug", "demo"],
    { env: { ...process.env, DATA_DIR: server.dataDir, PORT: new URL(server.url).port } },
  );
  const key = /bk_[A-Za-z0-9_-]{20,}/.exec(stdout)?.[0] ?? "";
  const saved = await fetch(`${server.url}/api/business/payments/stripe`, {
    method: "PUT",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({
      secretKey: accountKey,
      publishableKey: "pk_test_demoStudio",
      webhookSecret: WEBHOOK_SECRET,
    }),
  });
  expect(saved.status).toBe(200);
});
afterAll(async () => {
  await Promise.all([browser?.close(), server?.stop(), fake?.close()]);
});

/** Stripe tells the business's endpoint that its intent succeeded, signed with the business's secret. */
async function deliverSucceeded(intentId: string) {
  const payload = fake.event("payment_intent.succeeded", fake.intent(intentId));
  const res = await fetch(`${server.url}/api/webhooks/stripe/${DEMO.businessId}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
    body: payload,
  });
  expect(((await res.json()) as { outcome: string }).outcome).toBe("confirmed");
}

describe("the owner's Stripe keys in the console", () => {
  it("refuses a key Stripe does not accept at its field, keeping what was typed, and saves good keys", async () => {
    const { page } = await bookingPage(browser);
    await signInToConsole(page, server.url, "owner");
    await page.goto(`${server.url}/console/settings`);
    await waitForHydration(page);
    const state = page.getByTestId("stripe-state");
    await expect.poll(() => state.innerText()).toContain(`ending in ${accountKey.slice(-4)}`);
    expect(await page.locator("code", { hasText: "/api/webhooks/stripe/" }).innerText()).toMatch(
      new RegExp(`/api/webhooks/stripe/${DEMO.businessId}$`),
    );
    // The secrets are never sent back: the fields start empty.
    expect(await page.locator("#field-secretKey").inputValue()).toBe("");
    await checkScreen(page, "console-stripe-keys");

    await page.locator("#field-secretKey").fill("sk_test_nobodyKnowsThisKey");
    await page.locator("#field-publishableKey").fill("pk_test_demoStudio");
    await page.locator("#field-webhookSecret").fill(WEBHOOK_SECRET);
    await page.getByRole("button", { name: "Check and save the keys" }).click();
    await expect
      .poll(() => page.locator("#field-secretKey-error").innerText())
      .toBe("Stripe does not accept this key. Check that you copied it whole and that it has not been revoked.");
    expect(await page.locator("#field-secretKey").inputValue()).toBe("sk_test_nobodyKnowsThisKey");
    expect(await page.locator("#field-webhookSecret").inputValue()).toBe(WEBHOOK_SECRET);
    await checkScreen(page, "console-stripe-keys-refused");

    await page.locator("#field-secretKey").fill(accountKey);
    await page.getByRole("button", { name: "Check and save the keys" }).click();
    await expect
      .poll(() => page.locator("[aria-labelledby=settings-stripe] .console-saved").innerText())
      .toBe("Saved: new payments go to your Stripe account.");
    expect(await page.locator("#field-secretKey").inputValue()).toBe("");
    expect(await state.innerText()).toContain(`ending in ${accountKey.slice(-4)}`);
  });
});

describe("paying through Stripe's Payment Element (Stripe.js stand-in)", () => {
  it("a declined card keeps everything entered; another card pays the deposit and the confirmation follows the webhook", async () => {
    const who = contact("Stripe");
    const { page } = await bookingPage(browser);
    await routeStripe(page, fake);
    await open(page, `${server.url}/widget/booking/${DEMO.calendars.assessment}`);
    await (await firstSlot(page)).click();
    await expect.poll(() => heading(page).textContent()).toBe("Your information");
    await fillContact(page, who);
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await expect.poll(() => heading(page).textContent()).toBe("Payment");

    // Stripe's element, in the visitor's language; no test-mode card hints.
    const card = page.getByLabel("Card number");
    await expect.poll(() => card.count()).toBe(1);
    expect(await page.locator("[data-stand-in-locale]").getAttribute("data-stand-in-locale")).toBe("en");
    expect(await page.locator(".test-mode").count()).toBe(0);
    expect(await page.locator(".payment-amounts").innerText()).toMatch(
      /Total amount\s+€120\.00\s+Deposit\s+€30\.00\s+Remaining, paid to the business later\s+€90\.00\s+To pay now\s+€30\.00/,
    );
    expect(await page.getByRole("timer").textContent()).toMatch(/Time left to pay: (10:00|9:5\d)/);
    // The intent is the business's own account's, for the deposit.
    const intentRequest = fake.requests.filter((r) => r.path === "/v1/payment_intents").at(-1)!;
    expect(intentRequest).toMatchObject({ authorization: `Bearer ${accountKey}`, params: { amount: "3000" } });
    await checkScreen(page, "stripe-payment-step");

    await card.fill("4000 0000 0000 0002");
    await page.getByRole("button", { name: /^Pay now/ }).click();
    await expect
      .poll(() => page.locator(".payment-step .notice--error").textContent())
      .toBe("Your card was declined. Please try another card.");
    expect(await card.inputValue()).toBe("4000 0000 0000 0002");
    expect(await heading(page).textContent()).toBe("Payment");
    await checkScreen(page, "stripe-payment-declined");

    await card.fill("4242 4242 4242 4242");
    await page.getByRole("button", { name: /^Pay now/ }).click();
    // Stripe took the money; the page waits for the server to hear it from Stripe.
    await expect.poll(() => fake.requests.some((r) => r.path.endsWith("/confirm") && r.status === 200)).toBe(true);
    const confirmed = fake.requests.find((r) => r.path.endsWith("/confirm") && r.status === 200)!;
    const intentId = confirmed.path.split("/")[3]!;
    expect(fake.accountOf(intentId)).toBe(accountKey);
    await expect.poll(() => page.getByRole("button", { name: "Paying…" }).count()).toBe(1);
    expect(await page.locator("h1").textContent()).not.toBe("You are scheduled");
    await deliverSucceeded(intentId);
    await expect.poll(() => page.locator("h1").textContent(), { timeout: 10_000 }).toBe("You are scheduled");
    expect(await page.locator("dl").first().innerText()).toMatch(/Paid\s+€30\.00/);
    await checkScreen(page, "stripe-paid");
  });
});

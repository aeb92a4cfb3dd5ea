/**
 * Bot protection in the widget (issue 19, ADR 0055), in Chromium against the real server: a visitor
 * books as before while the proof of work is solved in a worker from the details step and sent with
 * the booking; pressing the button before it is solved shows "Checking…" and books when done; a
 * filled trap field (a bot, or a browser's autofill) books nothing, says so clearly, keeps all that
 * was typed, and the next press books. axe on each screen; screenshots at 390 and 1280 px.
 */
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { DEMO } from "../../src/adapters/db/seed/demo-ids.ts";
import { expectNoAxeViolations, launchBrowser } from "./support/browser.ts";
import { baseURL } from "./support/server.ts";
import { bookingPage, fillContact, firstSlot, heading, open, screenshots } from "./support/booking.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The booking posts the page sends, as JSON. */
function bookingPosts(page: Page) {
  const bodies: Record<string, unknown>[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/bookings")
      bodies.push(JSON.parse(request.postData() ?? "{}") as Record<string, unknown>);
  });
  return bodies;
}

async function toDetails(page: Page, calendarId: string) {
  await open(page, `${baseURL}/widget/booking/${calendarId}`);
  await (await firstSlot(page)).click();
  await expect.poll(() => heading(page).textContent()).toBe("Your information");
}

describe("bot protection in the booking widget", () => {
  it("books with a proof solved in the background; the trap field is hidden from people and assistive technology", async () => {
    const { page, context, pageErrors, consoleErrors } = await bookingPage(browser);
    const posts = bookingPosts(page);
    const workers: string[] = [];
    page.on("worker", (worker) => workers.push(worker.url()));
    await toDetails(page, DEMO.calendars.introCall);
    // The solver runs in its own worker file, started by the details step.
    await expect.poll(() => workers.some((url) => /\/assets\/proof-worker-[\w-]+\.js$/.test(url))).toBe(true);
    const trap = page.locator('input[name="_website"]');
    expect(await trap.getAttribute("tabindex")).toBe("-1");
    expect(await trap.getAttribute("autocomplete")).toBe("off");
    expect(await page.locator("form.details .trap-field").getAttribute("aria-hidden")).toBe("true");
    const box = await trap.boundingBox();
    expect(box === null || box.x + box.width <= 0).toBe(true);
    await expectNoAxeViolations(page);
    await fillContact(page, { firstName: "Ada", lastName: "Proof", email: "ada-proof@example.com" });
    // The keyboard never reaches the trap: from the last contact field Tab goes elsewhere.
    await page.getByRole("button", { name: "Confirm booking" }).click();
    await page.waitForURL(/done=booked/);
    expect(posts).toHaveLength(1);
    expect(posts[0]!.proof).toEqual(expect.any(String));
    expect(posts[0]!._website).toBeUndefined();
    const solution = JSON.parse(atob(posts[0]!.proof as string)) as { algorithm: string; number: number };
    expect(solution.algorithm).toBe("SHA-256");
    expect(pageErrors).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("shows 'Checking…' until the proof is solved, then books", async () => {
    const { page, context, pageErrors } = await bookingPage(browser);
    // A slow challenge (as on a slow phone): the visitor presses the button before it is solved.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/booking-challenge", async (route) => {
      await held;
      await route.continue();
    });
    await toDetails(page, DEMO.calendars.introCall);
    await fillContact(page, { firstName: "Ada", lastName: "Waiting", email: "ada-waiting@example.com" });
    await page.getByRole("button", { name: "Confirm booking" }).click();
    const button = page.locator("form.details button[type=submit]");
    await expect.poll(() => button.textContent()).toBe("Checking…");
    expect(await button.isDisabled()).toBe(true);
    await expectNoAxeViolations(page);
    await screenshots(page, "bots-checking");
    release();
    await page.waitForURL(/done=booked/);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("a filled trap field books nothing, says why, keeps what was typed, and the next press books", async () => {
    const { page, context } = await bookingPage(browser);
    const posts = bookingPosts(page);
    await toDetails(page, DEMO.calendars.introCall);
    await fillContact(page, { firstName: "Ada", lastName: "Autofill", email: "ada-autofill@example.com" });
    await page.getByLabel("Additional information").fill("Autofilled a hidden field");
    // What a form-filling bot (or an over-eager autofill) does.
    await page
      .locator('input[name="_website"]')
      .evaluate((input: HTMLInputElement) => (input.value = "https://x.example"));
    await page.getByRole("button", { name: "Confirm booking" }).click();
    const notice = page.locator(".notice");
    await expect
      .poll(() => notice.textContent())
      .toContain("We could not accept this booking. Please check your details and press the button again.");
    expect(page.url()).not.toMatch(/done=booked/);
    expect(posts.at(-1)!._website).toBe("https://x.example");
    // Nothing typed is lost.
    expect(await page.getByLabel("Last name").inputValue()).toBe("Autofill");
    expect(await page.getByLabel("Additional information").inputValue()).toBe("Autofilled a hidden field");
    await expectNoAxeViolations(page);
    await screenshots(page, "bots-refused");
    // The trap was cleared: pressing again books (a person whose browser filled it is not stuck).
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole("button", { name: "Confirm booking" }).click();
    await page.waitForURL(/done=booked/);
    expect(posts.at(-1)!._website).toBeUndefined();
    await context.close();
  });

  it("solves a default challenge well under a second here (the widget's own worker, 10 challenges)", async () => {
    const { page, context } = await bookingPage(browser);
    await open(page, `${baseURL}/widget/booking/${DEMO.calendars.introCall}`);
    const worker = fs.readdirSync("build/client/assets").find((f) => /^proof-worker-[\w-]+\.js$/.test(f))!;
    // As a string: the test runner's transform would add helpers the page does not have.
    const times = (await page.evaluate(`(async () => {
      const solve = (challenge) => new Promise((resolve) => {
        const w = new Worker("/assets/${worker}", { type: "module" });
        const started = performance.now();
        w.onmessage = (e) => { resolve({ ms: performance.now() - started, proof: e.data, max: challenge.maxnumber }); w.terminate(); };
        w.postMessage(challenge);
      });
      const out = [];
      for (let i = 0; i < 10; i++) out.push(await solve(await (await fetch("/api/booking-challenge")).json()));
      return out;
    })()`)) as { ms: number; proof: string | null; max: number }[];
    expect(times.every((t) => t.proof !== null && t.max === 20_000)).toBe(true);
    const mean = times.reduce((sum, t) => sum + t.ms, 0) / times.length;
    console.info(
      `proof of work at maxnumber 20000 in Chromium's worker: mean ${mean.toFixed(0)} ms, max ${Math.max(...times.map((t) => t.ms)).toFixed(0)} ms (10 challenges)`,
    );
    expect(mean).toBeLessThan(1_000);
    await context.close();
  });

  it("the German widget says 'Wird geprüft…' while checking", async () => {
    const { page, context } = await bookingPage(browser);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/booking-challenge", async (route) => {
      await held;
      await route.continue();
    });
    await open(page, `${baseURL}/de/widget/booking/${DEMO.calendars.introCall}`);
    await (await firstSlot(page)).click();
    await page.getByLabel("Vorname").fill("Ada");
    await page.getByLabel("Nachname").fill("Prüfung");
    await page.getByLabel(/^E-Mail/).fill("ada-de@example.com");
    await page.locator("form.details button[type=submit]").click();
    await expect.poll(() => page.locator("form.details button[type=submit]").textContent()).toBe("Wird geprüft…");
    release();
    await page.waitForURL(/done=booked/);
    await context.close();
  });
});

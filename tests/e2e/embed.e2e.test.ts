/**
 * Issue 17: a business pastes one snippet into its own site and a visitor books without leaving it.
 * The host page (src/embed/demo-host.ts) runs on another site than the widget — `localhost` against
 * `127.0.0.1` — under a strict CSP of its own, in a browser that blocks third-party cookies.
 */
import type { Browser, Frame, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessApiAs, issueDemoKey } from "./support/demo-api.ts";
import { baseURL } from "./support/server.ts";
import { DEMO } from "../../src/adapters/db/seed/demo-ids.ts";
import { startDemoHost, type DemoHost } from "../../src/embed/demo-host.ts";
import { expectNoAxeViolations, launchBrowser, waitForHydration } from "./support/browser.ts";
import { clientAddress, contact, firstSlot, screenshots } from "./support/booking.ts";

let browser: Browser;
let host: DemoHost;
let demoKey = "";

const businessApi = (method: string, path: string, body?: unknown) => businessApiAs(demoKey, method, path, body);

beforeAll(async () => {
  // Blocks third-party cookies the way browsers now do (and partitions what is left: CHIPS).
  browser = await launchBrowser(["--test-third-party-cookie-phaseout"]);
  host = await startDemoHost({ appOrigin: baseURL });
  demoKey = await issueDemoKey();
  expect(demoKey).not.toBe("");
});
afterAll(async () => {
  if (demoKey) await businessApi("PATCH", "", { embedOrigins: [] });
  await browser?.close();
  await host?.close();
});

async function hostPage(query = "", viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ viewport });
  await context.setExtraHTTPHeaders({ "x-forwarded-for": clientAddress() });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto(`${host.url}${query}`);
  return { context, page, errors };
}

/** The widget's frame for a calendar, once hydrated. */
async function widgetFrame(page: Page, calendarId: string): Promise<Frame> {
  let frame: Frame | undefined;
  await expect
    .poll(() => (frame = page.frames().find((f) => f.url().includes(`/widget/booking/${calendarId}`))), {
      timeout: 15_000,
    })
    .toBeTruthy();
  await frame!.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  return frame!;
}

/** The frame is as tall as what it shows: no inner scrollbar, no gap below. */
async function expectFrameFitsContent(page: Page, frame: Frame) {
  await expect
    .poll(async () => {
      const inner = await frame.evaluate(() => ({
        content: Math.ceil(document.body.getBoundingClientRect().height),
        scroll: document.documentElement.scrollHeight,
        viewport: window.innerHeight,
      }));
      const outer = await (
        await frame.frameElement()
      ).evaluate((el) => (el as HTMLElement).getBoundingClientRect().height);
      return inner.scroll <= inner.viewport && Math.abs(outer - inner.content) <= 1;
    })
    .toBe(true);
}

const heard = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { bookingEvents: { name: string; detail: Record<string, unknown> }[] }).bookingEvents,
  );

describe("the widget on a business's own site", () => {
  it("inline: prefilled, sized to every step at 1280 and 390 px, booked with third-party cookies blocked, each event heard", async () => {
    const who = contact("Embedded");
    const { context, page, errors } = await hostPage(`?email=${who.email}&first-name=${who.firstName}`);
    const frame = await widgetFrame(page, DEMO.calendars.introCall);

    // The browser really refuses the widget's cookies here: what follows works without any.
    const keptCookie = await frame.evaluate(() => {
      document.cookie = "probe=1; Path=/; SameSite=None; Secure";
      return document.cookie.includes("probe=1");
    });
    expect(keptCookie).toBe(false);
    await expectFrameFitsContent(page, frame);

    await (await firstSlot(frame)).click();
    await expect.poll(() => frame.locator("#step-heading").textContent()).toBe("Your information");
    expect(await frame.getByLabel("First name").inputValue()).toBe(who.firstName);
    expect(await frame.getByLabel(/^Email \(required\)/).inputValue()).toBe(who.email);
    await expectFrameFitsContent(page, frame);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectFrameFitsContent(page, frame);
    await screenshots(page, "50-embed-inline-details");

    await frame.getByLabel("Last name").fill(who.lastName);
    await frame.getByRole("button", { name: "Confirm booking" }).click();
    await expect.poll(() => frame.locator("h1").textContent(), { timeout: 10_000 }).toBe("You are scheduled");
    await expectFrameFitsContent(page, frame);
    await page.setViewportSize({ width: 1280, height: 900 });
    await expectFrameFitsContent(page, frame);

    const events = await heard(page);
    const names = events.map((e) => e.name);
    expect(names).toEqual(expect.arrayContaining(["slots-loaded", "slot-chosen", "resize", "booked"]));
    const booked = events.find((e) => e.name === "booked")!.detail;
    expect(booked).toMatchObject({ calendarId: DEMO.calendars.introCall, status: "confirmed" });
    expect(booked.bookingId).toEqual(expect.any(String));
    // Nothing that would let another script on the host page manage the booking.
    expect(JSON.stringify(events)).not.toMatch(/token|@example\.com/);

    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("checks origins both ways: the host ignores look-alike messages, a frame that lies about its host tells nobody", async () => {
    const { context, page } = await hostPage();
    await widgetFrame(page, DEMO.calendars.introCall);
    await page.evaluate(() => {
      // A message with the widget's shape, but from the host page itself (another origin than the widget's).
      window.postMessage({ source: "booking-widget", event: "booked", detail: { forged: true } }, "*");
      // A frame of the real widget whose name claims another host: it must post nothing to this page.
      const w = window as unknown as { rawMessages: unknown[] };
      w.rawMessages = [];
      addEventListener("message", (e) => {
        if ((e.data as { source?: string })?.source === "booking-widget" && e.origin !== location.origin)
          w.rawMessages.push(e.source === document.querySelector<HTMLIFrameElement>("#liar")?.contentWindow);
      });
    });
    await page.evaluate((src) => {
      const liar = document.createElement("iframe");
      liar.id = "liar";
      liar.name = "booking-embed:https://elsewhere.example";
      liar.src = src;
      document.body.append(liar);
    }, `${baseURL}/widget/booking/${DEMO.calendars.yoga}?embed=1`);
    const liar = await widgetFrame(page, DEMO.calendars.yoga);
    await expect.poll(() => liar.evaluate(() => document.documentElement.dataset.embedded)).toBe("true");
    await page.waitForTimeout(500);
    expect((await heard(page)).some((e) => e.detail.forged)).toBe(false);
    expect(await page.evaluate(() => (window as unknown as { rawMessages: boolean[] }).rawMessages)).not.toContain(
      true,
    );
    await context.close();
  });

  it("pop-up and floating button: focus moves into the dialog and back, Escape in the widget closes it, axe-clean", async () => {
    const { context, page, errors } = await hostPage();
    await widgetFrame(page, DEMO.calendars.introCall);
    await expectNoAxeViolations(page);
    const trigger = page.getByRole("button", { name: "Book a massage" });
    await trigger.click();
    const dialog = page.getByRole("dialog", { name: "Book a massage" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Close");
    const frame = await widgetFrame(page, DEMO.calendars.massage);
    // Open, the modal dialog is all a visitor can reach (showModal makes the page behind it inert).
    await expectNoAxeViolations(page, "dialog[open]");
    await screenshots(page, "51-embed-popup");

    // Into the widget by keyboard, then Escape there: the host's dialog closes and focus comes back.
    await page.keyboard.press("Tab");
    await expect.poll(() => frame.evaluate(() => document.hasFocus())).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => trigger.evaluate((el) => el === document.activeElement)).toBe(true);

    // Opened again, it is the same (pre-rendered) widget, at once.
    await trigger.click();
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await page.getByRole("button", { name: "Close" }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);

    const floating = page.getByRole("button", { name: "Join a yoga class" });
    // Without a brand colour the button keeps the loader's own blue.
    expect(await floating.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe("rgb(11, 92, 173)");
    await floating.click();
    await expect.poll(() => page.getByRole("dialog", { name: "Join a yoga class" }).isVisible()).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => floating.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("speaks the language the snippet names: a German site gets a German widget", async () => {
    const { context, page } = await hostPage("?lang=de", { width: 390, height: 844 });
    const frame = await widgetFrame(page, DEMO.calendars.introCall);
    expect(await frame.evaluate(() => document.documentElement.lang)).toBe("de-DE");
    await expect.poll(() => frame.locator("#step-heading").textContent()).toBe("Datum und Uhrzeit auswählen");
    await page.getByRole("button", { name: "Book a massage" }).click();
    expect(await page.getByRole("button", { name: "Schließen" }).count()).toBe(1);
    await context.close();
  });

  it("dark theme and a pale brand colour: readable on every step (axe), kept through the steps", async () => {
    const { context, page } = await hostPage("?theme=dark&brand=%23ffd400", { width: 390, height: 844 });
    const frame = await widgetFrame(page, DEMO.calendars.introCall);
    const look = () =>
      frame.evaluate(() => ({
        theme: document.documentElement.dataset.theme,
        accent: getComputedStyle(document.documentElement).getPropertyValue("--accent").trim(),
      }));
    // Yellow on the dark surface already reads well: kept as the brand gave it.
    expect(await look()).toEqual({ theme: "dark", accent: "#ffd400" });
    // The floating button wears the brand too, with the text that reads on it (near-black on yellow).
    const floating = page.getByRole("button", { name: "Join a yoga class" });
    expect(await floating.evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color])).toEqual(
      ["rgb(255, 212, 0)", "rgb(11, 18, 32)"],
    );
    await screenshots(page, "52-embed-dark-brand");
    // A full page load inside the frame without the look on its address (a payment provider's
    // redirect back, a reload) keeps it: the frame's own partitioned cookie (embed-look.ts).
    await frame.evaluate(() => {
      window.location.href = window.location.pathname;
    });
    await expect.poll(() => frame.url().includes("?"), { timeout: 10_000 }).toBe(false);
    await expect
      .poll(() => look().catch(() => null), { timeout: 10_000 })
      .toEqual({ theme: "dark", accent: "#ffd400" });
    await context.close();

    // The same address opened on its own, where axe can see the whole page.
    const solo = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const widget = await solo.newPage();
    await widget.goto(`${baseURL}/widget/booking/${DEMO.calendars.introCall}?theme=dark&brand=%23ffd400`);
    await waitForHydration(widget);
    await firstSlot(widget);
    await expectNoAxeViolations(widget);
    await (await firstSlot(widget)).click();
    await expect.poll(() => widget.locator("#step-heading").textContent()).toBe("Your information");
    expect(await widget.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
    await widget.getByRole("button", { name: "Confirm booking" }).click();
    await expect.poll(() => widget.locator(".field__error").count()).toBeGreaterThan(0);
    await expectNoAxeViolations(widget);
    await screenshots(widget, "53-widget-dark-details");
    await solo.close();
  });

  it("a site outside the business's allow-list cannot frame its widget; a listed one can", async () => {
    const other = await startDemoHost({ appOrigin: baseURL });
    try {
      const allowed = new URL(host.url).origin;
      const patched = await businessApi("PATCH", "", { embedOrigins: [allowed] });
      expect(patched.body.embedOrigins).toEqual([allowed]);
      const refused = await businessApi("PATCH", "", { embedOrigins: [`${allowed}/booking`] });
      expect(refused.status).toBe(400);

      const { context, page } = await hostPage();
      await widgetFrame(page, DEMO.calendars.introCall);
      await context.close();

      const outsider = await browser.newContext();
      const outsiderPage = await outsider.newPage();
      await outsiderPage.goto(other.url);
      await outsiderPage.waitForTimeout(1500);
      const frame = outsiderPage.frames().find((f) => f.url().includes(DEMO.calendars.introCall));
      const rendered = frame
        ? await frame.evaluate(() => document.querySelector("#step-heading") !== null).catch(() => false)
        : false;
      expect(rendered).toBe(false);
      await outsider.close();
    } finally {
      await businessApi("PATCH", "", { embedOrigins: [] });
      await other.close();
    }
  });

  it("the business API writes the snippet", async () => {
    const res = await businessApi(
      "GET",
      `/calendars/${DEMO.calendars.massage}/embed?mode=popup&lang=de&brand=%23aa3377`,
    );
    expect(res.status).toBe(200);
    expect(res.body.html).toBe(
      `<script async src="${res.body.scriptUrl}"></script>\n` +
        `<button type="button" data-booking-popup="/widget/booking/${DEMO.calendars.massage}" data-booking-lang="de" data-booking-brand="#aa3377">Termin buchen</button>`,
    );
    expect((await businessApi("GET", `/calendars/${DEMO.calendars.massage}/embed?mode=sideways`)).status).toBe(400);
  });
});

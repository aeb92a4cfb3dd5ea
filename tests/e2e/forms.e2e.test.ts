/**
 * Issue 15 in a real browser: the demo contact form sent with JavaScript disabled (a validation
 * error round trip that keeps what was typed, then the thank-you), and the demo's branching survey
 * on both paths with Back, a reload that resumes, and the disqualification — axe clean throughout.
 * The business then reads the submissions through its API.
 */
import fs from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueDemoKey } from "./support/demo-api.ts";
import { baseURL } from "./support/server.ts";
import { DEMO } from "../../src/adapters/db/seed/demo-ids.ts";
import { MIN_FILL_MS } from "../../src/app/forms/fill-token.ts";
import { expectNoAxeViolations, launchBrowser, newPage, waitForHydration } from "./support/browser.ts";

let browser: Browser;
let demoKey = "";
/** A PNG's signature and header, padded: what a photo's first bytes look like. */
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(600)]);

beforeAll(async () => {
  browser = await launchBrowser();
  demoKey = await issueDemoKey();
});
afterAll(async () => {
  await browser?.close();
});

/** Waits until the page's fill token is old enough to be accepted (the spam check's minimum fill time). */
async function waitForFillTime(page: Page) {
  // Read in Node: with JavaScript disabled the page runs no polling function.
  const issued = Number((await page.locator("input[name=_fill]").inputValue()).split(".")[0]);
  await expect.poll(() => Date.now() - issued, { timeout: 10_000 }).toBeGreaterThan(MIN_FILL_MS + 250);
}

async function submissions(formId: string) {
  const res = await fetch(`${baseURL}/api/business/forms/${formId}/submissions`, {
    headers: { authorization: `Bearer ${demoKey}` },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { items: { answers: Record<string, unknown>; isDisqualified: boolean }[] }).items;
}

describe("the contact form without JavaScript", () => {
  it("shows server-side errors next to their fields, keeps every value, then thanks", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${baseURL}/widget/form/${DEMO.formId}?source=newsletter`);
    await page.getByLabel("Your name").fill("Ann Example");
    await page.locator("#field-email").fill("ann@");
    await page.locator("#field-message").fill('Hello, "studio"!\nSecond line.');
    await page.getByLabel("By phone").check();
    await page.getByLabel("Gift voucher amount (EUR)").fill("ten euros");
    await page
      .getByLabel("A photo or document")
      .setInputFiles({ name: "voucher.png", mimeType: "image/png", buffer: PNG });
    expect(await page.getByRole("img", { name: "The studio's bright treatment room" }).count()).toBe(1);
    const response = page.waitForResponse((r) => r.request().method() === "POST");
    await page.getByRole("button", { name: "Send" }).click();
    expect((await response).status()).toBe(400);

    const email = page.locator("#field-email");
    await expect.poll(() => email.getAttribute("aria-invalid")).toBe("true");
    const described = (await email.getAttribute("aria-describedby")) ?? "";
    expect(await page.locator(`#${described}`).textContent()).toBe("Email is invalid!");
    // A dropdown takes one choice: "an option", not "at least one".
    expect(await page.locator("#field-topic-error").textContent()).toBe("Please choose an option.");
    expect(await page.locator("#field-consent-error").textContent()).toBe("This field is required.");
    expect(await page.locator("#field-voucher-error").textContent()).toBe("Enter an amount, for example 45.50.");
    expect(await page.locator("#field-voucher").inputValue()).toBe("ten euros");
    expect(await page.getByLabel("Your name").inputValue()).toBe("Ann Example");
    expect(await email.inputValue()).toBe("ann@");
    expect(await page.locator("#field-message").inputValue()).toBe('Hello, "studio"!\nSecond line.');
    expect(await page.getByLabel("By phone").isChecked()).toBe(true);
    // The file was kept on that post: the page names it and does not ask for it again.
    expect(await page.locator("#field-attachment-kept").textContent()).toMatch(/^Attached: voucher\.png \(1 kB\)/);

    await email.fill("ann@example.com");
    await page.locator("#field-voucher").fill("45,5");
    await page.locator("#field-topic").selectOption("treatments");
    await page.getByLabel(/I agree/).check();
    await waitForFillTime(page);
    await page.getByRole("button", { name: "Send" }).click();
    await expect.poll(() => page.locator("h1").textContent()).toBe("Thank you for your message");
    await context.close();

    const stored = await submissions(DEMO.formId);
    expect(stored[0]?.answers).toMatchObject({
      name: "Ann Example",
      email: "ann@example.com",
      topic: "treatments",
      reply: "phone",
      voucher: "45.50",
      consent: "yes",
      source: "newsletter",
      attachment: "voucher.png",
    });
    // The business downloads the very bytes, typed by their content.
    const { id } = stored[0] as unknown as { id: string };
    const file = await fetch(`${baseURL}/api/business/forms/${DEMO.formId}/submissions/${id}/files/attachment`, {
      headers: { authorization: `Bearer ${demoKey}` },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true);
  });
});

describe("the contact form over plain HTTP", () => {
  const catalog = (code: string) =>
    JSON.parse(fs.readFileSync(`src/i18n/catalogs/${code}.json`, "utf8")) as Record<string, string>;
  const escape = (text: string) => text.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("'", "&#x27;");

  it.each(["en", "de"])("answers a bare POST with the spec's §5 messages in %s", async (code) => {
    const path = `${code === "en" ? "" : `/${code}`}/widget/form/${DEMO.formId}`;
    const page = await (await fetch(`${baseURL}${path}`)).text();
    const version = /name="_version" value="(\d+)"/.exec(page)?.[1];
    const fill = /name="_fill" value="([^"]+)"/.exec(page)?.[1];
    const body = new URLSearchParams({
      _slide: "contact",
      _version: version ?? "",
      _fill: fill ?? "",
      email: "x@",
      name: "Ann",
    });
    const res = await fetch(`${baseURL}${path}`, { method: "POST", body });
    expect(res.status).toBe(400);
    const html = await res.text();
    const t = catalog(code);
    for (const key of ["widget.validation.required", "widget.validation.chooseOne", "widget.validation.emailInvalid"])
      expect(html, key).toContain(escape(t[key]!));
    expect(html).toContain('value="Ann"');
    if (code === "en") {
      expect(html).toContain("This field is required.");
      expect(html).toContain("Please choose an option.");
    }
  });
});

describe("the contact form with JavaScript", () => {
  it("checks in the browser first, with the same messages, and passes axe with errors shown", async () => {
    const { page, context, pageErrors } = await newPage(browser, { viewport: { width: 1280, height: 800 } });
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST") posts.push(r.url());
    });
    await page.goto(`${baseURL}/fr/widget/form/${DEMO.formId}`);
    await waitForHydration(page);
    await page.locator("#field-email").fill("nope");
    // A file of a kind the field does not take is refused before anything is sent.
    await page
      .locator("#field-attachment")
      .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    await page.getByRole("button", { name: "Envoyer" }).click();
    await expect
      .poll(() => page.locator("#field-attachment-error").textContent())
      .toBe("Ce type de fichier n’est pas accepté.");
    await expect.poll(() => page.locator("#field-email-error").textContent()).not.toBeNull();
    expect(await page.locator("#field-name-error").textContent()).toBe("Ce champ est obligatoire.");
    // The first invalid field has the focus; nothing was sent.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("field-name");
    expect(posts).toEqual([]);
    await expectNoAxeViolations(page);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe("the branching survey", () => {
  const url = `${baseURL}/de/widget/survey/${DEMO.surveyId}`;
  const progress = (page: Page) => page.locator("#form-progress-label").textContent();
  const next = (page: Page) => page.getByRole("button", { name: "Weiter" }).click();

  it("returning visitors: rating slide, back keeps answers, a reload resumes, then thanks", async () => {
    const { page, context, pageErrors } = await newPage(browser, { viewport: { width: 1280, height: 800 } });
    await page.goto(url);
    await waitForHydration(page);
    expect(await progress(page)).toBe("Schritt 1 von 3");
    await next(page);
    // Client validation first: same messages, nothing posted.
    await expect.poll(() => page.locator(".field__error").count()).toBe(2);
    await page
      .getByRole("group", { name: /18 oder älter/ })
      .getByLabel("Ja")
      .check();
    await page
      .getByRole("group", { name: /erster Besuch/ })
      .getByLabel("Nein")
      .check();
    await next(page);
    await expect.poll(() => page.locator("h2").textContent()).toBe("Ihr letzter Besuch");
    expect(await progress(page)).toBe("Schritt 2 von 3");
    await expectNoAxeViolations(page);

    // A low rating shows the follow-up question at once.
    await page.getByLabel("2", { exact: true }).check();
    await expect.poll(() => page.getByLabel("Was können wir besser machen?").count()).toBe(1);
    await page.getByLabel("Was können wir besser machen?").fill("Warmer towels");
    await page.getByRole("button", { name: "Zurück" }).click();
    await expect.poll(() => page.locator("h2").textContent()).toBe("Über Sie");
    expect(
      await page
        .getByRole("group", { name: /erster Besuch/ })
        .getByLabel("Nein")
        .isChecked(),
    ).toBe(true);
    await next(page);
    await expect.poll(() => page.locator("h2").textContent()).toBe("Ihr letzter Besuch");
    expect(await page.getByLabel("2", { exact: true }).isChecked()).toBe(true);
    expect(await page.getByLabel("Was können wir besser machen?").inputValue()).toBe("Warmer towels");
    await next(page);
    await expect.poll(() => page.locator("h2").textContent()).toBe("In Kontakt bleiben");

    // A reload aborts whatever the old document still had in flight (React Router's own requests),
    // which Chromium may report as an uncaught "signal is aborted" of the page being left: not an
    // error a visitor can see, so only those are dropped, and only from the reload's moment.
    const beforeReload = pageErrors.length;
    await page.reload();
    await waitForHydration(page);
    pageErrors.splice(
      beforeReload,
      pageErrors.length - beforeReload,
      ...pageErrors.slice(beforeReload).filter((message) => !/signal is aborted/.test(message)),
    );
    await expect.poll(() => page.locator("h2").textContent()).toBe("In Kontakt bleiben");
    expect(await progress(page)).toBe("Schritt 3 von 3");
    await page.getByLabel("E-Mail").fill("returning@example.com");
    await page.getByLabel(/darf mir/).check();
    await waitForFillTime(page);
    await page.getByRole("button", { name: "Absenden" }).click();
    await expect.poll(() => page.locator("h1").textContent()).toBe("Vielen Dank für Ihre Antworten");
    await expectNoAxeViolations(page);
    expect(pageErrors).toEqual([]);
    await context.close();

    const stored = await submissions(DEMO.surveyId);
    expect(stored[0]?.answers).toEqual({
      adult: "yes",
      firstVisit: "no",
      rating: "2",
      improve: "Warmer towels",
      email: "returning@example.com",
      consent: "yes",
    });
  });

  it("new visitors get the interests slide instead; minors are disqualified at once", async () => {
    const { page, context } = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await page.goto(url);
    await waitForHydration(page);
    await page
      .getByRole("group", { name: /18 oder älter/ })
      .getByLabel("Ja")
      .check();
    await page
      .getByRole("group", { name: /erster Besuch/ })
      .getByLabel("Ja")
      .check();
    await next(page);
    await expect.poll(() => page.locator("h2").textContent()).toBe("Der Anfang");
    expect(await progress(page)).toBe("Schritt 2 von 3");
    await page.getByLabel("Yoga").check();
    await next(page);
    await expect.poll(() => page.locator("h2").textContent()).toBe("In Kontakt bleiben");
    await page.getByRole("button", { name: "Zurück" }).click();
    await expect.poll(() => page.locator("h2").textContent()).toBe("Der Anfang");
    expect(await page.getByLabel("Yoga").isChecked()).toBe(true);
    await page.getByRole("button", { name: "Zurück" }).click();
    await expect.poll(() => page.locator("h2").textContent()).toBe("Über Sie");

    const before = (await submissions(DEMO.surveyId)).length;
    await page
      .getByRole("group", { name: /18 oder älter/ })
      .getByLabel("Nein")
      .check();
    await next(page);
    await expect.poll(() => page.locator("h1").textContent()).toBe("Vielen Dank für Ihr Interesse");
    expect(await page.locator("main p, .form-page p").first().textContent()).toContain("nur für Erwachsene");
    await expectNoAxeViolations(page);
    expect(await submissions(DEMO.surveyId)).toHaveLength(before);
    await context.close();
  });
});

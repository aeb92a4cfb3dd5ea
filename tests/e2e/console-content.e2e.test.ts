/**
 * Issue 18, the content part of the console, in a real browser: the owner reaches Forms & surveys
 * by keyboard, sees each form's submission count and public page, reads a form's submissions newest
 * first a page at a time (each answer under the question its version asked, dates in the page's
 * language), downloads them as CSV, and meets the empty and unknown cases; a staff login is refused.
 * Every screen axe-clean, shot at 390 and 1280 px with long names and unbroken answers.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FormDefinition } from "../../src/core/forms/definition.ts";
import { MIN_FILL_MS } from "../../src/app/forms/fill-token.ts";
import { expectNoAxeViolations, launchBrowser, newPage, waitForHydration } from "./support/browser.ts";
import { clientAddress, screenshots } from "./support/booking.ts";
import { consoleApiJson, consoleAs } from "./support/console.ts";
import { baseURL } from "./support/server.ts";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function checkScreen(page: Page, name: string) {
  // One document title, the route's (not a second one from the screen).
  expect(await page.evaluate(() => document.querySelectorAll("title").length)).toBe(1);
  await expectNoAxeViolations(page);
  await screenshots(page, name);
}

/** Moves focus to the element by pressing Tab, as a keyboard user does, then activates it with Enter. */
async function tabToAndPress(page: Page, selector: string) {
  const target = page.locator(selector);
  await target.waitFor();
  for (let presses = 0; presses < 200; presses++) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((el) => el === document.activeElement)) {
      await page.keyboard.press("Enter");
      return;
    }
  }
  throw new Error(`Tab never reached ${selector}`);
}

const LONG_NAME = "Anfrage für Gruppenbuchungen, Firmenveranstaltungen und Geschenkgutscheine im Studio Nordwind";
const UNBROKEN = `very.long.address.${"x".repeat(80)}@northwind-firmenveranstaltungen.example`;

const definition = (nameLabel: string): FormDefinition => ({
  formatVersion: 1,
  slides: [
    {
      id: "main",
      fields: [
        { id: "name", type: "text", label: { en: nameLabel, de: "Ihr Name" }, required: true },
        {
          id: "topic",
          type: "checkboxes",
          label: { en: "Topics" },
          options: [
            { value: "groups", label: { en: "Group booking" } },
            { value: "vouchers", label: { en: "Gift vouchers" } },
          ],
        },
        { id: "message", type: "textarea", label: { en: "Message" } },
      ],
    },
  ],
  endings: [{ id: "thanks", kind: "message", title: { en: "Thank you!" } }],
});

/** Submits the public page as a browser without JavaScript would (its fill token waited for). */
async function submitMany(formId: string, answers: readonly Record<string, string | string[]>[]) {
  const pageUrl = `${baseURL}/widget/form/${formId}`;
  const html = await (await fetch(pageUrl)).text();
  const fill = /name="_fill" value="([^"]+)"/.exec(html)?.[1];
  const version = /name="_version" value="(\d+)"/.exec(html)?.[1];
  expect(fill).toBeDefined();
  await new Promise((resolve) => setTimeout(resolve, MIN_FILL_MS + 200));
  for (const answer of answers) {
    const body = new URLSearchParams({ _fill: fill!, _version: version!, _slide: "main", _intent: "next" });
    for (const [key, value] of Object.entries(answer))
      for (const one of Array.isArray(value) ? value : [value]) body.append(key, one);
    const res = await fetch(pageUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": clientAddress() },
      body,
    });
    expect(res.status, await res.text().then((t) => t.slice(0, 200))).toBeLessThan(400);
  }
}

describe("the owner's forms and surveys", () => {
  it("lists them with counts and public pages, and reads a form's submissions page by page", async () => {
    const owner = await newPage(browser, { viewport: { width: 1280, height: 800 } });
    const page = owner.page;
    await consoleAs(page, baseURL, "owner");

    const form = await consoleApiJson<{ id: string }>(page, "POST", "/business/forms", {
      kind: "form",
      name: LONG_NAME,
      definition: definition("Your name"),
    });
    expect(form.status).toBe(201);
    const survey = await consoleApiJson<{ id: string }>(page, "POST", "/business/forms", {
      kind: "survey",
      name: "Empty feedback survey",
      definition: definition("Name"),
    });
    expect(survey.status).toBe(201);

    // 23 answers to version 1, then the question renamed and one more answer to version 2.
    const older = Array.from({ length: 23 }, (_, i) => ({
      name: `Visitor ${String(i + 1).padStart(2, "0")}`,
      topic: i % 2 ? ["groups", "vouchers"] : ["groups"],
      message: i === 22 ? UNBROKEN : "",
    }));
    await submitMany(form.body.id, older);
    const renamed = await consoleApiJson(page, "PATCH", `/business/forms/${form.body.id}`, {
      definition: definition("Full name"),
    });
    expect(renamed.status).toBe(200);
    await submitMany(form.body.id, [{ name: "Newest Visitor", topic: ["vouchers"], message: "Line one\nLine two" }]);

    // The section, reached by keyboard from the console's first screen.
    await waitForHydration(page);
    await tabToAndPress(page, '.console__nav a[href="/console/forms"]');
    await page.locator("#forms-title").waitFor();
    expect(await page.locator("#forms-title").innerText()).toBe("Forms & surveys");
    expect(await page.title()).toMatch(/^Forms & surveys · /);
    const row = page.locator(".console-forms tr", { hasText: LONG_NAME });
    expect(await row.locator('td[data-label="Submissions"]').innerText()).toBe("24");
    expect(await row.locator('td[data-label="Type"]').innerText()).toBe("Form");
    expect(await row.getByRole("link", { name: `Open public page ${LONG_NAME}` }).getAttribute("href")).toBe(
      `/widget/form/${form.body.id}`,
    );
    const surveyRow = page.locator(".console-forms tr", { hasText: "Empty feedback survey" });
    expect(await surveyRow.locator('td[data-label="Submissions"]').innerText()).toBe("0");
    expect(await surveyRow.getByRole("link", { name: /Open public page/ }).getAttribute("href")).toBe(
      `/widget/survey/${survey.body.id}`,
    );
    await checkScreen(page, "console-forms");

    // One form's submissions: newest first, 20 a page, each answer labelled by its own version.
    await tabToAndPress(page, `.console-forms a[href="/console/forms/${form.body.id}"]`);
    await page.locator(".console-submission").first().waitFor();
    expect(await page.locator("#form-title").innerText()).toBe(LONG_NAME);
    expect(await page.locator(".console-intro").innerText()).toBe("Form · 24 submissions");
    const items = page.locator(".console-submission");
    expect(await items.count()).toBe(20);
    const newest = items.first();
    expect(await newest.locator("dt").allInnerTexts()).toEqual(["Full name", "Topics", "Message"]);
    expect(await newest.locator("dd").allInnerTexts()).toEqual([
      "Newest Visitor",
      "Gift vouchers",
      "Line one\nLine two",
    ]);
    // The language the visitor answered in, named in the console's.
    expect(await newest.locator("p.console-muted").allInnerTexts()).toEqual(["Answered in English"]);
    const second = items.nth(1);
    expect(await second.locator("dt").allInnerTexts()).toEqual(["Your name", "Topics", "Message"]);
    expect(await second.locator("dd").first().innerText()).toBe("Visitor 23");
    expect(await second.locator("dd").nth(1).innerText()).toBe("Group booking");
    // The date as the page's language writes it, in the business's time zone.
    const session = await consoleApiJson<{ business: { timeZone: string } }>(page, "GET", "/console/session");
    const stamp = await newest.locator("time").getAttribute("datetime");
    expect(await newest.locator("h2").innerText()).toBe(
      new Intl.DateTimeFormat("en-US", {
        timeZone: session.body.business.timeZone,
        dateStyle: "medium",
        timeStyle: "short",
      }).format(new Date(stamp!)),
    );
    // The CSV is the API's export, with the session's cookie.
    const csvHref = await page.getByRole("link", { name: "Download CSV" }).getAttribute("href");
    expect(csvHref).toBe(`/api/business/forms/${form.body.id}/submissions.csv?lang=en`);
    const csv = await page.evaluate(async (href) => {
      const res = await fetch(href);
      return { status: res.status, type: res.headers.get("content-type"), text: await res.text() };
    }, csvHref!);
    expect(csv.status).toBe(200);
    expect(csv.type).toMatch(/^text\/csv/);
    expect(csv.text.trimEnd().split("\r\n")).toHaveLength(25);
    // No horizontal scrolling on a phone, however long the name or the answer.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 800 });
    await checkScreen(page, "console-form-submissions");

    // The next, older page by keyboard, and back to the newest.
    await tabToAndPress(page, '.console-pages a:has-text("Older")');
    await expect.poll(() => items.count()).toBe(4);
    expect(await items.last().locator("dd").first().innerText()).toBe("Visitor 01");
    expect(await page.locator(".console-pages").innerText()).not.toContain("Older");
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await checkScreen(page, "console-form-submissions-older");
    await page.getByRole("link", { name: "Newest" }).click();
    await expect.poll(() => items.count()).toBe(20);

    // A survey nobody answered yet, and an address of no form.
    await page.goto(`${baseURL}/console/forms/${survey.body.id}`);
    await waitForHydration(page);
    await page.locator(".console-empty").waitFor();
    expect(await page.locator(".console-empty").innerText()).toBe(
      "No submissions yet. Share the public page to collect answers.",
    );
    expect(await page.getByRole("link", { name: "Download CSV" }).count()).toBe(0);
    await checkScreen(page, "console-form-empty");
    await page.goto(`${baseURL}/console/forms/00000000-0000-4000-8000-000000000000`);
    await waitForHydration(page);
    await page.locator("#form-title").waitFor();
    expect(await page.locator("#form-title").innerText()).toBe("Form not found");
    await owner.context.close();
  });

  it("is the owner's: a staff login is told so and has no way there", async () => {
    const staff = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await consoleAs(staff.page, baseURL, "staff");
    expect(await staff.page.locator(".console__nav").innerText()).not.toContain("Forms");
    await staff.page.goto(`${baseURL}/console/forms`);
    await waitForHydration(staff.page);
    await staff.page.locator("#not-allowed-title").waitFor();
    await expectNoAxeViolations(staff.page);
    await staff.context.close();
  });

  it("reads in the owner's language", async () => {
    const owner = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await consoleAs(owner.page, baseURL, "owner", "de");
    await owner.page.goto(`${baseURL}/de/console/forms`);
    await waitForHydration(owner.page);
    await owner.page.locator("#forms-title").waitFor();
    expect(await owner.page.locator("#forms-title").innerText()).toBe("Formulare & Umfragen");
    await checkScreen(owner.page, "console-forms-de");
    await owner.context.close();
  });
});

const LONG_TITLE = "Neue Öffnungszeiten im Frühling: längere Abende, Samstagstermine und Gruppenkurse für Unternehmen";

describe("the owner's posts", () => {
  it("writes, schedules, previews, changes and removes a post, with every bad input said at its field", async () => {
    const owner = await newPage(browser, { viewport: { width: 1280, height: 800 } });
    const page = owner.page;
    await consoleAs(page, baseURL, "owner");
    const author = await consoleApiJson<{ id: string }>(page, "POST", "/business/authors", {
      slug: "maximiliane-mustermann-schneider",
      name: "Maximiliane Mustermann-Schneider von Hohenberg",
    });
    expect(author.status).toBe(201);

    // Enough drafts for a second page of 20 (removed again at the end).
    const before = await consoleApiJson<{ total: number }>(page, "GET", "/business/posts?limit=1");
    const extra: string[] = [];
    for (let i = before.body.total; i < 21; i++) {
      const draft = await consoleApiJson<{ id: string }>(page, "POST", "/business/posts", {
        title: `Paging draft ${i}`,
        slug: `paging-draft-${i}`,
      });
      expect(draft.status).toBe(201);
      extra.push(draft.body.id);
    }

    await waitForHydration(page);
    await tabToAndPress(page, '.console__nav a[href="/console/posts"]');
    await page.locator("#posts-title").waitFor();
    expect(await page.locator(".console-intro").innerText()).toMatch(/^\d+ posts in your blog$/);
    await checkScreen(page, "console-posts");
    const rows = page.locator(".console-row");
    expect(await rows.count()).toBe(20);
    await tabToAndPress(page, '.console-pages a:has-text("Older")');
    await page.waitForURL(/\/console\/posts\?page=2$/);
    // Other journeys on the same demo server may have written posts too: page 2 holds the rest, up to 20.
    const total = Math.max(before.body.total, 21);
    await expect.poll(() => rows.count()).toBe(Math.min(20, total - 20));
    await page.getByRole("link", { name: "Newer" }).click();
    await expect.poll(() => rows.count()).toBe(20);

    // Saved empty, by keyboard: the title and the address name say what they need; focus on the first.
    await tabToAndPress(page, 'button:has-text("Write a post")');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("post-form-title");
    await tabToAndPress(page, '.console-post-form button[type="submit"]');
    await expect.poll(() => page.locator("#field-title-error").count()).toBe(1);
    expect(await page.locator("#field-title-error").innerText()).toBe("Enter a title.");
    expect(await page.locator("#field-slug-error").innerText()).toContain("lowercase letters");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("field-title");

    // The address name follows the title; scheduled without a time is refused next to the time.
    await page.keyboard.type(LONG_TITLE);
    expect(await page.locator("#field-slug").inputValue()).toBe(
      "neue-offnungszeiten-im-fruhling-langere-abende-samstagstermine-und-gruppenkurse",
    );
    await page.locator("#field-status").selectOption("scheduled");
    await page.locator("#field-bodyHtml").fill('<p>Ab März länger geöffnet.</p><script>alert("x")</script>');
    await page.locator("#field-excerpt").fill("Längere Abende und Samstage.");
    await page.locator("#field-authorId").selectOption(author.body.id);
    await page.getByLabel("Wellbeing").check();
    await page.locator("#field-tags").fill("Frühling, 24/7");
    await page.locator('.console-post-form button[type="submit"]').click();
    await expect.poll(() => page.locator("#field-publishAt-error").count()).toBe(1);
    expect(await page.locator("#field-publishAt-error").innerText()).toBe(
      "A scheduled post needs the time it goes public.",
    );
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("field-publishAt");
    expect(await page.locator("#field-tags-error").innerText()).toContain("without / ? or #");
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 800 });
    await checkScreen(page, "console-post-errors");

    await page.locator("#field-publishAt").fill("2027-01-15T10:00");
    await page.locator("#field-tags").fill("Frühling, Öffnungszeiten, Frühling");
    await page.locator('.console-post-form button[type="submit"]').click();
    const row = page.locator(".console-row", { hasText: LONG_TITLE });
    await row.waitFor();
    expect(await page.locator(".console-screen [role=status]").first().innerText()).toBe(`“${LONG_TITLE}” saved.`);
    expect(await row.innerText()).toContain("Scheduled");
    const session = await consoleApiJson<{ business: { timeZone: string } }>(page, "GET", "/console/session");
    const stored = await consoleApiJson<{
      items: { id: string; title: string; publishAt: string; bodyHtml: string; tags: string[] }[];
    }>(page, "GET", "/business/posts?limit=100");
    const post = stored.body.items.find((p) => p.title === LONG_TITLE)!;
    // The time typed is the business's wall time; the body was cleaned of its script.
    expect(
      new Intl.DateTimeFormat("en-CA", {
        timeZone: session.body.business.timeZone,
        dateStyle: "short",
        timeStyle: "short",
        hourCycle: "h23",
      }).format(new Date(post.publishAt)),
    ).toBe("2027-01-15, 10:00");
    expect(post.bodyHtml).not.toContain("script");
    expect(post.tags).toEqual(["Frühling", "Öffnungszeiten"]);
    expect(await row.innerText()).toContain("Maximiliane Mustermann-Schneider von Hohenberg");
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 800 });
    await checkScreen(page, "console-posts-scheduled");

    // A second post with the same address name: the server's refusal at the field, nothing lost.
    await page.getByRole("button", { name: "Write a post" }).click();
    await page.locator("#field-title").fill("Another post");
    await page
      .locator("#field-slug")
      .fill("neue-offnungszeiten-im-fruhling-langere-abende-samstagstermine-und-gruppenkurse");
    await page.locator('.console-post-form button[type="submit"]').click();
    await expect
      .poll(() =>
        page
          .locator("#field-slug-error")
          .innerText()
          .catch(() => ""),
      )
      .toBe("Another post already uses this address name. Choose another.");
    expect(await page.locator("#field-title").inputValue()).toBe("Another post");
    await page.getByRole("button", { name: "Cancel" }).click();

    // Back to a draft, then its preview (a token issued on the way) shows the draft.
    await row.getByRole("button", { name: `Edit ${LONG_TITLE}` }).click();
    expect(await page.locator("#field-publishAt").inputValue()).toBe("2027-01-15T10:00");
    expect(await page.locator("#field-tags").inputValue()).toBe("Frühling, Öffnungszeiten");
    await page.locator("#field-status").selectOption("draft");
    await page.locator('.console-post-form button[type="submit"]').click();
    await expect.poll(() => row.locator(".console-status").innerText()).toBe("Draft");
    await row.getByRole("link", { name: `Preview ${LONG_TITLE}` }).click();
    await page.waitForURL(/\/v2\/preview\/[\w-]+\/post\?token=pv_/);
    await expect.poll(() => page.locator("h1").first().innerText()).toBe(LONG_TITLE);
    expect(await page.content()).toContain("Ab März länger geöffnet.");
    // Back returns to the list, not to the page that issued the token.
    await page.goBack();
    await page.locator("#posts-title").waitFor();

    // Removed after a confirmation.
    await waitForHydration(page);
    await row.getByRole("button", { name: `Remove ${LONG_TITLE}` }).click();
    const dialog = page.getByRole("dialog", { name: `Remove “${LONG_TITLE}”?` });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expectNoAxeViolations(page, "dialog[open]");
    await dialog.getByRole("button", { name: "Remove" }).click();
    await expect.poll(() => row.count()).toBe(0);
    expect((await consoleApiJson(page, "GET", `/business/posts/${post.id}`)).status).toBe(404);
    for (const id of extra) expect((await consoleApiJson(page, "DELETE", `/business/posts/${id}`)).status).toBe(204);
    expect((await consoleApiJson(page, "DELETE", `/business/authors/${author.body.id}`)).status).toBe(204);
    await owner.context.close();
  });

  it("edits a demo post's text: its decorative cover needs no description, a described one does", async () => {
    const owner = await newPage(browser, { viewport: { width: 390, height: 844 } });
    const page = owner.page;
    await consoleAs(page, baseURL, "owner");
    // Put back as it was at the end: other journeys on this demo server read the same post.
    const posts = await consoleApiJson<{ items: { id: string; slug: string; bodyHtml: string }[] }>(
      page,
      "GET",
      "/business/posts?limit=100",
    );
    const original = posts.body.items.find((p) => p.slug === "five-minute-breathing")!;
    await page.goto(`${baseURL}/console/posts`);
    await waitForHydration(page);
    const title = "A five-minute breathing routine";
    const row = page.locator(".console-row", { hasText: title });
    await row.getByRole("button", { name: `Edit ${title}` }).click();
    // The demo's covers are patterns: stored with an empty description, shown as decorative.
    const decorative = page.getByRole("checkbox", { name: /^Decorative only/ });
    expect(await decorative.isChecked()).toBe(true);
    expect(await page.locator("#field-imageAlt").count()).toBe(0);
    const body = page.locator("#field-bodyHtml");
    await body.fill(`${await body.inputValue()}<p>Exhale slowly, twice as long as you inhale.</p>`);
    await page.locator('.console-post-form button[type="submit"]').click();
    await expect.poll(() => page.locator(".console-post-form").count()).toBe(0);
    await screenshots(page, "console-post-decorative-saved");
    const published = await fetch(`${baseURL}/journal/b/five-minute-breathing`);
    expect(await published.text()).toContain("Exhale slowly, twice as long as you inhale.");

    // Not decorative: a description is asked for at its field, and nothing typed is lost.
    await row.getByRole("button", { name: `Edit ${title}` }).click();
    await page.getByRole("checkbox", { name: /^Decorative only/ }).uncheck();
    await page.locator('.console-post-form button[type="submit"]').click();
    await expect
      .poll(() =>
        page
          .locator("#field-imageAlt-error")
          .innerText()
          .catch(() => ""),
      )
      .toContain("Describe the image for people who cannot see it");
    expect(await page.locator("#field-bodyHtml").inputValue()).toContain("Exhale slowly");
    await expectNoAxeViolations(page);
    await screenshots(page, "console-post-cover-needs-description");
    await page.locator("#field-imageAlt").fill("Soft green waves");
    await page.locator('.console-post-form button[type="submit"]').click();
    await expect.poll(() => page.locator(".console-post-form").count()).toBe(0);
    expect(await (await fetch(`${baseURL}/journal/b/five-minute-breathing`)).text()).toContain(
      'alt="Soft green waves"',
    );
    const restored = await consoleApiJson(page, "PATCH", `/business/posts/${original.id}`, {
      bodyHtml: original.bodyHtml,
      imageAlt: "",
    });
    expect(restored.status).toBe(200);
    await owner.context.close();
  });

  it("says its messages in the owner's language, and is refused to a staff login", async () => {
    const owner = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await consoleAs(owner.page, baseURL, "owner", "de");
    await owner.page.goto(`${baseURL}/de/console/posts`);
    await waitForHydration(owner.page);
    await owner.page.getByRole("button", { name: "Beitrag schreiben" }).click();
    await owner.page.getByRole("button", { name: "Beitrag speichern" }).click();
    await expect.poll(() => owner.page.locator("#field-title-error").innerText()).toBe("Geben Sie einen Titel ein.");
    await checkScreen(owner.page, "console-post-errors-de");
    await owner.context.close();

    const staff = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await consoleAs(staff.page, baseURL, "staff");
    expect(await staff.page.locator(".console__nav").innerText()).not.toContain("Posts");
    for (const path of ["/console/posts", "/console/posts/00000000-0000-4000-8000-000000000801/preview"]) {
      await staff.page.goto(`${baseURL}${path}`);
      await waitForHydration(staff.page);
      await staff.page.locator("#not-allowed-title").waitFor();
    }
    await expectNoAxeViolations(staff.page);
    await staff.context.close();
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL } from "./support/server.ts";
import type { Browser } from "playwright-core";
import { DEMO } from "../../src/adapters/db/seed/demo-ids.ts";
import { expectNoAxeViolations, launchBrowser, newPage, waitForHydration } from "./support/browser.ts";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("server rendering and hydration", () => {
  it("renders a demo calendar page on the server, then hydrates it", async () => {
    const html = await (await fetch(`${baseURL}/widget/booking/${DEMO.calendars.introCall}`)).text();
    expect(html).toContain("Intro call with Anna");
    expect(html).toContain('lang="en-US"');
    // A description for search results (Lighthouse SEO), in the page's language, written on the server.
    expect(html).toContain(
      '<meta name="description" content="Book Intro call with Anna at Northwind Wellness Studio online: ' +
        'choose a free time, enter your details and get your confirmation."/>',
    );
    const german = await (await fetch(`${baseURL}/de/widget/booking/${DEMO.calendars.introCall}`)).text();
    expect(german).toMatch(
      /<meta name="description" content="Intro call with Anna bei Northwind Wellness Studio online buchen: /,
    );

    const { page, context, pageErrors } = await newPage(browser);
    await page.goto(`${baseURL}/widget/booking/${DEMO.calendars.introCall}`);
    await waitForHydration(page);
    expect(await page.locator("h1").textContent()).toBe("Intro call with Anna");
    expect(await page.locator('meta[name="description"]').count()).toBe(1);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("navigates on the client after hydration (no full reload)", async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${baseURL}/`);
    await waitForHydration(page);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    await page.getByRole("link", { name: "Our team" }).click();
    await page.waitForURL(`${baseURL}/widget/groups/team`);
    await expect.poll(() => page.locator("h1").textContent()).toBe("Our team");
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    await context.close();
  });

  it("resolves every booking route of the spec's table for the demo business", async () => {
    const paths = [
      `/widget/appointment/team/intro-call`,
      `/widget/appointment/service/haircut`,
      `/widget/appointment/service/haircut/cancel`,
      `/widget/appointment/team`,
      `/widget/group/${DEMO.groupId}`,
      `/widget/groups/team`,
      `/widget/booking/${DEMO.calendars.yoga}`,
      `/widget/booking/${DEMO.calendars.introCall},${DEMO.calendars.salesDemo}`,
      `/widget/booking`,
      `/widget/bookings/morning-yoga`,
      `/widget/bookings/planning-workshop/`,
      `/widget/booking/cancel-booking`,
      `/widget/cancel-booking`,
      `/widget/form/${DEMO.formId}`,
      `/widget/survey/${DEMO.surveyId}`,
      `/widget/otl/${DEMO.oneTimeLinkSlug}`,
      `/widget/otl?slug=${DEMO.oneTimeLinkSlug}`,
      `/widget/service-menus/salon-menu/haircut`,
      `/widget/service-menus/salon-menu`,
      `/widget/service-menu/${DEMO.serviceMenuId}`,
      `/journal`,
      `/journal/b/five-minute-breathing`,
      `/b/five-minute-breathing`,
      `/post/five-minute-breathing`,
      `/journal/c/wellbeing`,
      `/journal/c/wellbeing/b/five-minute-breathing`,
      `/c/wellbeing`,
      `/c/wellbeing/b/five-minute-breathing`,
      `/journal/category/wellbeing`,
      `/journal/author/anna-berg`,
      `/journal/tag/breathing`,
      `/shop/product/${DEMO.productId}`,
      `/product/${DEMO.productId}`,
      `/shop/collections/aftercare`,
      `/collections/aftercare`,
    ];
    const untitled: string[] = [];
    for (const path of paths) {
      const res = await fetch(`${baseURL}${path}`);
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
      // Each page names itself (axe's document-title: a tab strip or a screen reader otherwise says the address).
      if (!/<title>[^<]*\S[^<]*<\/title>/.test(await res.text())) untitled.push(path);
    }
    expect(untitled).toEqual([]);
  });
});

describe("error behaviour (spec §2, §8)", () => {
  it.each([
    ["/no/such/page/here", "Page Not Found: /no/such/page/here"],
    [
      "/widget/booking/00000000-0000-4000-8000-00000000ffff",
      "Page Not Found: /widget/booking/00000000-0000-4000-8000-00000000ffff",
    ],
    ["/widget/groups/nobody", "Page Not Found: /widget/groups/nobody"],
    ["/journal/b/winter-draft", "Page Not Found: /journal/b/winter-draft"],
    // A preview needs the business's preview token (issue 16; tests/e2e/content-site.e2e.test.ts).
    [`/v2/preview/${DEMO.postPreviewId}/post`, `Page Not Found: /v2/preview/${DEMO.postPreviewId}/post`],
    ["/favicon.ico", "Not found"],
  ])("%s → 404 with the status message '%s'", async (path, message) => {
    const res = await fetch(`${baseURL}${path}`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain(message);
  });

  it("shows the error screen centred on a dark background, at most 520 px wide, and logs the error", async () => {
    const { page, context, consoleErrors } = await newPage(browser);
    const response = await page.goto(`${baseURL}/widget/booking/not-a-calendar`);
    expect(response?.status()).toBe(404);
    await waitForHydration(page);
    await expect.poll(() => consoleErrors.join("\n")).toContain("Page Not Found: /widget/booking/not-a-calendar");
    const status = page.locator(".error-screen__status");
    expect(await status.textContent()).toBe("404");
    expect(await page.locator(".error-screen__message").textContent()).toContain(
      "Page Not Found: /widget/booking/not-a-calendar",
    );
    const style = await page.locator(".error-screen").evaluate((el) => {
      const s = getComputedStyle(el);
      const content = el.querySelector(".error-screen__content")!.getBoundingClientRect();
      return {
        bg: s.backgroundColor,
        justify: s.justifyContent,
        align: s.alignItems,
        contentWidth: content.width,
        left: content.left,
        right: window.innerWidth - content.right,
      };
    });
    expect(style.bg).toBe("rgb(17, 24, 39)");
    expect(style.justify).toBe("center");
    expect(style.align).toBe("center");
    expect(style.contentWidth).toBeLessThanOrEqual(520);
    expect(Math.abs(style.left - style.right)).toBeLessThan(2);
    await expectNoAxeViolations(page);
    await context.close();
  });

  it("shows the expired-slug screen for a used one-time link", async () => {
    const { page, context } = await newPage(browser);
    const response = await page.goto(`${baseURL}/widget/otl/${DEMO.usedOneTimeLinkSlug}`);
    expect(response?.status()).toBe(410);
    await waitForHydration(page);
    expect(await page.locator("h1").textContent()).toBe("This link is no longer active");
    expect(await page.locator(".error-screen").count()).toBe(0);
    await expectNoAxeViolations(page);

    // The visitor can read it in their language (issue 23): the switcher keeps the path.
    await page.locator(".language-switcher summary").click();
    await expectNoAxeViolations(page);
    await page.locator('[data-locale-switch="de"]').click();
    await page.waitForURL(`${baseURL}/de/widget/otl/${DEMO.usedOneTimeLinkSlug}`);
    await waitForHydration(page);
    expect(await page.locator("h1").textContent()).toBe("Dieser Link ist nicht mehr aktiv");
    await context.close();
  });
});

describe("layouts pass axe with zero violations", () => {
  it.each([
    ["calendar", `/widget/booking/${DEMO.calendars.introCall}`, ".layout--calendar"],
    ["form", `/widget/form/${DEMO.formId}`, ".layout--form"],
    ["default", `/`, ".layout--default"],
    ["default (content)", `/journal`, ".layout--default"],
  ])("%s layout", async (_name, path, selector) => {
    const { page, context } = await newPage(browser);
    await page.goto(`${baseURL}${path}`);
    // Content pages are sent without scripts (src/web/components/static-page.ts): nothing hydrates.
    if (path === "/journal") await page.waitForLoadState("load");
    else await waitForHydration(page);
    expect(await page.locator(selector).count()).toBe(1);
    await expectNoAxeViolations(page);
    await context.close();
  });
});

describe("scrolling on page change", () => {
  it("scrolls to the top on navigation, and to the anchor when the URL has a hash", async () => {
    const { page, context } = await newPage(browser, { viewport: { width: 375, height: 300 } });
    await page.goto(`${baseURL}/`);
    await waitForHydration(page);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await page.getByRole("link", { name: "The Northwind Journal" }).click();
    await page.waitForURL(`${baseURL}/journal`);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    await page.evaluate(() =>
      (
        window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }
      ).__reactRouterDataRouter.navigate("/#pages"),
    );
    await page.waitForURL(`${baseURL}/#pages`);
    // The anchor is brought to the top, or as far as the page can scroll.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const target = document.getElementById("pages")!.getBoundingClientRect().top + window.scrollY;
          const maxScroll = document.documentElement.scrollHeight - window.innerHeight;
          return Math.abs(window.scrollY - Math.min(target, maxScroll)) < 2 && window.scrollY > 0;
        }),
      )
      .toBe(true);
    await context.close();
  });
});

describe("start-up and chunk failures", () => {
  it("keeps a start-up error and shows the error screen", async () => {
    const { page, context } = await newPage(browser);
    // The English catalogue chunk is loaded before hydration: make it fail.
    await page.route(/\/assets\/en-[\w-]+\.js$/, (route) => route.abort());
    await page.goto(`${baseURL}/widget/booking/${DEMO.calendars.introCall}`);
    await page.waitForSelector(".error-screen--overlay");
    expect(await page.evaluate(() => Boolean((window as unknown as { __startupError?: unknown }).__startupError))).toBe(
      true,
    );
    await context.close();
  });

  it("reloads at the target path when a route chunk fails during navigation, and not again within 10 s", async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${baseURL}/`);
    await waitForHydration(page);
    // Routes are discovered lazily: wait until the link's route is in the manifest.
    const manifestModule = () =>
      page.evaluate(
        () =>
          (window as unknown as { __reactRouterManifest: { routes: Record<string, { module: string } | undefined> } })
            .__reactRouterManifest.routes["appointment-groups-slug"]?.module ?? null,
      );
    await expect.poll(manifestModule).not.toBeNull();
    const moduleUrl = (await manifestModule())!;
    let failures = 0;
    await page.route(`**${moduleUrl}`, (route) => {
      failures += 1;
      return route.abort();
    });
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    const reload = page.waitForEvent("load");
    await page.getByRole("link", { name: "Our team" }).click();
    await reload;
    // A full reload happened (the marker is gone) at the target path, rendered by the server.
    expect(page.url()).toBe(`${baseURL}/widget/groups/team`);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBeUndefined();
    expect(await page.locator("h1").textContent()).toBe("Our team");
    expect(failures).toBeGreaterThanOrEqual(1);

    // Within 10 s the same target fails again: the target is not reloaded again; the page the
    // visitor is on reloads instead.
    await page.goto(`${baseURL}/`);
    await waitForHydration(page);
    const failuresBefore = failures;
    const secondReload = page.waitForEvent("load");
    await page.getByRole("link", { name: "Our team" }).click();
    await secondReload;
    expect(failures).toBeGreaterThan(failuresBefore);
    expect(page.url()).toBe(`${baseURL}/`);
    expect(await page.locator("h1").textContent()).toBe("Book with Northwind Wellness Studio");
    await context.close();
  });
});

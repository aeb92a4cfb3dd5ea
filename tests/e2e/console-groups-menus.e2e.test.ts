/**
 * Issue 18, groups and service menus in the console: a new group of three calendars put in order by
 * keyboard (on a drag handle and with the Move buttons) and by dragging with the mouse, saved, and
 * its public page listing them in that order; a slug another group has refused at its field with
 * what was typed kept; the demo's service menu reordered (and put back: other journeys share the
 * demo); both screens axe-clean in English and German.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO } from "../../src/adapters/db/seed/demo-ids.ts";
import { checkScreen } from "./support/booking.ts";
import { expectNoAxeViolations, launchBrowser, newPage, waitForHydration } from "./support/browser.ts";
import { consoleApiJson, signInToConsole } from "./support/console.ts";
import { baseURL } from "./support/server.ts";

const run = Date.now().toString(36);
// Calendars of this journey's own: moving the demo's into a new group would empty its "team" page.
const names = ["Alpha", "Bravo", "Charlie"].map((n) => `${n} ${run}`);
const [alpha, bravo, charlie] = names as [string, string, string];
const groupName = `Front desk ${run}`;

let browser: Browser;
let page: Page;

async function open(path: string) {
  await page.goto(`${baseURL}${path}`);
  await waitForHydration(page);
  await page.locator(".console__main h1").waitFor();
}

/** The names of a sortable list's entries, top to bottom. */
const order = (list: string) => page.locator(`[data-list="${list}"] .console-ordered__name`).allInnerTexts();
const handle = (name: string) => page.getByRole("button", { name: `Drag to move ${name}`, exact: true });

beforeAll(async () => {
  browser = await launchBrowser();
  page = (await newPage(browser)).page;
  await signInToConsole(page, baseURL, "owner");
  for (const [i, name] of names.entries()) {
    const created = await consoleApiJson(page, "POST", "/business/calendars", {
      type: "personal",
      name,
      slug: `group-journey-${i}-${run}`,
      members: [{ staffId: DEMO.staff.anna }],
    });
    expect(created.status).toBe(201);
  }
});
afterAll(async () => {
  await browser?.close();
});

describe("groups", () => {
  it("orders a new group's calendars by keyboard and by drag, and its page shows that order", async () => {
    await open("/console/groups");
    await page.getByRole("button", { name: "Add a group" }).click();
    await page.locator("#field-name").fill(groupName);
    for (const name of names) {
      await page.locator("#field-adding-calendarIds").selectOption({ label: name });
      await page.getByRole("button", { name: "Add to the group" }).click();
    }
    await expect.poll(() => order("calendarIds")).toEqual([alpha, bravo, charlie]);
    // Adding leaves the focus on the choice, ready for the next one (the button is disabled again).
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("field-adding-calendarIds");

    // By keyboard on the handle: Space picks Charlie up, two arrows up, Space drops it first.
    await handle(charlie).focus();
    for (const key of ["Space", "ArrowUp", "ArrowUp", "Space"]) {
      await page.keyboard.press(key);
      await page.waitForTimeout(150); // the sensor measures the entries between moves
    }
    await expect.poll(() => order("calendarIds")).toEqual([charlie, alpha, bravo]);

    // By keyboard with the buttons: Alpha down one (the focus follows it).
    await page.getByRole("button", { name: `Move down ${alpha}`, exact: true }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => order("calendarIds")).toEqual([charlie, bravo, alpha]);
    // Last now, so the focus goes to its Move up button, on the next frame (a frame can come late on a
    // loaded machine: a focus moved inside a later fill took its text, seen in 1 run of 4).
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("calendarIds-2-up");

    // By mouse: Alpha's handle dragged above Charlie.
    const from = (await handle(alpha).boundingBox())!;
    const to = (await handle(charlie).boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 3 });
    await page.mouse.move(to.x + to.width / 2, to.y + 2, { steps: 12 });
    await page.mouse.up();
    await expect.poll(() => order("calendarIds")).toEqual([alpha, charlie, bravo]);

    // The demo group's slug: refused at its field, everything typed kept (filled until it holds).
    await expect
      .poll(async () => {
        await page.locator("#field-slug").fill(DEMO.groupSlug);
        return page.locator("#field-slug").inputValue();
      })
      .toBe(DEMO.groupSlug);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect
      .poll(() => page.locator("#field-slug-error").innerText())
      .toBe("Another one already uses this address name. Choose another.");
    expect(await page.locator("#field-name").inputValue()).toBe(groupName);
    expect(await order("calendarIds")).toEqual([alpha, charlie, bravo]);
    await checkScreen(page, "console-group-form");

    await page.locator("#field-slug").fill(`front-desk-${run}`);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    const row = page.locator(".console-row").filter({ hasText: groupName });
    await expect.poll(() => row.innerText()).toContain(`${alpha} · ${charlie} · ${bravo}`);
    await checkScreen(page, "console-groups");

    const groups = await consoleApiJson<{ name: string; url: string }[]>(page, "GET", "/business/groups");
    const url = groups.body.find((g) => g.name === groupName)!.url;
    expect(await row.innerText()).toContain(url);
    await page.goto(url);
    await waitForHydration(page);
    expect(await page.locator(".choice-list__name").allInnerTexts()).toEqual([alpha, charlie, bravo]);
  });
});

describe("service menus", () => {
  it("reorders the demo's salon menu by keyboard, and its page shows the new order", async () => {
    type Menu = { serviceIds: string[]; url: string };
    const menuPath = `/business/service-menus/${DEMO.serviceMenuId}`;
    await open("/console/service-menus");
    const read = await consoleApiJson<Menu>(page, "GET", menuPath);
    expect(read.status).toBe(200);
    const before = read.body;
    try {
      await page.getByRole("button", { name: "Edit Salon menu", exact: true }).click();
      const shown = await order("serviceIds");
      await handle(shown[0]!).focus();
      for (const key of ["Space", "ArrowDown", "Space"]) {
        await page.keyboard.press(key);
        await page.waitForTimeout(150);
      }
      const expected = [shown[1]!, shown[0]!, ...shown.slice(2)];
      await expect.poll(() => order("serviceIds")).toEqual(expected);
      await checkScreen(page, "console-menu-form");
      await page.getByRole("button", { name: "Save changes" }).click();
      await page.locator(".console-row").first().waitFor();
      await checkScreen(page, "console-service-menus");

      const after = (await consoleApiJson<Menu>(page, "GET", menuPath)).body;
      expect(after.serviceIds).toEqual([before.serviceIds[1], before.serviceIds[0], ...before.serviceIds.slice(2)]);
      await page.goto(after.url);
      await waitForHydration(page);
      // The booking page's service step lists them in the menu's order: the first two have swapped.
      const top = async (name: string) => {
        const button = page.getByRole("button", { name: `Add ${name} for You`, exact: true });
        await button.waitFor();
        return (await button.boundingBox())!.y;
      };
      expect(await top(expected[0]!)).toBeLessThan(await top(expected[1]!));
    } finally {
      await consoleApiJson(page, "PATCH", menuPath, { serviceIds: before.serviceIds });
    }
  });
});

describe("in German", () => {
  it.each([
    ["/de/console/groups", "Gruppen", "Gruppe hinzufügen"],
    ["/de/console/service-menus", "Leistungsmenüs", "Leistungsmenü hinzufügen"],
  ])("%s is axe-clean, its form too, with a refusal in German at its field", async (path, title, add) => {
    await open(path);
    expect(await page.locator(".console__main h1").innerText()).toBe(title);
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: add }).click();
    await page.getByRole("button", { name: "Speichern", exact: true }).click();
    await expect
      .poll(() => page.locator("#field-name-error").innerText())
      .toBe("Geben Sie einen Namen ein (höchstens 200 Zeichen).");
    await expectNoAxeViolations(page);
  });
});

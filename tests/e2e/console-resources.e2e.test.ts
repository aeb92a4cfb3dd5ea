/**
 * Rooms and equipment in the console (issues 18 and 21): the owner sees the demo's two treatment
 * rooms and what needs them, adds yoga mats (a capacity of nought refused at its field with the name
 * kept), says a service needs one of them (an empty need refused), gives the mats their own hours and
 * time off, and removes them. One sign-in; each screen axe-clean, in English and German, and shot at
 * 390 and 1280 px.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO } from "../../src/adapters/db/seed/demo-ids.ts";
import { launchBrowser } from "./support/browser.ts";
import { bookingPage, checkScreen } from "./support/booking.ts";
import { consoleApiJson, signInToConsole } from "./support/console.ts";
import { baseURL } from "./support/server.ts";

const unique = Date.now().toString(36);
const mats = `Yoga mats ${unique}`;
const service = `Mat class ${unique}`;

let browser: Browser;
let page: Page;
let serviceId = "";

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await bookingPage(browser));
  await signInToConsole(page, baseURL, "owner");
  // A service in no calendar: what it needs changes nobody's booking page.
  const created = await consoleApiJson<{ id: string }>(page, "POST", "/business/services", {
    slug: `mat-class-${unique}`,
    name: service,
    durationMinutes: 45,
    priceCents: 0,
    staffIds: [DEMO.staff.anna],
  });
  expect(created.status).toBe(201);
  serviceId = created.body.id;
});
afterAll(async () => {
  await browser?.close();
});

async function screen(path: string) {
  await page.goto(`${baseURL}${path}`);
  await page.locator(".console__main h1").waitFor();
}

describe("rooms and equipment in the console", () => {
  it("lists the demo's rooms with the services that need them", async () => {
    await screen("/console/resources");
    const room1 = page.locator(".console-row", { has: page.getByRole("heading", { name: "Room 1", exact: true }) });
    await expect.poll(() => room1.innerText()).toMatch(/Needed by .*Relaxing massage/);
    await expect
      .poll(() =>
        page
          .locator(".console-row", { has: page.getByRole("heading", { name: "Relaxing massage", exact: true }) })
          .innerText(),
      )
      .toContain("Needs Room 1 or Room 2");
  });

  it("adds equipment: a capacity of nought is refused at its field, the name kept", async () => {
    await page.getByRole("button", { name: "Add a room or equipment" }).click();
    await expect.poll(() => page.locator("h2:focus").innerText()).toBe("New room or equipment");
    await page.getByLabel("Name").fill(mats);
    await page.getByLabel("Kind").selectOption("equipment");
    await page.getByLabel("Appointments at once").fill("0");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect
      .poll(() => page.locator("#field-capacity-error").innerText())
      .toBe("Enter a whole number from 1 to 100.");
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("field-capacity");
    expect(await page.getByLabel("Name").inputValue()).toBe(mats);
    expect(await page.locator("#field-capacity-hint").innerText()).toContain("At most 100.");
    await checkScreen(page, "console-resources-refused");
    await page.getByLabel("Appointments at once").fill("12");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect
      .poll(() => page.locator(".console-status, [role=status]").first().innerText())
      .toContain(`${mats} saved.`);
    const row = page.locator(".console-row", { has: page.getByRole("heading", { name: mats }) });
    await expect.poll(() => row.innerText()).toContain("holds 12 appointments at once");
  });

  it("says a service needs one of the mats; an empty need is refused", async () => {
    await page.getByRole("button", { name: `Change needs ${service}` }).click();
    await expect.poll(() => page.locator("h3:focus").innerText()).toBe(`What ${service} needs`);
    await page.getByRole("button", { name: "Add a need" }).click();
    await page.getByRole("button", { name: "Save" }).click();
    await expect
      .poll(() => page.locator("#field-0-resourceIds-error").innerText())
      .toBe("Choose at least one, or remove this need.");
    await page.getByRole("group", { name: "Need 1: one of" }).getByLabel(mats).check();
    await page.getByRole("button", { name: "Save" }).click();
    await expect
      .poll(() =>
        page.locator(".console-row", { has: page.getByRole("heading", { name: service, exact: true }) }).innerText(),
      )
      .toContain(`Needs ${mats}`);
    const needs = await consoleApiJson<unknown[]>(page, "GET", `/business/services/${serviceId}/resources`);
    expect(needs.body).toEqual([{ mode: "any", resourceIds: [expect.any(String)] }]);
    await checkScreen(page, "console-resources");
  });

  it("gives the mats their own opening hours and time off, then removes them", async () => {
    const row = page.locator(".console-row", { has: page.getByRole("heading", { name: mats }) });
    await row.getByRole("link", { name: `Hours and time off ${mats}` }).click();
    await expect.poll(() => page.locator("h1").innerText()).toBe(`${mats}: hours and time off`);
    await page.getByRole("button", { name: "Set its own opening hours" }).click();
    await page.getByRole("button", { name: "Save weekly hours" }).click();
    await expect.poll(() => page.getByText("Weekly hours saved.").count()).toBe(1);
    await page.getByRole("button", { name: "Add time off" }).click();
    await page.getByLabel("From").last().fill("2027-03-01T08:00");
    await page.getByLabel("Until").fill("2027-03-01T12:00");
    await page.getByLabel("Reason").fill("Washing the mats");
    await page.getByRole("button", { name: "Save time off" }).click();
    await expect.poll(() => page.getByText("Time off saved.").count()).toBe(1);
    await checkScreen(page, "console-resource-hours");

    const resources = await consoleApiJson<{ id: string; name: string; weeklyHours: unknown }[]>(
      page,
      "GET",
      "/business/resources",
    );
    const saved = resources.body.find((r) => r.name === mats)!;
    expect(saved.weeklyHours).toMatchObject({ "1": [{ start: "09:00", end: "17:00" }] });
    const off = await consoleApiJson<{ reason: string }[]>(page, "GET", `/business/resources/${saved.id}/time-off`);
    expect(off.body.map((o) => o.reason)).toEqual(["Washing the mats"]);

    await page.getByRole("link", { name: "Back to rooms and equipment" }).click();
    await page.getByRole("button", { name: `Remove ${mats}` }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Remove" }).click();
    await expect.poll(() => page.getByRole("heading", { name: mats }).count()).toBe(0);
    const after = await consoleApiJson<unknown[]>(page, "GET", `/business/services/${serviceId}/resources`);
    expect(after.body).toEqual([]);
  });

  // Last: a /de/ page keeps German for the console's plain addresses afterwards.
  it("speaks German", async () => {
    await screen("/de/console/resources");
    await expect.poll(() => page.locator("h1").innerText()).toBe("Räume und Geräte");
    await expect
      .poll(() =>
        page
          .locator(".console-row", { has: page.getByRole("heading", { name: "Relaxing massage", exact: true }) })
          .innerText(),
      )
      .toContain("Braucht Room 1 oder Room 2");
    await checkScreen(page, "console-resources-de");
  });
});

/**
 * Issue 18, who signs in, in a real browser: the owner invites a staff login on the Team screen (by
 * keyboard, bad input said next to its field); the invitation email's link chooses a password; the
 * new login sees only the bookings of its staff member, changes its password and name on My account
 * and signs out its other browser; the owner removes it and its open session stops working. A staff
 * login gets the "not allowed" page on the Team screen. Every screen axe-clean, shot at 390 and 1280.
 */
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO } from "../../src/adapters/db/seed/demo-ids.ts";
import { expectNoAxeViolations, launchBrowser, newPage, waitForHydration } from "./support/browser.ts";
import { bookThroughApi, clientAddress, contact, findSlotViaApi, screenshots } from "./support/booking.ts";
import { consoleApi, signInToConsole } from "./support/console.ts";
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

/** axe with zero violations, then the full page at 390 px and 1280 px wide. */
async function checkScreen(page: Page, name: string) {
  await expectNoAxeViolations(page);
  await screenshots(page, name);
}

async function book(calendarId: string, who: string, extra: Record<string, unknown> = {}) {
  const startTime = await findSlotViaApi(baseURL, calendarId, 1);
  const res = await bookThroughApi(baseURL, {
    calendarId,
    startTime,
    timezone: "UTC",
    contact: contact(who),
    ...extra,
  });
  expect(res.status).toBe(201);
}

/** The invitation the server's mail transport wrote for the address (an .eml file in its data dir). */
async function invitationLink(address: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        for (const mail of await mailsTo(mailDir, address)) {
          if (!mail.subject?.includes("invited you")) continue;
          link = /https?:\/\/\S+\/console\/reset-password#token=[\w-]{43}/.exec(mail.text ?? "")?.[0];
        }
        return link;
      },
      { timeout: 15_000 },
    )
    .toBeDefined();
  return link!;
}

const card = (page: Page, name: string) => page.locator("article.console-booking", { hasText: `${name} Tester` });
const errorOf = (page: Page, field: string) => page.locator(`#field-${field}-error`).innerText();

const LIAM = {
  email: "liam.login@northwind.example",
  password: "liam chooses a long passphrase",
  name: "Liam O'Connor",
};

describe("the owner's team", () => {
  it("invites a staff login whose emailed link chooses a password; it sees its own bookings, and stops working once removed", async () => {
    // A consultation Liam serves, and an intro call Anna serves.
    await book(DEMO.calendars.consultation, "Lena", { answers: { concern: "Posture" } });
    await book(DEMO.calendars.introCall, "Otto");

    const owner = await newPage(browser, { viewport: { width: 1280, height: 800 } });
    await signInToConsole(owner.page, baseURL, "owner");
    await owner.page.getByRole("link", { name: "Team" }).click();
    await owner.page.locator("#team-title").waitFor();
    await waitForHydration(owner.page);
    expect(await owner.page.locator(".console-table").innerText()).toContain(DEMO.logins.staff.email);
    await checkScreen(owner.page, "console-team");

    // Sent empty, by keyboard: every field says what it needs, and focus goes to the first.
    await owner.page.getByRole("button", { name: "Send invitation" }).focus();
    await owner.page.keyboard.press("Enter");
    await expect.poll(() => errorOf(owner.page, "email")).toContain("name@example.com");
    expect(await errorOf(owner.page, "name")).toBe("Enter the person’s name.");
    expect(await errorOf(owner.page, "staffId")).toBe("Choose the staff member this login is.");
    expect(await owner.page.evaluate(() => document.activeElement?.id)).toBe("field-email");
    await checkScreen(owner.page, "console-team-errors");

    // An address that already has a login: said next to the field, nothing typed lost.
    await owner.page.keyboard.type(DEMO.logins.staff.email);
    await owner.page.locator("#field-staffId").selectOption(DEMO.staff.liam);
    expect(await owner.page.locator("#field-name").inputValue()).toBe(LIAM.name);
    await owner.page.getByRole("button", { name: "Send invitation" }).click();
    await expect.poll(() => errorOf(owner.page, "email")).toBe("This email address already has a login.");
    expect(await owner.page.locator("#field-name").inputValue()).toBe(LIAM.name);

    await owner.page.locator("#field-email").fill(LIAM.email);
    await owner.page.getByRole("button", { name: "Send invitation" }).click();
    const row = owner.page.locator(".console-table tr", { hasText: LIAM.email });
    await expect.poll(() => row.innerText()).toContain("Invited, no password yet");
    expect(await owner.page.locator(".console-screen > [role=status]").innerText()).toContain(
      `Invitation sent to ${LIAM.email}`,
    );

    // The invitation's link, opened in the invited person's own browser, chooses the password.
    const link = await invitationLink(LIAM.email);
    expect(new URL(link).pathname).toBe("/console/reset-password");
    const liam = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await liam.page.context().setExtraHTTPHeaders({ "x-forwarded-for": clientAddress() });
    await liam.page.goto(link.replace(/^https?:\/\/[^/]+/, baseURL));
    await waitForHydration(liam.page);
    await liam.page.locator("#field-new-password").fill(LIAM.password);
    await liam.page.getByRole("button", { name: "Save and sign in" }).click();
    await liam.page.locator("#bookings-title").waitFor();
    await liam.page.goto(`${baseURL}/console?range=month`);
    await waitForHydration(liam.page);
    await expect.poll(() => card(liam.page, "Lena").count()).toBe(1);
    expect(await card(liam.page, "Otto").count()).toBe(0);
    expect(await liam.page.locator(".console__nav").innerText()).not.toContain("Team");

    // A staff login at the Team screen: told the page is the owner's, not shown it.
    await liam.page.goto(`${baseURL}/console/team`);
    await waitForHydration(liam.page);
    await liam.page.locator("#not-allowed-title").waitFor();
    expect(await liam.page.locator("#not-allowed-title").innerText()).toBe("This page is for the business owner");
    await checkScreen(liam.page, "console-team-staff");
    expect(await consoleApi(liam.page, "GET", "/console/team")).toBe(403);
    expect(
      await consoleApi(liam.page, "POST", "/console/team", { email: "x@y.example", name: "X", role: "owner" }),
    ).toBe(403);

    // The owner sees the invitation taken, then removes the login: its open session stops at once.
    await owner.page.reload();
    await waitForHydration(owner.page);
    await expect.poll(() => row.innerText()).not.toContain("Invited");
    await row.getByRole("button", { name: `Remove ${LIAM.name}` }).click();
    const dialog = owner.page.getByRole("dialog", { name: `Remove ${LIAM.name}?` });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expectNoAxeViolations(owner.page, "dialog[open]");
    await dialog.getByRole("button", { name: "Remove" }).click();
    await expect.poll(() => row.count()).toBe(0);

    await liam.page.goto(`${baseURL}/console?range=month`);
    await liam.page.locator("#sign-in-title").waitFor();
    expect(await consoleApi(liam.page, "GET", "/business/bookings")).toBe(401);
    expect(owner.pageErrors).toEqual([]);
    await owner.context.close();
    await liam.context.close();
  });

  it("keeps the last owner, saying why", async () => {
    const owner = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await signInToConsole(owner.page, baseURL, "owner");
    await owner.page.goto(`${baseURL}/console/team`);
    await waitForHydration(owner.page);
    const self = owner.page.locator(".console-table tr", { hasText: DEMO.logins.owner.email });
    await self.getByRole("button", { name: `Change the role of ${DEMO.logins.owner.name}` }).click();
    await owner.page.locator("#field-change-role").selectOption("staff");
    await owner.page.locator("#field-change-staffId").selectOption(DEMO.staff.marco);
    await owner.page.getByRole("button", { name: "Save", exact: true }).click();
    await expect
      .poll(() => owner.page.getByRole("alert").innerText())
      .toBe("The business needs an owner: make another login an owner first.");
    await checkScreen(owner.page, "console-team-last-owner");
    expect(await consoleApi(owner.page, "GET", "/business/api-keys")).toBe(200);
    await owner.context.close();
  });
});

describe("my account", () => {
  it("changes the password (other browsers signed out), the name, and signs out everywhere else", async () => {
    // A login of its own, so the demo's passwords stay as they are for the other journeys.
    const owner = await newPage(browser);
    await signInToConsole(owner.page, baseURL, "owner");
    const email = "marco.login@northwind.example";
    expect(
      await consoleApi(owner.page, "POST", "/console/team", {
        email,
        name: "Marco",
        role: "staff",
        staffId: DEMO.staff.marco,
      }),
    ).toBe(201);
    const link = await invitationLink(email);
    const first = "marco's first long passphrase";
    const chosen = await fetch(`${baseURL}/api/console/password-resets/confirm`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": clientAddress() },
      body: JSON.stringify({ token: new URL(link).hash.replace("#token=", ""), password: first }),
    });
    expect(chosen.status).toBe(200);

    const signIn = async (password: string, viewport = { width: 1280, height: 800 }) => {
      const tracked = await newPage(browser, { viewport });
      await tracked.page.context().setExtraHTTPHeaders({ "x-forwarded-for": clientAddress() });
      await tracked.page.goto(`${baseURL}/console/sign-in?next=/console/account`);
      await waitForHydration(tracked.page);
      await tracked.page.locator("input[name=email]").fill(email);
      await tracked.page.locator("input[name=password]").fill(password);
      await tracked.page.locator("form button[type=submit]").click();
      await tracked.page.locator("#account-title").waitFor();
      return tracked;
    };
    const here = await signIn(first);
    const phone = await signIn(first, { width: 390, height: 844 });
    await here.page.reload();
    await waitForHydration(here.page);
    const rows = here.page.locator("#account-sessions ~ .console-table-wrap tbody tr");
    // Choosing the password signed in too: three browsers.
    await expect.poll(() => rows.count()).toBe(3);
    expect(await rows.filter({ hasText: "This browser" }).innerText()).toContain("Chrome on Linux");
    await checkScreen(here.page, "console-account");

    // A wrong current password: said next to it, what was typed kept.
    await here.page.locator("#field-currentPassword").fill("not my password at all");
    await here.page.locator("#field-newPassword").fill("marco's second long passphrase");
    await here.page.getByRole("button", { name: "Change password" }).click();
    await expect.poll(() => errorOf(here.page, "currentPassword")).toBe("Your current password is not right.");
    expect(await here.page.locator("#field-newPassword").inputValue()).toBe("marco's second long passphrase");
    await here.page.locator("#field-currentPassword").fill(first);
    await here.page.locator("#field-newPassword").fill("short");
    await here.page.getByRole("button", { name: "Change password" }).click();
    await expect.poll(() => errorOf(here.page, "newPassword")).toBe("Use at least 12 characters.");
    await checkScreen(here.page, "console-account-errors");

    // By keyboard: the new password, then Enter.
    await here.page.locator("#field-newPassword").fill("");
    await here.page.locator("#field-newPassword").focus();
    await here.page.keyboard.type("marco's second long passphrase");
    await here.page.keyboard.press("Enter");
    await expect
      .poll(() => here.page.locator(".console-screen > [role=status]").innerText())
      .toContain("Your password is changed");
    expect(await consoleApi(here.page, "GET", "/business")).toBe(200);
    await phone.page.goto(`${baseURL}/console/account`);
    await phone.page.locator("#sign-in-title").waitFor();

    // The name, shown in the header at once.
    await here.page.locator("#field-name").fill("Marco Rossi");
    await here.page.getByRole("button", { name: "Save name" }).click();
    await expect.poll(() => here.page.locator(".console__user").innerText()).toContain("Marco Rossi");

    // Signed in elsewhere again, then signed out from here.
    const tablet = await signIn("marco's second long passphrase");
    await here.page.reload();
    await waitForHydration(here.page);
    await expect.poll(() => rows.count()).toBe(2);
    await here.page.getByRole("button", { name: "Sign out everywhere else" }).click();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await here.page.locator("#account-sessions").locator("..").innerText()).toContain(
      "You are signed in only here.",
    );
    expect(await consoleApi(tablet.page, "GET", "/business")).toBe(401);

    expect(here.pageErrors).toEqual([]);
    for (const tracked of [owner, here, phone, tablet]) await tracked.context.close();
  });
});

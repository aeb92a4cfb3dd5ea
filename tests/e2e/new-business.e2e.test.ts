/**
 * Issue 23, as a new user meets it: with the server running on its embedded database, a business
 * created by `npm run business:create` is kept (the CLI goes through the server instead of writing a
 * second copy), gets a host name of its own through the business API, and its pages and slugs resolve
 * within it on that host — the same slug as the demo's, another calendar. A second server on the same
 * data directory refuses to start instead of losing writes.
 */
import { execFile, spawn } from "node:child_process";
import { promisify } from "node:util";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, dataDir } from "./support/server.ts";
import { launchBrowser, newPage, waitForHydration } from "./support/browser.ts";

const port = new URL(baseURL).port;
const run = promisify(execFile);

async function cli(script: string, args: string[]) {
  const { stdout } = await run(process.execPath, ["--import", "tsx", script, ...args], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: port },
  });
  return stdout;
}
const keyIn = (stdout: string) => /bk_[A-Za-z0-9_-]{20,}/.exec(stdout)?.[0] ?? "";

async function api(key: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${baseURL}/api/business${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, never> };
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("a business created while the server runs", () => {
  let key = "";

  it("is created through the running server and answers its key at once", async () => {
    const stdout = await cli("scripts/business-create.ts", ["--name", "Harbour Physio", "--slug", "harbour"]);
    expect(stdout).toContain("the running server");
    key = keyIn(stdout);
    expect(key).not.toBe("");
    const me = await api(key, "GET", "");
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ slug: "harbour", name: "Harbour Physio", hostnames: [] });
  });

  it("has an owner who chooses a password from the printed link and lands in the console", async () => {
    const stdout = await cli("scripts/business-create.ts", [
      "--name",
      "Quay Yoga",
      "--slug",
      "quay",
      "--owner-email",
      "Kai@Quay.example",
      "--owner-name",
      "Kai",
    ]);
    expect(stdout).toContain("kai@quay.example is the owner");
    const link = /(http\S+\/console\/reset-password#token=[\w-]+)/.exec(stdout)?.[1] ?? "";
    expect(link).not.toBe("");
    const { page, context } = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await page.goto(link.replace(/^http:\/\/localhost:\d+/, baseURL));
    await waitForHydration(page);
    await page.getByRole("heading", { name: "Choose a new password" }).waitFor();
    const password = page.locator("input[name=new-password]");
    await password.fill("too short");
    await page.getByRole("button", { name: "Save and sign in" }).click();
    await expect.poll(() => page.locator(".field__error").textContent()).toBe("Use at least 12 characters.");
    expect(await password.inputValue()).toBe("too short");
    await password.fill("quay yoga owner's passphrase");
    await page.getByRole("button", { name: "Save and sign in" }).click();
    await page.locator("#bookings-title").waitFor();
    expect(await page.locator(".console__business").textContent()).toBe("Quay Yoga");
    expect(await page.locator(".console-empty").isVisible()).toBe(true);
    // The link is spent; the password now signs in.
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.locator("input[name=email]").fill("kai@quay.example");
    await page.locator("input[name=password]").fill("quay yoga owner's passphrase");
    await page.locator("form button[type=submit]").click();
    await page.locator("#bookings-title").waitFor();
    await context.close();
  });

  it("gets its own host name, which no other business can take", async () => {
    expect((await api(key, "PATCH", "", { hostnames: ["Harbour.localhost"] })).body).toMatchObject({
      hostnames: ["harbour.localhost"],
    });
    const demoKey = keyIn(await cli("scripts/business-key.ts", ["--slug", "demo"]));
    const taken = await api(demoKey, "PATCH", "", { hostnames: ["localhost", "harbour.localhost"] });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: "HOSTNAME_TAKEN", errors: [{ path: "hostnames.1" }] });
  });

  it("serves its index and its slugs on its host; the bare host still shows the demo", async () => {
    const weekdays = Object.fromEntries(["1", "2", "3", "4", "5"].map((d) => [d, [{ start: "08:00", end: "18:00" }]]));
    const staff = await api(key, "POST", "/staff", {
      name: "Hana Ito",
      email: "hana@harbour.example",
      timeZone: "Europe/Lisbon",
      weeklyHours: weekdays,
    });
    expect(staff.status).toBe(201);
    // The demo has a calendar with this slug too: each host finds its own.
    const calendar = await api(key, "POST", "/calendars", {
      slug: "studio-tour",
      type: "personal",
      name: "Harbour assessment",
      members: [{ staffId: staff.body.id }],
    });
    expect(calendar.status).toBe(201);

    const { page, context } = await newPage(browser);
    await page.goto(`http://harbour.localhost:${port}/widget/bookings/studio-tour`);
    await waitForHydration(page);
    await expect.poll(() => page.locator("h1").textContent()).toBe("Harbour assessment");
    await page.goto(`http://harbour.localhost:${port}/`);
    const index = await page.locator("main").textContent();
    expect(index).toContain("Harbour assessment");
    expect(index).not.toContain("Intro call with Anna");
    await page.goto(`${baseURL}/widget/bookings/studio-tour`);
    await expect.poll(() => page.locator("h1").textContent()).not.toBe("Harbour assessment");
    await context.close();

    const slots = await fetch(
      `${baseURL}/api/calendars/${calendar.body.id}/next-available?from=2026-12-01&timezone=Europe/Lisbon`,
    );
    expect(slots.status).toBe(200);
  });
});

describe("one process per data directory", () => {
  it("a second server on the same DATA_DIR refuses to start, with the reason", async () => {
    const second = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
      env: { ...process.env, NODE_ENV: "production", PORT: "39999", DATA_DIR: dataDir, LOG_LEVEL: "info" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    second.stdout.on("data", (c: Buffer) => (output += c.toString()));
    second.stderr.on("data", (c: Buffer) => (output += c.toString()));
    const code = await new Promise<number | null>((resolve) => second.once("exit", resolve));
    expect(code).toBe(75);
    expect(output).toContain("is in use by process");
    // It stops before listening (the port is never bound); the running server is unharmed.
    expect((await fetch(`${baseURL}/api/health`)).status).toBe(200);
  });
});

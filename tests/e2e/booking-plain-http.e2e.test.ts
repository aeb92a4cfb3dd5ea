/**
 * A widget served over plain HTTP on a local network (http://192.168.1.20:3000, ADR 0055): the page
 * is not a secure context, so the browser offers no Web Crypto, and the proof-of-work worker hashes
 * with its JavaScript SHA-256 instead. Opened in Chromium through a non-loopback address of this
 * machine (loopback would count as secure), the visitor books as on HTTPS.
 */
import os from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { DEMO } from "../../src/adapters/db/seed/demo-ids.ts";
import { launchBrowser } from "./support/browser.ts";
import { bookingPage, fillContact, firstSlot, heading, open } from "./support/booking.ts";
import { startServer, type RunningServer } from "./support/start-server.ts";

/** An IPv4 address of this machine other than loopback, or undefined when it has none. */
const lanAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((i) => i && i.family === "IPv4" && !i.internal)?.address;

let browser: Browser;
let server: RunningServer;
beforeAll(async () => {
  if (!lanAddress) return;
  browser = await launchBrowser();
  // Every interface, as a business's server on its LAN listens; the checks use loopback.
  server = await startServer({ HOST: "0.0.0.0" });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe.skipIf(!lanAddress)("booking over plain HTTP (no secure context)", () => {
  it("solves the proof without Web Crypto and books", async () => {
    const { page, context, pageErrors, consoleErrors } = await bookingPage(browser);
    const posts: Record<string, unknown>[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname === "/api/bookings")
        posts.push(JSON.parse(request.postData() ?? "{}") as Record<string, unknown>);
    });
    const origin = server.url.replace("127.0.0.1", lanAddress!);
    await open(page, `${origin}/widget/booking/${DEMO.calendars.introCall}`);
    expect(await page.evaluate(() => ({ secure: window.isSecureContext, subtle: typeof crypto.subtle }))).toEqual({
      secure: false,
      subtle: "undefined",
    });
    await (await firstSlot(page)).click();
    await expect.poll(() => heading(page).textContent()).toBe("Your information");
    await fillContact(page, { firstName: "Ada", lastName: "Lan", email: "ada-lan@example.com" });
    await page.getByRole("button", { name: "Confirm booking" }).click();
    await page.waitForURL(/done=booked/, { timeout: 30_000 });
    expect(posts).toHaveLength(1);
    const solution = JSON.parse(atob(posts[0]!.proof as string)) as { algorithm: string; number: number };
    expect(solution.algorithm).toBe("SHA-256");
    expect(pageErrors).toEqual([]);
    // Chromium says that it ignores the Cross-Origin-Opener-Policy header on an untrustworthy origin.
    expect(consoleErrors.filter((e) => !e.includes("Cross-Origin-Opener-Policy"))).toEqual([]);
    await context.close();
  }, 60_000);
});

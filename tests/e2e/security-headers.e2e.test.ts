/**
 * Issue 13 in a real browser: the Content-Security-Policy (scripts only by nonce) lets every kind of
 * page hydrate with no violation, and the headers are on every page the spec's route table serves.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL } from "./support/server.ts";
import type { Browser } from "playwright-core";
import { DEMO } from "../../src/adapters/db/seed/demo-ids.ts";
import routes from "../../src/web/routes.ts";
import { expectSecureHeaders } from "../support/security-headers.ts";
import { launchBrowser, newPage, waitForHydration } from "./support/browser.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PAGES = [
  "/",
  `/widget/booking/${DEMO.calendars.introCall}`,
  "/widget/service-menus/salon-menu",
  "/widget/cancel-booking",
  "/journal/b/five-minute-breathing",
  "/shop",
  "/de/widget/groups/team",
];
/** Content pages are sent without scripts (src/web/components/static-page.ts): nothing hydrates there. */
const STATIC_PAGES = new Set(["/journal/b/five-minute-breathing", "/shop"]);

interface RouteNode {
  path?: string;
  index?: boolean;
  children?: RouteNode[];
}

/** Every URL pattern of the route table (layouts contribute no segment; locale copies included). */
function pathsOf(nodes: readonly RouteNode[], parent = ""): string[] {
  return nodes.flatMap((node) => {
    const own = node.path ? `${parent}/${node.path}`.replace(/\/+/g, "/") : parent;
    const self = node.path || node.index ? [own || "/"] : [];
    return [...self, ...pathsOf(node.children ?? [], own)];
  });
}

/**
 * The locale copies walked besides the unprefixed table: a two-letter and a region code. The headers
 * come from one middleware that only looks at whether the path is a widget page; walking all eleven
 * copies (over 600 server renders) took most of a minute of the suite and proved nothing more.
 */
const OTHER_LOCALE_COPY = /^\/(?:da|es|fr|hu|it|nl|pl|pt)\//;

describe("headers on every page of the route table", () => {
  const paths = [
    ...new Set(
      pathsOf(routes as RouteNode[])
        .filter((p) => !OTHER_LOCALE_COPY.test(p))
        .map((p) =>
          p
            .replace(/:id\b/g, DEMO.calendars.introCall)
            .replace(/:[A-Za-z]+\??/g, "x")
            .replace("*", "x"),
        ),
    ),
  ];

  it("walks the whole table, unprefixed and as /de/ and /pt-br/ copies", () => {
    expect(paths.length).toBeGreaterThan(150);
    expect(paths.filter((p) => p.startsWith("/pt-br/")).length).toBeGreaterThan(50);
  });

  it("every route answers with the headers; widget pages frameable per FRAME_ANCESTORS, others never", async () => {
    const check = async (path: string) => {
      const res = await fetch(`${baseURL}${path}`, { redirect: "manual" });
      const where = `${path} → ${res.status}`;
      expectSecureHeaders(res, where);
      const isWidget = /^(\/[a-z]{2}(-[a-z]{2})?)?\/widget\//.test(path);
      expect(res.headers.get("content-security-policy"), where).toContain(
        isWidget ? "frame-ancestors *" : "frame-ancestors 'none'",
      );
      await res.body?.cancel();
    };
    // A few at a time, as a browser would: hundreds of server renders one by one take most of a minute.
    const AT_ONCE = 6;
    for (let i = 0; i < paths.length; i += AT_ONCE) await Promise.all(paths.slice(i, i + AT_ONCE).map(check));
  }, 180_000);
});

describe("content security policy", () => {
  it.each(PAGES)("%s loads (and hydrates, unless static) with no CSP violation", async (path) => {
    const { page, context, consoleErrors, pageErrors } = await newPage(browser);
    const violations: string[] = [];
    await page.exposeFunction("reportViolation", (v: string) => violations.push(v));
    await page.addInitScript(() =>
      document.addEventListener("securitypolicyviolation", (e) =>
        (window as unknown as { reportViolation(v: string): void }).reportViolation(
          `${e.violatedDirective} ${e.blockedURI}`,
        ),
      ),
    );
    const response = await page.goto(`${baseURL}${path}`);
    if (STATIC_PAGES.has(path)) await page.waitForLoadState("load");
    else await waitForHydration(page);
    const csp = response?.headers()["content-security-policy"] ?? "";
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain(path.includes("/widget/") ? "frame-ancestors *" : "frame-ancestors 'none'");
    expect(response?.headers()["x-content-type-options"]).toBe("nosniff");
    expect(violations).toEqual([]);
    expect(consoleErrors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("the API reference page runs under its nonce", async () => {
    const { page, context, consoleErrors } = await newPage(browser);
    await page.goto(`${baseURL}/api/docs`);
    await expect.poll(() => page.locator("#ops").textContent()).not.toBe("Loading…");
    expect(consoleErrors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
    await context.close();
  });

  it("assets and 404s carry the headers too", async () => {
    const html = await (await fetch(`${baseURL}/`)).text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
    for (const path of [asset, "/no/such/page", "/favicon.ico"]) {
      const res = await fetch(`${baseURL}${path}`);
      expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(res.headers.get("content-security-policy"), path).toContain("object-src 'none'");
    }
  });
});

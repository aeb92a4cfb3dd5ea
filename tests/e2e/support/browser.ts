/**
 * Debian Chromium driven by playwright-core (never a downloaded browser). Pages come from
 * `browser.newContext()` so axe can inject into them. `launch()` gives every run a fresh, empty
 * user-data directory of its own.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { expect } from "vitest";

function chromiumPath(): string {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  for (const candidate of ["/usr/bin/chromium", "/usr/bin/chromium-browser"])
    if (fs.existsSync(candidate)) return candidate;
  return execFileSync("which", ["chromium"]).toString().trim();
}

export async function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      ...extraArgs,
    ],
  });
}

export interface TrackedPage {
  context: BrowserContext;
  page: Page;
  consoleErrors: string[];
  pageErrors: string[];
}

export async function newPage(
  browser: Browser,
  options: { viewport?: { width: number; height: number }; timezoneId?: string } = {},
): Promise<TrackedPage> {
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 800 },
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
  });
  // An action that cannot happen fails naming its locator, well inside the test's 60 s (Playwright's own
  // 30 s let two such waits end as a bare test timeout).
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  const pageErrors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") consoleErrors.push(msg.text());
  });
  page.on("pageerror", (error) => pageErrors.push(error.message));
  return { context, page, consoleErrors, pageErrors };
}

/** Resolves once React has hydrated the server-rendered document. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const w = window as unknown as { __reactRouterDataRouter?: { state: { initialized: boolean } } };
    return (
      w.__reactRouterDataRouter?.state.initialized === true && document.documentElement.dataset.hydrated === "true"
    );
  });
}

/** Whether every frame of the page (iframes included) has the page's own origin. */
function framesShareOrigin(page: Page): boolean {
  const origin = new URL(page.url()).origin;
  return page.frames().every((frame) => {
    const url = frame.url();
    return url === "" || url === "about:blank" || url === "about:srcdoc" || new URL(url).origin === origin;
  });
}

/**
 * axe over the page, or only what `include` selects (an open modal dialog: the rest is inert).
 *
 * The same rules over the same frames, only sooner: results other than violations are summarised
 * (`resultTypes`; nothing here reads them), and a page whose frames all share its origin is checked
 * by one axe.run in the page (legacy mode, which reaches same-origin frames) instead of a partial run
 * per frame finished in a blank page of its own — 3–4 times faster. A cross-origin frame (an embed's
 * host page) still gets the per-frame run, the only one that reaches it.
 */
export async function expectNoAxeViolations(page: Page, include?: string): Promise<void> {
  const builder = new AxeBuilder({ page })
    .options({ resultTypes: ["violations"] })
    .setLegacyMode(framesShareOrigin(page));
  const results = await (include ? builder.include(include) : builder).analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
  expect(summary).toEqual([]);
}

/**
 * Lighthouse (mobile, simulated throttling) of the content site's post and product pages — issue 16's
 * goal: performance, SEO and accessibility ≥ 95 each — and the JavaScript bytes each page loads,
 * next to the same audit of a booking page (issue 7 goal: performance ≥ 95) measured in the same
 * run as a baseline. Runs offline against Debian chromium on the demo (embedded PostgreSQL); needs a
 * web build (`npm run build`). Not part of the test suite: one audit takes ~15 s.
 */
import fs from "node:fs";
import lighthouse from "lighthouse";
import * as chromeLauncher from "chrome-launcher";
import { DEMO } from "../src/adapters/db/seed/demo-ids.ts";
import { startServer } from "../tests/e2e/support/start-server.ts";

const GOAL = 95;

if (!fs.existsSync("build/server/index.js")) {
  console.log("lighthouse: skipped — no web build (run `npm run build` first)");
  process.exit(0);
}
const chromePath =
  process.env.CHROME_PATH ?? ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => fs.existsSync(p));
if (!chromePath) {
  console.log("lighthouse: skipped — no chromium found (apt-get install chromium)");
  process.exit(0);
}

const server = await startServer();
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});

interface NetworkRequest {
  resourceType?: string;
  transferSize?: number;
  resourceSize?: number;
}

try {
  const audit = async (path: string) => {
    const result = await lighthouse(`${server.url}${path}`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      formFactor: "mobile",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    });
    const lhr = result!.lhr;
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const metric = (id: string) => lhr.audits[id]?.displayValue ?? "n/a";
    const requests = ((lhr.audits["network-requests"]?.details as { items?: NetworkRequest[] } | undefined)?.items ??
      []) as NetworkRequest[];
    const scripts = requests.filter((r) => r.resourceType === "Script");
    const failed = Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === "binary")
      .map((a) => a.id);
    return {
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
      lcp: metric("largest-contentful-paint"),
      tbt: metric("total-blocking-time"),
      cls: metric("cumulative-layout-shift"),
      jsFiles: scripts.length,
      jsTransferKb: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024,
      failed,
    };
  };
  const post = await audit("/journal/b/five-minute-breathing");
  const product = await audit("/product/lavender-massage-oil");
  const booking = await audit(`/widget/booking/${DEMO.calendars.introCall}`);
  const line = (name: string, r: typeof post) =>
    `${name.padEnd(30)} performance ${r.performance}  accessibility ${r.accessibility}  SEO ${r.seo}  best practices ${r.bestPractices}  ` +
    `JS ${r.jsFiles} files ${r.jsTransferKb.toFixed(1)} KB  LCP ${r.lcp}  TBT ${r.tbt}  CLS ${r.cls}` +
    (r.failed.length ? `\n${"".padEnd(30)} failing audits: ${r.failed.join(", ")}` : "");
  console.log("Lighthouse (mobile, simulated throttling), goal ≥ 95 in performance, SEO and accessibility:");
  console.log(line("post (five-minute-breathing)", post));
  console.log(line("product (lavender oil)", product));
  console.log(line("baseline: booking page", booking));
  const meets = (r: typeof post) => [r.performance, r.seo, r.accessibility].every((s) => s >= GOAL);
  console.log(`goal met: post ${meets(post) ? "YES" : "NO"}, product ${meets(product) ? "YES" : "NO"}`);
} finally {
  await chrome.kill();
  await server.stop();
}

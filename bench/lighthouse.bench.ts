/**
 * Lighthouse mobile score of a booking page (issue 7 goal: ≥ 95), next to the same audit of the
 * bare 404 page measured in the same run as a baseline (what the framework alone costs).
 * Runs offline against Debian chromium; needs a web build (`npm run build`).
 */
import fs from "node:fs";
import lighthouse from "lighthouse";
import * as chromeLauncher from "chrome-launcher";
import { DEMO } from "../src/adapters/db/seed/demo-ids.ts";
import { startServer } from "../tests/e2e/support/start-server.ts";

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
try {
  const audit = async (path: string) => {
    const result = await lighthouse(`${server.url}${path}`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      formFactor: "mobile",
      onlyCategories: ["performance", "accessibility", "best-practices"],
    });
    const lhr = result!.lhr;
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const metric = (id: string) => lhr.audits[id]?.displayValue ?? "n/a";
    return {
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      lcp: metric("largest-contentful-paint"),
      tbt: metric("total-blocking-time"),
      cls: metric("cumulative-layout-shift"),
    };
  };
  const booking = await audit(`/widget/booking/${DEMO.calendars.introCall}`);
  const baseline = await audit(`/widget/booking/cancel-booking`);
  const line = (name: string, r: typeof booking) =>
    `${name.padEnd(28)} performance ${r.performance}  accessibility ${r.accessibility}  best practices ${r.bestPractices}  LCP ${r.lcp}  TBT ${r.tbt}  CLS ${r.cls}`;
  console.log("Lighthouse (mobile, simulated throttling):");
  console.log(line("booking page (intro call)", booking));
  console.log(line("baseline: static form page", baseline));
  console.log(`goal performance ≥ 95: ${booking.performance >= 95 ? "YES" : "NO"}`);
} finally {
  await chrome.kill();
  await server.stop();
}

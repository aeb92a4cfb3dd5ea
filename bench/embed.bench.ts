/**
 * The embed loader (issue 17): its size against the 3 KB gzip budget, and what it costs a visitor —
 * the time from opening a business's page until the embedded widget shows bookable times — next to
 * the same page with the widget framed by a hand-written `<iframe>` (no loader), measured in the
 * same run, alternating, in headless Chromium. Needs a web build (`npm run build`).
 *
 *   npx tsx bench/embed.bench.ts   (BENCH_EMBED_ROUNDS=12 to change)
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { DEMO } from "../src/adapters/db/seed/demo-ids.ts";
import { embedSnippet, INLINE_RESERVED_HEIGHT } from "../src/embed/snippet.ts";
import { launchBrowser } from "../tests/e2e/support/browser.ts";
import { startServer } from "../tests/e2e/support/start-server.ts";

const LOADER = "build/client/embed.js";
if (!fs.existsSync(LOADER) || !fs.existsSync("build/server/index.js")) {
  console.log("embed: skipped — no web build (run `npm run build` first)");
  process.exit(0);
}
const ROUNDS = Number(process.env.BENCH_EMBED_ROUNDS ?? 12);
const BUDGET = 3 * 1024;

const loader = fs.readFileSync(LOADER);
const gzip = zlib.gzipSync(loader).length;
console.log(`loader: ${loader.length} B, ${gzip} B gzip — budget ${BUDGET} B gzip: ${gzip <= BUDGET ? "YES" : "NO"}`);

const app = await startServer();
const path = `/widget/booking/${DEMO.calendars.introCall}`;
const pages: Record<string, string> = {
  "/loader": embedSnippet({ origin: app.url, path, mode: "inline", label: "Book" }),
  "/iframe": `<iframe src="${app.url}${path}" title="Book" style="width:100%;height:${INLINE_RESERVED_HEIGHT}px;border:0"></iframe>`,
};
const host = http.createServer((req, res) => {
  const body = pages[req.url ?? ""];
  res.writeHead(body ? 200 : 404, { "Content-Type": "text/html; charset=utf-8" });
  res.end(body ? `<!doctype html><html lang="en"><title>Host</title><h1>Host</h1>${body}` : "");
});
await new Promise<void>((done) => host.listen(0, done));
const hostUrl = `http://localhost:${(host.address() as AddressInfo).port}`;

const browser = await launchBrowser();
/** Milliseconds from navigation to the first bookable time shown inside the frame. */
async function timeToTimes(page: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const tab = await context.newPage();
  const started = performance.now();
  await tab.goto(`${hostUrl}${page}`);
  for (;;) {
    const frame = tab.frames().find((f) => f.url().includes(path));
    if (
      frame &&
      (await frame
        .locator(".slot")
        .count()
        .catch(() => 0)) > 0
    )
      break;
    await tab.waitForTimeout(5);
  }
  const elapsed = performance.now() - started;
  await context.close();
  return elapsed;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
try {
  await timeToTimes("/iframe"); // warm the server and the browser's caches alike for both
  const samples: Record<string, number[]> = { "/loader": [], "/iframe": [] };
  for (let round = 0; round < ROUNDS; round++)
    for (const page of round % 2 ? ["/iframe", "/loader"] : ["/loader", "/iframe"])
      samples[page]!.push(await timeToTimes(page));
  const withLoader = median(samples["/loader"]!);
  const baseline = median(samples["/iframe"]!);
  console.log(`time to bookable times, median of ${ROUNDS} (headless Chromium, local server):`);
  console.log(`  with the loader:          ${withLoader.toFixed(0)} ms`);
  console.log(`  baseline: a bare iframe:  ${baseline.toFixed(0)} ms`);
  console.log(`  the loader adds:          ${(withLoader - baseline).toFixed(0)} ms`);
} finally {
  await browser.close();
  host.close();
  await app.stop();
}

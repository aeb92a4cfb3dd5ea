/**
 * The JavaScript budget of a booking page (ADR 0004): everything the browser loads before the page
 * is interactive — the scripts and module preloads named in the server-rendered HTML, plus the
 * locale's catalogue chunk loaded before hydration — at most 140 KB gzip. Deterministic: the files
 * come from the build and are gzipped here with zlib at the default level.
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { baseURL } from "./support/server.ts";
import { DEMO } from "../../src/adapters/db/seed/demo-ids.ts";

const CLIENT = path.resolve("build/client");
const BUDGET_BYTES = 140 * 1024;

/** Chunks a page loads before it is interactive although its HTML does not name them. */
const ALSO_BEFORE_INTERACTIVE = {
  // The English catalogue is imported by entry.client before hydrating.
  all: /^en-[\w-]+\.js$/,
  // A manage page hydrates its confirmation/manage screen once that lazily loaded chunk is in.
  // …and the texts of that screen (the later screens' catalogue, i18n/later-runtime.ts).
  manage: /^(booking-result|later-en)-[\w-]+\.js$/,
};

/** A file's Brotli copy's size, or the file's own when the build kept none (too small to gain). */
const sizeAsSent = (file: string) => fs.statSync(fs.existsSync(`${file}.br`) ? `${file}.br` : file).size;

function initialScripts(html: string, manage: boolean): string[] {
  // Module preloads and the inline module script's imports; not the route manifest, which only names modules.
  const urls = new Set([...html.matchAll(/(?:href="|from "|import\(")(\/assets\/[\w.-]+\.js)"/g)].map((m) => m[1]!));
  for (const file of fs.readdirSync(path.join(CLIENT, "assets")))
    if (ALSO_BEFORE_INTERACTIVE.all.test(file) || (manage && ALSO_BEFORE_INTERACTIVE.manage.test(file)))
      urls.add(`/assets/${file}`);
  return [...urls].sort();
}

describe("JavaScript budget", () => {
  it.each([
    ["personal", `/widget/booking/${DEMO.calendars.introCall}`, false],
    ["service menu", `/widget/service-menus/${DEMO.serviceMenuSlug}`, false],
    ["manage / cancel", `/widget/cancel-booking`, true],
  ])("%s booking page: initial JavaScript ≤ 140 KB gzip", async (_name, pathname, manage) => {
    const html = await (await fetch(`${baseURL}${pathname}`)).text();
    const scripts = initialScripts(html, manage);
    expect(scripts.length).toBeGreaterThan(2);
    const sizes = scripts.map((url) => ({ url, gzip: zlib.gzipSync(fs.readFileSync(path.join(CLIENT, url))).length }));
    const total = sizes.reduce((sum, s) => sum + s.gzip, 0);
    // What a browser that accepts Brotli is sent: the build's stored copies (scripts/precompress-assets.ts).
    const sent = scripts.reduce((sum, url) => sum + sizeAsSent(path.join(CLIENT, url)), 0);
    console.info(
      `${pathname}: ${(total / 1024).toFixed(1)} KB gzip (${total} bytes) in ${sizes.length} files; ${(sent / 1024).toFixed(1)} KB as sent with Brotli`,
    );
    expect(total).toBeLessThanOrEqual(BUDGET_BYTES);
  });
});

describe("embed loader budget (issue 17)", () => {
  it("the script a business pastes is at most 3 KB gzip and carries every language's two texts", () => {
    const loader = fs.readFileSync(path.join(CLIENT, "embed.js"));
    const gzip = zlib.gzipSync(loader).length;
    console.info(`embed.js: ${loader.length} bytes, ${gzip} bytes gzip`);
    expect(gzip).toBeLessThanOrEqual(3 * 1024);
    expect(loader.toString()).toContain("Termin buchen");
  });
});

/**
 * Locale routing over HTTP against the real server (locale-routing.md C.7, C.11, C.12): detection and
 * redirect on `/`, the cookie, prefixed routes, `<html lang>` and hreflang links in the document.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL } from "./support/server.ts";
import { DEMO } from "../../src/adapters/db/seed/demo-ids.ts";
import { startServer, type RunningServer } from "./support/start-server.ts";

const calendar = `/widget/booking/${DEMO.calendars.introCall}`;
const COOKIE = /^i18n_redirected=(\w[\w-]*); Path=\/; Expires=[^;]+ GMT; SameSite=Lax$/;

function get(path: string, headers: Record<string, string> = {}, origin = baseURL) {
  return fetch(`${origin}${path}`, { redirect: "manual", headers: { "accept-language": "*", ...headers } });
}

describe("first visit to /", () => {
  it("redirects to the browser's language with a 302 and remembers it in the cookie", async () => {
    const res = await get("/", { "accept-language": "fr-FR,fr;q=0.9,en;q=0.8" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/fr");
    expect(res.headers.get("set-cookie")).toMatch(COOKIE);
    expect(res.headers.get("set-cookie")).toContain("i18n_redirected=fr;");
    expect(res.headers.get("vary")).toContain("Accept-Language");
  });

  it("keeps the query string", async () => {
    const res = await get("/?utm_source=mail", { "accept-language": "de-CH" });
    expect(res.headers.get("location")).toBe("/de?utm_source=mail");
  });

  it("follows the cookie before the browser", async () => {
    const res = await get("/", { "accept-language": "fr", cookie: "i18n_redirected=pt-br" });
    expect(res.headers.get("location")).toBe("/pt-br");
  });

  it("stays on / in English for an English cookie, without rewriting it", async () => {
    const res = await get("/", { "accept-language": "fr", cookie: "i18n_redirected=en" });
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(await res.text()).toContain('lang="en-US"');
  });

  it("rewrites an unknown cookie value to English", async () => {
    const res = await get("/", { "accept-language": "fr", cookie: "i18n_redirected=xx" });
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toContain("i18n_redirected=en;");
  });
});

describe("other pages", () => {
  it("serves a prefixed page in its locale, with hreflang alternates, and sets the cookie", async () => {
    const res = await get(`/de${calendar}`, { "accept-language": "fr" });
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toContain("i18n_redirected=de;");
    const html = await res.text();
    expect(html).toContain('lang="de-DE"');
    expect(html).toContain('data-locale="de"');
    expect(html).toMatch(new RegExp(`<link rel="alternate" href="${baseURL}/fr${calendar}" hreflang="fr"/?>`, "i"));
    expect(html).toMatch(new RegExp(`<link rel="alternate" href="${baseURL}${calendar}" hreflang="x-default"/?>`, "i"));
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="${baseURL}/de${calendar}"/?>`, "i"));
    expect(html).toContain('<meta property="og:locale" content="de_DE"');
  });

  it("detects on an unprefixed deep link (the default, LOCALE_DETECTION=no_prefix): a French browser gets French", async () => {
    const res = await get(calendar, { "accept-language": "fr" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/fr${calendar}`);
    expect(res.headers.get("set-cookie")).toContain("i18n_redirected=fr;");
  });

  it("the cookie still wins on a deep link", async () => {
    const res = await get(calendar, { "accept-language": "fr", cookie: "i18n_redirected=en" });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('lang="en-US"');
  });

  it("serves the localised index at /fr", async () => {
    const res = await get("/fr", { cookie: "i18n_redirected=fr" });
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(await res.text()).toContain('lang="fr-FR"');
  });

  it("never redirects a client navigation's data request", async () => {
    const res = await get("/_root.data", { "accept-language": "fr" });
    expect(res.status).not.toBe(302);
  });
});

describe("embedded in a third-party iframe (LOCALE_COOKIE_CROSS_ORIGIN=true)", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ LOCALE_COOKIE_CROSS_ORIGIN: "true" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("sets the cookie with SameSite=None; Secure", async () => {
    const res = await get(`/nl${calendar}`, {}, server.url);
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toMatch(
      /^i18n_redirected=nl; Path=\/; Expires=[^;]+ GMT; Secure; SameSite=None; Partitioned$/,
    );
  });
});

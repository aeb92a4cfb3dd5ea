import { describe, expect, it } from "vitest";
import { createLocaleRoutingConfig, LOCALE_ROUTING } from "../i18n/routing/config.ts";
import { resolveLocaleForRequest, routerRequestPath } from "./locale-request.ts";

const now = new Date("2024-03-01T12:00:00Z");

describe("routerRequestPath", () => {
  it.each([
    ["/", "document", "/"],
    ["/fr/widget/booking/1", "document", "/fr/widget/booking/1"],
    ["/_root.data", "data", "/"],
    ["/fr.data", "data", "/fr"],
    ["/fr/widget/booking/1.data", "data", "/fr/widget/booking/1"],
    ["/__manifest", "manifest", "/__manifest"],
  ])("%s → %s %s", (path, kind, pathname) => {
    expect(routerRequestPath(new URL(`http://x${path}`))).toEqual({ kind, pathname });
  });
});

describe("resolveLocaleForRequest", () => {
  const request = (path: string, headers: Record<string, string> = {}, method = "GET") =>
    new Request(`http://book.example.com${path}`, { method, headers });

  it("redirects a first page load of / to the browser's language", () => {
    expect(
      resolveLocaleForRequest(request("/?a=1", { "accept-language": "de-DE,de;q=0.9" }), LOCALE_ROUTING, now),
    ).toMatchObject({
      locale: "de",
      redirect: { location: "/de?a=1", status: 302 },
    });
  });

  it("does not detect on data requests (client navigations), but takes the route's locale", () => {
    const result = resolveLocaleForRequest(
      request("/_root.data?_routes=root", { "accept-language": "de" }),
      LOCALE_ROUTING,
      now,
    );
    expect(result).toMatchObject({ locale: "en", pathWithoutPrefix: "/" });
    expect(result?.redirect).toBeUndefined();
    expect(resolveLocaleForRequest(request("/fr/widget/booking/1.data"), LOCALE_ROUTING, now)).toMatchObject({
      locale: "fr",
      pathWithoutPrefix: "/widget/booking/1",
    });
  });

  it("does not detect on form posts", () => {
    expect(
      resolveLocaleForRequest(request("/", { "accept-language": "fr" }, "POST"), LOCALE_ROUTING, now)?.redirect,
    ).toBeUndefined();
  });

  it("ignores the route manifest", () => {
    expect(resolveLocaleForRequest(request("/__manifest?p=/fr"), LOCALE_ROUTING, now)).toBeUndefined();
  });
});

describe("detection on a deep link, per LOCALE_DETECTION", () => {
  const request = (path: string, headers: Record<string, string> = {}) =>
    new Request(`http://book.example.com${path}`, { headers });
  const french = { "accept-language": "fr-FR,fr;q=0.9" };
  const deepLink = "/widget/booking/00000000-0000-4000-8000-000000000201?tz=UTC";
  const withSetting = (redirectOn: "no prefix" | "root" | "all") =>
    createLocaleRoutingConfig({ cookieCrossOrigin: false, redirectOn });

  it("no_prefix (the default): a French browser on an unprefixed deep link gets French", () => {
    expect(LOCALE_ROUTING.detectBrowserLanguage && LOCALE_ROUTING.detectBrowserLanguage.redirectOn).toBe("no prefix");
    expect(resolveLocaleForRequest(request(deepLink, french), withSetting("no prefix"), now)).toMatchObject({
      locale: "fr",
      redirect: { location: `/fr${deepLink}`, status: 302 },
    });
    // A prefixed path is the visitor's (or a link's) choice: left alone.
    expect(
      resolveLocaleForRequest(request(`/de${deepLink}`, french), withSetting("no prefix"), now)?.redirect,
    ).toBeUndefined();
  });

  it("the cookie still wins over the browser", () => {
    const result = resolveLocaleForRequest(
      request(deepLink, { ...french, cookie: "i18n_redirected=en" }),
      withSetting("no prefix"),
      now,
    );
    expect(result?.redirect).toBeUndefined();
    expect(result?.locale).toBe("en");
  });

  it("root: only / is detected; the deep link stays English", () => {
    const result = resolveLocaleForRequest(request(deepLink, french), withSetting("root"), now);
    expect(result?.redirect).toBeUndefined();
    expect(result?.locale).toBe("en");
  });

  it("all: even a prefixed path follows the browser on a first visit", () => {
    expect(resolveLocaleForRequest(request(`/de${deepLink}`, french), withSetting("all"), now)).toMatchObject({
      locale: "fr",
      redirect: { status: 302 },
    });
  });
});

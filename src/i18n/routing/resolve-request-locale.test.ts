import { describe, expect, it } from "vitest";
import type { LocaleRoutingInput } from "./options.ts";
import { resolveRequestLocale, type ResolveRequestLocaleInput } from "./resolve-request-locale.ts";
import { routing } from "./test-locales.test-helper.ts";

const now = new Date("2024-03-01T12:00:00Z");
const EXPIRES = "Expires=Sat, 01 Mar 2025 12:00:00 GMT";
const cookie = (code: string) => `i18n_redirected=${code}; Path=/; ${EXPIRES}; SameSite=Lax`;

function resolve(
  path: string,
  request: Partial<ResolveRequestLocaleInput> = {},
  overrides: Partial<LocaleRoutingInput> = {},
) {
  return resolveRequestLocale({
    url: `https://book.example.com${path}`,
    isFirstAccess: true,
    now,
    options: routing(overrides),
    ...request,
  });
}

describe("resolveRequestLocale: visits with our defaults (C.7)", () => {
  it("1. first visit to / with a French browser: 302 to /fr and cookie fr", () => {
    expect(resolve("/", { acceptLanguage: "fr-FR,fr;q=0.9,en;q=0.8" })).toEqual({
      locale: "fr",
      redirect: { location: "/fr", status: 302 },
      setCookie: cookie("fr"),
      pathWithoutPrefix: "/",
      detectedFrom: "navigator_or_header",
    });
  });

  it("2. first visit to a non-root page: no detection, the route's locale, cookie written (C.12.11)", () => {
    expect(resolve("/about", { acceptLanguage: "fr" })).toEqual({
      locale: "en",
      setCookie: cookie("en"),
      pathWithoutPrefix: "/about",
    });
    expect(resolve("/fr/about", { acceptLanguage: "de" })).toEqual({
      locale: "fr",
      setCookie: cookie("fr"),
      pathWithoutPrefix: "/about",
    });
  });

  it("3. later visit to / follows the cookie, not the browser", () => {
    expect(resolve("/", { cookieHeader: "i18n_redirected=fr", acceptLanguage: "de" })).toMatchObject({
      locale: "fr",
      redirect: { location: "/fr", status: 302 },
      detectedFrom: "cookie",
    });
    const stay = resolve("/", { cookieHeader: "i18n_redirected=en", acceptLanguage: "fr" });
    expect(stay).toEqual({ locale: "en", pathWithoutPrefix: "/", detectedFrom: "cookie" }); // cookie unchanged: no Set-Cookie
  });

  it("11. a non-root landing sets the cookie that a later / follows (C.12.11)", () => {
    const first = resolve("/de/widget/booking/1", { acceptLanguage: "fr" });
    expect(first.setCookie).toBe(cookie("de"));
    expect(resolve("/", { cookieHeader: "i18n_redirected=de", acceptLanguage: "fr" }).redirect).toEqual({
      location: "/de",
      status: 302,
    });
  });

  it("4. redirectOn 'no prefix': unprefixed pages too; prefixed ones only with alwaysRedirect", () => {
    const noPrefix = { detectBrowserLanguage: { redirectOn: "no prefix" as const } };
    expect(resolve("/about", { acceptLanguage: "fr" }, noPrefix).redirect).toEqual({
      location: "/fr/about",
      status: 302,
    });
    expect(resolve("/de/about", { acceptLanguage: "fr" }, noPrefix)).toMatchObject({
      locale: "de",
      setCookie: cookie("de"),
    });
    expect(resolve("/de/about", { acceptLanguage: "fr" }, noPrefix).redirect).toBeUndefined();
    const always = { detectBrowserLanguage: { redirectOn: "no prefix" as const, alwaysRedirect: true } };
    expect(resolve("/fr/about", { cookieHeader: "i18n_redirected=en" }, always).redirect).toEqual({
      location: "/about",
      status: 302,
    });
  });

  it("5. redirectOn 'all': every path, prefixed or not", () => {
    const all = { detectBrowserLanguage: { redirectOn: "all" as const } };
    expect(resolve("/de/x?y=1", { acceptLanguage: "nl-BE" }, all)).toMatchObject({
      locale: "nl",
      redirect: { location: "/nl/x?y=1", status: 302 },
      setCookie: cookie("nl"),
    });
    expect(resolve("/fr", { cookieHeader: "i18n_redirected=en" }, all).redirect).toEqual({
      location: "/",
      status: 302,
    });
  });

  it("6. useCookie false: the browser on every load, no cookie written", () => {
    const result = resolve(
      "/",
      { cookieHeader: "i18n_redirected=de", acceptLanguage: "fr" },
      { detectBrowserLanguage: { useCookie: false } },
    );
    expect(result).toEqual({
      locale: "fr",
      redirect: { location: "/fr", status: 302 },
      pathWithoutPrefix: "/",
      detectedFrom: "navigator_or_header",
    });
  });

  it("7. no_prefix: the URL never changes; cookie → browser → fallback on first access", () => {
    const noPrefix = { strategy: "no_prefix" as const, detectBrowserLanguage: { fallbackLocale: "en" } };
    expect(resolve("/about", { cookieHeader: "i18n_redirected=de", acceptLanguage: "fr" }, noPrefix)).toEqual({
      locale: "de",
      pathWithoutPrefix: "/about",
      detectedFrom: "cookie",
    });
    expect(resolve("/about", { acceptLanguage: "fr" }, noPrefix)).toMatchObject({
      locale: "fr",
      setCookie: cookie("fr"),
    });
    expect(resolve("/about", { acceptLanguage: "ja" }, noPrefix)).toMatchObject({
      locale: "en",
      detectedFrom: "fallback",
    });
    expect(resolve("/about", { acceptLanguage: "fr" }, noPrefix).redirect).toBeUndefined();
  });
});

describe("resolveRequestLocale: edge cases (C.12)", () => {
  it("1. an unknown cookie value is rewritten to the default locale and counts as a cookie match", () => {
    expect(resolve("/", { cookieHeader: "i18n_redirected=xx", acceptLanguage: "fr" })).toEqual({
      locale: "en",
      setCookie: cookie("en"),
      pathWithoutPrefix: "/",
      detectedFrom: "cookie",
    });
  });

  it("2./3. primary-subtag and longer-code matching", () => {
    expect(resolve("/", { acceptLanguage: "de-CH" }).redirect?.location).toBe("/de");
    expect(resolve("/", { acceptLanguage: "pt-BR,pt" }).redirect?.location).toBe("/pt-br");
    expect(resolve("/", { acceptLanguage: "pt-PT" }).redirect?.location).toBe("/pt");
  });

  it("4. redirectOn root ignores the query", () => {
    expect(resolve("/?utm=x", { acceptLanguage: "fr" }).redirect).toEqual({ location: "/fr?utm=x", status: 302 });
  });

  it("5. loop guard: never to the current URL or to the previous route", () => {
    expect(
      resolve("/fr", { acceptLanguage: "fr" }, { detectBrowserLanguage: { redirectOn: "all" } }).redirect,
    ).toBeUndefined();
    const all = { detectBrowserLanguage: { redirectOn: "all" as const } };
    expect(resolve("/fr/a", { cookieHeader: "i18n_redirected=en", fromFullPath: "/a" }, all).redirect).toBeUndefined();
  });

  it("6. only the first access detects: a client navigation (data request) keeps the route's locale", () => {
    expect(resolve("/", { acceptLanguage: "fr", isFirstAccess: false })).toEqual({
      locale: "en",
      setCookie: cookie("en"),
      pathWithoutPrefix: "/",
    });
    expect(resolve("/de/a", { cookieHeader: "i18n_redirected=fr", isFirstAccess: false })).toMatchObject({
      locale: "de",
      setCookie: cookie("de"),
    });
  });

  it("7. prefix: / always redirects, even with detection disabled; prefix_and_default: / and /en both stay", () => {
    expect(resolve("/", {}, { strategy: "prefix", detectBrowserLanguage: false })).toEqual({
      locale: "en",
      redirect: { location: "/en", status: 302 },
      pathWithoutPrefix: "/",
    });
    expect(resolve("/", { acceptLanguage: "fr" }, { strategy: "prefix" }).redirect?.location).toBe("/fr");
    expect(resolve("/", {}, { strategy: "prefix_and_default" }).redirect).toBeUndefined();
    expect(resolve("/en", {}, { strategy: "prefix_and_default" })).toMatchObject({
      locale: "en",
      pathWithoutPrefix: "/",
    });
    expect(resolve("/en", {}, { strategy: "prefix_and_default" }).redirect).toBeUndefined();
    const toDefault = resolve(
      "/fr/a",
      { cookieHeader: "i18n_redirected=en" },
      { strategy: "prefix_and_default", detectBrowserLanguage: { redirectOn: "all" } },
    );
    expect(toDefault.redirect).toEqual({ location: "/a", status: 302 });
  });

  it("8. no_prefix never navigates, even when the locale changes", () => {
    expect(resolve("/", { acceptLanguage: "fr" }, { strategy: "no_prefix" }).redirect).toBeUndefined();
  });

  it("9. detection disabled: the route's locale, cookie neither read nor written", () => {
    expect(
      resolve("/", { cookieHeader: "i18n_redirected=fr", acceptLanguage: "fr" }, { detectBrowserLanguage: false }),
    ).toEqual({
      locale: "en",
      pathWithoutPrefix: "/",
    });
  });

  it("10. cross-origin embeds get SameSite=None; Secure", () => {
    const result = resolve("/de/widget/booking/1", {}, { detectBrowserLanguage: { cookieCrossOrigin: true } });
    expect(result.setCookie).toBe(`i18n_redirected=de; Path=/; ${EXPIRES}; Secure; SameSite=None; Partitioned`);
  });

  it("12. the detection fallbackLocale decides only when nothing matched", () => {
    const withFallback = { detectBrowserLanguage: { fallbackLocale: "de" } };
    expect(resolve("/", { acceptLanguage: "ja" }, withFallback)).toMatchObject({
      locale: "de",
      redirect: { location: "/de", status: 302 },
      detectedFrom: "fallback",
    });
    expect(resolve("/", { acceptLanguage: "fr" }, withFallback)).toMatchObject({ locale: "fr" });
  });

  it("rootRedirect wins on /, in the resolved locale", () => {
    expect(
      resolve("/", { acceptLanguage: "fr" }, { rootRedirect: { path: "welcome", statusCode: 301 } }).redirect,
    ).toEqual({ location: "/fr/welcome", status: 301 });
  });

  it("differentDomains: the host decides and nothing redirects", () => {
    const options = {
      differentDomains: true,
      locales: [
        { code: "en", language: "en-US", domain: "example.com" },
        { code: "fr", language: "fr-FR", domain: "example.fr" },
      ],
    };
    expect(resolve("/about", { host: "example.fr" }, options)).toEqual({
      locale: "fr",
      setCookie: cookie("fr"),
      pathWithoutPrefix: "/about",
    });
    expect(resolve("/", { host: "example.fr", acceptLanguage: "en-US" }, options)).toMatchObject({ locale: "en" });
    expect(resolve("/", { host: "example.fr", acceptLanguage: "en-US" }, options).redirect).toBeUndefined();
  });

  it("a protocol-relative path is never produced as a redirect target", () => {
    const all = { detectBrowserLanguage: { redirectOn: "all" as const } };
    expect(resolve("/fr//evil.example", { cookieHeader: "i18n_redirected=en" }, all).redirect).toBeUndefined();
  });
});

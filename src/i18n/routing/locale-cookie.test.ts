import { describe, expect, it } from "vitest";
import {
  localeCookieExpiry,
  localeCookieUpdate,
  readCookie,
  readLocaleCookie,
  serializeClearedLocaleCookie,
  serializeLocaleCookie,
} from "./locale-cookie.ts";
import { DEFAULT_DETECT_BROWSER_LANGUAGE } from "./options.ts";
import { routing } from "./test-locales.test-helper.ts";

const detect = DEFAULT_DETECT_BROWSER_LANGUAGE;
const now = new Date("2024-03-01T12:00:00Z");

describe("readCookie", () => {
  it.each([
    [undefined, undefined],
    ["", undefined],
    ["i18n_redirected=fr", "fr"],
    ["a=1; i18n_redirected=pt-br; b=2", "pt-br"],
    ["i18n_redirected=%22fr%22", '"fr"'],
    ['i18n_redirected="de"', "de"],
    ["i18n_redirected=de; i18n_redirected=fr", "de"],
    ["xi18n_redirected=fr", undefined],
    ["i18n_redirected=%E0%A4%A", "%E0%A4%A"],
  ])("%j → %j", (header, expected) => {
    expect(readCookie(header, "i18n_redirected")).toBe(expected);
  });
});

describe("readLocaleCookie (C.4)", () => {
  it.each([
    ["known code", routing(), "i18n_redirected=fr", { raw: "fr", locale: "fr" }],
    ["no cookie", routing(), "other=1", { raw: undefined, locale: undefined }],
    [
      "unknown code → defaultLocale, rewritten (C.12.1)",
      routing(),
      "i18n_redirected=xx",
      { raw: "xx", locale: "en", rewriteTo: "en" },
    ],
    [
      "unknown code without defaultLocale → cleared",
      routing({ defaultLocale: "" }),
      "i18n_redirected=xx",
      { raw: "xx", locale: undefined, rewriteTo: null },
    ],
    ["codes are case-sensitive", routing(), "i18n_redirected=FR", { raw: "FR", locale: "en", rewriteTo: "en" }],
    [
      "useCookie false → ignored",
      routing({ detectBrowserLanguage: { useCookie: false } }),
      "i18n_redirected=fr",
      { raw: undefined, locale: undefined },
    ],
    [
      "detection disabled → ignored (C.12.9)",
      routing({ detectBrowserLanguage: false }),
      "i18n_redirected=fr",
      { raw: undefined, locale: undefined },
    ],
    [
      "custom cookieKey",
      routing({ detectBrowserLanguage: { cookieKey: "lang" } }),
      "i18n_redirected=de; lang=fr",
      { raw: "fr", locale: "fr" },
    ],
  ] as const)("%s", (_name, options, header, expected) => {
    expect(readLocaleCookie(header, options)).toEqual(expected);
  });
});

describe("serializeLocaleCookie (C.4, spec §9)", () => {
  it.each([
    ["lax by default", detect, "i18n_redirected=fr; Path=/; Expires=Sat, 01 Mar 2025 12:00:00 GMT; SameSite=Lax"],
    [
      "cookieSecure",
      { ...detect, cookieSecure: true },
      "i18n_redirected=fr; Path=/; Expires=Sat, 01 Mar 2025 12:00:00 GMT; Secure; SameSite=Lax",
    ],
    [
      // Partitioned (CHIPS) keeps the cookie working where browsers block third-party cookies.
      "cross-origin iframe embed (C.12.10)",
      { ...detect, cookieCrossOrigin: true },
      "i18n_redirected=fr; Path=/; Expires=Sat, 01 Mar 2025 12:00:00 GMT; Secure; SameSite=None; Partitioned",
    ],
    [
      "cookieDomain and key",
      { ...detect, cookieDomain: ".example.com", cookieKey: "lang" },
      "lang=fr; Path=/; Expires=Sat, 01 Mar 2025 12:00:00 GMT; Domain=.example.com; SameSite=Lax",
    ],
  ])("%s", (_name, options, expected) => {
    expect(serializeLocaleCookie("fr", options, now)).toBe(expected);
  });

  it.each([
    ["2024-03-01T12:00:00Z", "2025-03-01T12:00:00.000Z"],
    ["2024-01-01T00:00:00Z", "2024-12-31T00:00:00.000Z"], // leap year: 365 days, not one year
    ["2023-03-26T00:30:00Z", "2024-03-25T00:30:00.000Z"], // DST-free UTC arithmetic
  ])("expires 365 days after %s", (from, expected) => {
    expect(localeCookieExpiry(new Date(from)).toISOString()).toBe(expected);
  });

  it("clears with an expiry in the past", () => {
    expect(serializeClearedLocaleCookie(detect)).toBe(
      "i18n_redirected=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax",
    );
  });
});

describe("localeCookieUpdate", () => {
  const options = routing();
  it.each([
    ["unchanged value → no header", { raw: "fr", locale: "fr" }, "fr", undefined],
    [
      "new value",
      { raw: undefined, locale: undefined },
      "de",
      "i18n_redirected=de; Path=/; Expires=Sat, 01 Mar 2025 12:00:00 GMT; SameSite=Lax",
    ],
    [
      "rewritten unknown value",
      { raw: "xx", locale: "en", rewriteTo: "en" },
      "en",
      "i18n_redirected=en; Path=/; Expires=Sat, 01 Mar 2025 12:00:00 GMT; SameSite=Lax",
    ],
    [
      "cleared when no locale results",
      { raw: "xx", locale: undefined, rewriteTo: null },
      "",
      "i18n_redirected=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax",
    ],
  ] as const)("%s", (_name, read, locale, expected) => {
    expect(localeCookieUpdate(read, locale, options, now)).toBe(expected);
  });

  it("never writes without useCookie", () => {
    expect(
      localeCookieUpdate(
        { raw: undefined, locale: undefined },
        "de",
        routing({ detectBrowserLanguage: { useCookie: false } }),
        now,
      ),
    ).toBeUndefined();
    expect(
      localeCookieUpdate({ raw: undefined, locale: undefined }, "de", routing({ detectBrowserLanguage: false }), now),
    ).toBeUndefined();
  });
});

import { describe, expect, it } from "vitest";
import { DEFAULT_DETECT_BROWSER_LANGUAGE, defineLocaleRouting, normalizeRootRedirect } from "./options.ts";
import { OUR_LOCALES } from "./test-locales.test-helper.ts";

describe("defineLocaleRouting", () => {
  it("applies the module's defaults (C.1) with defaultLocale en", () => {
    const options = defineLocaleRouting({ locales: OUR_LOCALES });
    expect(options).toMatchObject({
      strategy: "prefix_except_default",
      defaultLocale: "en",
      routesNameSeparator: "___",
      defaultLocaleRouteNameSuffix: "default",
      trailingSlash: false,
      rootRedirect: undefined,
      differentDomains: false,
      multiDomainLocales: false,
      baseUrl: "",
      detectBrowserLanguage: {
        alwaysRedirect: false,
        cookieCrossOrigin: false,
        cookieDomain: null,
        cookieKey: "i18n_redirected",
        cookieSecure: false,
        fallbackLocale: "",
        redirectOn: "root",
        useCookie: true,
      },
    });
  });

  it("merges partial detectBrowserLanguage over the defaults and keeps `false`", () => {
    expect(
      defineLocaleRouting({ locales: OUR_LOCALES, detectBrowserLanguage: { redirectOn: "all" } }).detectBrowserLanguage,
    ).toEqual({
      ...DEFAULT_DETECT_BROWSER_LANGUAGE,
      redirectOn: "all",
    });
    expect(defineLocaleRouting({ locales: OUR_LOCALES, detectBrowserLanguage: false }).detectBrowserLanguage).toBe(
      false,
    );
  });

  it.each([
    [undefined, undefined],
    ["", undefined],
    ["about", { path: "about", statusCode: 302 }],
    [
      { path: "about", statusCode: 301 },
      { path: "about", statusCode: 301 },
    ],
  ] as const)("normalizes rootRedirect %j", (input, expected) => {
    expect(normalizeRootRedirect(input)).toEqual(expected);
  });
});

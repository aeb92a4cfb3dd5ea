import { describe, expect, it } from "vitest";
import { LOCALE_CODES } from "../locales.ts";
import { createLocaleRoutingConfig, LOCALE_ROUTING } from "./config.ts";

describe("our locale routing configuration", () => {
  it("is prefix_except_default over the one locale list, detecting on every unprefixed path with the cookie first", () => {
    expect(LOCALE_ROUTING.strategy).toBe("prefix_except_default");
    expect(LOCALE_ROUTING.defaultLocale).toBe("en");
    expect(LOCALE_ROUTING.locales.map((l) => l.code)).toEqual(LOCALE_CODES);
    expect(LOCALE_ROUTING.detectBrowserLanguage).toEqual({
      useCookie: true,
      cookieKey: "i18n_redirected",
      cookieDomain: null,
      cookieSecure: false,
      cookieCrossOrigin: false,
      redirectOn: "no prefix",
      alwaysRedirect: false,
      fallbackLocale: "en",
    });
  });

  it("takes cookieCrossOrigin from the environment setting", () => {
    const config = createLocaleRoutingConfig({ cookieCrossOrigin: true });
    expect(config.detectBrowserLanguage !== false && config.detectBrowserLanguage.cookieCrossOrigin).toBe(true);
  });
});

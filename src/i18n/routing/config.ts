/**
 * Our product's locale routing (spec §2, §4, §9): unprefixed English, `/de/…` etc. for the others,
 * detection on `/` only (recommended for SEO), cookie first, English as the fallback.
 */
import { DEFAULT_LOCALE, LOCALES } from "../locales.ts";
import { defineLocaleRouting, type LocaleRoutingOptions } from "./options.ts";

export interface LocaleRoutingSettings {
  /** LOCALE_COOKIE_CROSS_ORIGIN: the widget embedded in third-party iframes needs `SameSite=None; Secure`. */
  cookieCrossOrigin: boolean;
}

export function createLocaleRoutingConfig({ cookieCrossOrigin }: LocaleRoutingSettings): LocaleRoutingOptions {
  return defineLocaleRouting({
    locales: LOCALES.map(({ code, language }) => ({ code, language })),
    strategy: "prefix_except_default",
    defaultLocale: DEFAULT_LOCALE,
    detectBrowserLanguage: {
      useCookie: true,
      cookieKey: "i18n_redirected",
      redirectOn: "root",
      alwaysRedirect: false,
      fallbackLocale: DEFAULT_LOCALE,
      cookieCrossOrigin,
    },
  });
}

/** The configuration as far as routes and links are concerned (the cookie flag does not change URLs). */
export const LOCALE_ROUTING: LocaleRoutingOptions = createLocaleRoutingConfig({ cookieCrossOrigin: false });

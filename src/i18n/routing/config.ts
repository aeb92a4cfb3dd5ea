/**
 * Our product's locale routing (spec §2, §4, §9): unprefixed English, `/de/…` etc. for the others,
 * cookie first, English as the fallback. Detection runs on every unprefixed path by default ("no
 * prefix"): almost every visitor arrives on a deep link (`/widget/booking/:id`), not on `/`, and a
 * German browser should get German there. LOCALE_DETECTION=root keeps it to `/` (the SEO-minded
 * choice), `all` detects even on prefixed paths.
 */
import { DEFAULT_LOCALE, LOCALES } from "../locales.ts";
import { defineLocaleRouting, type LocaleRoutingOptions, type RedirectOn } from "./options.ts";

export interface LocaleRoutingSettings {
  /** LOCALE_COOKIE_CROSS_ORIGIN: the widget embedded in third-party iframes needs `SameSite=None; Secure`. */
  cookieCrossOrigin: boolean;
  /** LOCALE_DETECTION: where a first visit is sent to the browser's language. */
  redirectOn?: RedirectOn;
}

export function createLocaleRoutingConfig({
  cookieCrossOrigin,
  redirectOn = "no prefix",
}: LocaleRoutingSettings): LocaleRoutingOptions {
  return defineLocaleRouting({
    locales: LOCALES.map(({ code, language }) => ({ code, language })),
    strategy: "prefix_except_default",
    defaultLocale: DEFAULT_LOCALE,
    detectBrowserLanguage: {
      useCookie: true,
      cookieKey: "i18n_redirected",
      redirectOn,
      alwaysRedirect: false,
      fallbackLocale: DEFAULT_LOCALE,
      cookieCrossOrigin,
    },
  });
}

/** The configuration as far as routes and links are concerned (the cookie flag does not change URLs). */
export const LOCALE_ROUTING: LocaleRoutingOptions = createLocaleRoutingConfig({ cookieCrossOrigin: false });

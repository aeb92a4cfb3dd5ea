/**
 * The locale of a route resolution (@nuxtjs/i18n v8 `utils.ts::detectLocale`, C.6): a detected
 * browser/cookie locale wins; otherwise the domain (differentDomains) or the route; then the cookie,
 * the initial locale, the default.
 */
import { detectBrowserLanguage, type DetectBrowserLanguageInput, type DetectFrom } from "./detect-browser-language.ts";
import { getLocaleDomain } from "./domain.ts";
import { routeLocaleFromPath } from "./locale-prefix.ts";
import type { LocaleRoutingOptions, Warn } from "./options.ts";

export interface DetectLocaleInput extends Omit<DetectBrowserLanguageInput, "options"> {
  options: LocaleRoutingOptions;
  /** Request host, for differentDomains / multiDomainLocales. */
  host?: string;
  /** The locale before this resolution; at start-up the module uses defaultLocale. */
  initialLocale?: string;
  warn?: Warn;
}

export interface DetectedLocale {
  locale: string;
  /** Set when detection (cookie, browser, fallback) decided the locale. */
  from?: DetectFrom;
}

export function detectLocale(input: DetectLocaleInput): DetectedLocale {
  const { options, path, host = "", initialLocale = "", warn } = input;
  const detected = detectBrowserLanguage(input);
  if (detected.locale && detected.from) return { locale: detected.locale, from: detected.from };

  let fromRoute = "";
  if (options.differentDomains || options.multiDomainLocales) {
    fromRoute = getLocaleDomain({
      locales: options.locales,
      strategy: options.strategy,
      host,
      path,
      ...(warn ? { warn } : {}),
    });
  } else if (options.strategy !== "no_prefix") {
    fromRoute = routeLocaleFromPath(path, options);
  }
  const detect = options.detectBrowserLanguage;
  const cookie = (detect !== false && detect.useCookie && input.cookieLocale) || "";
  return { locale: fromRoute || cookie || initialLocale || options.defaultLocale || "" };
}

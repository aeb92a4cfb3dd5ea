/**
 * Browser-language detection (@nuxtjs/i18n v8.5 `internal.ts::detectBrowserLanguage`, C.5).
 * Priority on first access: cookie → browser languages → fallbackLocale. `redirectOn` limits where
 * prefixing strategies detect; `no_prefix` detects on any path.
 */
import { findBrowserLocale } from "./browser-locale.ts";
import { localeFromPath } from "./locale-regex.ts";
import type { LocaleRoutingOptions } from "./options.ts";

export type DetectFrom = "cookie" | "navigator_or_header" | "fallback";

export type DetectFailure = "first_access_only" | "not_redirect_on_root" | "not_redirect_on_no_prefix" | "disabled";

export interface DetectBrowserLanguageResult {
  locale: string;
  from?: DetectFrom;
  reason?: DetectFailure;
}

export interface DetectBrowserLanguageInput {
  /** The route path, without query or hash. */
  path: string;
  options: Pick<LocaleRoutingOptions, "locales" | "strategy" | "detectBrowserLanguage">;
  /** Only the first route resolution of a page load detects (C.7). */
  isFirstAccess: boolean;
  /** The locale in use (kept by `no_prefix` after first access). */
  currentLocale?: string;
  /** The validated cookie locale (see readLocaleCookie). */
  cookieLocale?: string | undefined;
  /** `navigator.languages`, or the `Accept-Language` header. */
  browserLanguages?: string | readonly string[] | null | undefined;
}

export function detectBrowserLanguage(input: DetectBrowserLanguageInput): DetectBrowserLanguageResult {
  const { path, options, isFirstAccess, currentLocale = "", cookieLocale, browserLanguages } = input;
  const detect = options.detectBrowserLanguage;
  if (detect === false) return { locale: "", reason: "disabled" };
  if (!isFirstAccess) {
    return { locale: options.strategy === "no_prefix" ? currentLocale : "", reason: "first_access_only" };
  }
  if (options.strategy !== "no_prefix") {
    if (detect.redirectOn === "root" && path !== "/") return { locale: "", reason: "not_redirect_on_root" };
    const codes = options.locales.map((l) => l.code);
    if (detect.redirectOn === "no prefix" && !detect.alwaysRedirect && localeFromPath(path, codes)) {
      return { locale: "", reason: "not_redirect_on_no_prefix" };
    }
  }
  const cookieMatch = (detect.useCookie && cookieLocale) || undefined;
  const browserMatch = browserLanguages ? findBrowserLocale(options.locales, browserLanguages) : "";
  const matched = cookieMatch || browserMatch;
  let from: DetectFrom = cookieMatch ? "cookie" : "navigator_or_header";
  if (!matched && detect.fallbackLocale) from = "fallback";
  return { locale: matched || detect.fallbackLocale || "", from };
}

/**
 * The server's one call: the locale of a request, the redirect to send and the cookie to set —
 * the module's plugin setup plus its `locale-changing` middleware for one route resolution
 * (C.4–C.8). A full page load is a first access (C.7); client navigations (data requests) are not.
 */
import { readLocaleCookie, localeCookieUpdate } from "./locale-cookie.ts";
import type { DetectFrom } from "./detect-browser-language.ts";
import { detectLocale } from "./detect-locale.ts";
import { stripLocalePrefix } from "./locale-prefix.ts";
import type { LocaleRoutingOptions, Warn } from "./options.ts";
import { decideRedirect, type LocaleRedirect } from "./redirect.ts";

export interface ResolveRequestLocaleInput {
  url: string | URL;
  cookieHeader?: string | null | undefined;
  acceptLanguage?: string | null | undefined;
  /** `x-forwarded-host` or `host` (see hostFromHeaders); defaults to the URL's host. */
  host?: string | null | undefined;
  isFirstAccess: boolean;
  options: LocaleRoutingOptions;
  /** For the cookie expiry. */
  now: Date;
  /** The locale before this resolution (kept by `no_prefix` on later accesses); defaults to defaultLocale. */
  currentLocale?: string;
  /** The previous route (loop guard, C.8); a full page load has none. */
  fromFullPath?: string;
  warn?: Warn;
}

export interface ResolvedRequestLocale {
  locale: string;
  redirect?: LocaleRedirect;
  /** A `Set-Cookie` header value, when the locale cookie changes. */
  setCookie?: string;
  /** The request path (with query) without the locale prefix that routed it. */
  pathWithoutPrefix: string;
  /** Set when cookie, browser language or fallbackLocale decided the locale. */
  detectedFrom?: DetectFrom;
}

export function resolveRequestLocale(input: ResolveRequestLocaleInput): ResolvedRequestLocale {
  const { options, isFirstAccess, now } = input;
  const url = typeof input.url === "string" ? new URL(input.url) : input.url;
  const fullPath = url.pathname + url.search + url.hash;
  const initialLocale = input.currentLocale || options.defaultLocale;

  const cookie = readLocaleCookie(input.cookieHeader, options);
  const { locale, from } = detectLocale({
    path: url.pathname,
    options,
    isFirstAccess,
    currentLocale: initialLocale,
    cookieLocale: cookie.locale,
    browserLanguages: input.acceptLanguage,
    host: input.host || url.host,
    initialLocale,
    ...(input.warn ? { warn: input.warn } : {}),
  });

  const result: ResolvedRequestLocale = {
    locale,
    pathWithoutPrefix: stripLocalePrefix(url.pathname + url.search, options),
  };
  if (from) result.detectedFrom = from;
  const redirect = decideRedirect({ fullPath, targetLocale: locale, options, fromFullPath: input.fromFullPath });
  if (redirect) result.redirect = redirect;
  const setCookie = localeCookieUpdate(cookie, locale, options, now);
  if (setCookie) result.setCookie = setCookie;
  return result;
}

/**
 * Locale path prefixes (@nuxtjs/i18n v8 route generation and localePath/switchLocalePath, C.2, C.9).
 * A path here is a URL path, optionally followed by `?query` and `#hash`, which are kept.
 */
import type { LocaleRoutingOptions, Warn } from "./options.ts";
import { getDomainFromLocale } from "./domain.ts";
import { localeFromPath } from "./locale-regex.ts";

type PrefixOptions = Pick<
  LocaleRoutingOptions,
  "locales" | "strategy" | "defaultLocale" | "differentDomains" | "trailingSlash"
>;

/** Whether the route table has `/${code}`-prefixed routes for this locale. */
export function hasPrefixedRoutes(code: string, options: PrefixOptions): boolean {
  if (options.differentDomains) return false;
  switch (options.strategy) {
    case "no_prefix":
      return false;
    case "prefix_except_default":
      return code !== options.defaultLocale;
    case "prefix":
    case "prefix_and_default":
      return true;
  }
}

/**
 * The locale of the route that serves `path` (the module reads it from the route name, C.2):
 * a prefixed path → its locale; unprefixed → the default locale, except under `prefix`, where only the
 * unlocalized `/` exists (→ `''`); `no_prefix` and differentDomains routes carry no locale in the path.
 */
export function routeLocaleFromPath(path: string, options: PrefixOptions): string {
  if (options.strategy === "no_prefix" || options.differentDomains) return "";
  const prefixed = localeFromPath(
    splitPath(path).pathname,
    options.locales.map((l) => l.code).filter((c) => hasPrefixedRoutes(c, options)),
  );
  if (prefixed) return prefixed;
  return options.strategy === "prefix" ? "" : options.defaultLocale;
}

/** The path without the locale prefix that routed it (`/fr/about` → `/about`, `/fr` → `/`). */
export function stripLocalePrefix(path: string, options: PrefixOptions): string {
  const { pathname, rest } = splitPath(path);
  const code = routeLocaleFromPath(pathname, options);
  if (!code || !hasPrefixedRoutes(code, options) || localeFromPath(pathname, [code]) === "") return path;
  return (pathname.slice(code.length + 1) || "/") + rest;
}

/** Whether links to `code` carry its prefix: the default locale resolves to unprefixed routes (C.2 `___default`). */
function linksArePrefixed(code: string, options: PrefixOptions): boolean {
  if (options.strategy === "prefix") return !options.differentDomains;
  if (options.strategy === "prefix_and_default") return !options.differentDomains && code !== options.defaultLocale;
  return hasPrefixedRoutes(code, options);
}

/** `path` (unprefixed) as seen in locale `code`: `/about` → `/fr/about`; `/` → `/fr` (no trailing slash by default). */
export function localePath(path: string, code: string, options: PrefixOptions): string {
  const { pathname, rest } = splitPath(path.startsWith("/") ? path : `/${path}`);
  const prefixed = linksArePrefixed(code, options) ? `/${code}${pathname === "/" ? "" : pathname}` : pathname;
  return formatPathname(prefixed, options.trailingSlash) + rest;
}

/**
 * The current page (`fullPath`, possibly prefixed) in locale `code`, or `''` for an unknown locale.
 * With differentDomains the result is absolute on the locale's domain (or the bare path, with a warning).
 */
export function switchLocalePath(
  fullPath: string,
  code: string,
  options: PrefixOptions,
  context: { host?: string; protocol?: string; warn?: Warn } = {},
): string {
  if (!options.locales.some((l) => l.code === code)) return "";
  const path = localePath(stripLocalePrefix(fullPath, options), code, options);
  if (!options.differentDomains) return path;
  const origin = getDomainFromLocale({ locales: options.locales, code, ...context });
  return origin ? origin + path : path;
}

export function splitPath(path: string): { pathname: string; rest: string } {
  const cut = path.search(/[?#]/);
  return cut === -1 ? { pathname: path, rest: "" } : { pathname: path.slice(0, cut), rest: path.slice(cut) };
}

function formatPathname(pathname: string, trailingSlash: boolean): string {
  return pathname.replace(/\/+$/, "") + (trailingSlash ? "/" : "") || "/";
}

/**
 * The redirect after a route resolution (@nuxtjs/i18n v8 `detectRedirect` + `navigate`, C.8):
 * rootRedirect on `/`; otherwise to the same page in the resolved locale when the route's locale
 * differs — never to the current URL, a protocol-relative `//…` URL, or the previous route.
 */
import { routeLocaleFromPath, splitPath, localePath, switchLocalePath } from "./locale-prefix.ts";
import { normalizeRootRedirect, type LocaleRoutingOptions } from "./options.ts";

export interface LocaleRedirect {
  location: string;
  status: number;
}

export interface DecideRedirectInput {
  /** Path with query and hash, as requested. */
  fullPath: string;
  targetLocale: string;
  options: LocaleRoutingOptions;
  /** The previous route's full path (client navigations); a full page load has none. */
  fromFullPath?: string | undefined;
}

export function decideRedirect(input: DecideRedirectInput): LocaleRedirect | undefined {
  const { fullPath, targetLocale, options, fromFullPath } = input;
  const { pathname } = splitPath(fullPath);

  const root = normalizeRootRedirect(options.rootRedirect);
  if (pathname === "/" && root) {
    const location = localePath(`/${root.path.replace(/^\/+/, "")}`, targetLocale, options);
    // Not in the module: a rootRedirect that resolves to `/` itself would loop forever.
    return isSameUrl(location, fullPath) ? undefined : { location, status: root.statusCode };
  }

  if (options.differentDomains || options.strategy === "no_prefix" || !targetLocale) return undefined;
  if (routeLocaleFromPath(pathname, options) === targetLocale) return undefined;
  const location = switchLocalePath(fullPath, targetLocale, options);
  if (!location || isSameUrl(location, fullPath) || location.startsWith("//")) return undefined;
  if (fromFullPath !== undefined && fromFullPath === location) return undefined;
  return { location, status: 302 };
}

/** ufo `isEqual` as the module uses it: trailing and leading slashes and percent-encoding do not matter. */
export function isSameUrl(a: string, b: string): boolean {
  return normalize(a) === normalize(b);
}

function normalize(url: string): string {
  const { pathname, rest } = splitPath(url);
  let decoded = pathname;
  try {
    decoded = decodeURI(pathname);
  } catch {
    // keep as is
  }
  return decoded.replace(/^\/+/, "").replace(/\/+$/, "") + rest;
}

/**
 * Route-table localisation (@nuxtjs/i18n v8 `localizeRoutes`, C.2) over plain route objects, so it
 * serves React Router's route config without depending on it.
 */
import { findSharedDomain, sharedDomainError } from "./domain.ts";
import type { LocaleRoutingOptions } from "./options.ts";
import { localizedRouteId } from "./route-name.ts";

export interface RouteLike {
  id?: string;
  path?: string;
  index?: boolean;
  children?: RouteLike[];
}

export interface LocalizeRoutesSettings {
  /**
   * Keep the ids of the default locale's unprefixed routes as they are (`index` instead of
   * `index___en`), so code that names routes by id is not affected by localisation.
   */
  keepDefaultLocaleIds?: boolean;
  error?: (message: string) => void;
}

/**
 * One copy of every route per locale, in `locales` order: ids suffixed `___${code}` (children too),
 * and paths prefixed `${code}/` unless the locale's routes are unprefixed. A pathless layout keeps
 * its (absent) path and the prefix goes onto its children. `prefix_and_default` adds an unprefixed
 * `___default` copy of the default locale before its prefixed one; `prefix` keeps the unlocalized
 * index route so that `/` exists and can redirect.
 */
export function localizeRoutes<T extends RouteLike>(
  routes: readonly T[],
  options: Pick<
    LocaleRoutingOptions,
    | "locales"
    | "strategy"
    | "defaultLocale"
    | "differentDomains"
    | "routesNameSeparator"
    | "defaultLocaleRouteNameSuffix"
  >,
  { keepDefaultLocaleIds = false, error = console.error }: LocalizeRoutesSettings = {},
): T[] {
  const { strategy, defaultLocale, differentDomains } = options;
  if (strategy === "no_prefix") {
    if (!differentDomains) return [...routes];
    const shared = findSharedDomain(options.locales);
    if (shared) {
      error(sharedDomainError(shared));
      return [...routes];
    }
  }
  const nameOptions = {
    separator: options.routesNameSeparator,
    defaultSuffix: options.defaultLocaleRouteNameSuffix,
    differentDomains,
  };
  const result: T[] = [];
  for (const route of routes) {
    if (strategy === "prefix" && isRootIndex(route)) result.push(route);
    for (const locale of options.locales) {
      const isDefault = locale.code === defaultLocale || (differentDomains && locale.domainDefault === true);
      const rename = (id: string) => localizedRouteId(id, locale.code, strategy, defaultLocale, nameOptions);
      if (strategy === "prefix_and_default" && isDefault) {
        result.push(copyRoute(route, rename, undefined));
        result.push(copyRoute(route, (id) => id + options.routesNameSeparator + locale.code, locale.code));
        continue;
      }
      const prefixed =
        strategy !== "no_prefix" && !differentDomains && !(isDefault && strategy === "prefix_except_default");
      const keepIds = keepDefaultLocaleIds && !prefixed && locale.code === defaultLocale;
      result.push(copyRoute(route, keepIds ? (id) => id : rename, prefixed ? locale.code : undefined));
    }
  }
  return result;
}

function isRootIndex(route: RouteLike): boolean {
  return route.index === true || route.path === "" || route.path === "/";
}

function copyRoute<T extends RouteLike>(route: T, rename: (id: string) => string, prefix: string | undefined): T {
  const copy: T = { ...route };
  if (route.id !== undefined) copy.id = rename(route.id);
  const isPathlessLayout = route.path === undefined && !route.index;
  if (prefix !== undefined && !isPathlessLayout) {
    if (route.index) {
      // A prefixed index is the page at `/${code}`: a leaf with that path.
      delete copy.index;
      copy.path = prefix;
    } else {
      copy.path = joinPrefix(prefix, route.path ?? "");
    }
  }
  if (route.children) {
    copy.children = route.children.map((child) => copyRoute(child, rename, isPathlessLayout ? prefix : undefined));
  }
  return copy;
}

function joinPrefix(prefix: string, path: string): string {
  const relative = path.replace(/^\/+/, "");
  return relative ? `${prefix}/${relative}` : prefix;
}

/**
 * Localised route names (@nuxtjs/i18n v8 `getLocaleRouteName`, `getRouteBaseName`, route-name locale
 * regex; C.2). In React Router the name is the route id: `index___fr`, `index___en___default`.
 */
import type { LocaleRoutingOptions, Strategy } from "./options.ts";

interface NameOptions {
  separator?: string;
  defaultSuffix?: string;
  differentDomains?: boolean;
}

/** The id of route `baseId` in locale `code`, as the module names it for lookups. */
export function localizedRouteId(
  baseId: string,
  code: string,
  strategy: Strategy,
  defaultLocale: string,
  { separator = "___", defaultSuffix = "default", differentDomains = false }: NameOptions = {},
): string {
  let id = baseId;
  if (strategy !== "no_prefix" || differentDomains) id += separator + code;
  if (code === defaultLocale && strategy === "prefix_and_default") id += separator + defaultSuffix;
  return id;
}

/** `about___fr___default` → `about`. */
export function getRouteBaseName(id: string, separator = "___"): string {
  return id.split(separator)[0] ?? id;
}

/** The locale a route id names (`___(codes)(___default)?$`, case-insensitive), or `''`. */
export function localeFromRouteId(
  id: string,
  options: Pick<LocaleRoutingOptions, "locales" | "routesNameSeparator" | "defaultLocaleRouteNameSuffix">,
): string {
  const codes = options.locales.map((l) => l.code);
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const sep = escape(options.routesNameSeparator);
  const re = new RegExp(
    `${sep}(${codes.map(escape).join("|")})(?:${sep}${escape(options.defaultLocaleRouteNameSuffix)})?$`,
    "i",
  );
  const match = id.match(re)?.[1];
  return match === undefined ? "" : (codes.find((c) => c.toLowerCase() === match.toLowerCase()) ?? "");
}

/**
 * differentDomains / multiDomainLocales (@nuxtjs/i18n v8 `internal.ts` getHost, getLocaleDomain,
 * getDomainFromLocale; build check in `routing.ts`; C.9, C.11). Warning texts are the module's, verbatim.
 */
import type { RoutingLocale, Strategy, Warn } from "./options.ts";
import { localesRegex } from "./locale-regex.ts";

export const MULTIPLE_DOMAINS_WARNING =
  "@nuxtjs/i18n Multiple matching domains found! This is not supported for no_prefix strategy in combination with differentDomains!";

export function missingDomainWarning(code: string): string {
  return `@nuxtjs/i18n Could not find domain name for locale ${code}`;
}

export function sharedDomainError(domain: string): string {
  return `Cannot use \`strategy: no_prefix\` when using multiple locales on the same domain - found multiple entries with ${domain}`;
}

/** Server host: `x-forwarded-host`, else `host`; the first value of a list. */
export function hostFromHeaders(forwardedHost: string | null | undefined, host: string | null | undefined): string {
  const value = forwardedHost ?? host ?? "";
  return (value.split(",")[0] ?? "").trim();
}

/** The origin the browser used: forwarded host and protocol (the module's is-https) first, else the URL's. */
export function requestOrigin(url: URL, headers: { get(name: string): string | null }): string {
  const host = hostFromHeaders(headers.get("x-forwarded-host"), url.host);
  const forwardedProto = (headers.get("x-forwarded-proto")?.split(",")[0] ?? "").trim().toLowerCase();
  const protocol = forwardedProto === "https" || forwardedProto === "http" ? `${forwardedProto}:` : url.protocol;
  return `${protocol}//${host}`;
}

function stripHttpProtocol(domain: string): string {
  return /^https?:\/\//.test(domain) ? domain.replace(/^https?:\/\//, "") : domain;
}

/** The locale whose domain serves `host`, or `''`. */
export function getLocaleDomain(args: {
  locales: readonly RoutingLocale[];
  strategy: Strategy;
  host: string;
  path: string;
  warn?: Warn;
}): string {
  const { locales, strategy, host, path, warn = console.warn } = args;
  if (!host) return "";
  const matching = locales.filter((l) => {
    if (l.domain) return stripHttpProtocol(l.domain) === host;
    if (Array.isArray(l.domains)) return l.domains.includes(host);
    return false;
  });
  if (matching.length === 1) return matching[0]!.code;
  if (matching.length === 0) return "";
  if (strategy === "no_prefix") {
    warn(MULTIPLE_DOMAINS_WARNING);
    return matching[0]!.code;
  }
  const prefix = path.match(localesRegex(matching.map((l) => l.code)))?.[1];
  const fromPath = prefix === undefined ? undefined : matching.find((l) => l.code === prefix);
  if (fromPath) return fromPath.code;
  const domainDefault = matching.find((l) =>
    Array.isArray(l.defaultForDomains) ? l.defaultForDomains.includes(host) : l.domainDefault,
  );
  return domainDefault?.code ?? "";
}

/**
 * Origin (`https://fr.example.com`) of the domain serving `code`; a domain without protocol gets the
 * request's. Warns and returns undefined when the locale has no domain.
 */
export function getDomainFromLocale(args: {
  locales: readonly RoutingLocale[];
  code: string;
  host?: string;
  protocol?: string;
  warn?: Warn;
}): string | undefined {
  const { locales, code, host, protocol = "http:", warn = console.warn } = args;
  const locale = locales.find((l) => l.code === code);
  const domain = locale?.domain || locale?.domains?.find((d) => d === host);
  if (domain) return /^[a-z][a-z0-9+.-]*:\/\//i.test(domain) ? domain : `${protocol}//${domain}`;
  warn(missingDomainWarning(code));
  return undefined;
}

/** The first domain claimed by two locales, if any (`no_prefix` + differentDomains cannot route it). */
export function findSharedDomain(locales: readonly RoutingLocale[]): string | undefined {
  const seen = new Set<string>();
  for (const l of locales) {
    if (!l.domain) continue;
    if (seen.has(l.domain)) return l.domain;
    seen.add(l.domain);
  }
  return undefined;
}

/**
 * The locale of an HTTP request that React Router serves (locale-routing.md C.7): a document request
 * is a full page load, so a first access that may detect and redirect; React Router's data requests
 * (`/x.data`, `/_root.data`) are client navigations and only read the route; `/__manifest` has no locale.
 */
import { hostFromHeaders } from "../i18n/routing/domain.ts";
import type { LocaleRoutingOptions } from "../i18n/routing/options.ts";
import { resolveRequestLocale, type ResolvedRequestLocale } from "../i18n/routing/resolve-request-locale.ts";

export type RouterRequestKind = "document" | "data" | "manifest";

/** What React Router will route for this URL (its `getNormalizedPath`, without the trailing-slash-aware variant). */
export function routerRequestPath(url: URL): { kind: RouterRequestKind; pathname: string } {
  const { pathname } = url;
  if (pathname === "/__manifest") return { kind: "manifest", pathname };
  if (pathname === "/_root.data") return { kind: "data", pathname: "/" };
  if (pathname.endsWith(".data"))
    return { kind: "data", pathname: pathname.slice(0, -".data".length).replace(/(.)\/$/, "$1") };
  return { kind: "document", pathname };
}

export function resolveLocaleForRequest(
  request: Request,
  options: LocaleRoutingOptions,
  now: Date,
): ResolvedRequestLocale | undefined {
  const url = new URL(request.url);
  const { kind, pathname } = routerRequestPath(url);
  if (kind === "manifest") return undefined;
  const routed = new URL(url);
  routed.pathname = pathname;
  routed.searchParams.delete("_routes");
  const { headers } = request;
  const result = resolveRequestLocale({
    url: routed,
    cookieHeader: headers.get("cookie"),
    acceptLanguage: headers.get("accept-language"),
    host: hostFromHeaders(headers.get("x-forwarded-host"), headers.get("host")),
    isFirstAccess: kind === "document" && (request.method === "GET" || request.method === "HEAD"),
    options: isCrossSiteFrame(headers) ? crossOriginCookie(options) : options,
    now,
  });
  // A data request cannot follow a plain redirect; detection (and so redirects) only runs on documents.
  if (kind !== "document") delete result.redirect;
  return result;
}

/**
 * A document loaded in another site's frame (an embedded widget): browsers say so in fetch metadata
 * headers, which page scripts cannot set. Its locale cookie must be cross-site to be kept at all.
 */
function isCrossSiteFrame(headers: Headers): boolean {
  return headers.get("sec-fetch-dest") === "iframe" && headers.get("sec-fetch-site") === "cross-site";
}

function crossOriginCookie(options: LocaleRoutingOptions): LocaleRoutingOptions {
  const detect = options.detectBrowserLanguage;
  return detect ? { ...options, detectBrowserLanguage: { ...detect, cookieCrossOrigin: true } } : options;
}

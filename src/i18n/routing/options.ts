/**
 * Locale-routing options, mirroring @nuxtjs/i18n v8 (`src/constants.ts` DEFAULT_OPTIONS, spec
 * locale-routing.md C.1) so behaviour described in the module's terms maps one to one. Only the
 * defaults differ where our product needs it: `defaultLocale` is `en` (spec §9) instead of `''`.
 */

export type Strategy = "no_prefix" | "prefix_except_default" | "prefix" | "prefix_and_default";

export type RedirectOn = "root" | "no prefix" | "all";

export interface RoutingLocale {
  code: string;
  /** BCP 47 tag (the module's `language`, `iso` before v8.4); drives matching, `<html lang>`, hreflang. */
  language?: string;
  /** differentDomains: the host (optionally with protocol) that serves this locale. */
  domain?: string;
  /** multiDomainLocales: several hosts that serve this locale. */
  domains?: readonly string[];
  defaultForDomains?: readonly string[];
  domainDefault?: boolean;
  /** Takes the language-only hreflang alias (`pt`) even when another locale of the language comes first. */
  isCatchallLocale?: boolean;
  dir?: "ltr" | "rtl" | "auto";
}

export interface DetectBrowserLanguageOptions {
  useCookie: boolean;
  cookieKey: string;
  cookieDomain: string | null;
  cookieSecure: boolean;
  /** `SameSite=None; Secure`: required when the app is embedded in a third-party iframe. */
  cookieCrossOrigin: boolean;
  redirectOn: RedirectOn;
  alwaysRedirect: boolean;
  fallbackLocale: string;
}

export interface RootRedirectOptions {
  path: string;
  statusCode: number;
}

export interface LocaleRoutingOptions {
  locales: readonly RoutingLocale[];
  strategy: Strategy;
  defaultLocale: string;
  routesNameSeparator: string;
  defaultLocaleRouteNameSuffix: string;
  trailingSlash: boolean;
  rootRedirect: string | RootRedirectOptions | undefined;
  differentDomains: boolean;
  multiDomainLocales: boolean;
  /** Prefix of absolute URLs in SEO links; `''` leaves them root-relative (as the module does). */
  baseUrl: string;
  detectBrowserLanguage: false | DetectBrowserLanguageOptions;
  defaultDirection: "ltr" | "rtl" | "auto";
}

export type LocaleRoutingInput = Partial<Omit<LocaleRoutingOptions, "locales" | "detectBrowserLanguage">> & {
  locales: readonly RoutingLocale[];
  detectBrowserLanguage?: false | Partial<DetectBrowserLanguageOptions>;
};

/** Console sink for the module's warnings; injectable so tests can capture them. */
export type Warn = (message: string) => void;

export const DEFAULT_COOKIE_KEY = "i18n_redirected";

export const DEFAULT_DETECT_BROWSER_LANGUAGE: DetectBrowserLanguageOptions = {
  alwaysRedirect: false,
  cookieCrossOrigin: false,
  cookieDomain: null,
  cookieKey: DEFAULT_COOKIE_KEY,
  cookieSecure: false,
  fallbackLocale: "",
  redirectOn: "root",
  useCookie: true,
};

export const DEFAULT_ROUTING_OPTIONS: Omit<LocaleRoutingOptions, "locales"> = {
  strategy: "prefix_except_default",
  defaultLocale: "en",
  routesNameSeparator: "___",
  defaultLocaleRouteNameSuffix: "default",
  trailingSlash: false,
  rootRedirect: undefined,
  differentDomains: false,
  multiDomainLocales: false,
  baseUrl: "",
  detectBrowserLanguage: DEFAULT_DETECT_BROWSER_LANGUAGE,
  defaultDirection: "ltr",
};

/** Fills in the defaults; `detectBrowserLanguage: false` disables detection entirely (C.1). */
export function defineLocaleRouting(input: LocaleRoutingInput): LocaleRoutingOptions {
  const { detectBrowserLanguage, ...rest } = input;
  const defined = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
  return {
    ...DEFAULT_ROUTING_OPTIONS,
    ...defined,
    locales: input.locales,
    detectBrowserLanguage:
      detectBrowserLanguage === false
        ? false
        : {
            ...DEFAULT_DETECT_BROWSER_LANGUAGE,
            ...Object.fromEntries(Object.entries(detectBrowserLanguage ?? {}).filter(([, v]) => v !== undefined)),
          },
  };
}

export function localeCodes(options: Pick<LocaleRoutingOptions, "locales">): string[] {
  return options.locales.map((l) => l.code);
}

/** The rootRedirect option in its object form (a string means a 302, C.8). */
export function normalizeRootRedirect(
  rootRedirect: LocaleRoutingOptions["rootRedirect"],
): RootRedirectOptions | undefined {
  if (rootRedirect === undefined || rootRedirect === "") return undefined;
  return typeof rootRedirect === "string" ? { path: rootRedirect, statusCode: 302 } : rootRedirect;
}

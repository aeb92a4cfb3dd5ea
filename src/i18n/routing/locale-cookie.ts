/**
 * The locale cookie (@nuxtjs/i18n v8 `internal.ts` getI18nCookie/getLocaleCookie/setLocaleCookie,
 * C.4; spec §9: 365 days, path `/`, SameSite Lax, or None + Secure when cross-origin).
 */
import type { DetectBrowserLanguageOptions, LocaleRoutingOptions } from "./options.ts";

export interface LocaleCookieRead {
  /** The raw value sent by the browser, if any. */
  raw: string | undefined;
  /** The usable locale: a known code, or defaultLocale in place of an unknown one. */
  locale: string | undefined;
  /** Set when the module would rewrite the cookie: to defaultLocale, or `null` to clear it. */
  rewriteTo?: string | null;
}

/** Cookie header → first value of `name` (later duplicates are ignored, as browsers send the most specific first). */
export function readCookie(cookieHeader: string | null | undefined, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

/**
 * Reads and validates the locale cookie. Ignored unless detection is on with `useCookie`. An unknown
 * value is replaced by defaultLocale (and reported for rewriting), or cleared when there is none.
 */
export function readLocaleCookie(
  cookieHeader: string | null | undefined,
  options: Pick<LocaleRoutingOptions, "locales" | "defaultLocale" | "detectBrowserLanguage">,
): LocaleCookieRead {
  const detect = options.detectBrowserLanguage;
  if (detect === false || !detect.useCookie) return { raw: undefined, locale: undefined };
  const raw = readCookie(cookieHeader, detect.cookieKey);
  if (raw === undefined) return { raw, locale: undefined };
  if (options.locales.some((l) => l.code === raw)) return { raw, locale: raw };
  if (options.defaultLocale) return { raw, locale: options.defaultLocale, rewriteTo: options.defaultLocale };
  return { raw, locale: undefined, rewriteTo: null };
}

/** Expiry one year ahead in calendar days (the module's `setDate(getDate() + 365)`), in UTC. */
export function localeCookieExpiry(now: Date): Date {
  const expires = new Date(now.getTime());
  expires.setUTCDate(expires.getUTCDate() + 365);
  return expires;
}

/** A `Set-Cookie` value storing `locale`. */
export function serializeLocaleCookie(locale: string, detect: DetectBrowserLanguageOptions, now: Date): string {
  return serialize(detect, encodeURIComponent(locale), localeCookieExpiry(now));
}

/** A `Set-Cookie` value that removes the locale cookie. */
export function serializeClearedLocaleCookie(detect: DetectBrowserLanguageOptions): string {
  return serialize(detect, "", new Date(0));
}

function serialize(detect: DetectBrowserLanguageOptions, value: string, expires: Date): string {
  const parts = [`${detect.cookieKey}=${value}`, "Path=/", `Expires=${expires.toUTCString()}`];
  if (detect.cookieDomain) parts.push(`Domain=${detect.cookieDomain}`);
  if (detect.cookieCrossOrigin || detect.cookieSecure) parts.push("Secure");
  parts.push(detect.cookieCrossOrigin ? "SameSite=None" : "SameSite=Lax");
  // CHIPS: a cross-site cookie is kept per top-level site, which browsers that block third-party
  // cookies still allow — the widget embedded on two businesses' sites keeps two separate choices.
  if (detect.cookieCrossOrigin) parts.push("Partitioned");
  return parts.join("; ");
}

/**
 * The `Set-Cookie` value after the locale for a request is settled, or undefined when nothing changes.
 * The module syncs the cookie to the current locale on every resolution (C.4 syncCookie), but Nuxt's
 * server cookie only emits a header when the value differs from the one received; we do the same.
 */
export function localeCookieUpdate(
  read: LocaleCookieRead,
  locale: string,
  options: Pick<LocaleRoutingOptions, "detectBrowserLanguage">,
  now: Date,
): string | undefined {
  const detect = options.detectBrowserLanguage;
  if (detect === false || !detect.useCookie) return undefined;
  if (locale) return read.raw === locale ? undefined : serializeLocaleCookie(locale, detect, now);
  if (read.rewriteTo === null) return serializeClearedLocaleCookie(detect);
  return undefined;
}

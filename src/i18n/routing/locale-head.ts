/**
 * SEO head for the current page (@nuxtjs/i18n v8 `compatibles/head.ts::localeHead`, C.11): `<html lang>`,
 * hreflang alternates with a language-only alias and x-default, canonical, og:url, og:locale(s).
 */
import { switchLocalePath, splitPath } from "./locale-prefix.ts";
import type { LocaleRoutingOptions, RoutingLocale, Warn } from "./options.ts";

export const MISSING_LANGUAGE_WARNING = "Locale `language` ISO code is required to generate alternate link";

export interface HeadLink {
  id: string;
  rel: "alternate" | "canonical";
  href: string;
  hreflang?: string;
}

export interface HeadMeta {
  id: string;
  property: "og:url" | "og:locale" | "og:locale:alternate";
  content: string;
}

export interface LocaleHead {
  htmlLang?: string;
  dir?: "ltr" | "rtl" | "auto";
  links: HeadLink[];
  meta: HeadMeta[];
}

export interface LocaleHeadInput {
  options: LocaleRoutingOptions;
  /** The current locale code. */
  locale: string;
  /** The current page: path with query and hash. */
  fullPath: string;
  /** Origin for absolute URLs; defaults to options.baseUrl. */
  baseUrl?: string;
  /** Query parameters kept in the canonical URL (the module's `seo.canonicalQueries`). */
  canonicalQueries?: readonly string[];
  /** differentDomains: request host and protocol for locale origins. */
  host?: string;
  protocol?: string;
  warn?: Warn;
}

export function localeHead(input: LocaleHeadInput): LocaleHead {
  const { options, locale, fullPath, canonicalQueries = [], warn = console.warn } = input;
  const baseUrl = input.baseUrl ?? options.baseUrl;
  const current: RoutingLocale = options.locales.find((l) => l.code === locale) ?? { code: locale };
  const language = current.language;
  const context = {
    ...(input.host ? { host: input.host } : {}),
    ...(input.protocol ? { protocol: input.protocol } : {}),
    warn,
  };
  const switchTo = (code: string) => switchLocalePath(fullPath, code, options, context);

  const head: LocaleHead = { dir: current.dir ?? options.defaultDirection, links: [], meta: [] };
  if (language) head.htmlLang = language;
  if (!locale) return head;

  // hreflang alternates: none for no_prefix (every locale has the same URL).
  if (options.strategy !== "no_prefix") {
    const byLanguage = new Map<string, RoutingLocale>();
    for (const l of options.locales) {
      if (!l.language) {
        warn(MISSING_LANGUAGE_WARNING);
        continue;
      }
      const [lang, region] = l.language.split("-");
      if (lang && region && (l.isCatchallLocale || !byLanguage.has(lang))) byLanguage.set(lang, l);
      byLanguage.set(l.language, l);
    }
    for (const [hreflang, l] of byLanguage) {
      const path = switchTo(l.code);
      if (path)
        head.links.push({ id: `i18n-alt-${hreflang}`, rel: "alternate", href: toAbsoluteUrl(path, baseUrl), hreflang });
    }
    if (options.defaultLocale) {
      const path = switchTo(options.defaultLocale);
      if (path)
        head.links.push({ id: "i18n-xd", rel: "alternate", href: toAbsoluteUrl(path, baseUrl), hreflang: "x-default" });
    }
  }

  const canonical = canonicalUrl(switchTo(locale), baseUrl, canonicalQueries);
  if (canonical) {
    head.links.push({ id: "i18n-can", rel: "canonical", href: canonical });
    head.meta.push({ id: "i18n-og-url", property: "og:url", content: canonical });
  }
  if (language) head.meta.push({ id: "i18n-og", property: "og:locale", content: underscore(language) });
  for (const l of options.locales) {
    if (!l.language || l.language === language) continue;
    head.meta.push({
      id: `i18n-og-alt-${l.language}`,
      property: "og:locale:alternate",
      content: underscore(l.language),
    });
  }
  return head;
}

function canonicalUrl(localizedFullPath: string, baseUrl: string, keep: readonly string[]): string {
  if (!localizedFullPath) return "";
  const { pathname, rest } = splitPath(localizedFullPath);
  const href = toAbsoluteUrl(pathname, baseUrl);
  const query = new URLSearchParams(rest.startsWith("?") ? rest.slice(1).split("#")[0] : "");
  const kept = new URLSearchParams();
  for (const name of keep) for (const value of query.getAll(name)) kept.append(name, value);
  const search = kept.toString();
  return search ? `${href}?${search}` : href;
}

function toAbsoluteUrl(urlOrPath: string, baseUrl: string): string {
  if (/^https?:\/\//.test(urlOrPath)) return urlOrPath;
  if (!baseUrl) return urlOrPath;
  return baseUrl.replace(/\/+$/, "") + (urlOrPath.startsWith("/") ? urlOrPath : `/${urlOrPath}`);
}

function underscore(language: string): string {
  return language.replace(/-/g, "_");
}

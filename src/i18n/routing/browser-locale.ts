/**
 * Browser-language matching, as @nuxtjs/i18n v8 `findBrowserLocale` (routing/utils.ts, C.3).
 * Deliberately not RFC 4647: q-values are ignored (header order is the priority), tags are not
 * trimmed, and a locale's `language` (falling back to its code) is what is compared.
 */
import type { RoutingLocale } from "./options.ts";

export interface BrowserLocaleMatch {
  code: string;
  score: number;
}

/** `Accept-Language` → tags in header order, q-values dropped, spaces kept (module's parseAcceptLanguage). */
export function parseAcceptLanguage(header: string): string[] {
  return header.split(",").map((tag) => tag.split(";")[0] ?? "");
}

/** Higher score first; equal scores → the longer (more specific) code first. */
export function compareBrowserLocale(a: BrowserLocaleMatch, b: BrowserLocaleMatch): number {
  if (a.score === b.score) return b.code.length - a.code.length;
  return b.score - a.score;
}

export function matchBrowserLocales(
  locales: readonly RoutingLocale[],
  browserTags: readonly string[],
): BrowserLocaleMatch[] {
  const targets = locales.map((l) => ({ code: l.code, language: l.language || l.code }));
  const n = browserTags.length;
  const matches: BrowserLocaleMatch[] = [];

  // First pass: the first browser tag equal to a locale's language.
  for (const [index, tag] of browserTags.entries()) {
    const found = targets.find((t) => t.language.toLowerCase() === tag.toLowerCase());
    if (found) {
      matches.push({ code: found.code, score: 1 - index / n });
      break;
    }
  }
  // Second pass: the first browser tag whose primary subtag equals a locale language's primary subtag.
  for (const [index, tag] of browserTags.entries()) {
    const primary = primarySubtag(tag);
    const found = targets.find((t) => primarySubtag(t.language) === primary);
    if (found) {
      matches.push({ code: found.code, score: 0.999 - index / n });
      break;
    }
  }
  return matches;
}

/**
 * The best locale code for the browser's languages, or `''`.
 * @param input `navigator.languages`, or a raw `Accept-Language` header value.
 */
export function findBrowserLocale(locales: readonly RoutingLocale[], input: string | readonly string[]): string {
  const tags = typeof input === "string" ? parseAcceptLanguage(input) : input;
  const matches = matchBrowserLocales(locales, tags);
  matches.sort(compareBrowserLocale);
  return matches[0]?.code ?? "";
}

function primarySubtag(tag: string): string {
  return (tag.split("-")[0] ?? "").toLowerCase();
}

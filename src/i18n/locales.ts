/**
 * The one declaration of the supported locales (spec §1, §9). Everything else — route prefixes,
 * catalogue loading, `<html lang>`, hreflang links, validation of locale inputs — derives from it.
 */
export const LOCALES = [
  { code: "da", language: "da-DK", name: "Dansk" },
  { code: "de", language: "de-DE", name: "Deutsch" },
  { code: "en", language: "en-US", name: "English" },
  { code: "es", language: "es-ES", name: "Español" },
  { code: "fr", language: "fr-FR", name: "Français" },
  { code: "hu", language: "hu-HU", name: "Magyar" },
  { code: "it", language: "it-IT", name: "Italiano" },
  { code: "nl", language: "nl-NL", name: "Nederlands" },
  { code: "pl", language: "pl-PL", name: "Polski" },
  { code: "pt-br", language: "pt-BR", name: "Português (Brasil)" },
  { code: "pt", language: "pt-PT", name: "Português" },
] as const;

export type LocaleCode = (typeof LOCALES)[number]["code"];

export const LOCALE_CODES = LOCALES.map((l) => l.code) as readonly LocaleCode[];

/** Default and fallback locale: en-US (spec §9). */
export const DEFAULT_LOCALE: LocaleCode = "en";

export function isLocaleCode(value: unknown): value is LocaleCode {
  return typeof value === "string" && (LOCALE_CODES as readonly string[]).includes(value);
}

export function languageTag(code: LocaleCode): string {
  return LOCALES.find((l) => l.code === code)?.language ?? "en-US";
}

/**
 * The `lang` a text written in `textLocale` needs inside a page in `pageLocale` (WCAG 3.1.2, Language
 * of Parts; ADR 0061): the text's language tag where the two differ, so that a screen reader speaks
 * a business's English service names as English on a German page; undefined where the page's own
 * `<html lang>` already says it (or the text's language is none of ours, which nothing stores).
 */
export function textLang(textLocale: string | null | undefined, pageLocale: string): string | undefined {
  if (!isLocaleCode(textLocale) || textLocale === pageLocale) return undefined;
  return languageTag(textLocale);
}

/**
 * Message fallback chain: a missing message in pt-br is looked up in pt, then in English.
 * English is complete by construction (the i18n check enforces it).
 */
export function fallbackChain(code: LocaleCode): LocaleCode[] {
  if (code === DEFAULT_LOCALE) return [DEFAULT_LOCALE];
  if (code === "pt-br") return ["pt-br", "pt", DEFAULT_LOCALE];
  return [code, DEFAULT_LOCALE];
}

/**
 * Lingui for code that runs outside Vite (emails, calendar files, the outbox worker): reads the JSON
 * catalogues with their fallback chain and compiles ICU messages at runtime, since the build-time
 * compilation of src/i18n/vite-plugin.ts only exists inside the Vite bundle.
 */
import { setupI18n, type I18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { DEFAULT_LOCALE, isLocaleCode, languageTag, type LocaleCode } from "./locales.ts";
import { mergedCatalog } from "./vite-plugin.ts";

export type MessageValues = Record<string, string | number>;

export interface ServerI18n {
  locale: LocaleCode;
  /** BCP 47 tag for Intl formatters, e.g. "pt-BR". */
  language: string;
  t(id: string, values?: MessageValues): string;
}

const cache = new Map<LocaleCode, ServerI18n>();

/** The translator of a locale; an unknown code falls back to the default locale (en). */
export function serverI18n(code: string): ServerI18n {
  const locale = isLocaleCode(code) ? code : DEFAULT_LOCALE;
  const existing = cache.get(locale);
  if (existing) return existing;
  const language = languageTag(locale);
  const i18n: I18n = setupI18n({ locale, locales: [language], messages: { [locale]: mergedCatalog(locale) } });
  i18n.setMessagesCompiler(compileMessage);
  const translator: ServerI18n = { locale, language, t: (id, values) => i18n._(id, values) };
  cache.set(locale, translator);
  return translator;
}

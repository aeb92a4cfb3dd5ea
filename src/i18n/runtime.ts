/**
 * Lingui instances per locale, loaded lazily (one compiled catalogue chunk per locale) and kept for
 * reuse. The server loads the request's locale before rendering and the browser before hydrating, so
 * the first paint is always in the right language.
 */
import { setupI18n, type I18n } from "@lingui/core";
import { catalogLoaders } from "virtual:i18n-catalogs";
import { languageTag, type LocaleCode } from "./locales.ts";

const loaded = new Map<LocaleCode, I18n>();

export async function loadI18n(code: LocaleCode): Promise<I18n> {
  const existing = loaded.get(code);
  if (existing) return existing;
  const loadCatalog = catalogLoaders[code];
  if (!loadCatalog) throw new Error(`No message catalogue for locale "${code}"`);
  const { messages } = await loadCatalog();
  const i18n = setupI18n({ locale: code, locales: [languageTag(code)], messages: { [code]: messages } });
  // The server renders any page at once, a series' or a confirmation included: it has every message.
  if (import.meta.env.SSR) {
    const { catalogLoaders: later } = await import("virtual:i18n-later-catalogs");
    const more = await later[code]?.();
    if (more) i18n.load(code, more.messages);
  }
  loaded.set(code, i18n);
  return i18n;
}

/** The instance of a locale already loaded by `loadI18n`; throws if the caller skipped loading. */
export function getLoadedI18n(code: LocaleCode): I18n {
  const i18n = loaded.get(code);
  if (!i18n) throw new Error(`i18n catalogue for "${code}" used before it was loaded`);
  return i18n;
}

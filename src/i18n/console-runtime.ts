/**
 * The business console's messages, added to a loaded locale. They live in chunks of their own
 * (`console-<locale>-….js`), and this module is imported by console screens only, so a booking
 * page loads neither the messages nor their loaders.
 */
import type { I18n } from "@lingui/core";
import { catalogLoaders as consoleCatalogLoaders } from "virtual:i18n-console-catalogs";
import type { LocaleCode } from "./locales.ts";
import { loadI18n } from "./runtime.ts";

const consoleLoaded = new Set<LocaleCode>();

export async function loadConsoleMessages(code: LocaleCode): Promise<I18n> {
  const i18n = await loadI18n(code);
  if (consoleLoaded.has(code)) return i18n;
  const loadCatalog = consoleCatalogLoaders[code];
  if (!loadCatalog) throw new Error(`No console catalogue for locale "${code}"`);
  i18n.load(code, (await loadCatalog()).messages);
  consoleLoaded.add(code);
  return i18n;
}

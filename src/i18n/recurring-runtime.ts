/**
 * Recurring series' messages (keys `recurring.*`, issue 17), added to a loaded locale. Like the
 * console's (console-runtime.ts) they live in chunks of their own (`recurring-<locale>-….js`): a
 * booking page loads them only with its repetition chooser or a series' confirmation, keeping its
 * first JavaScript within budget (ADR 0004). The server adds them when it loads a locale (runtime.ts).
 */
import type { I18n } from "@lingui/core";
import { catalogLoaders } from "virtual:i18n-recurring-catalogs";
import type { LocaleCode } from "./locales.ts";
import { loadI18n } from "./runtime.ts";

/** A key every recurring catalogue has: present once its messages are in. */
const PROBE = "recurring.repeat.title";

export const hasRecurringMessages = (i18n: Pick<I18n, "messages">) => PROBE in i18n.messages;

export async function loadRecurringMessages(code: LocaleCode): Promise<I18n> {
  const i18n = await loadI18n(code);
  if (i18n.messages[PROBE] !== undefined && i18n.locale === code) return i18n;
  const loadCatalog = catalogLoaders[code];
  if (!loadCatalog) throw new Error(`No recurring catalogue for locale "${code}"`);
  i18n.load(code, (await loadCatalog()).messages);
  return i18n;
}

/**
 * The messages of the screens after a booking page's first (vite-plugin.ts LATER_PREFIXES: recurring
 * series, coupon, change policy, payment, the confirmation and the manage screen), added to a loaded
 * locale. Like the console's (console-runtime.ts) they live in chunks of their own
 * (`later-<locale>-….js`): a booking page loads them with those lazily loaded screens, keeping its
 * first JavaScript within budget (ADR 0004). The server has them from the start (runtime.ts).
 */
import type { I18n } from "@lingui/core";
import { catalogLoaders } from "virtual:i18n-later-catalogs";

/** A key every such catalogue has: present once its messages are in. */
const PROBE = "recurring.repeat.title";
const pending = new WeakMap<I18n, Promise<void>>();

/** Null when the messages are in; else the loading of them into this instance (once). */
export function laterMessagesFor(i18n: I18n): Promise<void> | null {
  if (PROBE in i18n.messages) return null;
  let loading = pending.get(i18n);
  if (!loading) {
    const code = i18n.locale;
    const loadCatalog = catalogLoaders[code];
    if (!loadCatalog) return null;
    loading = loadCatalog().then(({ messages }) => i18n.load(code, messages));
    pending.set(i18n, loading);
  }
  return loading;
}

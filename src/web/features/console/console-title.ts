/**
 * A console screen's document title, in the page's language: the screen, then the product, so a
 * tab or a screen reader says where the user is (WCAG 2.4.2). The messages are loaded by the
 * clientLoader (enterConsole) before the route's meta runs with its data.
 */
import type { LocaleCode } from "../../../i18n/locales.ts";
import { getLoadedI18n } from "../../../i18n/runtime.ts";

export function consoleMeta(data: { locale: LocaleCode } | undefined, title: (t: (key: string) => string) => string) {
  const robots = { name: "robots", content: "noindex" };
  if (!data) return [robots];
  const i18n = getLoadedI18n(data.locale);
  return [{ title: `${title((key) => i18n._(key))} · ${i18n._("console.product")}` }, robots];
}

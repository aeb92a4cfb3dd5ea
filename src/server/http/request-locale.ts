import type { Context } from "hono";
import { DEFAULT_LOCALE, isLocaleCode, LOCALES, type LocaleCode } from "../../i18n/locales.ts";
import { findBrowserLocale } from "../../i18n/routing/browser-locale.ts";

/**
 * The language of an API answer: an explicit `?locale=` (the widget sends its page locale), else
 * the Accept-Language header (matched as for pages, locale-routing.md C.3), else English.
 */
export function requestLocale(c: Context): LocaleCode {
  const explicit = c.req.query("locale");
  if (isLocaleCode(explicit)) return explicit;
  const header = c.req.header("accept-language");
  const matched = header
    ? findBrowserLocale(
        LOCALES.map(({ code, language }) => ({ code, language })),
        header,
      )
    : "";
  return isLocaleCode(matched) ? matched : DEFAULT_LOCALE;
}

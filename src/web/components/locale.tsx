/**
 * The page's locale and locale-aware links. Every internal link goes through `LocaleLink` so a
 * visitor on `/de/…` stays in German (spec §2: the URL carries the locale prefix). And the language
 * of the business's own texts on the page (`useBusinessLang`, ADR 0061).
 */
import { useLingui } from "@lingui/react";
import { forwardRef } from "react";
import { Link, useRouteLoaderData, type LinkProps } from "react-router";
import { DEFAULT_LOCALE, isLocaleCode, type LocaleCode } from "../../i18n/locales.ts";
import { LOCALE_ROUTING } from "../../i18n/routing/config.ts";
import { localePath } from "../../i18n/routing/locale-prefix.ts";

/**
 * The prefix arithmetic, for code outside components (the console's loaders). Imported through here
 * so that it stays in the one chunk the booking pages load it from, not split into a second file.
 */
export { localePath, routeLocaleFromPath, stripLocalePrefix } from "../../i18n/routing/locale-prefix.ts";

/** Dispatched on window just before the language switch leaves the page, so features can keep their state. */
export const LOCALE_SWITCH_EVENT = "app:locale-switch";

export function useLocale(): LocaleCode {
  const data = useRouteLoaderData("root") as { locale?: string } | undefined;
  return isLocaleCode(data?.locale) ? data.locale : DEFAULT_LOCALE;
}

/** Maps an unprefixed app path (`/widget/booking/…`) to the current locale's URL. */
export function useLocalePath(): (path: string) => string {
  const locale = useLocale();
  return (path) => localePath(path, locale, LOCALE_ROUTING);
}

export const LocaleLink = forwardRef<HTMLAnchorElement, LinkProps & { to: string }>(function LocaleLink(
  { to, ...props },
  ref,
) {
  const toLocalePath = useLocalePath();
  return <Link ref={ref} to={toLocalePath(to)} {...props} />;
});

/**
 * The `lang` attribute for an element that holds text the business wrote — a service's name and
 * description, a post's title and body, a form's questions — so that it is read in the language it
 * is written in, not the page's (WCAG 3.1.2, ADR 0061). Undefined (no attribute) when the two are
 * the same (the root loader computes it once per page: business-mark.tsx PageBrand). It goes on the
 * element that holds the business's words alone: the product's own words (buttons, dates, messages)
 * stay in the page's language, so never around them. Kept here, in the chunk every page loads already,
 * so that it costs a booking page's JavaScript no chunk of its own.
 */
export const useBusinessLang = (): string | undefined =>
  useRouteLoaderData<{ brand?: { lang?: string } | null }>("root")?.brand?.lang;

/**
 * One of the product's messages that names a text of the business's ("Collection: {name}"): the
 * message in the page's language, the business's text inside it marked with its own (ADR 0061).
 */
export function MessageNaming({ id, name, text }: { id: string; name: string; text: string }) {
  const { i18n } = useLingui();
  const lang = useBusinessLang();
  // The message around a stand-in for the text, cut there: the text goes in between, in its own span.
  const parts = lang ? i18n._(id, { [name]: STAND_IN }).split(STAND_IN) : [];
  if (parts.length !== 2) return i18n._(id, { [name]: text });
  return (
    <>
      {parts[0]}
      <span lang={lang}>{text}</span>
      {parts[1]}
    </>
  );
}

/** A character no message nor text holds. */
const STAND_IN = "\u{E000}";

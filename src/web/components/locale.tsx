/**
 * The page's locale and locale-aware links. Every internal link goes through `LocaleLink` so a
 * visitor on `/de/…` stays in German (spec §2: the URL carries the locale prefix).
 */
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

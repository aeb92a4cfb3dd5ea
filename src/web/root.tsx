import { I18nProvider } from "@lingui/react";
import { useEffect, type ReactNode } from "react";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useMatches,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import { DEFAULT_LOCALE, languageTag, textLang, type LocaleCode } from "../i18n/locales.ts";
import { LOCALE_ROUTING } from "../i18n/routing/config.ts";
import { requestOrigin } from "../i18n/routing/domain.ts";
import { localeHead } from "../i18n/routing/locale-head.ts";
import { routeLocaleFromPath } from "../i18n/routing/locale-prefix.ts";
import { getLoadedI18n, loadI18n } from "../i18n/runtime.ts";
import { keepAppearance } from "./components/appearance.ts";
import { appearanceFrom, businessAppearance } from "./components/appearance.server.ts";
import { pageBusinessId } from "./components/page-business.server.ts";
import { needsScripts } from "./components/static-page.ts";
import { describeError } from "./features/errors/describe-error.ts";
import { ErrorScreen } from "./features/errors/error-screen.tsx";
import { ExpiredSlugScreen } from "./features/errors/expired-slug-screen.tsx";
import stylesHref from "./styles.css?url";
import type { Route } from "./+types/root";

/** `/console…`, after an optional locale prefix. */
const CONSOLE_PATH = /^\/(?:[a-z]{2}(?:-[a-z]{2})?\/)?console(?:\/|$)/;

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // hreflang alternates, x-default, canonical and og:locale for this page (locale-routing.md C.11).
  const head = localeHead({
    options: LOCALE_ROUTING,
    locale: context.locale,
    fullPath: url.pathname + url.search,
    baseUrl: requestOrigin(url, request.headers),
  });
  // The nonce travels in the page's own data so that <Scripts> can stamp it on the inline scripts.
  // A framed page (an embedded widget) has no scroll of its own to restore — the host page scrolls —
  // and its storage, which scroll restoration reads, is often withheld from third-party frames.
  const isFramed = request.headers.get("sec-fetch-dest") === "iframe";
  // The business this page belongs to, as visitors see it (ADR 0049). Console pages do not wear
  // it: they are the product's, whoever is signed in.
  const isConsole = CONSOLE_PATH.test(url.pathname);
  const businessId = isConsole ? null : await pageBusinessId(context, url);
  const branding = businessId ? await context.pages.branding(businessId) : null;
  return {
    locale: context.locale,
    head,
    nonce: context.cspNonce,
    isFramed,
    // A full reload inside the embed frame keeps the look its first address asked for (embed-look.ts).
    appearance:
      appearanceFrom(url.searchParams, branding) ??
      (context.embedLook ? appearanceFrom(context.embedLook, branding) : null),
    brand: branding
      ? {
          name: branding.name,
          logo: branding.logo,
          look: businessAppearance(branding),
          // The language of the business's own texts, where it is not this page's (ADR 0061).
          lang: textLang(branding.locale, context.locale),
        }
      : null,
  };
}

/**
 * A client navigation that crosses locales (`/x` → `/de/x`) re-runs the root loader and loads the
 * new catalogue before rendering; otherwise the root data stays as rendered.
 */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const localeOf = (url: URL) => routeLocaleFromPath(url.pathname, LOCALE_ROUTING);
  return localeOf(currentUrl) !== localeOf(nextUrl) || defaultShouldRevalidate;
}

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const data = await serverLoader();
  await loadI18n(data.locale);
  return data;
}

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesHref }];

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const locale: LocaleCode = data?.locale ?? DEFAULT_LOCALE;
  const matches = useMatches();
  // An embed's own look first (kept across the frame's navigations), else the business's own.
  const appearance = keepAppearance(data?.appearance) ?? data?.brand?.look;
  // In the browser the app is running already (a static page never hydrates): a client navigation
  // into a static page keeps the scripts and scroll restoration it is using.
  const hasScripts = typeof document !== "undefined" || needsScripts(matches);
  // A content page that states its own canonical (src/web/features/content/seo-meta.ts) replaces the locale one.
  const ownsCanonical = (matches.at(-1)?.data as { seo?: unknown } | undefined)?.seo !== undefined;
  useEffect(() => {
    // A marker for tests and diagnostics: the server-rendered document is now interactive.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <html
      lang={data?.head.htmlLang ?? languageTag(locale)}
      data-locale={locale}
      data-theme={appearance?.theme}
      style={appearance?.style}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content={appearance?.theme ?? "light"} />
        {/* An empty icon: browsers then never ask for /favicon.ico, which is a 404 by spec. */}
        <link rel="icon" href="data:," />
        <Meta />
        <Links />
        {data?.head.links
          .filter((l) => !(ownsCanonical && l.rel === "canonical"))
          .map((l) => (
            <link key={l.id} rel={l.rel} href={l.href} hrefLang={l.hreflang} />
          ))}
        {data?.head.meta
          .filter((m) => !(ownsCanonical && m.property === "og:url"))
          .map((m) => (
            <meta key={m.id} property={m.property} content={m.content} />
          ))}
      </head>
      <body>
        <I18nProvider i18n={getLoadedI18n(locale)}>{children}</I18nProvider>
        {data?.isFramed || !hasScripts ? null : <ScrollRestoration nonce={data?.nonce} />}
        {hasScripts ? <Scripts nonce={data?.nonce} /> : null}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const description = describeError(error);
  if (description.message === "Slug Expired") return <ExpiredSlugScreen />;
  return <ErrorScreen error={error} description={description} />;
}

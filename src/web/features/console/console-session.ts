/**
 * Entering the console: its messages loaded, and — for every screen behind sign-in — a live
 * session, or a redirect to the sign-in page that comes back to where the user was going.
 */
import { redirect } from "react-router";
import { DEFAULT_LOCALE, isLocaleCode, type LocaleCode } from "../../../i18n/locales.ts";
import { LOCALE_ROUTING } from "../../../i18n/routing/config.ts";
import { localePath, routeLocaleFromPath, stripLocalePrefix } from "../../components/locale.tsx";
import { getLoadedI18n } from "../../../i18n/runtime.ts";
import { loadConsoleMessages } from "../../../i18n/console-runtime.ts";
import {
  ApiProblem,
  callApi,
  hadSession,
  rememberSession,
  whenSessionEnds,
  type ConsoleSession,
} from "./console-api.ts";

export function localeOfUrl(url: string): LocaleCode {
  const code = routeLocaleFromPath(new URL(url).pathname, LOCALE_ROUTING);
  return isLocaleCode(code) ? code : DEFAULT_LOCALE;
}

/** A console path (`/console/…`) in the given locale. */
export const consolePath = (path: string, locale: LocaleCode) => localePath(path, locale, LOCALE_ROUTING);

export async function enterConsole(request: Request): Promise<LocaleCode> {
  const locale = localeOfUrl(request.url);
  await loadConsoleMessages(locale);
  return locale;
}

let inFlight: Promise<ConsoleSession> | null = null;

/**
 * Asks the server who is signed in, once for all the loaders of one navigation: the layout and the
 * screen load in parallel and both need it, so the second joins the first request.
 */
function currentSession(locale: LocaleCode): Promise<ConsoleSession> {
  inFlight ??= callApi<ConsoleSession>(locale, "GET", "/console/session").finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/** The session, or a redirect to sign in (with `next` = this page, `expired` when a session just ended). */
export async function requireSession(request: Request): Promise<{ locale: LocaleCode; session: ConsoleSession }> {
  const locale = await enterConsole(request);
  try {
    const session = await currentSession(locale);
    rememberSession(session);
    // A session that ends while a screen is open (idle, signed out in another tab) leads back here.
    whenSessionEnds(() => window.location.assign(signInPath(window.location.href, locale, true)));
    return { locale, session };
  } catch (error) {
    // The token stays remembered: the screen's other loaders, refused at the same moment, tell the same story.
    if (error instanceof ApiProblem && error.status === 401)
      throw redirect(signInPath(request.url, locale, hadSession()));
    throw error;
  }
}

export function signInPath(fromUrl: string, locale: LocaleCode, expired = false): string {
  const url = new URL(fromUrl);
  const next = stripLocalePrefix(url.pathname, LOCALE_ROUTING) + url.search;
  const query = new URLSearchParams({ next });
  if (expired) query.set("expired", "1");
  return `${consolePath("/console/sign-in", locale)}?${query}`;
}

/** Where to go after signing in: a console page of this site, never an address elsewhere. */
export function safeNext(next: string | null, locale: LocaleCode): string {
  const path = next && /^\/console(?:[/?#]|$)/.test(next) ? next : "/console";
  return consolePath(path, locale);
}

/**
 * A console page's title ("Bookings · Booking console") and noindex. Before the console's messages
 * are loaded — the server renders only the loading screen — the title says it is loading.
 */
export function consoleMeta(matches: readonly ({ id: string; data?: unknown } | undefined)[], key: string) {
  const rootLocale = (matches.find((m) => m?.id === "root")?.data as { locale?: string } | undefined)?.locale;
  const locale = isLocaleCode(rootLocale) ? rootLocale : DEFAULT_LOCALE;
  const i18n = getLoadedI18n(locale);
  const loaded = key in i18n.messages;
  const noindex = { name: "robots", content: "noindex" };
  // A staff login at an owner's screen: `NotAllowed` titles the page itself.
  if ((matches.at(-1)?.data as { allowed?: boolean } | undefined)?.allowed === false) return [noindex];
  return [{ title: loaded ? `${i18n._(key)} · ${i18n._("console.product")}` : i18n._("widget.loading") }, noindex];
}

/**
 * The session of an owner-only screen (staff, services, calendars, settings, API keys, team), and
 * whether its user is an owner. A staff login is not redirected: the screen loads nothing else and
 * shows `NotAllowed` (docs/decisions/0027), the one way every owner screen refuses it — the business
 * API refuses it these calls anyway (staff-access.ts).
 */
export async function requireOwner(
  request: Request,
): Promise<
  | { readonly allowed: true; locale: LocaleCode; session: ConsoleSession }
  | { readonly allowed: false; locale: LocaleCode; session: ConsoleSession }
> {
  const { locale, session } = await requireSession(request);
  return session.user.role === "owner" ? { allowed: true, locale, session } : { allowed: false, locale, session };
}

/** What an owner-only screen's component gets once `NotAllowed` has been ruled out. */
export type OwnerData<T> = Extract<T, { readonly allowed: true }>;

import { useLingui } from "@lingui/react";
import { useEffect, useRef, useState } from "react";
import { Link, Outlet, useLocation, useNavigate, useRouteLoaderData } from "react-router";
import { SkipLink } from "../components/skip-link.tsx";
import { callApi, rememberSession, type ConsoleSession } from "../features/console/console-api.ts";
import { consolePath, requireSession } from "../features/console/console-session.ts";
import { ConsoleLoading } from "../features/console/console-loading.tsx";
import consoleStylesHref from "../features/console/console.css?url";
import type { LocaleCode } from "../../i18n/locales.ts";
import type { Route } from "./+types/console-layout";

/** Every console screen: signed in, with the business's name, the sections the role may use, and sign-out. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return requireSession(request);
}
clientLoader.hydrate = true as const;

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: consoleStylesHref }];

export function HydrateFallback() {
  return <ConsoleLoading />;
}

/** The session and locale of the console screen being shown. */
export function useConsole(): { session: ConsoleSession; locale: LocaleCode } {
  return useRouteLoaderData("layout-console") as { session: ConsoleSession; locale: LocaleCode };
}

interface Section {
  readonly path: string;
  readonly label: string;
  readonly ownerOnly: boolean;
  /** Only for a login that stands for a staff member (its own hours). */
  readonly ownStaffOnly?: boolean;
}

/** The console's sections; each screen adds itself here when it lands. */
const SECTIONS: readonly Section[] = [
  { path: "/console", label: "console.nav.bookings", ownerOnly: false },
  // Setup: staff and services (owner), and a staff login's own hours.
  { path: "/console/staff", label: "console.nav.staff", ownerOnly: true },
  { path: "/console/services", label: "console.nav.services", ownerOnly: true },
  { path: "/console/coupons", label: "console.nav.coupons", ownerOnly: true },
  { path: "/console/resources", label: "console.nav.resources", ownerOnly: true },
  { path: "/console/my-hours", label: "console.nav.myHours", ownerOnly: false, ownStaffOnly: true },
  // Owner setup (calendars, settings, API keys).
  { path: "/console/calendars", label: "console.nav.calendars", ownerOnly: true },
  { path: "/console/groups", label: "console.nav.groups", ownerOnly: true },
  { path: "/console/service-menus", label: "console.nav.menus", ownerOnly: true },
  { path: "/console/settings", label: "console.nav.settings", ownerOnly: true },
  { path: "/console/api-keys", label: "console.nav.apiKeys", ownerOnly: true },
  // Content: forms and surveys with their submissions, the blog's posts and the shop.
  { path: "/console/forms", label: "console.nav.forms", ownerOnly: true },
  { path: "/console/posts", label: "console.nav.posts", ownerOnly: true },
  { path: "/console/products", label: "console.nav.products", ownerOnly: true },
  { path: "/console/collections", label: "console.nav.collections", ownerOnly: true },
  // Who signs in: the team (owner), and the user's own account and sessions.
  { path: "/console/team", label: "console.nav.team", ownerOnly: true },
  { path: "/console/account", label: "console.nav.account", ownerOnly: false },
];

export default function ConsoleLayout({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const { session, locale } = loaderData;
  const navigate = useNavigate();
  // Plain links rather than NavLink: every react-router export the console uses grows the chunk the
  // booking pages share with it (tests/e2e/bundle-size.e2e.test.ts).
  const location = useLocation();
  const isCurrent = (path: string) => {
    const here = consolePath(path, locale);
    return path === "/console" ? location.pathname === here : location.pathname.startsWith(here);
  };
  const [signingOut, setSigningOut] = useState(false);
  const sections = SECTIONS.filter(
    (s) =>
      (!s.ownerOnly || session.user.role === "owner") &&
      (!s.ownStaffOnly || (session.user.role === "staff" && session.user.staffId !== null)),
  );

  // On a phone the sections scroll sideways: the current one is brought to the middle of the row.
  const navRef = useRef<HTMLElement>(null);
  useEffect(() => {
    const nav = navRef.current;
    const current = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav || !current || nav.scrollWidth <= nav.clientWidth) return;
    const offset = current.getBoundingClientRect().left - nav.getBoundingClientRect().left;
    nav.scrollLeft += offset - (nav.clientWidth - current.offsetWidth) / 2;
  }, [location.pathname]);

  async function signOut() {
    setSigningOut(true);
    try {
      await callApi(locale, "DELETE", "/console/session");
    } finally {
      rememberSession(null);
      await navigate(consolePath("/console/sign-in", locale));
    }
  }

  return (
    <div className="console">
      <SkipLink />
      <header className="console__header">
        <p className="console__business">{session.business.name}</p>
        <nav ref={navRef} className="console__nav" aria-label={i18n._("console.nav.label")}>
          <ul>
            {sections.map((section) => (
              <li key={section.path}>
                {/* A section stays marked on its own pages (a staff member's hours under Staff). */}
                <Link
                  to={consolePath(section.path, locale)}
                  aria-current={isCurrent(section.path) ? "page" : undefined}
                >
                  {i18n._(section.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="console__account">
          <span className="console__user">
            {session.user.name}
            <span className="console__role">
              {" · "}
              {i18n._(session.user.role === "owner" ? "console.role.owner" : "console.role.staff")}
            </span>
          </span>
          <button
            type="button"
            className="console-button console-button--quiet"
            onClick={signOut}
            disabled={signingOut}
          >
            {i18n._("console.signOut")}
          </button>
        </div>
      </header>
      <main id="main" className="console__main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}

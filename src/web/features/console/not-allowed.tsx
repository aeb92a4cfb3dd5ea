import { useLingui } from "@lingui/react";
import { Link } from "react-router";
import type { LocaleCode } from "../../../i18n/locales.ts";
import type { ConsoleSession } from "./console-api.ts";
import { consolePath } from "./console-session.ts";

/**
 * What a staff login sees at an owner's screen or another staff member's page: said plainly, with
 * the ways to what it may use, rather than a silent redirect that would look like a broken link.
 */
export function NotAllowed({ session, locale }: { session: ConsoleSession; locale: LocaleCode }) {
  const { i18n } = useLingui();
  return (
    <section className="console-screen console-not-allowed" aria-labelledby="not-allowed-title">
      <title>{`${i18n._("console.notAllowed.title")} – ${session.business.name}`}</title>
      <h1 id="not-allowed-title">{i18n._("console.notAllowed.title")}</h1>
      <p>{i18n._("console.notAllowed.body")}</p>
      <ul className="console-not-allowed__links">
        {session.user.staffId ? (
          <li>
            <Link to={consolePath("/console/my-hours", locale)}>{i18n._("console.nav.myHours")}</Link>
          </li>
        ) : null}
        <li>
          <Link to={consolePath("/console", locale)}>{i18n._("console.nav.bookings")}</Link>
        </li>
      </ul>
    </section>
  );
}

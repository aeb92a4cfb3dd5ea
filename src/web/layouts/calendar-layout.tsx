import { Outlet } from "react-router";
import { LanguageSwitcher } from "../components/language-switcher.tsx";
import { SkipLink } from "../components/skip-link.tsx";

/** The booking widget's layout: one centred card that also fits a 320 px iframe. */
export default function CalendarLayout() {
  return (
    <div className="layout layout--calendar">
      <SkipLink />
      <div className="layout__toolbar">
        <LanguageSwitcher />
      </div>
      <main id="main" className="widget-card" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}

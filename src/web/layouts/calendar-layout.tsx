import { Outlet } from "react-router";
import { SkipLink } from "../components/skip-link.tsx";

/** The booking widget's layout: one centred card that also fits a 320 px iframe. */
export default function CalendarLayout() {
  return (
    <div className="layout layout--calendar">
      <SkipLink />
      <main id="main" className="widget-card" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}

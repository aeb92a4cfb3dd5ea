import { Outlet } from "react-router";
import { WidgetShell } from "../components/widget-shell.tsx";

/** The booking widget's layout: one centred card that also fits a 320 px iframe. */
export default function CalendarLayout() {
  return (
    <WidgetShell variant="calendar">
      <Outlet />
    </WidgetShell>
  );
}

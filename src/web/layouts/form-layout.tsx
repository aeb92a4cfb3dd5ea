import { Outlet } from "react-router";
import { WidgetShell } from "../components/widget-shell.tsx";

/** Forms, surveys and cancellation: a narrow single column. */
export default function FormLayout() {
  return (
    <WidgetShell variant="form">
      <Outlet />
    </WidgetShell>
  );
}

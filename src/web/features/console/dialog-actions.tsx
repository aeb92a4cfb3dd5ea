import { useLingui } from "@lingui/react";
import type { ReactNode } from "react";

/** A dialog's buttons: "Close" (a `method="dialog"` form, so Escape and the button behave alike) and the action. */
export function DialogActions({ children }: { children: ReactNode }) {
  const { i18n } = useLingui();
  return (
    <div className="console-dialog__actions">
      <form method="dialog">
        <button type="submit" className="console-button console-button--quiet">
          {i18n._("console.bookings.close")}
        </button>
      </form>
      {children}
    </div>
  );
}

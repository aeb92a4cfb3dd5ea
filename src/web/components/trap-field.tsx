/**
 * The honeypot of form pages and the booking widget (ADR 0018, ADR 0055): a text field out of sight,
 * out of the tab order and hidden from assistive technology. People leave it empty; bots that fill
 * every field do not, and what they send is not stored.
 */
import { useLingui } from "@lingui/react";

/** The trap's field name, as the form pages and the booking API read it. */
export const TRAP_FIELD = "_website";

export function TrapField() {
  const { i18n } = useLingui();
  return (
    <div className="trap-field" aria-hidden="true">
      <label>
        {i18n._("forms.trap")}
        <input type="text" name={TRAP_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

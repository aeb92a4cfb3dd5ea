import { useLingui } from "@lingui/react";
import type { FlowState } from "./flow-reducer.ts";
import { minutesSeconds, useTimeLeft } from "./time-left.ts";

/**
 * How long the chosen time stays held while the visitor types (announced politely in its last
 * minute); once it has run out, a way to hold it again — nothing typed is lost either way.
 */
export function HoldTimer({ hold, onHoldAgain }: { hold: FlowState["hold"]; onHoldAgain(): void }) {
  const { i18n } = useLingui();
  const left = useTimeLeft(hold?.expiresAt ?? null);
  if (!hold) return null;
  if (left === 0)
    return (
      <div className="notice notice--info hold-expired" role="status">
        <p>{i18n._("widget.hold.expired")}</p>
        <button type="button" className="button button--secondary" onClick={onHoldAgain}>
          {i18n._("widget.hold.again")}
        </button>
      </div>
    );
  return (
    <p className="hold-timer">
      <span role="timer" aria-live={left < 60_000 ? "polite" : "off"} aria-atomic="true">
        {i18n._("widget.hold.left", { time: minutesSeconds(left) })}
      </span>
    </p>
  );
}

import { useLingui } from "@lingui/react";
import { useEffect, useEffectEvent, useRef } from "react";
import { LOCALE_SWITCH_EVENT } from "../../components/locale.tsx";
import type { FlowState } from "./flow-reducer.ts";
import { minutesSeconds, useTimeLeft } from "./time-left.ts";

interface Props {
  calendarId: string;
  hold: FlowState["hold"];
  /** A booking is being made with the hold: it is not let go. */
  submitting: boolean;
  onHoldAgain(): void;
}

/**
 * How long the chosen time stays held while the visitor types (announced politely in its last
 * minute); once it has run out, a way to hold it again — nothing typed is lost either way.
 */
export function HoldTimer({ calendarId, hold, submitting, onHoldAgain }: Props) {
  const { i18n } = useLingui();
  useLetGoOnLeave({ calendarId, hold, submitting, onHoldAgain });
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

/**
 * A visitor who leaves holding a time lets it go at once, not when the hold runs out: a beacon outlives
 * the page. Not on a language switch (the hold travels to the page in the other language), and not while
 * a booking is being made with it. A page restored from the back/forward cache holds its time again.
 */
function useLetGoOnLeave({ calendarId, hold, submitting, onHoldAgain }: Props) {
  const switchingLocale = useRef(false);
  const letGo = useRef(false);
  const onPage = useEffectEvent((event: PageTransitionEvent) => {
    if (event.type === "pageshow") {
      if (event.persisted && letGo.current) onHoldAgain();
      letGo.current = false;
    } else if (hold && !submitting && !switchingLocale.current && typeof navigator.sendBeacon === "function") {
      letGo.current = navigator.sendBeacon(
        `/api/calendars/${encodeURIComponent(calendarId)}/holds/${encodeURIComponent(hold.id)}/release`,
      );
    }
  });
  useEffect(() => {
    const onLocaleSwitch = () => (switchingLocale.current = true);
    const listener = (event: PageTransitionEvent) => onPage(event);
    window.addEventListener(LOCALE_SWITCH_EVENT, onLocaleSwitch);
    window.addEventListener("pagehide", listener);
    window.addEventListener("pageshow", listener);
    return () => {
      window.removeEventListener(LOCALE_SWITCH_EVENT, onLocaleSwitch);
      window.removeEventListener("pagehide", listener);
      window.removeEventListener("pageshow", listener);
    };
  }, []);
}

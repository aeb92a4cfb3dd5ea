import { useLingui } from "@lingui/react";
import { forwardRef, useEffect, useId, useState } from "react";
import type { BusinessBookingView } from "../../../app/business/ports.ts";
import type { formatters } from "./dates.ts";
import { ProblemAlert } from "./problem-alert.tsx";
import { visitorName } from "./visitor-name.ts";
import { DialogActions } from "./dialog-actions.tsx";

interface Props {
  booking: BusinessBookingView;
  format: ReturnType<typeof formatters>;
  /** The free starts of the booking's calendar on a date (`YYYY-MM-DD` in the business's zone). */
  loadSlots(calendarId: string, date: string): Promise<string[]>;
  onMove(booking: BusinessBookingView, startTime: string): Promise<void>;
}

/**
 * Moving a booking on the visitor's behalf: pick a date, then one of that day's free times (the
 * same ones the widget offers); the visitor is emailed the new time. A time taken meanwhile is
 * refused by the server and said here, with the choice kept.
 */
export const RescheduleDialog = forwardRef<HTMLDialogElement, Props>(function RescheduleDialog(
  { booking, format, loadSlots, onMove },
  ref,
) {
  const { i18n } = useLingui();
  const id = useId();
  const [date, setDate] = useState(() => format.dateOf(booking.startTime));
  const [slots, setSlots] = useState<string[] | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [problem, setProblem] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    setSlots(null);
    setChosen(null);
    loadSlots(booking.calendarId, date)
      .then((found) => current && setSlots(found))
      .catch((error: unknown) => current && setProblem(error));
    return () => {
      current = false;
    };
  }, [booking.calendarId, date, loadSlots]);

  async function move() {
    if (!chosen) return;
    setBusy(true);
    setProblem(null);
    try {
      await onMove(booking, chosen);
      (ref as React.RefObject<HTMLDialogElement | null>).current?.close();
    } catch (error) {
      setProblem(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <dialog ref={ref} className="console-dialog console-dialog--wide" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{i18n._("console.reschedule.title", { name: visitorName(booking, i18n) })}</h2>
      <p className="console-muted">
        {i18n._("console.reschedule.now", {
          when: `${format.day(booking.startTime)}, ${format.timeRange(booking.startTime, booking.endTime)}`,
        })}
      </p>
      <ProblemAlert problem={problem} />
      <label className="console-field">
        <span>{i18n._("console.reschedule.date")}</span>
        <input type="date" value={date} required onChange={(e) => e.target.value && setDate(e.target.value)} />
      </label>
      <fieldset className="console-slots">
        <legend>{i18n._("console.reschedule.time")}</legend>
        {slots === null ? (
          <p role="status">{i18n._("widget.loading")}</p>
        ) : slots.length === 0 ? (
          <p role="status">{i18n._("console.reschedule.noTimes")}</p>
        ) : (
          <div className="console-slots__list">
            {slots.map((slot) => (
              <label key={slot} className="console-slot">
                <input
                  type="radio"
                  name={`${id}-slot`}
                  value={slot}
                  checked={chosen === slot}
                  onChange={() => setChosen(slot)}
                />
                <span>{format.time(slot)}</span>
              </label>
            ))}
          </div>
        )}
      </fieldset>
      <p className="console-muted">{i18n._("console.reschedule.visitorTold")}</p>
      <DialogActions>
        <button type="button" className="console-button" disabled={!chosen || busy} aria-busy={busy} onClick={move}>
          {i18n._("console.reschedule.move")}
        </button>
      </DialogActions>
    </dialog>
  );
});

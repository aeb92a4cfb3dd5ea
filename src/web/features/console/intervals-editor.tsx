import { useLingui } from "@lingui/react";
import { useEffect, useRef } from "react";
import { FieldError } from "../../components/form-field.tsx";
import { newInterval, type DayErrors, type DraftInterval } from "./hours-draft.ts";

interface Props {
  /** Unique on the page: the inputs' ids start with it. */
  idPrefix: string;
  /** What the intervals are of ("Monday", "24 December"), for the names of the controls. */
  dayLabel: string;
  intervals: readonly DraftInterval[];
  errors: DayErrors | undefined;
  onChange(intervals: DraftInterval[]): void;
}

/**
 * One day's working intervals: a start and an end time each, added and removed by button, each
 * with its messages under it. Times are native time inputs (typed by keyboard in the user's own
 * clock format); an end of 00:00 means midnight.
 */
export function IntervalsEditor({ idPrefix, dayLabel, intervals, errors, onChange }: Props) {
  const { i18n } = useLingui();
  const focusKey = useRef<string | null>(null);

  useEffect(() => {
    if (focusKey.current === null) return;
    document.getElementById(`${idPrefix}-${focusKey.current}-start`)?.focus();
    focusKey.current = null;
  });

  const update = (key: string, change: Partial<DraftInterval>) =>
    onChange(intervals.map((i) => (i.key === key ? { ...i, ...change } : i)));

  function add() {
    // The next interval starts where the last one ended: the usual case is an afternoon after a break.
    const last = intervals.at(-1);
    const added =
      last && /^\d\d:\d\d$/.test(last.end) && last.end !== "00:00"
        ? newInterval(last.end, laterBy(last.end, 60))
        : newInterval();
    focusKey.current = added.key;
    onChange([...intervals, added]);
  }

  function remove(key: string, index: number) {
    const rest = intervals.filter((i) => i.key !== key);
    onChange(rest);
    // Focus stays in the editor: on the interval before, on "Add hours", or on the day's "Open" when it closed.
    const target = rest[Math.max(0, index - 1)];
    requestAnimationFrame(() =>
      (
        (target && document.getElementById(`${idPrefix}-${target.key}-start`)) ||
        document.getElementById(`${idPrefix}-add`) ||
        document.getElementById(`${idPrefix}-open`)
      )?.focus(),
    );
  }

  return (
    <div className="console-intervals">
      <ul className="console-intervals__list">
        {intervals.map((interval, index) => {
          const id = `${idPrefix}-${interval.key}`;
          const error = errors?.[interval.key];
          const described = (place: "start" | "end") =>
            [error?.[place] ? `${id}-${place}-error` : null, error?.interval ? `${id}-error` : null]
              .filter(Boolean)
              .join(" ") || undefined;
          const context = i18n._("console.hours.intervalOf", { day: dayLabel, number: index + 1 });
          return (
            <li key={interval.key} className={`console-interval${error ? " console-interval--invalid" : ""}`}>
              <div className="console-interval__times">
                <div className={`console-interval__time${error?.start ? " field--invalid" : ""}`}>
                  <label htmlFor={`${id}-start`}>
                    {i18n._("console.hours.from")}
                    <span className="visually-hidden"> ({context})</span>
                  </label>
                  <input
                    id={`${id}-start`}
                    type="time"
                    value={interval.start}
                    aria-invalid={Boolean(error?.start || error?.interval)}
                    aria-describedby={described("start")}
                    onChange={(e) => update(interval.key, { start: e.target.value })}
                  />
                </div>
                <div className={`console-interval__time${error?.end ? " field--invalid" : ""}`}>
                  <label htmlFor={`${id}-end`}>
                    {i18n._("console.hours.to")}
                    <span className="visually-hidden"> ({context})</span>
                  </label>
                  <input
                    id={`${id}-end`}
                    type="time"
                    value={interval.end}
                    aria-invalid={Boolean(error?.end || error?.interval)}
                    aria-describedby={described("end")}
                    onChange={(e) => update(interval.key, { end: e.target.value })}
                  />
                </div>
                {/* An icon, so that both times and the button fit one phone-wide row; named for screen readers. */}
                <button
                  type="button"
                  className="console-button console-button--quiet console-interval__remove"
                  title={i18n._("console.hours.removeInterval")}
                  onClick={() => remove(interval.key, index)}
                >
                  <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18">
                    <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.25" strokeLinecap="round" />
                  </svg>
                  <span className="visually-hidden">
                    {i18n._("console.hours.removeInterval")} ({context})
                  </span>
                </button>
              </div>
              {/* Under the row rather than under the input, so a long message does not stretch the input. */}
              {error?.start ? <FieldError id={`${id}-start-error`} error={i18n._(error.start)} /> : null}
              {error?.end ? <FieldError id={`${id}-end-error`} error={i18n._(error.end)} /> : null}
              {error?.interval ? <FieldError id={`${id}-error`} error={i18n._(error.interval)} /> : null}
            </li>
          );
        })}
      </ul>
      <button type="button" id={`${idPrefix}-add`} className="console-link-button" onClick={add}>
        {i18n._("console.hours.addInterval")}
        <span className="visually-hidden"> ({dayLabel})</span>
      </button>
    </div>
  );
}

function laterBy(time: string, minutes: number): string {
  const [h, m] = time.split(":").map(Number) as [number, number];
  const total = Math.min(h * 60 + m + minutes, 23 * 60 + 59);
  return `${String(Math.floor(total / 60)).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;
}

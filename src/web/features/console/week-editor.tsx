import { useLingui } from "@lingui/react";
import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import type { WeeklyHours } from "../../../core/calendar/calendar.ts";
import { languageTag, type LocaleCode } from "../../../i18n/locales.ts";
import {
  apiWeek,
  copyMondayToWeekdays,
  draftWeek,
  hasErrors,
  newInterval,
  serverWeekErrors,
  weekErrors,
  WEEKDAYS,
  type DayErrors,
  type DraftWeek,
  type Weekday,
} from "./hours-draft.ts";
import { IntervalsEditor } from "./intervals-editor.tsx";
import { ProblemAlert } from "./problem-alert.tsx";

interface Props {
  locale: LocaleCode;
  hours: WeeklyHours;
  /** Sends the week (PUT …/weekly-hours); rejects with the API's problem. */
  onSave(hours: WeeklyHours): Promise<void>;
}

/** Weekday names in the page's language, Monday first (1 January 2024 was a Monday). */
export function weekdayNames(locale: LocaleCode): Record<Weekday, string> {
  const format = new Intl.DateTimeFormat(languageTag(locale), { weekday: "long", timeZone: "UTC" });
  return Object.fromEntries(
    WEEKDAYS.map((day) => [day, format.format(new Date(Date.UTC(2024, 0, Number(day))))]),
  ) as Record<Weekday, string>;
}

/**
 * The weekly hours of a staff member: a row per weekday, open or closed, with one or more intervals.
 * Checked as typed once a save has been tried; the server's refusals land on the same intervals.
 */
export function WeekEditor({ locale, hours, onSave }: Props) {
  const { i18n } = useLingui();
  const names = useMemo(() => weekdayNames(locale), [locale]);
  const [week, setWeek] = useState<DraftWeek>(() => draftWeek(hours));
  const [isChecking, setIsChecking] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<Weekday, DayErrors>>>({});
  const [problem, setProblem] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState("");
  const alertRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  // Asked for by a refusal, done once the refusal is rendered (see use-editor.ts).
  const [focusTick, setFocusTick] = useState(0);
  const focusProblem = () => setFocusTick((t) => t + 1);
  useEffect(() => {
    if (focusTick === 0) return;
    (formRef.current?.querySelector<HTMLElement>("[aria-invalid=true]") ?? alertRef.current)?.focus();
  }, [focusTick]);

  const errors = isChecking ? weekErrors(week) : {};
  const errorsOf = (day: Weekday) => errors[day] ?? serverErrors[day];

  function change(next: DraftWeek) {
    setWeek(next);
    setServerErrors({});
    setStatus("");
  }
  const setDay = (day: Weekday, change_: Partial<DraftWeek[Weekday]>) =>
    change({ ...week, [day]: { ...week[day], ...change_ } });

  async function save(event: FormEvent) {
    event.preventDefault();
    setIsChecking(true);
    setProblem(null);
    if (hasErrors(weekErrors(week))) {
      setStatus(i18n._("console.hours.fixFirst"));
      focusProblem();
      return;
    }
    setSaving(true);
    try {
      await onSave(apiWeek(week));
      setStatus(i18n._("console.hours.saved"));
    } catch (error) {
      const found = serverWeekErrors(error, week);
      setServerErrors(found);
      if (hasErrors(found)) setStatus(i18n._("console.hours.fixFirst"));
      else setProblem(error);
      focusProblem();
    } finally {
      setSaving(false);
    }
  }

  return (
    <form ref={formRef} className="console-week" onSubmit={save} noValidate aria-labelledby="weekly-hours-title">
      <div className="console-section__head">
        <h2 id="weekly-hours-title">{i18n._("console.hours.weekly")}</h2>
        <button
          type="button"
          className="console-button console-button--quiet"
          onClick={() => change(copyMondayToWeekdays(week))}
        >
          {i18n._("console.hours.copyMonday")}
        </button>
      </div>
      <ProblemAlert ref={alertRef} problem={problem} />
      <div className="console-week__days">
        {WEEKDAYS.map((day) => {
          const { isOpen, intervals } = week[day];
          return (
            <fieldset key={day} className="console-week__day">
              <legend className="console-week__name">{names[day]}</legend>
              <label className="check console-week__open">
                <input
                  id={`week-${day}-open`}
                  type="checkbox"
                  checked={isOpen}
                  onChange={(e) =>
                    setDay(day, {
                      isOpen: e.target.checked,
                      intervals: e.target.checked && intervals.length === 0 ? [newInterval()] : intervals,
                    })
                  }
                />
                <span>
                  {i18n._("console.hours.open")}
                  <span className="visually-hidden"> ({names[day]})</span>
                </span>
              </label>
              {isOpen ? (
                <IntervalsEditor
                  idPrefix={`week-${day}`}
                  dayLabel={names[day]}
                  intervals={intervals}
                  errors={errorsOf(day)}
                  onChange={(next) => setDay(day, { intervals: next, isOpen: next.length > 0 })}
                />
              ) : (
                <p className="console-muted console-week__closed">{i18n._("console.hours.closed")}</p>
              )}
            </fieldset>
          );
        })}
      </div>
      <div className="console-form-actions">
        <button type="submit" className="console-button" disabled={saving} aria-busy={saving}>
          {i18n._("console.hours.saveWeekly")}
        </button>
        <p role="status" className="console-muted">
          {status}
        </p>
      </div>
    </form>
  );
}

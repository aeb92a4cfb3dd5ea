import { useLingui } from "@lingui/react";
import { useMemo, useState, type FormEvent } from "react";
import type { DateOverrides, TimeInterval } from "../../../core/calendar/calendar.ts";
import type { LocaleCode } from "../../../i18n/locales.ts";
import { Field } from "../../components/form-field.tsx";
import { fieldProblem } from "./console-api.ts";
import {
  apiIntervals,
  dayErrors,
  draftIntervals,
  hasErrors,
  newInterval,
  serverDayErrors,
  sortedOverrides,
  type DraftInterval,
} from "./hours-draft.ts";
import { hoursFormatters } from "./hours-format.ts";
import { IntervalsEditor } from "./intervals-editor.tsx";
import { ProblemAlert } from "./problem-alert.tsx";
import { EntryList, RowActions } from "./row-actions.tsx";
import { AddEntryButton, EditorPanel } from "./editor-panel.tsx";
import { useEditor } from "./use-editor.ts";

interface Props {
  locale: LocaleCode;
  timeZone: string;
  overrides: DateOverrides;
  /** PUT …/date-hours/{date}; resolves with the staff member's overrides after the change. */
  onSet(date: string, intervals: TimeInterval[]): Promise<DateOverrides>;
  /** DELETE …/date-hours/{date}. */
  onClear(date: string): Promise<void>;
}

interface Draft {
  /** The date being edited; null while adding a new one. */
  readonly editing: string | null;
  readonly date: string;
  readonly isDayOff: boolean;
  readonly intervals: readonly DraftInterval[];
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Hours for particular dates (a holiday, a late opening): listed by date, added and changed in a
 * small form, removed at once (and put back if the server refuses).
 */
export function DateHours({ locale, timeZone, overrides, onSet, onClear }: Props) {
  const { i18n } = useLingui();
  const format = useMemo(() => hoursFormatters(locale, timeZone), [locale, timeZone]);
  const [saved, setSaved] = useState(overrides);
  const editor = useEditor<Draft>();
  const { draft, setDraft, isChecking, problem, saving, status, setStatus, refs } = editor;

  const clientErrors = draft && isChecking && !draft.isDayOff ? dayErrors(draft.intervals) : {};
  const intervalErrors = hasErrors(clientErrors)
    ? clientErrors
    : draft
      ? serverDayErrors(problem, "intervals.", draft.intervals)
      : {};
  const dateError =
    draft && isChecking && !DATE.test(draft.date)
      ? i18n._("console.dateHours.dateMissing")
      : fieldProblem(problem, "date")
        ? i18n._("console.dateHours.dateMissing")
        : undefined;

  const save = (event: FormEvent) => {
    const isValid =
      draft !== null && DATE.test(draft.date) && (draft.isDayOff || !hasErrors(dayErrors(draft.intervals)));
    return editor.submit(event, isValid, async () => {
      if (!draft) return;
      setSaved(await onSet(draft.date, draft.isDayOff ? [] : apiIntervals(draft.intervals)));
      setStatus(i18n._("console.dateHours.saved", { date: format.date(draft.date) }));
      editor.close();
    });
  };

  const remove = (date: string) =>
    editor.remove(date, async () => {
      await onClear(date);
      setSaved(({ [date]: _removed, ...rest }) => rest);
      setStatus(i18n._("console.dateHours.removed", { date: format.date(date) }));
    });

  const shown = sortedOverrides(saved).filter(([date]) => editor.isShown(date));
  const fieldsProblem = draft && (dateError || hasErrors(intervalErrors)) ? null : problem;

  return (
    <section className="console-section" aria-labelledby="date-hours-title">
      <div className="console-section__head">
        <h2 id="date-hours-title">{i18n._("console.dateHours.title")}</h2>
        <AddEntryButton
          editor={editor}
          newEntry={() => ({ editing: null, date: "", isDayOff: false, intervals: [newInterval()] })}
          label={i18n._("console.dateHours.add")}
          isQuiet
        />
      </div>
      <p className="console-muted">{i18n._("console.dateHours.intro")}</p>
      <ProblemAlert ref={refs.alert} problem={fieldsProblem} />
      {draft ? (
        <EditorPanel
          id="date-form-title"
          title={
            draft.editing
              ? i18n._("console.dateHours.editTitle", { date: format.date(draft.editing) })
              : i18n._("console.dateHours.addTitle")
          }
          level={3}
          className="console-date-form"
          submitLabel={i18n._("console.dateHours.save")}
          saving={saving}
          refs={refs}
          onSubmit={save}
          onCancel={editor.close}
        >
          {draft.editing ? null : (
            <Field path="override-date" label={i18n._("console.dateHours.date")} error={dateError} isRequired>
              {(aria) => (
                <input
                  {...aria}
                  type="date"
                  value={draft.date}
                  onChange={(e) => setDraft({ ...draft, date: e.target.value })}
                />
              )}
            </Field>
          )}
          <label className="check">
            <input
              id="override-open"
              type="checkbox"
              checked={draft.isDayOff}
              onChange={(e) =>
                setDraft({
                  ...draft,
                  isDayOff: e.target.checked,
                  intervals: !e.target.checked && draft.intervals.length === 0 ? [newInterval()] : draft.intervals,
                })
              }
            />
            <span>{i18n._("console.dateHours.dayOff")}</span>
          </label>
          {draft.isDayOff ? null : (
            <IntervalsEditor
              idPrefix="override"
              dayLabel={DATE.test(draft.date) ? format.date(draft.date) : i18n._("console.dateHours.date")}
              intervals={draft.intervals}
              errors={intervalErrors}
              onChange={(intervals) => setDraft({ ...draft, intervals, isDayOff: intervals.length === 0 })}
            />
          )}
        </EditorPanel>
      ) : null}
      <EntryList status={status} isEmpty={shown.length === 0} empty={i18n._("console.dateHours.none")}>
        {shown.map(([date, intervals]) => (
          <li key={date} className="console-row">
            <div className="console-row__main">
              <h3 className="console-row__title">{format.date(date)}</h3>
              <p className="console-muted">
                {intervals.length === 0 ? i18n._("console.dateHours.dayOff") : format.intervals(intervals)}
              </p>
            </div>
            <RowActions
              name={format.date(date)}
              onEdit={() =>
                editor.open({
                  editing: date,
                  date,
                  isDayOff: intervals.length === 0,
                  intervals: intervals.length === 0 ? [newInterval()] : draftIntervals(intervals),
                })
              }
              onRemove={() => void remove(date)}
            />
          </li>
        ))}
      </EntryList>
    </section>
  );
}

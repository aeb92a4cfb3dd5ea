import { useLingui } from "@lingui/react";
import { useMemo, useState, type FormEvent } from "react";
import type { TimeOffInput, TimeOffView as StaffTimeOffView } from "../../../app/business/ports.ts";
import type { LocaleCode } from "../../../i18n/locales.ts";
import { Field } from "../../components/form-field.tsx";
import { fieldProblem } from "./console-api.ts";
import { hoursFormatters, instantOfLocalInput, localInputOfInstant } from "./hours-format.ts";
import { ProblemAlert } from "./problem-alert.tsx";
import { EntryList, RowActions } from "./row-actions.tsx";
import { AddEntryButton, EditorPanel } from "./editor-panel.tsx";
import { useEditor } from "./use-editor.ts";

/** An entry of time off: a staff member's, or a room's (issue 21), alike but for whose it is. */
type TimeOffView = Pick<StaffTimeOffView, "id" | "startsAt" | "endsAt" | "reason">;

interface Props {
  locale: LocaleCode;
  /** The staff member's zone: the times typed and shown are on their clock. */
  timeZone: string;
  timeOff: readonly TimeOffView[];
  /** What time off means here (the message key; its `{zone}` is the zone); a staff member's by default. */
  introKey?: string;
  onAdd(input: TimeOffInput): Promise<TimeOffView>;
  onRemove(id: string): Promise<void>;
}

interface Draft {
  /** The entry being changed (replaced by a new one: the API has no update for time off). */
  readonly replacing: TimeOffView | null;
  readonly from: string;
  readonly to: string;
  readonly reason: string;
}

/**
 * Time off (holidays, appointments of their own): from one instant to another in the staff
 * member's zone, with an optional reason. Removal is shown at once and undone if refused.
 */
export function TimeOff({ locale, timeZone, timeOff, introKey = "console.timeOff.intro", onAdd, onRemove }: Props) {
  const { i18n } = useLingui();
  const format = useMemo(() => hoursFormatters(locale, timeZone), [locale, timeZone]);
  const [entries, setEntries] = useState(timeOff);
  const editor = useEditor<Draft>();
  const { draft, setDraft, isChecking, problem, saving, status, setStatus, refs } = editor;

  const startsAt = draft ? instantOfLocalInput(draft.from, timeZone) : null;
  const endsAt = draft ? instantOfLocalInput(draft.to, timeZone) : null;
  const fromError =
    isChecking && !startsAt
      ? i18n._("console.timeOff.whenMissing")
      : fieldProblem(problem, "startsAt")
        ? i18n._("console.timeOff.whenMissing")
        : undefined;
  const toError =
    isChecking && !endsAt
      ? i18n._("console.timeOff.whenMissing")
      : (isChecking && startsAt && endsAt && endsAt <= startsAt) || fieldProblem(problem, "endsAt")
        ? i18n._("console.timeOff.endAfterStart")
        : undefined;
  const reasonError = fieldProblem(problem, "reason") ? i18n._("console.timeOff.reasonTooLong") : undefined;

  const save = (event: FormEvent) =>
    editor.submit(event, Boolean(startsAt && endsAt && endsAt > startsAt), async () => {
      if (!draft || !startsAt || !endsAt) return;
      const added = await onAdd({ startsAt, endsAt, reason: draft.reason.trim() || null });
      setEntries((list) => [...list, added].sort((x, y) => x.startsAt.localeCompare(y.startsAt)));
      // Added first, then the old one removed: a failure in between leaves both, never neither.
      const replaced = draft.replacing;
      if (replaced) {
        await onRemove(replaced.id);
        setEntries((list) => list.filter((t) => t.id !== replaced.id));
      }
      setStatus(i18n._("console.timeOff.saved"));
      editor.close();
    });

  const remove = (entry: TimeOffView) =>
    editor.remove(entry.id, async () => {
      await onRemove(entry.id);
      setEntries((list) => list.filter((t) => t.id !== entry.id));
      setStatus(i18n._("console.timeOff.removed"));
    });

  const shown = entries.filter((t) => editor.isShown(t.id));
  const onField = Boolean(fromError || toError || reasonError);

  return (
    <section className="console-section" aria-labelledby="time-off-title">
      <div className="console-section__head">
        <h2 id="time-off-title">{i18n._("console.timeOff.title")}</h2>
        <AddEntryButton
          editor={editor}
          newEntry={() => ({ replacing: null, from: "", to: "", reason: "" })}
          label={i18n._("console.timeOff.add")}
          isQuiet
        />
      </div>
      <p className="console-muted">{i18n._(introKey, { zone: timeZone })}</p>
      <ProblemAlert ref={refs.alert} problem={onField ? null : problem} />
      {draft ? (
        <EditorPanel
          id="time-off-form-title"
          title={i18n._(draft.replacing ? "console.timeOff.editTitle" : "console.timeOff.addTitle")}
          level={3}
          className="console-time-off-form"
          submitLabel={i18n._("console.timeOff.save")}
          saving={saving}
          refs={refs}
          onSubmit={save}
          onCancel={editor.close}
        >
          <div className="console-form-grid">
            <Field path="time-off-from" label={i18n._("console.timeOff.from")} error={fromError} isRequired>
              {(aria) => (
                <input
                  {...aria}
                  type="datetime-local"
                  value={draft.from}
                  onChange={(e) => setDraft({ ...draft, from: e.target.value })}
                />
              )}
            </Field>
            <Field path="time-off-to" label={i18n._("console.timeOff.to")} error={toError} isRequired>
              {(aria) => (
                <input
                  {...aria}
                  type="datetime-local"
                  value={draft.to}
                  min={draft.from || undefined}
                  onChange={(e) => setDraft({ ...draft, to: e.target.value })}
                />
              )}
            </Field>
          </div>
          <Field path="time-off-reason" label={i18n._("console.timeOff.reason")} error={reasonError}>
            {(aria) => (
              <input
                {...aria}
                type="text"
                maxLength={500}
                value={draft.reason}
                onChange={(e) => setDraft({ ...draft, reason: e.target.value })}
              />
            )}
          </Field>
        </EditorPanel>
      ) : null}
      <EntryList status={status} isEmpty={shown.length === 0} empty={i18n._("console.timeOff.none")}>
        {shown.map((entry) => {
          const when = format.span(entry.startsAt, entry.endsAt);
          return (
            <li key={entry.id} className="console-row">
              <div className="console-row__main">
                <h3 className="console-row__title">{when}</h3>
                {entry.reason ? <p className="console-muted">{entry.reason}</p> : null}
              </div>
              <RowActions
                name={when}
                onEdit={() =>
                  editor.open({
                    replacing: entry,
                    from: localInputOfInstant(entry.startsAt, timeZone),
                    to: localInputOfInstant(entry.endsAt, timeZone),
                    reason: entry.reason ?? "",
                  })
                }
                onRemove={() => void remove(entry)}
              />
            </li>
          );
        })}
      </EntryList>
    </section>
  );
}

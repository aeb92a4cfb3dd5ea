import { useLingui } from "@lingui/react";
import { useMemo, useRef, useState, type FormEvent } from "react";
import type { TimeOffInput, TimeOffView } from "../../../app/business/ports.ts";
import type { LocaleCode } from "../../../i18n/locales.ts";
import { Field } from "../../components/form-field.tsx";
import { fieldProblem } from "./console-api.ts";
import { hoursFormatters, instantOfLocalInput, localInputOfInstant } from "./hours-format.ts";
import { ProblemAlert } from "./problem-alert.tsx";

interface Props {
  locale: LocaleCode;
  /** The staff member's zone: the times typed and shown are on their clock. */
  timeZone: string;
  timeOff: readonly TimeOffView[];
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
export function TimeOff({ locale, timeZone, timeOff, onAdd, onRemove }: Props) {
  const { i18n } = useLingui();
  const format = useMemo(() => hoursFormatters(locale, timeZone), [locale, timeZone]);
  const [entries, setEntries] = useState(timeOff);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const [draft, setDraft] = useState<Draft | null>(null);
  const [isChecking, setIsChecking] = useState(false);
  const [problem, setProblem] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState("");
  const alertRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);

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

  function open(next: Draft) {
    setDraft(next);
    setIsChecking(false);
    setProblem(null);
    setStatus("");
    requestAnimationFrame(() => headingRef.current?.focus());
  }

  function close() {
    setDraft(null);
    setProblem(null);
    requestAnimationFrame(() => addRef.current?.focus());
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!draft) return;
    setIsChecking(true);
    setProblem(null);
    if (!startsAt || !endsAt || endsAt <= startsAt) {
      requestAnimationFrame(() =>
        document.querySelector<HTMLElement>(".console-time-off-form [aria-invalid=true]")?.focus(),
      );
      return;
    }
    setSaving(true);
    try {
      const added = await onAdd({ startsAt, endsAt, reason: draft.reason.trim() || null });
      setEntries((list) => [...list, added].sort((a, b) => a.startsAt.localeCompare(b.startsAt)));
      // Added first, then the old one removed: a failure in between leaves both, never neither.
      const replaced = draft.replacing;
      if (replaced) {
        await onRemove(replaced.id);
        setEntries((list) => list.filter((t) => t.id !== replaced.id));
      }
      setStatus(i18n._("console.timeOff.saved"));
      close();
    } catch (error) {
      setProblem(error);
      requestAnimationFrame(() =>
        (
          document.querySelector<HTMLElement>(".console-time-off-form [aria-invalid=true]") ?? alertRef.current
        )?.focus(),
      );
    } finally {
      setSaving(false);
    }
  }

  async function remove(entry: TimeOffView) {
    setProblem(null);
    setStatus("");
    setHidden((h) => new Set(h).add(entry.id));
    try {
      await onRemove(entry.id);
      setEntries((list) => list.filter((t) => t.id !== entry.id));
      setStatus(i18n._("console.timeOff.removed"));
    } catch (error) {
      setProblem(error);
      requestAnimationFrame(() => alertRef.current?.focus());
    } finally {
      setHidden((h) => {
        const next = new Set(h);
        next.delete(entry.id);
        return next;
      });
    }
  }

  const shown = entries.filter((t) => !hidden.has(t.id));
  const onField = Boolean(fromError || toError || reasonError);

  return (
    <section className="console-section" aria-labelledby="time-off-title">
      <div className="console-section__head">
        <h2 id="time-off-title">{i18n._("console.timeOff.title")}</h2>
        {draft ? null : (
          <button
            ref={addRef}
            type="button"
            className="console-button console-button--quiet"
            onClick={() => open({ replacing: null, from: "", to: "", reason: "" })}
          >
            {i18n._("console.timeOff.add")}
          </button>
        )}
      </div>
      <p className="console-muted">{i18n._("console.timeOff.intro", { zone: timeZone })}</p>
      <ProblemAlert ref={alertRef} problem={onField ? null : problem} />
      {draft ? (
        <form
          className="console-panel console-time-off-form"
          onSubmit={save}
          noValidate
          aria-labelledby="time-off-form-title"
        >
          <h3 id="time-off-form-title" ref={headingRef} tabIndex={-1}>
            {i18n._(draft.replacing ? "console.timeOff.editTitle" : "console.timeOff.addTitle")}
          </h3>
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
          <div className="console-form-actions">
            <button type="submit" className="console-button" disabled={saving} aria-busy={saving}>
              {i18n._("console.timeOff.save")}
            </button>
            <button type="button" className="console-button console-button--quiet" onClick={close}>
              {i18n._("console.setup.cancel")}
            </button>
          </div>
        </form>
      ) : null}
      <p role="status" className="visually-hidden">
        {status}
      </p>
      {shown.length === 0 ? (
        <p className="console-empty">{i18n._("console.timeOff.none")}</p>
      ) : (
        <ul className="console-list">
          {shown.map((entry) => {
            const when = format.span(entry.startsAt, entry.endsAt);
            return (
              <li key={entry.id} className="console-row">
                <div className="console-row__main">
                  <h3 className="console-row__title">{when}</h3>
                  {entry.reason ? <p className="console-muted">{entry.reason}</p> : null}
                </div>
                <div className="console-row__actions">
                  <button
                    type="button"
                    className="console-button console-button--quiet"
                    onClick={() =>
                      open({
                        replacing: entry,
                        from: localInputOfInstant(entry.startsAt, timeZone),
                        to: localInputOfInstant(entry.endsAt, timeZone),
                        reason: entry.reason ?? "",
                      })
                    }
                  >
                    {i18n._("console.setup.edit")}
                    <span className="visually-hidden"> {when}</span>
                  </button>
                  <button type="button" className="console-button console-button--quiet" onClick={() => remove(entry)}>
                    {i18n._("console.setup.remove")}
                    <span className="visually-hidden"> {when}</span>
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

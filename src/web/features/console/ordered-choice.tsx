import { useLingui } from "@lingui/react";
import { useState, type ReactNode } from "react";
import { FieldError } from "../../components/form-field.tsx";
import { ChoiceField } from "./choice-field.tsx";
import { SortableList } from "./sortable-list.tsx";

/**
 * A form's ordered choice (a group's calendars, a menu's services): the chosen entries in order,
 * put in order by drag or keyboard (SortableList), entries added from a list of the others, and the
 * field's message under it — in a fieldset named by its legend.
 */
export function OrderedChoice({
  path,
  legend,
  hint,
  empty,
  addLabel,
  chooseLabel,
  addButton,
  noneLeft,
  chosen,
  options,
  detailOf,
  error,
  onChange,
}: {
  /** The API's field (`calendarIds`, `serviceIds`): its message's id and the list's name. */
  path: string;
  legend: string;
  hint: string;
  empty: string;
  addLabel: string;
  chooseLabel: string;
  addButton: string;
  noneLeft: string;
  chosen: readonly string[];
  /** Every entry that can be chosen, with its name (and, in the add list, a word on where it is now). */
  options: readonly { id: string; name: string; note?: string }[];
  detailOf?: (id: string) => ReactNode;
  error: string | undefined;
  onChange(ids: string[]): void;
}) {
  const { i18n } = useLingui();
  const [adding, setAdding] = useState("");
  const [status, setStatus] = useState("");
  const names = new Map(options.map((o) => [o.id, o.name]));
  const nameOf = (id: string) => names.get(id) ?? id;
  const addable = options.filter((o) => !chosen.includes(o.id));
  const errorId = `field-${path}-error`;
  return (
    <fieldset
      className={`console-fieldset${error ? " field--invalid" : ""}`}
      aria-describedby={[`field-${path}-hint`, error ? errorId : null].filter(Boolean).join(" ")}
    >
      <legend>{legend}</legend>
      <p id={`field-${path}-hint`} className="field__hint">
        {hint}
      </p>
      <p role="status" className="visually-hidden">
        {status}
      </p>
      {chosen.length === 0 ? (
        <p className="console-muted">{empty}</p>
      ) : (
        <SortableList list={path} ids={chosen} nameOf={nameOf} detailOf={detailOf} onChange={onChange} />
      )}
      {error ? <FieldError id={errorId} error={error} /> : null}
      {addable.length > 0 ? (
        <div className="console-inline-add">
          <ChoiceField
            path={`adding-${path}`}
            name={`adding-${path}`}
            label={addLabel}
            value={adding}
            onChange={setAdding}
            options={[
              { value: "", label: chooseLabel },
              ...addable.map((o) => ({ value: o.id, label: o.note ? `${o.name} (${o.note})` : o.name })),
            ]}
            error={undefined}
          />
          <button
            type="button"
            className="console-button console-button--quiet"
            disabled={adding === ""}
            onClick={() => {
              onChange([...chosen, adding]);
              setStatus(i18n._("console.order.added", { name: nameOf(adding) }));
              setAdding("");
              // The button is disabled until another entry is chosen: the focus goes back to the choice,
              // or, when nothing is left to add, to the added entry's handle.
              requestAnimationFrame(() =>
                (
                  document.getElementById(`field-adding-${path}`) ??
                  document.querySelector<HTMLElement>(`[data-list="${path}"] li:last-child .console-drag-handle`)
                )?.focus(),
              );
            }}
          >
            {addButton}
          </button>
        </div>
      ) : (
        <p className="console-muted">{noneLeft}</p>
      )}
    </fieldset>
  );
}

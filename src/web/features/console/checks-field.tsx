import { FieldError } from "../../components/form-field.tsx";

interface Props {
  /** Names the group's hint and message (`field-<path>-hint`, `field-<path>-error`). */
  readonly path: string;
  readonly name: string;
  readonly legend: string;
  readonly hint?: string | undefined;
  /** Said instead of the boxes when there is nothing to choose. */
  readonly empty?: string | undefined;
  readonly options: readonly { readonly value: string; readonly label: string }[];
  readonly values: readonly string[];
  onChange(values: string[]): void;
  readonly error: string | undefined;
}

/**
 * Any number of choices from a list (checkboxes in a fieldset), with the group's hint and message
 * next to it; on a refusal the boxes are marked invalid, so the editor's focus lands on the first.
 */
export function ChecksField({ path, name, legend, hint, empty, options, values, onChange, error }: Props) {
  const id = `field-${path.replace(/\./g, "-")}`;
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <fieldset
      className={`field field--group console-checks${error ? " field--invalid" : ""}`}
      aria-describedby={describedBy}
    >
      <legend>{legend}</legend>
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      {options.length === 0 && empty ? <p className="console-muted">{empty}</p> : null}
      {options.map((option) => (
        <label key={option.value} className="check">
          <input
            type="checkbox"
            name={name}
            value={option.value}
            aria-invalid={error ? true : undefined}
            checked={values.includes(option.value)}
            onChange={(e) =>
              onChange(e.target.checked ? [...values, option.value] : values.filter((v) => v !== option.value))
            }
          />
          <span>{option.label}</span>
        </label>
      ))}
      {error ? <FieldError id={`${id}-error`} error={error} /> : null}
    </fieldset>
  );
}

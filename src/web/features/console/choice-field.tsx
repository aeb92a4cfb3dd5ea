import { Field } from "../../components/form-field.tsx";

interface Props {
  readonly path: string;
  readonly name: string;
  readonly label: string;
  readonly hint?: string | undefined;
  readonly error: string | undefined;
  readonly isRequired?: boolean;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly options: readonly { readonly value: string; readonly label: string; readonly lang?: string }[];
}

/** A choice from a list (a select), labelled, with its hint and its message next to it. */
export function ChoiceField(props: Props) {
  return (
    <Field path={props.path} label={props.label} hint={props.hint} error={props.error} isRequired={props.isRequired}>
      {(aria) => (
        <select {...aria} name={props.name} value={props.value} onChange={(e) => props.onChange(e.target.value)}>
          {props.options.map((option) => (
            <option key={option.value} value={option.value} lang={option.lang}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

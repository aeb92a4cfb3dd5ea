/**
 * The console's text and choice fields: a labelled control with its hint and its message next to it
 * (Field), holding the text as typed so a refusal never loses it.
 */
import type { ComponentProps } from "react";
import { Field } from "../../components/form-field.tsx";

interface Common {
  readonly path: string;
  readonly label: string;
  readonly hint?: string | undefined;
  readonly error: string | undefined;
  readonly isRequired?: boolean;
  readonly name: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
}

export function TextField({
  input = {},
  ...props
}: Common & { readonly input?: Omit<ComponentProps<"input">, "name" | "value" | "onChange"> }) {
  return (
    <Field path={props.path} label={props.label} hint={props.hint} error={props.error} isRequired={props.isRequired}>
      {(aria) => (
        <input
          {...aria}
          {...input}
          name={props.name}
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
        />
      )}
    </Field>
  );
}

export function ChoiceField(
  props: Common & {
    readonly options: readonly { readonly value: string; readonly label: string; readonly lang?: string }[];
  },
) {
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

import { Field } from "../../components/form-field.tsx";

interface Props {
  /** The field's name, and its path in the server's field errors. */
  name: string;
  label: string;
  type: "email" | "password" | "text";
  autoComplete: string;
  value: string;
  onChange(value: string): void;
  error?: string | undefined;
  hint?: string;
  minLength?: number;
}

/** A required one-line input of the console, labelled, with its hint and its message next to it. */
export function TextField({ name, label, type, autoComplete, value, onChange, error, hint, minLength }: Props) {
  return (
    <Field path={name} label={label} error={error} isRequired {...(hint ? { hint } : {})}>
      {(props) => (
        <input
          {...props}
          type={type}
          name={name}
          autoComplete={autoComplete}
          minLength={minLength}
          required
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}

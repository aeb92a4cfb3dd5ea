import type { ComponentProps } from "react";
import { Field } from "../../components/form-field.tsx";

interface Props {
  /** The field's name, and (unless `path` says otherwise) its path in the server's field errors. */
  name: string;
  /** Where the server's field errors put it (`settings.durationMinutes`), when not the name. */
  path?: string;
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string | undefined;
  hint?: string | undefined;
  /** Required unless said otherwise. */
  isRequired?: boolean;
  type?: "email" | "password" | "text";
  autoComplete?: string;
  minLength?: number;
  /** Anything else the input takes (inputMode, spellCheck …). */
  input?: Omit<ComponentProps<"input">, "name" | "value" | "onChange" | "type">;
}

/**
 * A one-line input of the console, labelled, with its hint and its message next to it; it holds the
 * text as typed, so a refusal never loses it.
 */
export function TextField({
  name,
  path = name,
  label,
  value,
  onChange,
  error,
  hint,
  isRequired = true,
  ...rest
}: Props) {
  return (
    <Field path={path} label={label} error={error} isRequired={isRequired} {...(hint ? { hint } : {})}>
      {(props) => (
        <input
          {...props}
          {...rest.input}
          type={rest.type ?? "text"}
          name={name}
          autoComplete={rest.autoComplete}
          minLength={rest.minLength}
          required={isRequired}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}

import { useLingui } from "@lingui/react";
import type { ReactNode } from "react";

interface FieldProps {
  path: string;
  label: string;
  error: string | undefined;
  isRequired?: boolean;
  hint?: ReactNode;
  /** The `lang` of a label or hint the business wrote, where it is not the page's (ADR 0061). */
  labelLang?: string | undefined;
  hintLang?: string | undefined;
  children(props: {
    id: string;
    "aria-invalid": boolean;
    "aria-describedby": string | undefined;
    "aria-required": boolean;
  }): ReactNode;
}

/** A labelled field with its message next to it (aria-describedby, aria-invalid). */
export function Field({ path, label, error, isRequired = false, hint, labelLang, hintLang, children }: FieldProps) {
  const { i18n } = useLingui();
  const id = `field-${path.replace(/\./g, "-")}`;
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`field${error ? " field--invalid" : ""}`}>
      <label htmlFor={id}>
        {labelLang ? <span lang={labelLang}>{label}</span> : label}
        {isRequired ? (
          <span className="field__required"> {i18n._("widget.form.requiredMark")}</span>
        ) : (
          <span className="field__optional"> {i18n._("widget.form.optional")}</span>
        )}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="field__hint" lang={hintLang}>
          {hint}
        </p>
      ) : null}
      {children({ id, "aria-invalid": Boolean(error), "aria-describedby": describedBy, "aria-required": isRequired })}
      {error ? <FieldError id={`${id}-error`} error={error} /> : null}
    </div>
  );
}

/** A field's message, with an icon so it is not told by colour alone; `id` is what the field's aria-describedby names. */
export function FieldError({ id, error }: { id: string; error: string }) {
  return (
    <p id={id} className="field__error">
      <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16">
        <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M12 7v6M12 16.5v.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      {error}
    </p>
  );
}

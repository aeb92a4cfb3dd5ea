import { useLingui } from "@lingui/react";
import type { FormEvent, ReactNode, RefObject } from "react";

interface Props {
  /** The heading's id; the form is named by it. */
  id: string;
  title: string;
  /** h2 on a screen of its own, h3 inside a section. */
  level: 2 | 3;
  /** Tells the form's styles and the focus of a refusal apart. */
  className: string;
  submitLabel: string;
  saving: boolean;
  refs: { form: RefObject<HTMLFormElement | null>; heading: RefObject<HTMLHeadingElement | null> };
  onSubmit(event: FormEvent): void;
  onCancel(): void;
  children: ReactNode;
}

/** The add/edit form of a setup screen: a focusable heading, the fields, then save and cancel. */
export function EditorPanel({
  id,
  title,
  level,
  className,
  submitLabel,
  saving,
  refs,
  onSubmit,
  onCancel,
  children,
}: Props) {
  const { i18n } = useLingui();
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <form ref={refs.form} className={`console-panel ${className}`} onSubmit={onSubmit} noValidate aria-labelledby={id}>
      <Heading id={id} ref={refs.heading} tabIndex={-1}>
        {title}
      </Heading>
      {children}
      <div className="console-form-actions">
        <button type="submit" className="console-button" disabled={saving} aria-busy={saving}>
          {submitLabel}
        </button>
        <button type="button" className="console-button console-button--quiet" onClick={onCancel}>
          {i18n._("console.setup.cancel")}
        </button>
      </div>
    </form>
  );
}

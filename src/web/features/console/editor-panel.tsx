import { useLingui } from "@lingui/react";
import type { FormEvent, ReactNode, RefObject } from "react";
import type { ScreenMessages } from "./screen-messages.ts";

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

interface EntryProps {
  /** The kind of entry the screen lists: its heading is `${kind}-form-title`, its form `console-${kind}-form`. */
  kind: string;
  /** The entry's id, null while adding one. */
  id: string | null;
  /** The screen's words: its addTitle, create and save. */
  t: ScreenMessages;
  /** The title while changing the entry `id` (its name, in the screen's editTitle). */
  editTitle(id: string): string;
  /** The screen's editor (use-editor.ts). */
  editor: Pick<Props, "saving" | "refs"> & { close(): void };
  onSubmit(event: FormEvent): void;
  children: ReactNode;
}

/** The add/edit panel of a screen that lists one kind of entry: "New …" or "Edit …", then "Create" or "Save". */
export function EntryEditorPanel({ kind, id, t, editTitle, editor, onSubmit, children }: EntryProps) {
  return (
    <EditorPanel
      id={`${kind}-form-title`}
      title={id === null ? t("addTitle") : editTitle(id)}
      level={2}
      className={`console-${kind}-form`}
      submitLabel={t(id === null ? "create" : "save")}
      saving={editor.saving}
      refs={editor.refs}
      onSubmit={onSubmit}
      onCancel={editor.close}
    >
      {children}
    </EditorPanel>
  );
}

/**
 * The button that opens the editor on a new entry: gone while the editor is open, and where the focus
 * comes back to when it closes (use-editor.ts).
 */
export function AddEntryButton<Draft>({
  editor,
  newEntry,
  label,
  isQuiet = false,
}: {
  editor: { draft: Draft | null; open(next: Draft): void; refs: { add: RefObject<HTMLButtonElement | null> } };
  /** The new entry's draft, made when the button is pressed. */
  newEntry(): NoInfer<Draft>;
  label: string;
  /** Inside a section of a screen rather than beside the screen's title. */
  isQuiet?: boolean;
}) {
  if (editor.draft !== null) return null;
  return (
    <button
      ref={editor.refs.add}
      type="button"
      className={isQuiet ? "console-button console-button--quiet" : "console-button"}
      onClick={() => editor.open(newEntry())}
    >
      {label}
    </button>
  );
}

import { useLingui } from "@lingui/react";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";

interface Props {
  /** The dialog is open while this is set. */
  title: string | null;
  body: string;
  confirmLabel: string;
  onConfirm(): void;
  onClose(): void;
}

/**
 * "Are you sure?" before something is removed: a native modal dialog, which keeps focus inside,
 * closes on Escape and gives focus back to the button that opened it.
 */
export function ConfirmDialog({ title, body, confirmLabel, onConfirm, onClose }: Props) {
  const { i18n } = useLingui();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (title !== null && dialog && !dialog.open) dialog.showModal();
  }, [title]);

  return (
    <dialog ref={ref} className="console-dialog" aria-labelledby={titleId} onClose={onClose}>
      <form
        method="dialog"
        onSubmit={(e) => {
          if ((e.nativeEvent as SubmitEvent).submitter?.getAttribute("value") === "yes") onConfirm();
        }}
      >
        <h2 id={titleId}>{title}</h2>
        <p>{body}</p>
        <div className="console-dialog__actions">
          <button type="submit" value="no" className="console-button console-button--quiet">
            {i18n._("console.setup.keep")}
          </button>
          <button type="submit" value="yes" className="console-button console-button--danger">
            {confirmLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}

/**
 * "Remove this?" asked before an entry of a list goes: `ask(entry)` opens the dialog (put `dialog`
 * once on the screen), and `remove` runs only when the owner confirms.
 */
export function useRemoval<T>(
  remove: (entry: T) => Promise<unknown>,
  titleOf: (entry: T) => string,
  body: string,
): { ask(entry: T): void; dialog: ReactNode } {
  const { i18n } = useLingui();
  const [asked, setAsked] = useState<T | null>(null);
  const dialog = (
    <ConfirmDialog
      title={asked === null ? null : titleOf(asked)}
      body={body}
      confirmLabel={i18n._("console.setup.remove")}
      onConfirm={() => asked !== null && void remove(asked)}
      onClose={() => setAsked(null)}
    />
  );
  return { ask: setAsked, dialog };
}

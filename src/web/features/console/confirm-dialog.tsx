import { useLingui } from "@lingui/react";
import { useEffect, useId, useRef } from "react";

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

import { useLingui } from "@lingui/react";
import { useEffect, useId, useRef, type ReactNode } from "react";

interface Props {
  /** Shown while true; closing (Escape, Cancel) calls onClose. */
  readonly open: boolean;
  readonly title: string;
  readonly children?: ReactNode;
  readonly confirmLabel: string;
  readonly onConfirm: () => void;
  readonly onClose: () => void;
}

/** Asks before something that cannot be undone; a native modal dialog keeps focus inside and returns it. */
export function ConfirmDialog({ open, title, children, confirmLabel, onConfirm, onClose }: Props) {
  const { i18n } = useLingui();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog ref={ref} className="console-dialog" aria-labelledby={titleId} onClose={onClose}>
      <form
        method="dialog"
        onSubmit={(e) => {
          if ((e.nativeEvent as SubmitEvent).submitter?.getAttribute("value") === "yes") onConfirm();
        }}
      >
        <h2 id={titleId}>{title}</h2>
        {children}
        <div className="console-dialog__actions">
          <button type="submit" value="no" className="console-button console-button--quiet">
            {i18n._("console.dialog.cancel")}
          </button>
          <button type="submit" value="yes" className="console-button console-button--danger">
            {confirmLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}

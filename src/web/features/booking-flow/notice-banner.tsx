import { useLingui } from "@lingui/react";
import type { Notice } from "./flow-reducer.ts";

/** Maps a notice to its message: catalogue keys as they are, API codes via problem.<CODE>. */
export function noticeMessage(
  i18n: { _(id: string, values?: Record<string, unknown>): string },
  notice: Pick<Notice, "code" | "values">,
): string {
  const id = notice.code.startsWith("widget.") ? notice.code : `problem.${notice.code}`;
  const text = i18n._(id, notice.values);
  return text === id ? i18n._("problem.UNEXPECTED") : text;
}

export function NoticeBanner({ notice, onDismiss }: { notice: Notice | null; onDismiss(): void }) {
  const { i18n } = useLingui();
  // The live region is always rendered, so screen readers announce what appears in it.
  return (
    <div className="notice-region" role={notice?.kind === "info" ? "status" : "alert"}>
      {notice ? (
        <div className={`notice notice--${notice.kind}`}>
          <p>
            {noticeMessage(i18n, notice)}
            {notice.kind === "slotTaken" ? ` ${i18n._("widget.slotTakenHelp")}` : ""}
          </p>
          <button type="button" className="link-button" onClick={onDismiss}>
            {i18n._("widget.dismiss")}
          </button>
        </div>
      ) : null}
    </div>
  );
}

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

/** The spec's texts may end without a full stop ('… is only 2'); followed by more, they get one. */
const asSentence = (text: string) => (/[.!?…。]$/.test(text) ? text : `${text}.`);

export function NoticeBanner({ notice, onDismiss }: { notice: Notice | null; onDismiss(): void }) {
  const { i18n } = useLingui();
  // The live region is always rendered, so screen readers announce what appears in it.
  return (
    <div className="notice-region" role={notice?.kind === "info" ? "status" : "alert"}>
      {notice ? (
        <div className={`notice notice--${notice.kind}`}>
          <p>
            {notice.kind === "slotTaken"
              ? `${asSentence(noticeMessage(i18n, notice))} ${i18n._("widget.slotTakenHelp")}`
              : noticeMessage(i18n, notice)}
          </p>
          <button type="button" className="link-button" onClick={onDismiss}>
            {i18n._("widget.dismiss")}
          </button>
        </div>
      ) : null}
    </div>
  );
}

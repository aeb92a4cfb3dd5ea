/**
 * The form a visitor cancels with — one appointment, a request (withdrawn) or the rest of a series: an
 * optional reason, one destructive button and one that keeps everything. What is sent, and what is said
 * above the reason, belong to the caller; the reason's focus, the busy state and a refusal's message are
 * the same for all of them.
 */
import { useLingui } from "@lingui/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useNavigate } from "react-router";
import type { ApiResult } from "./api-client.ts";
import { noticeMessage } from "./notice-banner.tsx";

export function CancelReasonForm({
  fieldId,
  reasonLabel,
  before,
  describedBy,
  confirmLabel,
  keepLabel,
  send,
  doneUrl,
  onClose,
}: {
  /** The reason field's id (unique on the page: a series' form sits next to the booking's own). */
  fieldId: string;
  reasonLabel: string;
  /** Said above the reason (what comes back, how many are cancelled). */
  before?: ReactNode;
  /** An element the destructive button is described by (the refund line). */
  describedBy?: string;
  confirmLabel: string;
  keepLabel: string;
  /** Sends the cancellation with the visitor's reason (null when none was given). */
  send(reason: string | null): Promise<ApiResult<unknown>>;
  /** Where the visitor goes once it is done. */
  doneUrl: string;
  onClose(): void;
}) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => reasonRef.current?.focus(), []);
  return (
    <form
      className="cancel-form"
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        setError(null);
        const result = await send(reason.trim() || null);
        setBusy(false);
        if (!result.ok) {
          setError(noticeMessage(i18n, { code: result.problem.code }));
          return;
        }
        void navigate(doneUrl);
      }}
    >
      {before}
      <div className="field">
        <label htmlFor={fieldId}>
          {reasonLabel} <span className="field__optional">{i18n._("widget.form.optional")}</span>
        </label>
        <textarea
          id={fieldId}
          ref={reasonRef}
          rows={3}
          maxLength={1000}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="manage__actions">
        <button type="submit" className="button button--danger" disabled={isBusy} aria-describedby={describedBy}>
          {confirmLabel}
        </button>
        <button type="button" className="button button--secondary" onClick={onClose}>
          {keepLabel}
        </button>
      </div>
    </form>
  );
}

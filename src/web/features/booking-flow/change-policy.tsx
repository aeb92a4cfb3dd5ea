/**
 * The policy before the promise: what the visitor will be able to change or cancel online, and
 * until when — said on the details step, before "Confirm booking", for the time they chose. A time
 * already inside the calendar's cut-off says so now, not after booking. Paid calendars add when a
 * cancellation stops refunding the deposit (core/payments/refund-policy.ts).
 */
import { useLingui } from "@lingui/react";
import { useState } from "react";
import { HOUR_MS, MINUTE_MS } from "../../../core/shared/durations.ts";
import type { WidgetConfig } from "./api-client.ts";
import { formatDateTime } from "./dates.ts";

interface Props {
  config: Pick<
    WidgetConfig,
    "allowReschedule" | "allowCancel" | "changeCutoffMinutes" | "fullRefundHoursBefore" | "autoConfirm"
  >;
  slot: string;
  timezone: string;
  languageTag: string;
  /**
   * What a late cancellation keeps of what is paid online: the whole payment when only the deposit
   * is paid ("deposit"), the deposit out of the full price ("part"); null when nothing is kept.
   */
  kept: "deposit" | "part" | null;
}

const KEYS = {
  until: {
    both: "widget.policy.changeUntil",
    reschedule: "widget.policy.rescheduleUntil",
    cancel: "widget.policy.cancelUntil",
  },
  anytime: {
    both: "widget.policy.changeAnytime",
    reschedule: "widget.policy.rescheduleAnytime",
    cancel: "widget.policy.cancelAnytime",
  },
} as const;

export function ChangePolicy({ config, slot, timezone, languageTag, kept }: Props) {
  const { i18n } = useLingui();
  // The moment the step opened: the policy is about then, not about every second after.
  const [nowMs] = useState(() => Date.now());
  const startMs = Date.parse(slot);
  const at = (ms: number) => formatDateTime(new Date(ms).toISOString(), timezone, languageTag);
  const { allowReschedule, allowCancel, changeCutoffMinutes: cutoff } = config;
  const which = allowReschedule && allowCancel ? "both" : allowReschedule ? "reschedule" : "cancel";
  const deadlineMs = cutoff === null ? null : startMs - cutoff * MINUTE_MS;
  const lines: string[] = [];
  if (!allowReschedule && !allowCancel) lines.push(i18n._("widget.policy.locked"));
  else if (deadlineMs !== null && nowMs > deadlineMs) {
    lines.push(i18n._("widget.policy.tooLate"));
    // A request stays the visitor's to withdraw until the business confirms it (core/booking/policy.ts).
    if (!config.autoConfirm && allowCancel) lines.push(i18n._("widget.policy.requestWithdraw"));
  } else if (deadlineMs !== null) lines.push(i18n._(KEYS.until[which], { date: at(deadlineMs) }));
  else lines.push(i18n._(KEYS.anytime[which]));

  const refundLimit = config.fullRefundHoursBefore;
  const canCancel = allowCancel && (deadlineMs === null || nowMs <= deadlineMs);
  if (kept && canCancel && refundLimit !== null) {
    const refundMs = startMs - refundLimit * HOUR_MS;
    lines.push(
      nowMs <= refundMs
        ? i18n._("widget.policy.refundUntil", { date: at(refundMs) })
        : i18n._(kept === "deposit" ? "widget.policy.depositKept" : "widget.policy.refundKept"),
    );
  }
  return (
    <section className="change-policy" aria-labelledby="policy-title">
      <h3 id="policy-title">{i18n._("widget.policy.title")}</h3>
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </section>
  );
}

/**
 * A recurring series on its confirmation and manage screen (issue 17): every occurrence with its
 * status, a way to manage each one (its own page: reschedule or cancel just that date), and
 * "cancel this and every later date". Part of the confirmation screen's lazily loaded chunk.
 */
import { useLingui } from "@lingui/react";
import { useState } from "react";
import type { ManagedBookingPage } from "../../../app/bookings/widget-booking-port.ts";
import { bookingPageUrl, call } from "./api-client.ts";
import { formatDateTime, formatTime } from "./dates.ts";
import { LocaleLink, useLocalePath } from "../../components/locale.tsx";
import { useLaterMessages } from "./use-later-messages.ts";
import { CancelReasonForm } from "./cancel-reason-form.tsx";

type Entry = NonNullable<ManagedBookingPage["series"]>[number];

const STATUS_KEYS: Record<Entry["status"], string> = {
  confirmed: "recurring.series.status.confirmed",
  new: "recurring.series.status.new",
  cancelled: "recurring.series.status.cancelled",
  pending_payment: "recurring.series.status.pendingPayment",
};

export function SeriesSection({
  series,
  bookingId,
  calendarId,
  token,
  zone,
  languageTag,
}: {
  series: readonly Entry[];
  bookingId: string;
  calendarId: string;
  token: string;
  zone: string;
  languageTag: string;
}) {
  const { i18n } = useLingui();
  useLaterMessages();
  const [isCancelling, setCancelling] = useState(false);
  const index = series.findIndex((o) => o.id === bookingId);
  const current = series[index];
  const laterActive = series.slice(index + 1).filter((o) => o.status !== "cancelled").length;
  const manageUrl = (id: string) =>
    `/widget/booking/${calendarId}?booking=${encodeURIComponent(id)}&token=${encodeURIComponent(token)}&manage=1`;
  return (
    <section className="series" aria-labelledby="series-title">
      <h2 id="series-title">{i18n._("recurring.series.title", { count: series.length })}</h2>
      <ol className="occurrences">
        {series.map((o, i) => (
          <li key={o.id} className={`occurrence occurrence--${o.status}`}>
            <span className={o.status === "cancelled" ? "is-struck" : undefined}>
              <span className="visually-hidden">{i18n._("recurring.series.number", { number: i + 1 })} </span>
              {formatDateTime(o.startTime, zone, languageTag)} – {formatTime(o.endTime, zone, languageTag)}
            </span>
            <span className="occurrence__status">{i18n._(STATUS_KEYS[o.status])}</span>
            {o.id === bookingId ? (
              <span className="occurrence__this">{i18n._("recurring.series.this")}</span>
            ) : o.status !== "cancelled" ? (
              <LocaleLink className="occurrence__link" to={manageUrl(o.id)}>
                {i18n._("recurring.series.manage")}
                <span className="visually-hidden"> {formatDateTime(o.startTime, zone, languageTag)}</span>
              </LocaleLink>
            ) : null}
          </li>
        ))}
      </ol>
      {current?.canCancel && laterActive > 0 && !isCancelling ? (
        <button type="button" className="button button--danger-outline" onClick={() => setCancelling(true)}>
          {i18n._("recurring.series.cancelRest", { count: laterActive + 1 })}
        </button>
      ) : null}
      {isCancelling ? (
        <CancelRestForm
          bookingId={bookingId}
          token={token}
          calendarId={calendarId}
          count={laterActive + 1}
          onClose={() => setCancelling(false)}
        />
      ) : null}
    </section>
  );
}

function CancelRestForm({
  bookingId,
  token,
  calendarId,
  count,
  onClose,
}: {
  bookingId: string;
  token: string;
  calendarId: string;
  count: number;
  onClose(): void;
}) {
  const { i18n } = useLingui();
  const toLocalePath = useLocalePath();
  return (
    <CancelReasonForm
      fieldId="field-cancelRestReason"
      reasonLabel={i18n._("widget.cancel.reason")}
      before={<p>{i18n._("recurring.series.cancelRestExplain", { count })}</p>}
      confirmLabel={i18n._("recurring.series.cancelRestConfirm", { count })}
      keepLabel={i18n._("widget.cancel.keep")}
      send={(reason) =>
        call<{ kept: { id: string; code: string }[] }>(`/api/bookings/${encodeURIComponent(bookingId)}/cancel-series`, {
          method: "POST",
          body: JSON.stringify({ reason }),
          token,
        })
      }
      doneUrl={toLocalePath(bookingPageUrl(`/widget/booking/${calendarId}`, bookingId, token, "cancelled"))}
      onClose={onClose}
    />
  );
}

/**
 * The booking's own page after booking, rescheduling or cancelling, and from a manage link: what,
 * when, with whom, what was paid, add to calendar, and the reschedule / cancel actions its policy
 * allows. (Just over 300 lines: the summary and its actions are one screen.)
 */
import { useLingui } from "@lingui/react";
import { Suspense, useEffect, useRef, useState } from "react";
import type { ManagedBookingPage } from "../../../app/bookings/widget-booking-port.ts";
import { languageTag, type LocaleCode } from "../../../i18n/locales.ts";
import { bookingPageUrl, cancelBooking } from "./api-client.ts";
import { Icon } from "./icon.tsx";
import { SeriesSection } from "./series-section.tsx";
import { CancelReasonForm } from "./cancel-reason-form.tsx";
import { formatDateTime, formatMoney, formatTime } from "./dates.ts";
import { LocaleLink, useLocalePath } from "../../components/locale.tsx";
import { notifyHost } from "../../components/embed-bridge.ts";
import { useLaterMessages } from "./use-later-messages.ts";
import { useBusinessLang } from "../../components/locale.tsx";

type Outcome = "scheduled" | "requested" | "rescheduled" | "cancelled" | "manage";

function outcomeOf(page: ManagedBookingPage, done: string | null): Outcome {
  if (page.booking.status === "cancelled") return "cancelled";
  if (done === "rescheduled") return "rescheduled";
  if (page.booking.status === "new") return "requested";
  return done === "booked" ? "scheduled" : "manage";
}

const TITLES: Record<Outcome, string> = {
  scheduled: "widget.done.scheduled",
  requested: "widget.done.requested",
  rescheduled: "widget.done.rescheduled",
  cancelled: "widget.done.cancelled",
  manage: "widget.manage.title",
};

/** What an embed's host page hears when this screen follows an action (`done` in the URL). */
const HOST_EVENTS: Record<string, "booked" | "rescheduled" | "cancelled"> = {
  booked: "booked",
  rescheduled: "rescheduled",
  cancelled: "cancelled",
  withdrawn: "cancelled",
};

/**
 * The confirmation and manage screen: thank you / scheduled / requested / rescheduled / cancelled,
 * the summary, add-to-calendar links (built on the server), and the reschedule and cancel actions.
 */
export function BookingResult({
  page,
  token,
  done,
  startWithCancel = false,
}: {
  page: ManagedBookingPage;
  token: string;
  done: string | null;
  startWithCancel?: boolean;
}) {
  // The confirmation, manage and cancel texts are in the later screens' catalogue.
  useLaterMessages();
  const { i18n } = useLingui();
  const tag = languageTag(i18n.locale as LocaleCode);
  const businessLang = useBusinessLang();
  const { booking } = page;
  const outcome = outcomeOf(page, done);
  const isRequest = booking.status === "new";
  /** A request its visitor just withdrew (the booking says only "cancelled"; the flow knows which). */
  const isWithdrawn = outcome === "cancelled" && done === "withdrawn";
  const [isCancelling, setCancelling] = useState(startWithCancel && booking.canCancel);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!done) return;
    headingRef.current?.focus();
    const event = HOST_EVENTS[done];
    if (event)
      notifyHost(event, {
        bookingId: booking.id,
        calendarId: booking.calendarId,
        status: booking.status,
        startTime: booking.startTime,
        endTime: booking.endTime,
      });
  }, [done, booking.status, booking.id, booking.calendarId, booking.startTime, booking.endTime]);
  const zone = booking.timezone;
  const tone = outcome === "cancelled" ? "cancelled" : outcome === "manage" ? "neutral" : "success";
  return (
    <section className="result" aria-labelledby="result-title">
      <div className={`result__badge result__badge--${tone}`} aria-hidden="true">
        {tone === "cancelled" ? (
          <Icon d="M6 6l12 12M18 6L6 18" />
        ) : tone === "success" ? (
          <Icon d="M5 12.5l4.5 4.5L19 7" />
        ) : (
          <Icon d="M4 6h16v14H4zM4 10h16M9 3v4M15 3v4" />
        )}
      </div>
      <p className="result__eyebrow">
        {outcome === "scheduled" || outcome === "requested" ? i18n._("widget.done.thankYou") : booking.businessName}
      </p>
      <h1 id="result-title" ref={headingRef} tabIndex={-1}>
        {i18n._(isWithdrawn ? "widget.done.withdrawn" : TITLES[outcome])}
      </h1>
      {outcome === "requested" ? (
        <p className="result__lead">
          {i18n._("widget.done.requestedBody", {
            method: i18n._(page.contactMethod === "phone" ? "widget.contact.phone" : "widget.contact.email"),
          })}
        </p>
      ) : null}
      {outcome === "scheduled" ? (
        <p className="result__lead">{i18n._("widget.done.scheduledBody", { email: booking.contact.email })}</p>
      ) : null}

      <dl className="result__summary">
        <dt>{i18n._("widget.summary.what")}</dt>
        <dd lang={businessLang}>
          {booking.calendarName}
          {page.serviceNames.length && page.attendeeServices.length <= 1 ? ` · ${page.serviceNames.join(", ")}` : ""}
        </dd>
        {page.attendeeServices.length > 1 ? (
          <>
            <dt>{i18n._("widget.summary.services")}</dt>
            <dd>
              <ul className="result__carts">
                {page.attendeeServices.map((a, i) => (
                  <li key={i}>
                    <span className="cart__who">{a.name || i18n._("widget.guests.guest", { number: i })}:</span>{" "}
                    <span lang={businessLang}>{a.serviceNames.join(", ")}</span>
                  </li>
                ))}
              </ul>
            </dd>
          </>
        ) : null}
        {booking.resources?.length ? (
          <>
            <dt>{i18n._("widget.summary.resources")}</dt>
            <dd lang={businessLang}>{booking.resources.join(", ")}</dd>
          </>
        ) : null}
        <dt>{i18n._("widget.summary.when")}</dt>
        <dd className={outcome === "cancelled" ? "is-struck" : undefined}>
          {formatDateTime(booking.startTime, zone, tag)} – {formatTime(booking.endTime, zone, tag)}
          <span className="muted"> ({zone.replace(/_/g, " ")})</span>
        </dd>
        {booking.previousStartTime && outcome === "rescheduled" ? (
          <>
            <dt>{i18n._("widget.summary.formerTime")}</dt>
            <dd className="is-struck">{formatDateTime(booking.previousStartTime, zone, tag)}</dd>
          </>
        ) : null}
        {booking.staff.length ? (
          <>
            <dt>{i18n._("widget.summary.staff")}</dt>
            <dd>{booking.staff.map((s) => s.name).join(", ")}</dd>
          </>
        ) : null}
        {page.location ? (
          <>
            <dt>{i18n._("widget.summary.location")}</dt>
            <dd>{page.location}</dd>
          </>
        ) : null}
        {booking.seats > 1 ? (
          <>
            <dt>{i18n._("widget.summary.attendees")}</dt>
            <dd>{booking.seats}</dd>
          </>
        ) : null}
        {booking.priceCents > 0 ? (
          <>
            <dt>{i18n._("widget.payment.total")}</dt>
            <dd>
              {formatMoney(booking.priceCents, booking.currency, tag)}
              {booking.depositCents > 0 && booking.paidMinor === 0
                ? ` · ${i18n._("widget.payment.deposit")}: ${formatMoney(booking.depositCents, booking.currency, tag)}`
                : ""}
            </dd>
          </>
        ) : null}
        {booking.heldMinor > 0 ? (
          <>
            <dt>{i18n._("widget.payment.heldOnCard")}</dt>
            <dd>{formatMoney(booking.heldMinor, booking.currency, tag)}</dd>
          </>
        ) : null}
        {booking.paidMinor > 0 ? (
          <>
            <dt>{i18n._("widget.payment.paid")}</dt>
            <dd>{formatMoney(booking.paidMinor, booking.currency, tag)}</dd>
            {booking.priceCents > booking.paidMinor && outcome !== "cancelled" ? (
              <>
                <dt>{i18n._("widget.payment.remaining")}</dt>
                <dd>{formatMoney(booking.priceCents - booking.paidMinor, booking.currency, tag)}</dd>
              </>
            ) : null}
          </>
        ) : null}
        {booking.refundedMinor > 0 ? (
          <>
            <dt>{i18n._("widget.payment.refunded")}</dt>
            <dd>{formatMoney(booking.refundedMinor, booking.currency, tag)}</dd>
          </>
        ) : null}
        {booking.cancelReason && outcome === "cancelled" ? (
          <>
            <dt>{i18n._(isWithdrawn ? "widget.cancel.withdrawReason" : "widget.cancel.reason")}</dt>
            <dd>{booking.cancelReason}</dd>
          </>
        ) : null}
      </dl>

      {page.series ? (
        <Suspense>
          <SeriesSection
            series={page.series}
            bookingId={booking.id}
            calendarId={booking.calendarId}
            token={token}
            zone={zone}
            languageTag={tag}
          />
        </Suspense>
      ) : null}

      {page.calendarLinks && outcome !== "cancelled" ? (
        <section className="add-to-calendar" aria-labelledby="add-title">
          <h2 id="add-title">{i18n._("widget.calendar.add")}</h2>
          <ul>
            {/* A request is not an appointment yet: Google's and Outlook's links cannot say "tentative" (the
                .ics can, and does), so they wait until the business confirms. */}
            {outcome === "requested" ? null : (
              <>
                <li>
                  <a
                    className="button button--secondary"
                    href={page.calendarLinks.google}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    Google<span className="visually-hidden"> {i18n._("widget.newWindow")}</span>
                  </a>
                </li>
                <li>
                  <a
                    className="button button--secondary"
                    href={page.calendarLinks.outlook}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    Outlook.com<span className="visually-hidden"> {i18n._("widget.newWindow")}</span>
                  </a>
                </li>
                <li>
                  <a
                    className="button button--secondary"
                    href={page.calendarLinks.office365}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    Microsoft 365<span className="visually-hidden"> {i18n._("widget.newWindow")}</span>
                  </a>
                </li>
              </>
            )}
            <li>
              <a className="button button--secondary" href={page.calendarLinks.ics} download>
                {i18n._("widget.calendar.ics")}
              </a>
            </li>
          </ul>
        </section>
      ) : null}

      {outcome !== "cancelled" && (booking.canReschedule || booking.canCancel) ? (
        <section className="manage" aria-labelledby="manage-title">
          <h2 id="manage-title">{i18n._("widget.manage.changes")}</h2>
          <div className="manage__actions">
            {booking.canReschedule ? (
              <LocaleLink
                className="button button--secondary"
                to={`/widget/booking/${booking.calendarId}?booking=${encodeURIComponent(booking.id)}&token=${encodeURIComponent(token)}&reschedule=1`}
              >
                {i18n._("widget.manage.reschedule")}
              </LocaleLink>
            ) : null}
            {booking.canCancel && !isCancelling ? (
              <button type="button" className="button button--danger-outline" onClick={() => setCancelling(true)}>
                {i18n._(isRequest ? "widget.manage.withdraw" : "widget.manage.cancel")}
              </button>
            ) : null}
          </div>
          {isCancelling ? (
            <CancelForm
              bookingId={booking.id}
              token={token}
              calendarId={booking.calendarId}
              isRequest={isRequest}
              refund={
                booking.paidMinor > 0
                  ? refundNotice(booking.paidMinor, booking.refundIfCancelledMinor, (minor) =>
                      formatMoney(minor, booking.currency, tag),
                    )
                  : null
              }
              onClose={() => setCancelling(false)}
            />
          ) : null}
        </section>
      ) : null}
      {outcome !== "cancelled" && !booking.canReschedule && !booking.canCancel ? (
        <p className="muted">{i18n._("widget.manage.locked")}</p>
      ) : null}
    </section>
  );
}

/** What cancelling now gives back of what was paid online: said before the visitor confirms. */
function refundNotice(
  paidMinor: number,
  refundMinor: number,
  money: (minor: number) => string,
): { key: string; values: Record<string, string> } {
  const amount = money(refundMinor);
  const kept = money(paidMinor - refundMinor);
  if (refundMinor >= paidMinor) return { key: "widget.cancel.refundAll", values: { amount } };
  if (refundMinor > 0) return { key: "widget.cancel.refundPart", values: { amount, kept } };
  return { key: "widget.cancel.refundNone", values: { kept } };
}

function CancelForm({
  bookingId,
  token,
  calendarId,
  isRequest,
  refund,
  onClose,
}: {
  bookingId: string;
  token: string;
  calendarId: string;
  /** Not confirmed yet: the visitor withdraws a request rather than cancels an appointment. */
  isRequest: boolean;
  refund: { key: string; values: Record<string, string> } | null;
  onClose(): void;
}) {
  const { i18n } = useLingui();
  const toLocalePath = useLocalePath();
  return (
    <CancelReasonForm
      fieldId="field-cancelReason"
      reasonLabel={i18n._(isRequest ? "widget.cancel.withdrawReason" : "widget.cancel.reason")}
      before={
        refund ? (
          <p className="cancel-form__refund" id="cancel-refund">
            {i18n._(refund.key, refund.values)}
          </p>
        ) : null
      }
      describedBy={refund ? "cancel-refund" : undefined}
      confirmLabel={i18n._(isRequest ? "widget.manage.withdraw" : "widget.cancel.confirm")}
      keepLabel={i18n._(isRequest ? "widget.cancel.keepRequest" : "widget.cancel.keep")}
      send={(reason) => cancelBooking(bookingId, token, reason)}
      doneUrl={toLocalePath(
        bookingPageUrl(`/widget/booking/${calendarId}`, bookingId, token, isRequest ? "withdrawn" : "cancelled"),
      )}
      onClose={onClose}
    />
  );
}

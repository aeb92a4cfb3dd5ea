import { useLingui } from "@lingui/react";
import { useId, useRef, useState } from "react";
import type { BusinessBookingView } from "../../../app/business/ports.ts";
import { bookingStatusKey } from "./booking-status.ts";
import type { formatters } from "./dates.ts";
import { RescheduleDialog } from "./reschedule-dialog.tsx";
import { PaymentsPanel, type PaymentsAccess } from "./payments-panel.tsx";
import { visitorName } from "./visitor-name.ts";

/** Display names of the ids a booking refers to. */
export interface Names {
  calendar(id: string): string;
  staff(id: string): string;
}

export type BookingAction = "confirm" | "decline" | "cancel";

interface Props {
  booking: BusinessBookingView;
  names: Names;
  format: ReturnType<typeof formatters>;
  onAction(booking: BusinessBookingView, action: BookingAction, reason?: string): Promise<void>;
  /** Moving the booking; absent, it cannot be moved from here. */
  reschedule?: Pick<React.ComponentProps<typeof RescheduleDialog>, "loadSlots" | "onMove">;
  /** The booking's payments (owners only); absent, they are not shown. */
  payments?: PaymentsAccess;
}

/**
 * One booking: when, who, what, its status, and what can be done with it. Declining and cancelling
 * ask first (a native dialog, which keeps focus inside and returns it), with an optional reason that
 * goes to the visitor.
 */
export function BookingCard({ booking, names, format, onAction, reschedule, payments }: Props) {
  const [showPayments, setShowPayments] = useState(false);
  const rescheduleRef = useRef<HTMLDialogElement>(null);
  const [moving, setMoving] = useState(false);
  const { i18n } = useLingui();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [pending, setPending] = useState<BookingAction | null>(null);
  const [asking, setAsking] = useState<BookingAction | null>(null);
  const [reason, setReason] = useState("");
  const titleId = useId();
  const { contact } = booking;
  const visitor = visitorName(booking, i18n);
  const staffNames = booking.staffIds.map(names.staff).filter(Boolean).join(", ");

  const cardRef = useRef<HTMLElement>(null);
  // The button pressed (Confirm, Decline, Cancel) goes with the status it belonged to, and a closing
  // dialog gives the focus back to it: gone, the focus would fall to the top of the page. It stays on
  // this booking instead — unless something else took it (the alert of a refusal).
  const keepFocusHere = () =>
    requestAnimationFrame(() => {
      const card = cardRef.current;
      if (card?.isConnected && (document.activeElement === document.body || document.activeElement === null))
        card.focus();
    });

  async function run(action: BookingAction, why?: string) {
    setPending(action);
    keepFocusHere();
    try {
      await onAction(booking, action, why);
    } finally {
      setPending(null);
      keepFocusHere();
    }
  }

  function ask(action: BookingAction) {
    setAsking(action);
    setReason("");
    dialogRef.current?.showModal();
  }

  return (
    <article
      ref={cardRef}
      tabIndex={-1}
      className={`console-booking console-booking--${booking.status}`}
      aria-labelledby={titleId}
    >
      <div className="console-booking__when">{format.timeRange(booking.startTime, booking.endTime)}</div>
      <div className="console-booking__what">
        <h3 id={titleId}>{visitor}</h3>
        <p className="console-muted">
          {names.calendar(booking.calendarId)}
          {staffNames ? ` · ${staffNames}` : ""}
          {booking.resources.length > 0 ? ` · ${booking.resources.join(", ")}` : ""}
          {booking.seats > 1 ? ` · ${i18n._("console.bookings.seats", { count: booking.seats })}` : ""}
        </p>
        <p className="console-booking__contact">
          {contact.email ? <a href={`mailto:${contact.email}`}>{contact.email}</a> : null}
          {contact.phone ? (
            <>
              {contact.email ? " · " : null}
              <a href={`tel:${contact.phone}`}>{contact.phone}</a>
            </>
          ) : null}
        </p>
        {booking.guests.some((g) => g.name) ? (
          <p className="console-muted">
            {i18n._("console.bookings.guests", {
              names: booking.guests
                .map((g) => g.name)
                .filter(Boolean)
                .join(", "),
            })}
          </p>
        ) : null}
        {booking.serviceLines.length === 1 ? (
          <p className="console-booking__services">
            {i18n._("console.bookings.services", { names: booking.serviceLines[0]!.join(", ") })}
          </p>
        ) : booking.serviceLines.length > 1 ? (
          // Who gets what: the booker, then each guest by name where given.
          <ul className="console-booking__services">
            {booking.serviceLines.map((line, i) => (
              <li key={i}>
                {i18n._("console.bookings.servicesOf", {
                  who:
                    i === 0 ? visitor : booking.guests[i - 1]?.name || i18n._("console.bookings.guest", { number: i }),
                  services: line.join(", "),
                })}
              </li>
            ))}
          </ul>
        ) : null}
        {contact.notes ? <p className="console-booking__notes">{contact.notes}</p> : null}
        {booking.answerLines.length > 0 ? (
          <dl className="console-booking__answers">
            {booking.answerLines.map((line, i) => (
              <div key={i}>
                <dt>{line.label}</dt>
                <dd>{line.value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        {booking.priceCents > 0 ? (
          <p className="console-muted">
            {format.money(booking.priceCents, booking.currency)}
            {payments ? (
              <>
                {" · "}
                <button
                  type="button"
                  className="console-link-button"
                  aria-expanded={showPayments}
                  aria-controls={`${titleId}-payments`}
                  onClick={() => setShowPayments(!showPayments)}
                >
                  {i18n._("console.payments.title")}
                </button>
              </>
            ) : null}
          </p>
        ) : null}
        {payments && showPayments ? (
          <div id={`${titleId}-payments`}>
            <PaymentsPanel booking={booking} format={format} access={payments} />
          </div>
        ) : null}
      </div>
      <div className="console-booking__side">
        <span className={`console-status console-status--${booking.status}`}>{i18n._(bookingStatusKey(booking))}</span>
        <div className="console-booking__actions">
          {booking.status === "new" ? (
            <>
              <button
                type="button"
                className="console-button"
                disabled={pending !== null}
                aria-busy={pending === "confirm"}
                onClick={() => run("confirm")}
              >
                {i18n._("console.bookings.confirm")}
                <span className="visually-hidden"> {visitor}</span>
              </button>
              <button
                type="button"
                className="console-button console-button--quiet"
                disabled={pending !== null}
                onClick={() => ask("decline")}
              >
                {i18n._("console.bookings.decline")}
                <span className="visually-hidden"> {visitor}</span>
              </button>
            </>
          ) : null}
          {reschedule && (booking.status === "confirmed" || booking.status === "new") ? (
            <button
              type="button"
              className="console-button console-button--quiet"
              disabled={pending !== null}
              onClick={() => {
                setMoving(true);
                requestAnimationFrame(() => rescheduleRef.current?.showModal());
              }}
            >
              {i18n._("console.bookings.reschedule")}
              <span className="visually-hidden"> {visitor}</span>
            </button>
          ) : null}
          {booking.status === "confirmed" || booking.status === "pending_payment" ? (
            <button
              type="button"
              className="console-button console-button--quiet"
              disabled={pending !== null}
              onClick={() => ask("cancel")}
            >
              {i18n._("console.bookings.cancel")}
              <span className="visually-hidden"> {visitor}</span>
            </button>
          ) : null}
        </div>
      </div>
      {reschedule && moving ? (
        <RescheduleDialog ref={rescheduleRef} booking={booking} format={format} {...reschedule} />
      ) : null}
      <dialog ref={dialogRef} className="console-dialog" aria-labelledby={`${titleId}-dialog`}>
        <form
          method="dialog"
          onSubmit={(e) => {
            const confirmed = (e.nativeEvent as SubmitEvent).submitter?.getAttribute("value") === "yes";
            if (confirmed && asking) void run(asking, reason.trim() || undefined);
          }}
        >
          <h2 id={`${titleId}-dialog`}>
            {i18n._(asking === "decline" ? "console.bookings.declineTitle" : "console.bookings.cancelTitle", {
              name: visitor,
            })}
          </h2>
          <p>{i18n._("console.bookings.visitorTold")}</p>
          <label className="console-field">
            <span>{i18n._("console.bookings.reason")}</span>
            <textarea value={reason} onChange={(e) => setReason(e.target.value)} maxLength={1000} rows={3} />
          </label>
          <div className="console-dialog__actions">
            <button type="submit" value="no" className="console-button console-button--quiet">
              {i18n._("console.bookings.keep")}
            </button>
            <button type="submit" value="yes" className="console-button console-button--danger">
              {i18n._(asking === "decline" ? "console.bookings.decline" : "console.bookings.cancel")}
            </button>
          </div>
        </form>
      </dialog>
    </article>
  );
}

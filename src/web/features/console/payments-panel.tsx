import { useLingui } from "@lingui/react";
import { useEffect, useId, useRef, useState } from "react";
import type { BusinessBookingView, PaymentView } from "../../../app/business/ports.ts";
import { minorDigits } from "../../../core/payments/money.ts";
import type { formatters } from "./dates.ts";
import { ProblemAlert } from "./problem-alert.tsx";
import { DialogActions } from "./dialog-actions.tsx";

export interface PaymentsAccess {
  load(bookingId: string): Promise<PaymentView[]>;
  /** Gives back `amountMinor` more (null: all that is left) and returns the payments after it. */
  refund(bookingId: string, amountMinor: number | null): Promise<PaymentView[]>;
}

interface Props {
  booking: BusinessBookingView;
  format: ReturnType<typeof formatters>;
  access: PaymentsAccess;
}

/**
 * What a booking paid, through which provider, and what went back — with a refund of part or all of
 * what is left. A refund is recorded at once and confirmed by the provider after ("refund due").
 */
export function PaymentsPanel({ booking, format, access }: Props) {
  const { i18n } = useLingui();
  const id = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [payments, setPayments] = useState<PaymentView[] | null>(null);
  const [problem, setProblem] = useState<unknown>(null);
  const [amount, setAmount] = useState("");
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    access.load(booking.id).then(setPayments, setProblem);
  }, [access, booking.id]);

  const refundable = (payments ?? [])
    .filter((p) => p.status === "succeeded")
    .reduce((sum, p) => sum + p.amountMinor - p.refundDueMinor, 0);
  const digits = minorDigits(booking.currency);

  async function refund() {
    setBusy(true);
    setProblem(null);
    const typed = amount.trim().replace(",", ".");
    const minor = typed === "" ? null : Math.round(Number(typed) * 10 ** digits);
    try {
      setPayments(await access.refund(booking.id, minor));
      dialogRef.current?.close();
    } catch (error) {
      setProblem(error);
    } finally {
      setBusy(false);
    }
  }

  if (payments === null)
    return problem ? <ProblemAlert problem={problem} /> : <p role="status">{i18n._("widget.loading")}</p>;
  return (
    <div className="console-payments">
      {payments.length === 0 ? (
        <p className="console-muted">{i18n._("console.payments.none")}</p>
      ) : (
        <ul className="console-payments__list">
          {payments.map((p) => (
            <li key={p.id}>
              <strong>{format.money(p.amountMinor, p.currency)}</strong>{" "}
              {i18n._(p.kind === "deposit" ? "console.payments.deposit" : "console.payments.full")} ·{" "}
              {i18n._(`console.payments.status.${p.status}`)}
              {p.refundDueMinor > 0 ? (
                <span className="console-muted">
                  {" · "}
                  {i18n._(
                    p.refundedMinor >= p.refundDueMinor ? "console.payments.refunded" : "console.payments.refundDue",
                    {
                      amount: format.money(p.refundDueMinor, p.currency),
                    },
                  )}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {refundable > 0 ? (
        <button
          type="button"
          className="console-button console-button--quiet"
          onClick={() => {
            setAmount("");
            setProblem(null);
            dialogRef.current?.showModal();
          }}
        >
          {i18n._("console.payments.refund")}
        </button>
      ) : null}
      <dialog ref={dialogRef} className="console-dialog" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>{i18n._("console.payments.refundTitle")}</h2>
        <ProblemAlert problem={problem} />
        <label className="console-field">
          <span>{i18n._("console.payments.amount", { currency: booking.currency })}</span>
          <input
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            placeholder={(refundable / 10 ** digits).toFixed(digits)}
            aria-describedby={`${id}-hint`}
          />
        </label>
        <p id={`${id}-hint`} className="console-muted">
          {i18n._("console.payments.amountHint", { amount: format.money(refundable, booking.currency) })}
        </p>
        <DialogActions>
          <button type="button" className="console-button console-button--danger" disabled={busy} onClick={refund}>
            {i18n._("console.payments.refund")}
          </button>
        </DialogActions>
      </dialog>
    </div>
  );
}

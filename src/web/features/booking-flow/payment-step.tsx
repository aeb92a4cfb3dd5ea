/**
 * The payment step (spec §2 screen 6: secure payment, pay now, deposit, total amount). Loaded only
 * when a booking needs it, so the booking page's first JavaScript never carries it. The booking
 * already holds its time; a live countdown shows how long, and at zero the time is released and
 * the visitor is taken back to the times with everything typed kept. The card never leaves this
 * component's state: it is not saved across a language switch. With Stripe the card is typed into
 * Stripe's own Payment Element, in a chunk of its own loaded only then (stripe-payment-form.tsx).
 */
import { useLingui } from "@lingui/react";
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from "react";
import { minutesSeconds, useTimeLeft } from "./time-left.ts";
import { payWithTestCard } from "./api-client.ts";
import { formatMoney } from "./dates.ts";
import { Field } from "../../components/form-field.tsx";
import type { PendingPayment } from "./flow-reducer.ts";
import { noticeMessage } from "./notice-banner.tsx";
import { useLaterMessages } from "./use-later-messages.ts";

interface Props {
  payment: PendingPayment;
  languageTag: string;
  /** An appointment request: the money is only held on the card until the business confirms. */
  holdsOnly: boolean;
  businessName: string;
  onPaid(): void;
  /** Why the booking was released (the time to pay ran out, or it was taken and refunded). */
  onRelease(code: string): void;
}

const StripePaymentForm = lazy(() => import("./stripe-payment-form.tsx"));

const CARD_FIELDS = { CARD_NUMBER_INVALID: "number", CARD_EXPIRY_INVALID: "expiry", CARD_CVC_INVALID: "cvc" } as const;

export default function PaymentStep({ payment, languageTag, holdsOnly, businessName, onPaid, onRelease }: Props) {
  // Its texts are in the later screens' catalogue.
  useLaterMessages();
  const { i18n } = useLingui();
  const left = useTimeLeft(payment.dueAt);
  const money = (minor: number) => formatMoney(minor, payment.currency, languageTag);
  const remaining = payment.priceCents - payment.amountMinor;
  const payLabel = `${i18n._(holdsOnly ? "widget.payment.holdNow" : "widget.payment.payNow")} · ${money(payment.amountMinor)}`;

  // Out of time: the booking is released and the visitor goes back to pick a time again.
  const expired = left === 0;
  const released = useRef(false);
  useEffect(() => {
    if (!expired || released.current) return;
    released.current = true;
    onRelease("PAYMENT_EXPIRED");
  }, [expired, onRelease]);

  return (
    <section className="payment-step" aria-labelledby="payment-secure">
      <h3 id="payment-secure" className="payment-step__title">
        <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18">
          <rect x="5" y="11" width="14" height="9" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M8 11V8a4 4 0 0 1 8 0v3" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>{" "}
        {i18n._("widget.payment.secure")}
      </h3>
      {payment.provider === "test" ? <p className="test-mode">{i18n._("widget.payment.testMode")}</p> : null}
      {holdsOnly ? <p className="muted">{i18n._("widget.payment.holdExplain", { business: businessName })}</p> : null}

      <dl className="payment-amounts">
        <dt>{i18n._("widget.payment.total")}</dt>
        <dd>{money(payment.priceCents)}</dd>
        {payment.kind === "deposit" ? (
          <>
            <dt>{i18n._("widget.payment.deposit")}</dt>
            <dd>{money(payment.amountMinor)}</dd>
            <dt>{i18n._("widget.payment.remaining")}</dt>
            <dd>{money(remaining)}</dd>
          </>
        ) : null}
        <dt className="payment-amounts__now">
          {i18n._(holdsOnly ? "widget.payment.heldOnCard" : "widget.payment.dueNow")}
        </dt>
        <dd className="payment-amounts__now">{money(payment.amountMinor)}</dd>
      </dl>

      <p className="payment-step__timer">
        {i18n._("widget.payment.held")}{" "}
        <span role="timer" aria-live={left < 60_000 ? "polite" : "off"} aria-atomic="true">
          {i18n._("widget.payment.timeLeft", { time: minutesSeconds(left) })}
        </span>
      </p>

      {payment.provider === "stripe" ? (
        <Suspense fallback={<p role="status">{i18n._("widget.loading")}</p>}>
          <StripePaymentForm
            payment={payment}
            languageTag={languageTag}
            payLabel={payLabel}
            onPaid={onPaid}
            onRelease={onRelease}
          />
        </Suspense>
      ) : (
        <TestCardForm payment={payment} payLabel={payLabel} onPaid={onPaid} onRelease={onRelease} />
      )}
    </section>
  );
}

/** The built-in test provider's card fields, answered like Stripe's test cards (src/core/payments/test-cards.ts). */
function TestCardForm({
  payment,
  payLabel,
  onPaid,
  onRelease,
}: Pick<Props, "payment" | "onPaid" | "onRelease"> & { payLabel: string }) {
  const { i18n } = useLingui();
  const [card, setCard] = useState({ number: "", expiry: "", cvc: "" });
  const [errors, setErrors] = useState<Partial<Record<keyof typeof card, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    if (confirming) dialog.current?.showModal();
    else dialog.current?.close();
  }, [confirming]);

  const pay = async (authentication?: "approve" | "deny") => {
    setPaying(true);
    setProblem(null);
    const result = await payWithTestCard(payment.id, {
      clientSecret: payment.clientSecret,
      card,
      ...(authentication ? { authentication } : {}),
    });
    setPaying(false);
    setConfirming(false);
    if (result.ok) {
      if (result.value.status === "requires_action") setConfirming(true);
      else onPaid();
      return;
    }
    const p = result.problem;
    if (p.code === "PAYMENT_EXPIRED" || p.code === "PAYMENT_REFUNDED") return onRelease(p.code);
    const fieldErrors: typeof errors = {};
    for (const e of p.errors ?? []) {
      const field = CARD_FIELDS[e.code as keyof typeof CARD_FIELDS];
      if (field) fieldErrors[field] = i18n._(`problem.${e.code}`);
    }
    setErrors(fieldErrors);
    if (Object.keys(fieldErrors).length > 0) {
      document.getElementById(`field-card-${Object.keys(fieldErrors)[0]}`)?.focus();
    } else setProblem(noticeMessage(i18n, { code: p.code }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!paying) void pay();
  };
  const set = (patch: Partial<typeof card>) => {
    setCard({ ...card, ...patch });
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !(k in patch))));
  };

  return (
    <form onSubmit={submit} noValidate aria-label={i18n._("widget.payment.secure")}>
      <div className="notice-region" role="alert">
        {problem ? (
          <div className="notice notice--error">
            <p>{problem}</p>
          </div>
        ) : null}
      </div>

      <fieldset className="card-fields">
        <legend className="visually-hidden">{i18n._("widget.payment.secure")}</legend>
        <Field path="card.number" label={i18n._("widget.payment.cardNumber")} error={errors.number} isRequired>
          {(a) => (
            <input
              {...a}
              inputMode="numeric"
              autoComplete="cc-number"
              value={card.number}
              onChange={(e) => set({ number: e.target.value })}
            />
          )}
        </Field>
        <div className="card-fields__row">
          <Field path="card.expiry" label={i18n._("widget.payment.expiry")} error={errors.expiry} isRequired>
            {(a) => (
              <input
                {...a}
                inputMode="numeric"
                autoComplete="cc-exp"
                value={card.expiry}
                onChange={(e) => set({ expiry: e.target.value })}
              />
            )}
          </Field>
          <Field path="card.cvc" label={i18n._("widget.payment.cvc")} error={errors.cvc} isRequired>
            {(a) => (
              <input
                {...a}
                inputMode="numeric"
                autoComplete="cc-csc"
                value={card.cvc}
                onChange={(e) => set({ cvc: e.target.value })}
              />
            )}
          </Field>
        </div>
      </fieldset>

      <button type="submit" className="button button--block button--large" disabled={paying} aria-disabled={paying}>
        {paying ? i18n._("widget.payment.paying") : payLabel}
      </button>

      <dialog ref={dialog} className="auth-dialog" aria-labelledby="auth-title" onCancel={() => setConfirming(false)}>
        <h3 id="auth-title">{i18n._("widget.payment.authTitle")}</h3>
        <p>{i18n._("widget.payment.authText")}</p>
        <div className="auth-dialog__actions">
          <button type="button" className="button" disabled={paying} onClick={() => void pay("approve")}>
            {i18n._("widget.payment.authApprove")}
          </button>
          <button type="button" className="button button--secondary" disabled={paying} onClick={() => void pay("deny")}>
            {i18n._("widget.payment.authDeny")}
          </button>
        </div>
      </dialog>
    </form>
  );
}

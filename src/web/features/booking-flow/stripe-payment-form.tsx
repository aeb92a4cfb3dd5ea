/**
 * Paying through Stripe: Stripe's own Payment Element (the card never touches this page or this
 * server), loaded only when a booking reaches its payment step — this chunk and Stripe.js stay out
 * of the booking page's first JavaScript (ADR 0048). Stripe.js is loaded with the publishable key of
 * the account that takes this payment (the business's own, or the server's), which the booking
 * returned with the payment. When Stripe says the payment went through, the booking is confirmed
 * only once Stripe has told the server (its webhook): the page asks the server until it has.
 */
import { useLingui } from "@lingui/react";
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { loadStripe, type StripeElementLocale } from "@stripe/stripe-js";
import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { paymentStatus } from "./api-client.ts";
import type { PendingPayment } from "./flow-reducer.ts";
import { noticeMessage } from "./notice-banner.tsx";

interface Props {
  payment: PendingPayment;
  languageTag: string;
  payLabel: string;
  onPaid(): void;
  onRelease(code: string): void;
}

/** How often the page asks whether Stripe's webhook has arrived: it usually takes a second or two. */
const POLL_MS = 1000;

/** Stripe's element speaks the visitor's language: its locales are ours, Brazilian Portuguese by region. */
export function stripeLocale(languageTag: string): StripeElementLocale {
  return (languageTag === "pt-BR" ? "pt-BR" : languageTag.split("-")[0]) as StripeElementLocale;
}

export default function StripePaymentForm(props: Props) {
  const { i18n } = useLingui();
  const { publishableKey } = props.payment;
  // One Stripe.js per key; a failure to load it (offline, blocked) is told, not thrown.
  const stripe = useMemo(
    () => (publishableKey ? loadStripe(publishableKey).catch(() => null) : null),
    [publishableKey],
  );
  if (!stripe)
    return (
      <div className="notice notice--error" role="alert">
        <p>{i18n._("problem.PAYMENT_UNAVAILABLE")}</p>
      </div>
    );
  return (
    <Elements
      stripe={stripe}
      options={{ clientSecret: props.payment.clientSecret, locale: stripeLocale(props.languageTag) }}
    >
      <StripeForm {...props} />
    </Elements>
  );
}

function StripeForm({ payment, payLabel, onPaid, onRelease }: Props) {
  const { i18n } = useLingui();
  const stripe = useStripe();
  const elements = useElements();
  const [problem, setProblem] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const alive = useRef(true);
  useEffect(
    () => () => {
      alive.current = false;
    },
    [],
  );

  /** Stripe took the money: wait for the server to hear it from Stripe, then go on (or back). */
  async function waitForBooking() {
    setConfirming(true);
    while (alive.current) {
      const result = await paymentStatus(payment.id, payment.clientSecret);
      if (result.ok && result.value.status === "succeeded") return onPaid();
      if (!result.ok && (result.problem.code === "PAYMENT_EXPIRED" || result.problem.code === "PAYMENT_REFUNDED"))
        return onRelease(result.problem.code);
      // Waiting (or an earlier attempt's failure, overtaken by this success): ask again shortly.
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements || paying) return;
    setPaying(true);
    setProblem(null);
    const { error } = await stripe.confirmPayment({
      elements,
      // Cards finish here; a method that must leave the page (a bank's own page) comes back to it.
      redirect: "if_required",
      confirmParams: { return_url: window.location.href },
    });
    if (!alive.current) return;
    if (error) {
      setPaying(false);
      // Incomplete or invalid fields: the element shows its own message at the field, in the
      // visitor's language. A declined card or a failed confirmation is ours to say.
      if (error.type === "validation_error") return;
      setProblem(
        noticeMessage(i18n, {
          // Stripe unreachable, the intent no longer payable: nothing was taken; try again.
          code: error.type === "card_error" ? "PAYMENT_DECLINED" : "PAYMENT_UNAVAILABLE",
        }),
      );
      return;
    }
    await waitForBooking();
  }

  // The same form frame as the test cards' (payment-step.tsx), written out twice on purpose: a
  // component shared by the two lazy chunks made the build add 85 bytes to every booking page's
  // first JavaScript (bundle-size e2e), which has no room for them.
  return (
    <form onSubmit={submit} noValidate aria-label={i18n._("widget.payment.secure")}>
      <div className="notice-region" role="alert">
        {problem ? (
          <div className="notice notice--error">
            <p>{problem}</p>
          </div>
        ) : null}
      </div>
      <div className="stripe-element">
        <PaymentElement />
      </div>
      {/* Paid at Stripe, the booking not yet confirmed: the button keeps saying so until it is. */}
      <button
        type="submit"
        className="button button--block button--large"
        disabled={!stripe || paying || confirming}
        aria-disabled={!stripe || paying || confirming}
        aria-busy={paying || confirming}
      >
        {paying || confirming ? i18n._("widget.payment.paying") : payLabel}
      </button>
    </form>
  );
}

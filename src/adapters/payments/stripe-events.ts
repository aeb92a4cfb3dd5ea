/**
 * Stripe's webhook events as payment events. The signature is checked against the exact bytes
 * Stripe sent (re-serialised JSON would not match), and only then is the event read: an event
 * whose signature does not verify is nobody's word. Only what the payment flow acts on is
 * translated; every other event type is acknowledged and ignored.
 */
import Stripe from "stripe";
import type { PaymentEvent, PaymentEventSource } from "../../app/payments/ports.ts";

export function createStripePaymentEvents(webhookSecret: string): PaymentEventSource {
  return {
    provider: "stripe",
    read(payload, signature) {
      let event: Stripe.Event;
      try {
        // Checks the timestamp too (5 minutes' tolerance): a captured event cannot be replayed later.
        event = Stripe.webhooks.constructEvent(payload, signature, webhookSecret);
      } catch {
        return null;
      }
      return toPaymentEvent(event);
    },
  };
}

function toPaymentEvent(event: Stripe.Event): PaymentEvent {
  switch (event.type) {
    case "payment_intent.succeeded":
      return { kind: "succeeded", ref: event.data.object.id };
    // A request's money is held (manual capture): the same settlement, which holds it for the request.
    case "payment_intent.amount_capturable_updated":
      return { kind: "succeeded", ref: event.data.object.id };
    case "payment_intent.payment_failed": {
      const error = event.data.object.last_payment_error;
      // The issuer's reason when there is one (insufficient_funds), else Stripe's (card_declined).
      return { kind: "failed", ref: event.data.object.id, failureCode: error?.decline_code ?? error?.code ?? "failed" };
    }
    case "charge.refunded": {
      const intent = event.data.object.payment_intent;
      if (!intent) return { kind: "ignored", type: event.type };
      const ref = typeof intent === "string" ? intent : intent.id;
      return { kind: "refunded", ref, amountMinor: event.data.object.amount_refunded };
    }
    default:
      return { kind: "ignored", type: event.type };
  }
}

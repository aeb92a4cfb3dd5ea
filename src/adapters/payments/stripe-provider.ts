/**
 * Stripe behind the payment port, through the official SDK. Every call that creates something
 * carries our idempotency key, so a retried booking or refund (by the SDK after a dropped
 * connection, or by us when a webhook is delivered again) never charges or refunds twice. `host`,
 * `port` and `protocol` point the SDK at another API server (STRIPE_API_BASE: a local stand-in).
 * What Stripe tells us back arrives by webhook (stripe-events.ts).
 */
import Stripe from "stripe";
import type { PaymentProvider } from "../../app/payments/ports.ts";

export interface StripeConnection {
  readonly secretKey: string;
  readonly host?: string;
  readonly port?: number;
  readonly protocol?: "http" | "https";
}

/**
 * A booking waits on `createIntent` while its visitor waits for the answer: the SDK's 80 s default
 * would hold the request far past any visitor's patience. Retries reuse the same idempotency key.
 */
const REQUEST_TIMEOUT_MS = 10_000;
const NETWORK_RETRIES = 2;

export function createStripeClient(connection: StripeConnection): Stripe {
  return new Stripe(connection.secretKey, {
    timeout: REQUEST_TIMEOUT_MS,
    maxNetworkRetries: NETWORK_RETRIES,
    ...(connection.host ? { host: connection.host } : {}),
    ...(connection.port ? { port: connection.port } : {}),
    ...(connection.protocol ? { protocol: connection.protocol } : {}),
  });
}

/** An intent that already ended needs no cancelling: paid (its webhook settles or refunds it) or canceled. */
function endedBeforeCancel(error: unknown): boolean {
  if (!(error instanceof Stripe.errors.StripeError)) return false;
  const status = error.payment_intent?.status;
  return error.code === "payment_intent_unexpected_state" && (status === "canceled" || status === "succeeded");
}

export function createStripePaymentProvider(connection: StripeConnection): PaymentProvider {
  const stripe = createStripeClient(connection);
  return {
    name: "stripe",
    async createIntent({ amountMinor, currency, description, idempotencyKey, captureLater }) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: amountMinor,
          // Stripe's currency codes are lowercase ISO 4217; ours are uppercase.
          currency: currency.toLowerCase(),
          description,
          automatic_payment_methods: { enabled: true },
          // A request's money is held on the card and taken only when the business confirms.
          ...(captureLater ? { capture_method: "manual" as const } : {}),
        },
        { idempotencyKey },
      );
      if (!intent.client_secret) throw new Error(`Stripe returned payment intent ${intent.id} without a client secret`);
      return { ref: intent.id, clientSecret: intent.client_secret };
    },
    async capture({ ref, idempotencyKey }) {
      await stripe.paymentIntents.capture(ref, undefined, { idempotencyKey });
    },
    async refund({ ref, amountMinor, idempotencyKey }) {
      await stripe.refunds.create({ payment_intent: ref, amount: amountMinor }, { idempotencyKey });
    },
    async cancelIntent(ref) {
      try {
        // Keyed too: a cancel retried after a lost answer must find the same result, not an error.
        await stripe.paymentIntents.cancel(ref, undefined, { idempotencyKey: `cancel-${ref}` });
      } catch (error) {
        if (!endedBeforeCancel(error)) throw error;
      }
    },
  };
}

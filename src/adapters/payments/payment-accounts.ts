/**
 * Payment providers per business (issue 14): a business with its own Stripe keys takes its
 * visitors' money in its own account and hears of it on its own webhook endpoint; one without
 * falls back to the server's account (STRIPE_SECRET_KEY, or the built-in test provider). The keys
 * are opened from their seal only here, when a payment needs them, and never leave this module.
 */
import Stripe from "stripe";
import type { PaymentEventSource, PaymentProvider, PaymentProviders, PaymentRoute } from "../../app/payments/ports.ts";
import type { KeyCheck, SealedStripeAccount } from "../../app/payments/stripe-keys.ts";
import { createStripePaymentEvents } from "./stripe-events.ts";
import { createStripeClient, createStripePaymentProvider, type StripeConnection } from "./stripe-provider.ts";

export interface PaymentAccountsOptions {
  /** The server's own account: every business without keys pays through it. */
  readonly server: PaymentRoute;
  /** A business's sealed keys, or null when it has none. */
  readonly load: (businessId: string) => Promise<(SealedStripeAccount & { readonly updatedAtMs: number }) | null>;
  readonly openSecret: (sealed: string) => string;
  /** Another server answering Stripe's API (STRIPE_API_BASE), for businesses' keys too. */
  readonly api?: Omit<StripeConnection, "secretKey">;
}

export interface PaymentAccounts extends PaymentProviders {
  /** The events of a business's own account, verified with its webhook secret; null when it has no keys. */
  eventsFor(businessId: string): Promise<PaymentEventSource | null>;
  /** Whether Stripe accepts a secret key (a cheap read of the account's balance). */
  checkKey(secretKey: string): Promise<KeyCheck>;
}

export function paymentAccounts(options: PaymentAccountsOptions): PaymentAccounts {
  // One SDK client per business and version of its keys: built when first needed, dropped when the keys change.
  const opened = new Map<string, { version: number; route: PaymentRoute; events: PaymentEventSource }>();
  async function own(businessId: string) {
    const sealed = await options.load(businessId);
    if (!sealed) {
      opened.delete(businessId);
      return null;
    }
    const cached = opened.get(businessId);
    if (cached?.version === sealed.updatedAtMs) return cached;
    const entry = {
      version: sealed.updatedAtMs,
      route: {
        provider: createStripePaymentProvider({
          ...options.api,
          secretKey: options.openSecret(sealed.secretKeySealed),
        }),
        account: "business" as const,
        publishableKey: sealed.publishableKey,
      },
      events: createStripePaymentEvents(options.openSecret(sealed.webhookSecretSealed)),
    };
    opened.set(businessId, entry);
    return entry;
  }
  return {
    async forBusiness(businessId) {
      return (await own(businessId))?.route ?? options.server;
    },
    async forPayment(payment): Promise<PaymentProvider> {
      if (payment.account === "server") return options.server.provider;
      const entry = await own(payment.businessId);
      // Its keys were removed since: nothing can move that money from here (it stays owed, visible).
      if (!entry) throw new Error("the business's Stripe keys were removed: its account's payments cannot be moved");
      return entry.route.provider;
    },
    async eventsFor(businessId) {
      return (await own(businessId))?.events ?? null;
    },
    async checkKey(secretKey) {
      try {
        await createStripeClient({ ...options.api, secretKey }).balance.retrieve();
        return "accepted";
      } catch (error) {
        // 401: Stripe knows no such key (mistyped, revoked). A restricted key without the balance
        // permission (403) is still a key Stripe knows: whether it may take payments shows at the first one.
        if (error instanceof Stripe.errors.StripeAuthenticationError) return "rejected";
        if (error instanceof Stripe.errors.StripePermissionError) return "accepted";
        return "unreachable";
      }
    },
  };
}

/**
 * Payments through one account for every business: the server's (STRIPE_SECRET_KEY or the built-in
 * test provider). The composition root puts businesses' own accounts in front of it
 * (src/adapters/payments/payment-accounts.ts); tests and the embedded demo use it alone.
 */
import type { PaymentProvider, PaymentProviders } from "./ports.ts";

export function serverAccount(provider: PaymentProvider, publishableKey: string | null = null): PaymentProviders {
  const route = { provider, account: "server" as const, publishableKey };
  return {
    forBusiness: async () => route,
    async forPayment(payment) {
      if (payment.account !== "server") throw new Error("this server takes no payments through businesses' accounts");
      return provider;
    },
  };
}

/**
 * The built-in test provider: no network, no account. Intents are ids made here; whether a payment
 * succeeds is decided when the visitor's page submits a test card (src/app/payments/pay-with-test-card.ts,
 * Stripe's test numbers), so the whole paid flow works offline in the demo — marked "test mode" on
 * screen. Refunds and cancellations have nothing to call: the payments table records them.
 */
import { randomBytes } from "node:crypto";
import type { PaymentProvider } from "../../app/payments/ports.ts";

export function createTestPaymentProvider(): PaymentProvider {
  return {
    name: "test",
    async createIntent() {
      const ref = `test_pi_${randomBytes(12).toString("base64url")}`;
      return { ref, clientSecret: `${ref}_secret_${randomBytes(24).toString("base64url")}` };
    },
    async refund() {},
    async capture() {},
    async cancelIntent() {},
  };
}

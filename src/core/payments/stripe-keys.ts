/**
 * The shapes of Stripe's keys (https://docs.stripe.com/keys): a secret key `sk_test_…`/`sk_live_…`,
 * a restricted key `rk_…`, a publishable key `pk_…`, a webhook endpoint's signing secret `whsec_…`.
 * One definition for the server's own keys (config.ts) and a business's (its settings).
 */
export const STRIPE_SECRET_KEY_PATTERN = /^(sk|rk)_(test|live)_[0-9A-Za-z_]{1,240}$/;
export const STRIPE_PUBLISHABLE_KEY_PATTERN = /^pk_(test|live)_[0-9A-Za-z_]{1,240}$/;
export const STRIPE_WEBHOOK_SECRET_PATTERN = /^whsec_[0-9A-Za-z_+/=]{1,240}$/;

export type StripeMode = "test" | "live";

/** Test or live: what the key's prefix says (`sk_live_…` takes real money). */
export function stripeKeyMode(key: string): StripeMode | null {
  return (/^(?:sk|rk|pk)_(test|live)_/.exec(key)?.[1] as StripeMode | undefined) ?? null;
}

/** What the owner is shown of a secret: its last four characters, never more. */
export const lastFour = (key: string): string => key.slice(-4);

/**
 * A business's own Stripe keys (issue 14): set, shown and removed by its owner. The secret key and
 * the webhook signing secret are sealed before they are stored and never shown again; the key is
 * tried at Stripe before it is kept, so a mistyped or revoked key is refused while the owner is
 * still at the form rather than at a visitor's payment.
 */
import type { Result } from "../../core/shared/result.ts";
import { lastFour, stripeKeyMode, type StripeMode } from "../../core/payments/stripe-keys.ts";

/** What the owner is shown: whether keys are set, their mode and the secret key's last four characters. */
export interface StripeAccountView {
  readonly mode: StripeMode;
  readonly secretKeyLast4: string;
  readonly updatedAt: string;
}

export interface SealedStripeAccount {
  readonly secretKeySealed: string;
  readonly publishableKey: string;
  readonly webhookSecretSealed: string;
  readonly mode: StripeMode;
  readonly secretKeyLast4: string;
}

/** One business's Stripe keys in storage. */
export interface StripeAccountStore {
  get(): Promise<StripeAccountView | null>;
  put(account: SealedStripeAccount, nowMs: number): Promise<StripeAccountView>;
  remove(): Promise<boolean>;
}

/** What Stripe said of a key: it answered to it, it refused it (invalid, revoked, too restricted), or nothing. */
export type KeyCheck = "accepted" | "rejected" | "unreachable";

export interface StripeKeysDeps {
  readonly store: StripeAccountStore;
  readonly seal: (secret: string) => string;
  /** Asks Stripe with the key for something cheap (the account's balance). */
  readonly checkKey: (secretKey: string) => Promise<KeyCheck>;
  readonly clock: () => Date;
}

export interface StripeKeysInput {
  readonly secretKey: string;
  readonly publishableKey: string;
  readonly webhookSecret: string;
}

/**
 * Why keys are refused, each at its field: STRIPE_MODE_MISMATCH (a test publishable key with a live
 * secret key: the page and the server would talk to different worlds), STRIPE_KEY_REJECTED (Stripe
 * does not accept the secret key), STRIPE_UNREACHABLE (Stripe could not be asked; nothing is kept).
 */
export type StripeKeysRefusal = "STRIPE_MODE_MISMATCH" | "STRIPE_KEY_REJECTED" | "STRIPE_UNREACHABLE";

export async function saveStripeKeys(
  deps: StripeKeysDeps,
  input: StripeKeysInput,
): Promise<Result<StripeAccountView, StripeKeysRefusal>> {
  const fail = (code: StripeKeysRefusal) => ({ ok: false as const, error: code });
  const mode = stripeKeyMode(input.secretKey);
  if (!mode || stripeKeyMode(input.publishableKey) !== mode) return fail("STRIPE_MODE_MISMATCH");
  const check = await deps.checkKey(input.secretKey);
  if (check === "rejected") return fail("STRIPE_KEY_REJECTED");
  if (check === "unreachable") return fail("STRIPE_UNREACHABLE");
  const view = await deps.store.put(
    {
      secretKeySealed: deps.seal(input.secretKey),
      publishableKey: input.publishableKey,
      webhookSecretSealed: deps.seal(input.webhookSecret),
      mode,
      secretKeyLast4: lastFour(input.secretKey),
    },
    deps.clock().getTime(),
  );
  return { ok: true, value: view };
}

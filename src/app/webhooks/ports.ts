/** The business's webhook subscriptions and their delivery log (issue 20), bound to one business. */
import type { WebhookEvent } from "../../core/webhooks/events.ts";

export interface WebhookSubscriptionView {
  readonly id: string;
  readonly url: string;
  readonly events: readonly WebhookEvent[];
  readonly description: string;
  readonly alertEmail: string | null;
  readonly isActive: boolean;
  readonly disabledReason: string | null;
  readonly consecutiveFailures: number;
  readonly createdAt: string;
}

export interface WebhookDeliveryView {
  readonly id: string;
  readonly eventType: string;
  readonly status: "pending" | "succeeded" | "failed";
  readonly attempts: number;
  readonly lastStatusCode: number | null;
  readonly lastResponse: string | null;
  readonly lastError: string | null;
  readonly lastAttemptAt: string | null;
  readonly createdAt: string;
}

export interface WebhookSubscriptionInput {
  readonly url: string;
  readonly events: readonly WebhookEvent[];
  readonly description?: string | undefined;
  readonly alertEmail?: string | null | undefined;
}

export interface WebhookStore {
  list(): Promise<WebhookSubscriptionView[]>;
  get(id: string): Promise<WebhookSubscriptionView | null>;
  create(input: WebhookSubscriptionInput, secretSealed: string): Promise<WebhookSubscriptionView>;
  /** `isActive: true` on a disabled subscription starts it afresh (failures and reason cleared). */
  update(
    id: string,
    patch: Partial<WebhookSubscriptionInput> & { isActive?: boolean | undefined },
  ): Promise<WebhookSubscriptionView | null>;
  remove(id: string): Promise<boolean>;
  /** The latest deliveries, newest first; null when there is no such subscription. */
  deliveries(id: string, limit: number): Promise<WebhookDeliveryView[] | null>;
}

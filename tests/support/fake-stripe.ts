/**
 * A local stand-in for Stripe's API, so the suites drive the real SDK over real HTTP: the SDK's
 * form encoding, headers, retries and error classes are what production runs. It answers the calls
 * the payment provider makes — create and cancel a PaymentIntent, create a refund — with JSON shaped
 * like Stripe's objects and errors, and keeps Stripe's idempotency rule: a key seen before answers
 * with the first answer (different parameters under the same key are an error). What a visitor's
 * browser and the card networks do is played by the helpers (`startProcessing`, `succeed`, `fail`),
 * and `event` writes the webhook payload Stripe would send. Several accounts (`addAccount`) keep
 * their objects apart as Stripe does: one account's key does not find another's intents.
 */
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

type StripeObject = Record<string, unknown>;

export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  /** The form fields as sent (`automatic_payment_methods[enabled]` is one key). */
  readonly params: Record<string, string>;
  readonly idempotencyKey: string | undefined;
  readonly authorization: string | undefined;
  readonly status: number;
  /** Answered from the idempotency store, not performed again. */
  readonly replayed: boolean;
}

export interface FakeStripe {
  /** The first account's secret key. */
  readonly secretKey: string;
  /** Another account: its secret key (its objects are not found with any other key). */
  addAccount(): string;
  /** The secret key of the account an intent was created in. */
  accountOf(intentId: string): string;
  /** What `createStripePaymentProvider` needs to reach this server. */
  readonly connection: { readonly host: string; readonly port: number; readonly protocol: "http" };
  readonly requests: RecordedRequest[];
  intent(id: string): StripeObject;
  refunds(): StripeObject[];
  /** The visitor's page confirmed the intent; the bank has not answered (it cannot be canceled now). */
  startProcessing(id: string): StripeObject;
  succeed(id: string): StripeObject;
  /** The visitor confirmed an intent created with manual capture: the money is held (requires_capture). */
  authorize(id: string): StripeObject;
  fail(id: string, error: { code: string; declineCode?: string }): StripeObject;
  /** The charge of a succeeded intent, as `charge.refunded` carries it. */
  charge(id: string): StripeObject;
  /** A webhook payload, as Stripe's servers write it. */
  event(type: string, object: StripeObject): string;
  /** The next `times` requests to `path` lose their connection before any answer (Stripe unreachable). */
  dropNext(path: string, times: number): void;
  close(): Promise<void>;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeObject,
  ) {
    super(String(body.message));
  }
}

const invalidRequest = (status: number, fields: StripeObject) =>
  new StripeFailure(status, { type: "invalid_request_error", ...fields });

export async function startFakeStripe(): Promise<FakeStripe> {
  const secretKey = `sk_test_${randomBytes(12).toString("hex")}`;
  const accounts = new Set([secretKey]);
  // The account (its secret key) each intent lives in.
  const owners = new Map<string, string>();
  const intents = new Map<string, StripeObject>();
  const refunds: StripeObject[] = [];
  const refundedOf = (intent: StripeObject) =>
    refunds.filter((r) => r.payment_intent === intent.id).reduce((sum, r) => sum + Number(r.amount), 0);
  const answered = new Map<string, { fingerprint: string; status: number; body: string }>();
  const drops = new Map<string, number>();
  const requests: RecordedRequest[] = [];

  const intentOf = (id: string, account?: string) => {
    const intent = intents.get(id);
    if (!intent || (account !== undefined && owners.get(id) !== account))
      throw invalidRequest(404, {
        code: "resource_missing",
        param: "intent",
        message: `No such payment_intent: '${id}'`,
      });
    return intent;
  };

  function createIntent(params: Record<string, string>, account: string): StripeObject {
    const amount = Number(params.amount);
    if (!Number.isInteger(amount) || amount < 1)
      throw invalidRequest(400, { code: "parameter_invalid_integer", param: "amount", message: "Invalid integer" });
    const id = newId("pi");
    const intent: StripeObject = {
      id,
      object: "payment_intent",
      amount,
      amount_received: 0,
      automatic_payment_methods:
        params["automatic_payment_methods[enabled]"] === "true" ? { allow_redirects: "always", enabled: true } : null,
      canceled_at: null,
      cancellation_reason: null,
      capture_method: params.capture_method ?? "automatic_async",
      client_secret: `${id}_secret_${randomBytes(12).toString("hex")}`,
      confirmation_method: "automatic",
      created: nowSeconds(),
      currency: params.currency,
      description: params.description ?? null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: {},
      payment_method: null,
      payment_method_types: ["card"],
      status: "requires_payment_method",
    };
    intents.set(id, intent);
    owners.set(id, account);
    return intent;
  }

  function cancelIntent(id: string, account: string): StripeObject {
    const intent = intentOf(id, account);
    if (intent.status === "canceled" || intent.status === "succeeded" || intent.status === "processing")
      throw invalidRequest(400, {
        code: "payment_intent_unexpected_state",
        message: `You cannot cancel this PaymentIntent because it has a status of ${String(intent.status)}.`,
        payment_intent: intent,
      });
    Object.assign(intent, { status: "canceled", canceled_at: nowSeconds(), cancellation_reason: "abandoned" });
    return intent;
  }

  function captureIntent(id: string, account: string): StripeObject {
    const intent = intentOf(id, account);
    if (intent.status !== "requires_capture")
      throw invalidRequest(400, {
        code: "payment_intent_unexpected_state",
        message: `This PaymentIntent could not be captured because it has a status of ${String(intent.status)}.`,
        payment_intent: intent,
      });
    Object.assign(intent, { status: "succeeded", amount_received: intent.amount });
    return intent;
  }

  function createRefund(params: Record<string, string>, account: string): StripeObject {
    const intent = intentOf(params.payment_intent ?? "", account);
    if (intent.status !== "succeeded")
      throw invalidRequest(400, {
        code: "charge_not_refundable",
        message: "This PaymentIntent does not have a successful charge to refund.",
      });
    const left = Number(intent.amount) - refundedOf(intent);
    const amount = params.amount === undefined ? left : Number(params.amount);
    if (!Number.isInteger(amount) || amount < 1 || amount > left)
      throw invalidRequest(400, { code: "amount_too_large", param: "amount", message: "Refund amount is too large." });
    const refund: StripeObject = {
      id: newId("re"),
      object: "refund",
      amount,
      charge: intent.latest_charge,
      created: nowSeconds(),
      currency: intent.currency,
      metadata: {},
      payment_intent: intent.id,
      reason: null,
      status: "succeeded",
    };
    refunds.push(refund);
    return refund;
  }

  /**
   * What Stripe.js does in the visitor's browser: confirms the intent with a test payment method
   * (https://docs.stripe.com/testing: pm_card_visa succeeds, pm_card_chargeDeclined is declined).
   */
  function confirmIntent(id: string, params: Record<string, string>, account: string): StripeObject {
    const intent = intentOf(id, account);
    if (intent.status !== "requires_payment_method" && intent.status !== "requires_confirmation")
      throw invalidRequest(400, {
        code: "payment_intent_unexpected_state",
        message: `This PaymentIntent's status is ${String(intent.status)}.`,
        payment_intent: intent,
      });
    if (params.payment_method === "pm_card_chargeDeclined") {
      const error = {
        type: "card_error",
        code: "card_declined",
        decline_code: "generic_decline",
        message: "Your card was declined.",
      };
      Object.assign(intent, { status: "requires_payment_method", last_payment_error: error });
      throw new StripeFailure(402, { ...error, payment_intent: { ...intent } });
    }
    if (params.payment_method !== "pm_card_visa")
      throw invalidRequest(400, {
        code: "resource_missing",
        param: "payment_method",
        message: "No such PaymentMethod",
      });
    Object.assign(
      intent,
      intent.capture_method === "manual"
        ? { status: "requires_capture", latest_charge: newId("ch"), last_payment_error: null }
        : { status: "succeeded", amount_received: intent.amount, latest_charge: newId("ch"), last_payment_error: null },
      { payment_method: newId("pm") },
    );
    return intent;
  }

  function route(method: string, path: string, params: Record<string, string>, account: string): StripeObject {
    const confirm = /^\/v1\/payment_intents\/([^/]+)\/confirm$/.exec(path);
    if (method === "POST" && confirm) return confirmIntent(decodeURIComponent(confirm[1]!), params, account);
    if (method === "POST" && path === "/v1/payment_intents") return createIntent(params, account);
    const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(path);
    if (method === "POST" && cancel) return cancelIntent(decodeURIComponent(cancel[1]!), account);
    const capture = /^\/v1\/payment_intents\/([^/]+)\/capture$/.exec(path);
    if (method === "POST" && capture) return captureIntent(decodeURIComponent(capture[1]!), account);
    if (method === "POST" && path === "/v1/refunds") return createRefund(params, account);
    if (method === "GET" && path === "/v1/balance")
      return { object: "balance", available: [], pending: [], livemode: false };
    throw invalidRequest(404, { message: `Unrecognized request URL (${method}: ${path}).` });
  }

  /** Answers one request: the idempotent replay if its key was seen, otherwise the call performed. */
  function answer(req: http.IncomingMessage, raw: string): { status: number; body: string; replayed: boolean } {
    let account = req.headers.authorization?.replace(/^Bearer /, "") ?? "";
    // A browser confirms with the publishable key and the intent's client secret, as Stripe.js does.
    const confirming = /^\/v1\/payment_intents\/([^/]+)\/confirm$/.exec(pathOf(req));
    if (confirming && !accounts.has(account)) {
      const id = decodeURIComponent(confirming[1]!);
      const form = Object.fromEntries(new URLSearchParams(raw));
      if (form.key?.startsWith("pk_") && form.client_secret === intents.get(id)?.client_secret)
        account = owners.get(id) ?? "";
    }
    if (!accounts.has(account))
      return {
        status: 401,
        body: JSON.stringify({ error: { type: "invalid_request_error", message: "Invalid API Key provided" } }),
        replayed: false,
      };
    // Stripe keeps idempotency keys per account.
    const header = req.headers["idempotency-key"] as string | undefined;
    const key = header === undefined ? undefined : `${account} ${header}`;
    const fingerprint = `${req.method} ${req.url} ${raw}`;
    const earlier = key === undefined ? undefined : answered.get(key);
    if (earlier && earlier.fingerprint !== fingerprint) {
      const message =
        "Keys for idempotent requests can only be used with the same parameters they were first used with.";
      return { status: 400, body: JSON.stringify({ error: { type: "idempotency_error", message } }), replayed: false };
    }
    if (earlier) return { status: earlier.status, body: earlier.body, replayed: true };
    let status = 200;
    let object: StripeObject;
    try {
      object = route(req.method ?? "", pathOf(req), Object.fromEntries(new URLSearchParams(raw)), account);
    } catch (error) {
      if (!(error instanceof StripeFailure)) throw error;
      status = error.status;
      object = { error: error.body };
    }
    const body = JSON.stringify(object);
    if (key !== undefined) answered.set(key, { fingerprint, status, body });
    return { status, body, replayed: false };
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const path = pathOf(req);
      const dropsLeft = drops.get(path) ?? 0;
      if (dropsLeft > 0) {
        drops.set(path, dropsLeft - 1);
        req.socket.destroy();
        return;
      }
      const raw = Buffer.concat(chunks).toString("utf8");
      const { status, body, replayed } = answer(req, raw);
      requests.push({
        method: req.method ?? "",
        path,
        params: Object.fromEntries(new URLSearchParams(raw)),
        idempotencyKey: req.headers["idempotency-key"] as string | undefined,
        authorization: req.headers.authorization,
        status,
        replayed,
      });
      res.writeHead(status, {
        "content-type": "application/json",
        "request-id": newId("req"),
        ...(replayed ? { "idempotent-replayed": "true" } : {}),
      });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const settleIntent = (id: string, change: StripeObject) => {
    const intent = intentOf(id);
    Object.assign(intent, change);
    return { ...intent };
  };

  return {
    secretKey,
    addAccount() {
      const key = `sk_test_${randomBytes(12).toString("hex")}`;
      accounts.add(key);
      return key;
    },
    accountOf: (id) => owners.get(id) ?? "",
    connection: { host: "127.0.0.1", port, protocol: "http" },
    requests,
    intent: (id) => ({ ...intentOf(id) }),
    refunds: () => [...refunds],
    startProcessing: (id) => settleIntent(id, { status: "processing", payment_method: newId("pm") }),
    authorize: (id) =>
      settleIntent(id, { status: "requires_capture", latest_charge: newId("ch"), last_payment_error: null }),
    succeed: (id) =>
      settleIntent(id, {
        status: "succeeded",
        amount_received: intentOf(id).amount,
        latest_charge: newId("ch"),
        last_payment_error: null,
      }),
    fail: (id, error) =>
      settleIntent(id, {
        status: "requires_payment_method",
        last_payment_error: {
          type: "card_error",
          code: error.code,
          ...(error.declineCode ? { decline_code: error.declineCode } : {}),
          message: "Your card was declined.",
        },
      }),
    charge(id) {
      const intent = intentOf(id);
      return {
        id: intent.latest_charge,
        object: "charge",
        amount: intent.amount,
        amount_captured: intent.amount,
        amount_refunded: refundedOf(intent),
        currency: intent.currency,
        payment_intent: intent.id,
        refunded: refundedOf(intent) === intent.amount,
        status: "succeeded",
      };
    },
    event: (type, object) =>
      JSON.stringify(
        {
          id: newId("evt"),
          object: "event",
          api_version: "2026-09-30.endive",
          created: nowSeconds(),
          data: { object },
          livemode: false,
          pending_webhooks: 1,
          request: { id: null, idempotency_key: null },
          type,
        },
        null,
        2,
      ),
    dropNext: (path, times) => void drops.set(path, times),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const pathOf = (req: http.IncomingMessage) => new URL(req.url ?? "/", "http://stripe.local").pathname;

/**
 * Paying for a booking through Stripe, end to end: the real SDK talks HTTP to a local stand-in for
 * Stripe's API (tests/support/fake-stripe.ts), and Stripe's webhook events — signed as Stripe signs
 * them — reach the app over HTTP (`app.request()`), on PGlite and PostgreSQL. Events are delivered
 * again, at once and out of order, as Stripe may: a booking is confirmed once, a failure never undoes
 * a success, and money that finds no booking goes back — once, and even if Stripe was unreachable
 * the first time.
 */
import Stripe from "stripe";
import { serverAccount } from "../../src/app/payments/server-account.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { executorOf } from "../../src/adapters/db/bookings/executor.ts";
import { paymentStore } from "../../src/adapters/db/bookings/payments.ts";
import { createStripePaymentEvents } from "../../src/adapters/payments/stripe-events.ts";
import { createStripePaymentProvider } from "../../src/adapters/payments/stripe-provider.ts";
import { expireUnpaidBookings } from "../../src/app/payments/pay-for-booking.ts";
import type { PaymentProvider } from "../../src/app/payments/ports.ts";
import { STRIPE_WEBHOOK_PATH } from "../../src/server/routes/payment-api.ts";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "../support/databases.ts";
import { startFakeStripe, type FakeStripe } from "../support/fake-stripe.ts";
import {
  patchCalendarSettings,
  businessHeaders,
  answerRequest,
  at,
  bookingApp,
  contact,
  NOW,
  post,
  seedBookingFixture,
  type Fixture,
} from "./booking-fixtures.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;
const TZ = "Europe/Berlin";
const MINUTE = 60_000;
const WEBHOOK_SECRET = "whsec_test_secret_of_this_suite";

describe.each(DATABASE_KINDS)("Stripe payments on %s", (kind) => {
  let testDb: TestDatabase;
  let fx: Fixture;
  let fake: FakeStripe;
  let stripe: PaymentProvider;
  let nowMs = NOW.getTime();
  let app: ReturnType<typeof bookingApp>;
  beforeAll(async () => {
    [testDb, fake] = await Promise.all([createTestDatabase(kind), startFakeStripe()]);
    fx = await seedBookingFixture(testDb.database);
    await patchCalendarSettings(testDb.database, fx.calendars.personal, { payment: "full", priceCents: 2000 });
    stripe = createStripePaymentProvider({ secretKey: fake.secretKey, ...fake.connection });
    app = bookingApp(testDb.database, { payments: serverAccount(stripe) }, () => new Date(nowMs), {
      paymentEvents: createStripePaymentEvents(WEBHOOK_SECRET),
    });
  });
  afterAll(async () => {
    await Promise.all([testDb?.drop(), fake?.close()]);
  });

  const book = async (startTime: string) => {
    const res = await post(app, "/api/bookings", {
      calendarId: fx.calendars.personal,
      startTime,
      timezone: TZ,
      contact,
    });
    expect(res.status).toBe(201);
    return (await res.json()) as Json;
  };
  const intentRequestOf = (booking: Json) =>
    fake.requests.find((r) => r.idempotencyKey === `payment-${booking.payment.id}`)!;
  const intentIdOf = async (booking: Json) => (await paymentRow(booking.payment.id)).provider_ref as string;
  const deliver = (payload: string, sign: { secret?: string; timestamp?: number } = {}) =>
    app.request(STRIPE_WEBHOOK_PATH, {
      method: "POST",
      headers: {
        "content-type": "application/json; charset=utf-8",
        "stripe-signature": Stripe.webhooks.generateTestHeaderString({
          payload,
          secret: sign.secret ?? WEBHOOK_SECRET,
          ...(sign.timestamp ? { timestamp: sign.timestamp } : {}),
        }),
      },
      body: payload,
    });
  const outcomeOf = async (res: Response) => {
    expect(res.status).toBe(200);
    return ((await res.json()) as Json).outcome as string;
  };
  const row = async (sql: string, params: unknown[]) => (await testDb.database.execute(sql, params)).rows[0] as Json;
  const bookingRow = (id: string) => row("select status, cancel_reason from bookings where id = $1", [id]);
  const paymentRow = (id: string) =>
    row("select status, refunded_minor, failure_code, provider, provider_ref from payments where id = $1", [id]);
  const toldKinds = async (bookingId: string) =>
    (
      await testDb.database.execute(
        "select payload->>'kind' as kind from outbox where payload->'booking'->>'bookingId' = $1 order by created_at",
        [bookingId],
      )
    ).rows.map((r) => r.kind);

  it("a booking on a paid calendar creates its intent at Stripe: amount, currency, idempotency key", async () => {
    nowMs = NOW.getTime();
    const created = await book(at(8, "10:00"));
    expect(created.status).toBe("pending_payment");
    expect(created.payment).toMatchObject({ provider: "stripe", kind: "full", amountMinor: 2000, currency: "EUR" });
    const sent = intentRequestOf(created);
    expect(sent).toMatchObject({
      method: "POST",
      path: "/v1/payment_intents",
      idempotencyKey: `payment-${created.payment.id}`,
      status: 200,
      authorization: `Bearer ${fake.secretKey}`,
      params: {
        amount: "2000",
        currency: "eur",
        description: `Booking ${created.id}`,
        "automatic_payment_methods[enabled]": "true",
      },
    });
    const intentId = await intentIdOf(created);
    expect(await paymentRow(created.payment.id)).toMatchObject({ provider: "stripe", status: "pending" });
    expect(created.payment.clientSecret).toBe(fake.intent(intentId).client_secret);
    expect(await toldKinds(created.id)).toEqual([]);

    // A retried call with the same key is the same intent (Stripe's idempotency, kept by the stand-in).
    const retry = {
      amountMinor: 2000,
      currency: "EUR",
      description: "retried",
      idempotencyKey: `retry-${created.id}`,
      captureLater: false,
    };
    expect(await stripe.createIntent(retry)).toEqual(await stripe.createIntent(retry));
    expect(fake.requests.filter((r) => r.idempotencyKey === retry.idempotencyKey).map((r) => r.replayed)).toEqual([
      false,
      true,
    ]);
  });

  it("a signed payment_intent.succeeded confirms the booking once, however often and at once it arrives", async () => {
    nowMs = NOW.getTime();
    const created = await book(at(9, "10:00"));
    const payload = fake.event("payment_intent.succeeded", fake.succeed(await intentIdOf(created)));
    // Stripe may deliver an event twice at once, and repeats one it thinks undelivered.
    const together = await Promise.all(Array.from({ length: 6 }, async () => outcomeOf(await deliver(payload))));
    expect(together).toEqual(Array(6).fill("confirmed"));
    expect(await outcomeOf(await deliver(payload))).toBe("confirmed");
    expect(await bookingRow(created.id)).toMatchObject({ status: "confirmed" });
    expect(await paymentRow(created.payment.id)).toMatchObject({ status: "succeeded" });
    expect(await toldKinds(created.id)).toEqual(["booking_confirmed"]);
  });

  it("a failure is recorded and keeps the hold; one arriving after the success changes nothing", async () => {
    nowMs = NOW.getTime();
    const created = await book(at(10, "10:00"));
    const intentId = await intentIdOf(created);
    const declined = fake.fail(intentId, { code: "card_declined", declineCode: "insufficient_funds" });
    const failure = fake.event("payment_intent.payment_failed", declined);
    expect(await outcomeOf(await deliver(failure))).toBe("failure_recorded");
    expect(await paymentRow(created.payment.id)).toMatchObject({
      status: "failed",
      failure_code: "insufficient_funds",
    });
    expect(await bookingRow(created.id)).toMatchObject({ status: "pending_payment" });

    // The visitor's second card is accepted; then the first card's failure is delivered again, late.
    expect(await outcomeOf(await deliver(fake.event("payment_intent.succeeded", fake.succeed(intentId))))).toBe(
      "confirmed",
    );
    expect(await outcomeOf(await deliver(failure))).toBe("ignored");
    expect(await paymentRow(created.payment.id)).toMatchObject({ status: "succeeded", failure_code: null });
    expect(await bookingRow(created.id)).toMatchObject({ status: "confirmed" });
    expect(await toldKinds(created.id)).toEqual(["booking_confirmed"]);
  });

  it("an event whose signature does not verify is refused and changes nothing", async () => {
    nowMs = NOW.getTime();
    const created = await book(at(11, "10:00"));
    const payload = fake.event("payment_intent.succeeded", fake.succeed(await intentIdOf(created)));
    const refused = [
      await deliver(payload, { secret: "whsec_someone_else" }),
      // Signed, then altered: the signature covers the exact bytes.
      await app.request(STRIPE_WEBHOOK_PATH, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
        },
        body: payload.replace('"livemode": false', '"livemode": true'),
      }),
      // A genuine event recorded and replayed later than Stripe's five minutes' tolerance.
      await deliver(payload, { timestamp: Math.floor(Date.now() / 1000) - 10 * 60 }),
      await post(app, STRIPE_WEBHOOK_PATH, JSON.parse(payload)),
    ];
    for (const res of refused) {
      expect(res.status).toBe(400);
      expect(((await res.json()) as Json).code).toBe("VALIDATION_FAILED");
    }
    expect(await bookingRow(created.id)).toMatchObject({ status: "pending_payment" });
    expect(await paymentRow(created.payment.id)).toMatchObject({ status: "pending" });
    expect(await toldKinds(created.id)).toEqual([]);
  });

  it("money that arrives after the time was taken is refunded at Stripe: the full amount, once", async () => {
    nowMs = NOW.getTime();
    const first = await book(at(14, "10:00"));
    const intentId = await intentIdOf(first);
    // The visitor submitted a card; the bank is slow. Meanwhile the payment time runs out, the sweep
    // releases the booking (Stripe refuses to cancel an intent in progress), and another visitor books.
    fake.startProcessing(intentId);
    nowMs += 11 * MINUTE;
    const deps = {
      store: paymentStore(executorOf(testDb.database)),
      providers: serverAccount(stripe),
      clock: () => new Date(nowMs),
    };
    expect(await expireUnpaidBookings(deps)).toBeGreaterThanOrEqual(1);
    expect(fake.requests.find((r) => r.path === `/v1/payment_intents/${intentId}/cancel`)).toMatchObject({
      status: 400,
      idempotencyKey: `cancel-${intentId}`,
    });
    const second = await book(at(14, "10:00"));

    const payload = fake.event("payment_intent.succeeded", fake.succeed(intentId));
    const outcomes = await Promise.all(Array.from({ length: 3 }, async () => outcomeOf(await deliver(payload))));
    expect(outcomes).toEqual(["refunded", "refunded", "refunded"]);
    expect(await outcomeOf(await deliver(payload))).toBe("refunded");
    expect(fake.refunds().filter((r) => r.payment_intent === intentId)).toEqual([
      expect.objectContaining({ amount: 2000, currency: "eur", status: "succeeded" }),
    ]);
    expect(fake.requests.filter((r) => r.path === "/v1/refunds" && !r.replayed)).toHaveLength(1);
    expect(await paymentRow(first.payment.id)).toMatchObject({ status: "refunded", refunded_minor: 2000 });
    expect(await bookingRow(first.id)).toMatchObject({ status: "cancelled", cancel_reason: "payment_expired" });
    expect(await bookingRow(second.id)).toMatchObject({ status: "pending_payment" });
    // Told once that the time was let go, then once of the refund (never of a booking), however
    // many deliveries raced.
    expect(await toldKinds(first.id)).toEqual(["payment_expired", "payment_refunded"]);

    // Stripe then reports the refund it made: already recorded.
    expect(await outcomeOf(await deliver(fake.event("charge.refunded", fake.charge(intentId))))).toBe(
      "refund_recorded",
    );
    expect(await paymentRow(first.payment.id)).toMatchObject({ status: "refunded", refunded_minor: 2000 });
    nowMs = NOW.getTime();
  });

  it("a refund Stripe could not be reached for is made when Stripe delivers the event again", async () => {
    nowMs = NOW.getTime();
    const first = await book(at(15, "10:00"));
    const intentId = await intentIdOf(first);
    nowMs += 11 * MINUTE;
    // Booking the same time releases the unpaid booking on the spot.
    await book(at(15, "10:00"));
    expect(await bookingRow(first.id)).toMatchObject({ status: "cancelled" });
    const payload = fake.event("payment_intent.succeeded", fake.succeed(intentId));

    // More lost connections than the SDK retries: the refund is recorded as owed (the sweep, or
    // Stripe delivering the event again, gives it back); the webhook itself was handled.
    fake.dropNext("/v1/refunds", 3);
    expect((await deliver(payload)).status).toBe(200);
    expect(fake.refunds().filter((r) => r.payment_intent === intentId)).toEqual([]);
    expect(await paymentRow(first.payment.id)).toMatchObject({ status: "succeeded", refunded_minor: 0 });
    expect(
      (await row("select refund_due_minor from payments where id = $1", [first.payment.id])).refund_due_minor,
    ).toBe(2000);

    expect(await outcomeOf(await deliver(payload))).toBe("refunded");
    expect(fake.refunds().filter((r) => r.payment_intent === intentId)).toHaveLength(1);
    expect(await paymentRow(first.payment.id)).toMatchObject({ status: "refunded", refunded_minor: 2000 });
    nowMs = NOW.getTime();
  });

  it("a refund the business makes at Stripe is recorded; the booking stays theirs to decide", async () => {
    nowMs = NOW.getTime();
    const created = await book(at(16, "10:00"));
    const intentId = await intentIdOf(created);
    await deliver(fake.event("payment_intent.succeeded", fake.succeed(intentId)));
    const charge = { ...fake.charge(intentId), amount_refunded: 500, refunded: false };
    expect(await outcomeOf(await deliver(fake.event("charge.refunded", charge)))).toBe("refund_recorded");
    // Part of it: the payment stays succeeded, with what was given back.
    expect(await paymentRow(created.payment.id)).toMatchObject({ status: "succeeded", refunded_minor: 500 });
    expect(await bookingRow(created.id)).toMatchObject({ status: "confirmed" });
  });

  it("a request's money is held (manual capture): captured when the business confirms, released when it declines", async () => {
    nowMs = NOW.getTime();
    await patchCalendarSettings(testDb.database, fx.calendars.requests, { payment: "full", priceCents: 3000 });
    const business = await businessHeaders(testDb.database, fx, "stripe requests");
    const answer = (id: string, action: "confirm" | "decline") => answerRequest(app, business, id, action);
    const ask = async (time: string) => {
      const res = await post(app, "/api/bookings", {
        calendarId: fx.calendars.requests,
        startTime: at(23, time),
        timezone: TZ,
        contact,
      });
      const created = (await res.json()) as Json;
      expect(intentRequestOf(created).params.capture_method).toBe("manual");
      const intent = await intentIdOf(created);
      fake.authorize(intent);
      expect(
        await outcomeOf(await deliver(fake.event("payment_intent.amount_capturable_updated", fake.intent(intent)))),
      ).toBe("confirmed");
      expect(await paymentRow(created.payment.id)).toMatchObject({ status: "authorized" });
      expect(await bookingRow(created.id)).toMatchObject({ status: "new" });
      return { created, intent };
    };

    const confirmed = await ask("10:00");
    expect((await answer(confirmed.created.id, "confirm")).status).toBe(200);
    expect(fake.intent(confirmed.intent).status).toBe("succeeded");
    expect(await paymentRow(confirmed.created.payment.id)).toMatchObject({ status: "succeeded" });
    // Stripe then reports the capture's success: nothing more happens.
    expect(await outcomeOf(await deliver(fake.event("payment_intent.succeeded", fake.intent(confirmed.intent))))).toBe(
      "confirmed",
    );
    expect(await toldKinds(confirmed.created.id)).toEqual(["request_received", "request_confirmed"]);

    const declined = await ask("12:00");
    expect((await answer(declined.created.id, "decline")).status).toBe(200);
    expect(fake.intent(declined.intent).status).toBe("canceled");
    expect(fake.refunds().filter((r) => r.payment_intent === declined.intent)).toEqual([]);
    expect(await paymentRow(declined.created.payment.id)).toMatchObject({ status: "canceled" });
  });

  it("cancelling an intent that already ended is not an error; one in progress is", async () => {
    nowMs = NOW.getTime();
    const paid = await intentIdOf(await book(at(17, "10:00")));
    fake.succeed(paid);
    await expect(stripe.cancelIntent(paid)).resolves.toBeUndefined();
    const dropped = await intentIdOf(await book(at(17, "12:00")));
    await stripe.cancelIntent(dropped);
    expect(fake.intent(dropped).status).toBe("canceled");
    const busy = await intentIdOf(await book(at(17, "14:00")));
    fake.startProcessing(busy);
    await expect(stripe.cancelIntent(busy)).rejects.toThrow(/status of processing/);
  });

  it("events about other things, or about payments made elsewhere, are acknowledged and ignored", async () => {
    const other = fake.event("customer.created", { id: "cus_1", object: "customer" });
    expect(await outcomeOf(await deliver(other))).toBe("ignored");
    const elsewhere = fake.event("payment_intent.succeeded", { id: "pi_not_ours", object: "payment_intent" });
    expect(await outcomeOf(await deliver(elsewhere))).toBe("unknown_payment");
  });

  it("reads the body as sent: text the database could not store does not matter, malformed JSON does", async () => {
    const odd = fake.event("customer.created", { id: "cus_2", object: "customer", name: "Ada\u0000" });
    expect(odd).toContain("\\u0000");
    expect(await outcomeOf(await deliver(odd))).toBe("ignored");
    const malformed = await deliver("{not json");
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as Json).code).toBe("INVALID_JSON");
  });

  it("a server without a webhook secret has no Stripe webhook", async () => {
    const withoutStripe = bookingApp(testDb.database);
    const payload = fake.event("customer.created", { id: "cus_3", object: "customer" });
    const refused = await withoutStripe.request(STRIPE_WEBHOOK_PATH, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      },
      body: payload,
    });
    expect(refused.status).toBe(404);
  });
});

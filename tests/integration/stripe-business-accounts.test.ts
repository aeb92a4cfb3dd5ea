/**
 * Businesses' own Stripe accounts (issue 14), end to end: the real SDK against the local stand-in
 * for Stripe's API (several accounts, each finding only its own objects), the business API that
 * sets the keys, and webhooks signed as Stripe signs them. Each business's payments go to its own
 * account and are refunded there; one without keys pays through the server's account; the keys are
 * stored sealed; a business's endpoint verifies with that business's secret and touches only its
 * payments.
 */
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSealedStripeAccount } from "../../src/adapters/db/payments/stripe-accounts.ts";
import { createLinkSealer } from "../../src/adapters/outbox/link-sealing.ts";
import { paymentAccounts } from "../../src/adapters/payments/payment-accounts.ts";
import { createStripePaymentEvents } from "../../src/adapters/payments/stripe-events.ts";
import { createStripePaymentProvider } from "../../src/adapters/payments/stripe-provider.ts";
import { mayCall } from "../../src/core/console/staff-access.ts";
import de from "../../src/i18n/catalogs/de.json";
import { STRIPE_WEBHOOK_PATH } from "../../src/server/routes/payment-api.ts";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "../support/databases.ts";
import { startFakeStripe, type FakeStripe } from "../support/fake-stripe.ts";
import {
  at,
  bookingApp,
  businessHeaders,
  contact,
  NOW,
  patchCalendarSettings,
  post,
  seedBookingFixture,
  type Fixture,
} from "./booking-fixtures.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;
const SERVER_WEBHOOK_SECRET = "whsec_server_account_of_this_suite";
const KEYS_PATH = "/api/business/payments/stripe";

describe.each(DATABASE_KINDS)("businesses' own Stripe accounts on %s", (kind) => {
  let testDb: TestDatabase;
  let fake: FakeStripe;
  let app: ReturnType<typeof bookingApp>;
  // A and B bring their own accounts; C pays through the server's.
  const fx: Record<"a" | "b" | "c", Fixture> = {} as never;
  const headers: Record<"a" | "b" | "c", Record<string, string>> = {} as never;
  const own = {
    a: { secretKey: "", publishableKey: "pk_test_businessAaaaaaaaa", webhookSecret: "whsec_businessA_signing" },
    b: { secretKey: "", publishableKey: "pk_test_businessBbbbbbbbb", webhookSecret: "whsec_businessB_signing" },
  };

  beforeAll(async () => {
    [testDb, fake] = await Promise.all([createTestDatabase(kind), startFakeStripe()]);
    own.a.secretKey = fake.addAccount();
    own.b.secretKey = fake.addAccount();
    const sealer = createLinkSealer("a test app secret of at least 32 characters");
    const accounts = paymentAccounts({
      server: {
        provider: createStripePaymentProvider({ secretKey: fake.secretKey, ...fake.connection }),
        account: "server",
        publishableKey: "pk_test_serverAccount1",
      },
      load: (businessId) => loadSealedStripeAccount(testDb.database.db, businessId),
      openSecret: sealer.openText,
      api: fake.connection,
    });
    app = bookingApp(testDb.database, {}, () => NOW, {
      linkSealer: sealer,
      paymentAccounts: accounts,
      paymentEvents: createStripePaymentEvents(SERVER_WEBHOOK_SECRET),
    });
    for (const name of ["a", "b", "c"] as const) {
      fx[name] = await seedBookingFixture(testDb.database);
      await patchCalendarSettings(testDb.database, fx[name].calendars.personal, { payment: "full", priceCents: 2000 });
      headers[name] = await businessHeaders(testDb.database, fx[name], `key-${name}`);
    }
  });
  afterAll(async () => {
    await Promise.all([testDb?.drop(), fake?.close()]);
  });

  const putKeys = (name: "a" | "b" | "c", body: unknown, extra: Record<string, string> = {}) =>
    app.request(KEYS_PATH, { method: "PUT", headers: { ...headers[name], ...extra }, body: JSON.stringify(body) });
  const book = async (name: "a" | "b" | "c", startTime: string) => {
    const res = await post(app, "/api/bookings", {
      calendarId: fx[name].calendars.personal,
      startTime,
      timezone: "Europe/Berlin",
      contact,
    });
    expect(res.status).toBe(201);
    return (await res.json()) as Json;
  };
  const row = async (sql: string, params: unknown[]) => (await testDb.database.execute(sql, params)).rows[0] as Json;
  const paymentRow = (id: string) => row("select status, account, provider_ref from payments where id = $1", [id]);
  const bookingStatus = async (id: string) => (await row("select status from bookings where id = $1", [id])).status;
  const deliver = (path: string, payload: string, secret: string) =>
    app.request(path, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload, secret }),
      },
      body: payload,
    });
  const endpointOf = (name: "a" | "b" | "c") => `${STRIPE_WEBHOOK_PATH}/${fx[name].businessId}`;

  it("refuses keys of the wrong shape, of mixed modes, or that Stripe does not accept — in the owner's language", async () => {
    const shape = await putKeys("a", { ...own.a, secretKey: "pk_test_notasecret" });
    expect(shape.status).toBe(400);
    expect(((await shape.json()) as Json).errors).toEqual([expect.objectContaining({ path: "secretKey" })]);

    const mixed = await putKeys("a", { ...own.a, publishableKey: "pk_live_businessAaaaaaaaa" });
    expect(mixed.status).toBe(400);
    expect(await mixed.json()).toMatchObject({
      code: "STRIPE_MODE_MISMATCH",
      errors: [{ path: "publishableKey", code: "STRIPE_MODE_MISMATCH" }],
    });

    const unknownKey = "sk_test_nobodyknowsthiskey";
    const rejected = await putKeys("a", { ...own.a, secretKey: unknownKey }, { "accept-language": "de" });
    expect(rejected.status).toBe(400);
    expect(await rejected.json()).toMatchObject({
      code: "STRIPE_KEY_REJECTED",
      detail: de["problem.STRIPE_KEY_REJECTED"],
      errors: [{ path: "secretKey", code: "STRIPE_KEY_REJECTED" }],
    });
    // Asked at Stripe with the key itself, and nothing kept.
    expect(fake.requests.at(-1)).toMatchObject({ method: "GET", path: "/v1/balance", status: 401 });
    expect(await (await app.request(KEYS_PATH, { headers: headers.a })).json()).toMatchObject({ configured: false });
  });

  it("keeps the keys sealed and shows only whether they are set, their mode and the last four characters", async () => {
    for (const name of ["a", "b"] as const) {
      const res = await putKeys(name, own[name]);
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).not.toContain(own[name].secretKey);
      expect(text).not.toContain(own[name].webhookSecret);
      expect(JSON.parse(text)).toEqual({
        configured: true,
        mode: "test",
        secretKeyLast4: own[name].secretKey.slice(-4),
        updatedAt: expect.any(String),
        webhookUrl: `https://book.example.com${STRIPE_WEBHOOK_PATH}/${fx[name].businessId}`,
      });
    }
    const shown = await (await app.request(KEYS_PATH, { headers: headers.a })).text();
    expect(shown).not.toContain(own.a.secretKey);
    expect(JSON.parse(shown)).toMatchObject({ configured: true, mode: "test" });

    const stored = JSON.stringify((await testDb.database.execute("select * from business_stripe_accounts", [])).rows);
    for (const secret of [own.a.secretKey, own.b.secretKey, own.a.webhookSecret, own.b.webhookSecret])
      expect(stored).not.toContain(secret);
    expect(stored).toContain("sealed:v1:");
    // Only the owner: a staff login's role does not reach these routes (a key acts as the owner).
    expect(mayCall({ userId: "u", role: "staff", staffId: "s" }, "GET", "/payments/stripe")).toBe(false);
    expect(mayCall({ userId: "u", role: "staff", staffId: "s" }, "PUT", "/payments/stripe")).toBe(false);
  });

  it("each business's payment goes to its own account; a business without keys pays through the server's", async () => {
    const paid = {
      a: await book("a", at(8, "10:00")),
      b: await book("b", at(8, "10:00")),
      c: await book("c", at(8, "10:00")),
    };
    const expected = {
      a: { key: own.a.secretKey, account: "business", publishableKey: own.a.publishableKey },
      b: { key: own.b.secretKey, account: "business", publishableKey: own.b.publishableKey },
      c: { key: fake.secretKey, account: "server", publishableKey: "pk_test_serverAccount1" },
    };
    for (const name of ["a", "b", "c"] as const) {
      const created = paid[name];
      expect(created.payment).toMatchObject({ provider: "stripe", publishableKey: expected[name].publishableKey });
      const stored = await paymentRow(created.payment.id);
      expect(stored.account).toBe(expected[name].account);
      expect(fake.accountOf(stored.provider_ref)).toBe(expected[name].key);
      expect(fake.requests.find((r) => r.idempotencyKey === `payment-${created.payment.id}`)).toMatchObject({
        authorization: `Bearer ${expected[name].key}`,
        status: 200,
      });
    }
  });

  it("a business's endpoint confirms its own payments, refuses a wrong signature, and cannot touch another's", async () => {
    const a = await book("a", at(9, "10:00"));
    const b = await book("b", at(9, "10:00"));
    const c = await book("c", at(9, "10:00"));
    const refOf = async (created: Json) => (await paymentRow(created.payment.id)).provider_ref as string;
    const succeededA = fake.event("payment_intent.succeeded", fake.succeed(await refOf(a)));
    const succeededB = fake.event("payment_intent.succeeded", fake.succeed(await refOf(b)));
    const succeededC = fake.event("payment_intent.succeeded", fake.succeed(await refOf(c)));

    // Signed with another business's secret, or with the server's: refused at A's endpoint.
    for (const secret of [own.b.webhookSecret, SERVER_WEBHOOK_SECRET]) {
      const res = await deliver(endpointOf("a"), succeededA, secret);
      expect(res.status).toBe(400);
      expect(((await res.json()) as Json).errors).toEqual([expect.objectContaining({ path: "stripe-signature" })]);
    }
    expect(await bookingStatus(a.id)).toBe("pending_payment");

    // A knows its own secret: it cannot speak for B's payment, nor for the server's account's.
    for (const payload of [succeededB, succeededC]) {
      const res = await deliver(endpointOf("a"), payload, own.a.webhookSecret);
      expect(((await res.json()) as Json).outcome).toBe("unknown_payment");
    }
    // Nor does the server's endpoint confirm a payment made in a business's own account.
    expect(
      ((await (await deliver(STRIPE_WEBHOOK_PATH, succeededA, SERVER_WEBHOOK_SECRET)).json()) as Json).outcome,
    ).toBe("unknown_payment");
    expect([await bookingStatus(a.id), await bookingStatus(b.id), await bookingStatus(c.id)]).toEqual([
      "pending_payment",
      "pending_payment",
      "pending_payment",
    ]);

    // The visitor's page asks where its payment stands: still waiting for Stripe's word.
    const status = (created: Json, clientSecret = created.payment.clientSecret as string) =>
      post(app, `/api/payments/${created.payment.id}/status`, { clientSecret });
    expect(await (await status(a)).json()).toEqual({ status: "waiting" });
    expect((await status(a, b.payment.clientSecret)).status).toBe(404);

    // Each through its own endpoint and secret.
    expect(((await (await deliver(endpointOf("a"), succeededA, own.a.webhookSecret)).json()) as Json).outcome).toBe(
      "confirmed",
    );
    expect(((await (await deliver(endpointOf("b"), succeededB, own.b.webhookSecret)).json()) as Json).outcome).toBe(
      "confirmed",
    );
    expect(
      ((await (await deliver(STRIPE_WEBHOOK_PATH, succeededC, SERVER_WEBHOOK_SECRET)).json()) as Json).outcome,
    ).toBe("confirmed");
    expect([await bookingStatus(a.id), await bookingStatus(b.id), await bookingStatus(c.id)]).toEqual([
      "confirmed",
      "confirmed",
      "confirmed",
    ]);
    expect(await (await status(a)).json()).toEqual({ status: "succeeded", bookingId: a.id });
    // A business without keys has no endpoint of its own.
    expect((await deliver(endpointOf("c"), succeededC, own.a.webhookSecret)).status).toBe(404);

    // A refund goes to the account that holds the money, with its idempotency key.
    const refunded = await app.request(`/api/business/bookings/${a.id}/refund`, {
      method: "POST",
      headers: headers.a,
      body: JSON.stringify({ amountMinor: 500 }),
    });
    expect(refunded.status).toBe(200);
    const refundOfA = fake.requests.filter((r) => r.path === "/v1/refunds").at(-1);
    expect(refundOfA).toMatchObject({
      authorization: `Bearer ${own.a.secretKey}`,
      idempotencyKey: `refund-${a.payment.id}-500`,
      params: { payment_intent: await refOf(a), amount: "500" },
      status: 200,
    });
  });

  it("removing the keys sends the business's new payments through the server's account again", async () => {
    const removed = await app.request(KEYS_PATH, { method: "DELETE", headers: headers.b });
    expect(removed.status).toBe(204);
    expect(await (await app.request(KEYS_PATH, { headers: headers.b })).json()).toMatchObject({
      configured: false,
      mode: null,
      secretKeyLast4: null,
    });
    const created = await book("b", at(10, "10:00"));
    const stored = await paymentRow(created.payment.id);
    expect(stored.account).toBe("server");
    expect(fake.accountOf(stored.provider_ref)).toBe(fake.secretKey);
    expect((await app.request(KEYS_PATH, { method: "DELETE", headers: headers.b })).status).toBe(404);
    // A's keys are untouched.
    expect(await (await app.request(KEYS_PATH, { headers: headers.a })).json()).toMatchObject({ configured: true });
  });
});

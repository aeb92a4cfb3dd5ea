/**
 * Issue 20, webhooks: subscriptions through the business API; bookings through the public API; the
 * outbox worker delivering to a real local HTTP receiver that checks every signature with the
 * Standard Webhooks reference library; failures retried with the same id; a subscription that keeps
 * failing disabled with an email to its alert address; private targets refused when not allowed.
 */
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildTransport, type EmailTransport } from "../../src/adapters/email/build-transport.ts";
import { createLinkSealer } from "../../src/adapters/outbox/link-sealing.ts";
import { createNotificationHandler, createOutboxWorker } from "../../src/adapters/outbox/outbox-worker.ts";
import { createWebhookHandler, fanOutWebhooks, WEBHOOK_TOPIC } from "../../src/adapters/webhooks/webhook-outbox.ts";
import { DISABLE_AFTER_FAILURES } from "../../src/core/webhooks/events.ts";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "../support/databases.ts";
import { startSmtpReceiver, type SmtpReceiver } from "../support/smtp-receiver.ts";
import {
  at,
  bookingApp,
  businessHeaders,
  contact,
  NOW,
  post,
  seedBookingFixture,
  type Fixture,
} from "./booking-fixtures.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;
const TZ = "Europe/Berlin";

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on 127.0.0.1: answers 500 to the next `failNext` requests, then 204. */
async function startReceiver() {
  const received: Received[] = [];
  const state = { failNext: 0 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      if (state.failNext > 0) {
        state.failNext -= 1;
        res.writeHead(500).end("receiver down");
      } else res.writeHead(204).end();
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return { url, received, state, close: () => new Promise<void>((done) => server.close(() => done())) };
}

describe.each(DATABASE_KINDS)("webhooks on %s", (kind) => {
  let testDb: TestDatabase;
  let fx: Fixture;
  let app: ReturnType<typeof bookingApp>;
  let headers: Record<string, string>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let smtp: SmtpReceiver;
  let transport: EmailTransport;
  const sealer = createLinkSealer(randomBytes(32).toString("hex"));

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    fx = await seedBookingFixture(testDb.database);
    app = bookingApp(testDb.database, {}, () => NOW, { linkSealer: sealer });
    headers = await businessHeaders(testDb.database, fx, "webhooks");
    receiver = await startReceiver();
    smtp = await startSmtpReceiver();
    transport = buildTransport({ smtpUrl: smtp.url, from: "Hooks <hooks@studio.example>", dataDir: os.tmpdir() });
  });
  afterAll(async () => {
    transport?.close();
    await smtp?.close();
    await receiver?.close();
    await testDb?.drop();
  });
  beforeEach(() => {
    receiver.received.length = 0;
    receiver.state.failNext = 0;
  });

  /** The worker as main.ts builds it; `maxAttempts` and no backoff so a test can exhaust retries. */
  function worker(options: { allowPrivateTargets?: boolean; maxAttempts?: number } = {}) {
    const db = testDb.database.db;
    const maxAttempts = options.maxAttempts ?? 10;
    return createOutboxWorker({
      db,
      maxAttempts,
      baseDelayMs: 0,
      handlers: {
        notification: createNotificationHandler({
          transport: buildTransport({ from: "x <x@studio.example>", dataDir: os.tmpdir() }),
          from: "x <x@studio.example>",
          clock: () => NOW,
          webhooks: (businessId, message, rowId, now) => fanOutWebhooks(db, businessId, message, rowId, now),
        }),
        [WEBHOOK_TOPIC]: createWebhookHandler({
          db,
          openSecret: sealer.openText,
          allowPrivateTargets: options.allowPrivateTargets ?? true,
          maxAttempts,
          transport,
        }),
      },
    });
  }
  const api = (method: string, path: string, body?: unknown, as = headers) =>
    app.request(`/api/business${path}`, { method, headers: as, ...(body ? { body: JSON.stringify(body) } : {}) });
  const book = async (startTime: string) =>
    (await (
      await post(app, "/api/bookings", { calendarId: fx.calendars.personal, startTime, timezone: TZ, contact })
    ).json()) as Json;
  const subscribe = async (events: string[], extra: Json = {}) => {
    const res = await api("POST", "/webhooks", { url: receiver.url, events, ...extra });
    expect(res.status).toBe(201);
    return (await res.json()) as Json;
  };

  it("delivers signed events that the Standard Webhooks library verifies, and logs them", async () => {
    const sub = await subscribe(["booking.created", "booking.cancelled"], { description: "CRM" });
    expect(sub.secret).toMatch(/^whsec_/);
    const listed = (await (await api("GET", "/webhooks")).json()) as Json[];
    expect(listed.find((s) => s.id === sub.id)).not.toHaveProperty("secret");

    const booking = await book(at(9, "10:00"));
    await worker().drain();
    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    const event = new Webhook(sub.secret).verify(request!.body, request!.headers as Record<string, string>) as Json;
    expect(event).toMatchObject({
      type: "booking.created",
      version: 1,
      data: { bookingId: booking.id, status: "confirmed", contact: { email: contact.email } },
    });
    expect(request!.body).not.toContain(booking.manageToken);
    // A wrong secret does not verify: the signature is real.
    expect(() =>
      new Webhook(`whsec_${randomBytes(32).toString("base64")}`).verify(
        request!.body,
        request!.headers as Record<string, string>,
      ),
    ).toThrow();

    const log = (await (await api("GET", `/webhooks/${sub.id}/deliveries`)).json()) as Json[];
    expect(log[0]).toMatchObject({
      id: request!.headers["webhook-id"],
      eventType: "booking.created",
      status: "succeeded",
      attempts: 1,
      lastStatusCode: 204,
    });
    await api("DELETE", `/webhooks/${sub.id}`);
  });

  it("retries a failed delivery with the same id until the receiver takes it", async () => {
    const sub = await subscribe(["booking.created"]);
    receiver.state.failNext = 2;
    await book(at(9, "11:00"));
    await worker().drain();
    expect(receiver.received).toHaveLength(3);
    expect(new Set(receiver.received.map((r) => r.headers["webhook-id"])).size).toBe(1);
    const [last] = (await (await api("GET", `/webhooks/${sub.id}/deliveries`)).json()) as Json[];
    expect(last).toMatchObject({ status: "succeeded", attempts: 3, lastStatusCode: 204 });
    await api("DELETE", `/webhooks/${sub.id}`);
  });

  it(`disables a subscription after ${DISABLE_AFTER_FAILURES} deliveries failed for good, tells its alert address, and turns on again afresh`, async () => {
    const sub = await subscribe(["booking.created"], { alertEmail: "ops@studio.example" });
    receiver.state.failNext = 1_000;
    smtp.clear();
    for (let i = 0; i < DISABLE_AFTER_FAILURES; i++) await book(at(10, `${String(9 + i).padStart(2, "0")}:00`));
    await worker({ maxAttempts: 2 }).drain();
    const after = (await (await api("GET", `/webhooks/${sub.id}`)).json()) as Json;
    expect(after).toMatchObject({ isActive: false, consecutiveFailures: DISABLE_AFTER_FAILURES });
    expect(after.disabledReason).toContain("failed");
    expect(smtp.messages.map((m) => m.to)).toEqual([["ops@studio.example"]]);
    const log = (await (await api("GET", `/webhooks/${sub.id}/deliveries`)).json()) as Json[];
    expect(log.map((d) => d.status)).toEqual(Array(DISABLE_AFTER_FAILURES).fill("failed"));

    const again = (await (await api("PATCH", `/webhooks/${sub.id}`, { isActive: true })).json()) as Json;
    expect(again).toMatchObject({ isActive: true, consecutiveFailures: 0, disabledReason: null });
    await api("DELETE", `/webhooks/${sub.id}`);
  });

  it("refuses private and plain-http targets where they are not allowed, at subscription and at delivery", async () => {
    const strict = bookingApp(testDb.database, {}, () => NOW, {
      linkSealer: sealer,
      allowPrivateWebhookTargets: false,
    });
    const create = (url: string) =>
      strict.request("/api/business/webhooks", {
        method: "POST",
        headers,
        body: JSON.stringify({ url, events: ["booking.created"] }),
      });
    for (const url of ["http://10.0.0.8/hook", "https://127.0.0.1/hook", "https://[::1]/hook", "https://localhost/x"]) {
      const res = await create(url);
      expect(res.status).toBe(400);
      expect(((await res.json()) as Json).errors[0]).toMatchObject({ path: "url", code: "PRIVATE_TARGET" });
    }
    expect((((await (await create("http://hooks.example.com/x")).json()) as Json).errors[0] as Json).code).toBe(
      "HTTPS_REQUIRED",
    );

    // Allowed at subscription (development), refused by a worker that does not allow it.
    const sub = await subscribe(["booking.created"]);
    await book(at(11, "10:00"));
    await worker({ allowPrivateTargets: false }).drain();
    expect(receiver.received).toHaveLength(0);
    const [delivery] = (await (await api("GET", `/webhooks/${sub.id}/deliveries`)).json()) as Json[];
    expect(delivery).toMatchObject({ status: "failed" });
    expect(delivery!.lastError).toContain("private");
    await api("DELETE", `/webhooks/${sub.id}`);
  });

  it("keeps each business's subscriptions to itself", async () => {
    const sub = await subscribe(["booking.created"]);
    const other = await seedBookingFixture(testDb.database);
    const theirs = await businessHeaders(testDb.database, other, "other");
    expect((await api("GET", `/webhooks/${sub.id}`, undefined, theirs)).status).toBe(404);
    expect((await api("GET", `/webhooks/${sub.id}/deliveries`, undefined, theirs)).status).toBe(404);
    expect((await api("DELETE", `/webhooks/${sub.id}`, undefined, theirs)).status).toBe(404);
    expect(((await (await api("GET", "/webhooks", undefined, theirs)).json()) as Json[]).length).toBe(0);
    await api("DELETE", `/webhooks/${sub.id}`);
  });
});

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildTransport, type EmailTransport } from "../../../src/adapters/email/build-transport.ts";
import { businesses, outbox } from "../../../src/adapters/db/schema.ts";
import { enqueueNotification } from "../../../src/adapters/outbox/outbox.ts";
import {
  createNotificationWorker,
  createOutboxWorker,
  retryDelayMs,
  type OutboxRow,
} from "../../../src/adapters/outbox/outbox-worker.ts";
import { notification } from "../../support/booking-snapshot.ts";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "../../support/databases.ts";
import { parseMail, startSmtpReceiver, type SmtpReceiver } from "../../support/smtp-receiver.ts";

const FROM = "Bookings <bookings@harbour.example.com>";
const silent = { info() {}, warn() {}, error() {} };

describe("retryDelayMs", () => {
  const policy = { baseDelayMs: 1_000, maxDelayMs: 60_000 };
  it("doubles per attempt, keeps half fixed and half jittered, and is capped", () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, policy, () => 0))).toEqual([500, 1_000, 2_000, 4_000]);
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, policy, () => 0.999999))).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(retryDelayMs(30, policy, () => 0.5)).toBe(45_000);
  });
});

describe.each(DATABASE_KINDS)("outbox worker on %s", (kind) => {
  let testDb: TestDatabase;
  let receiver: SmtpReceiver;
  let transport: EmailTransport;
  let businessId: string;
  let otherBusinessId: string;

  beforeAll(async () => {
    [testDb, receiver] = await Promise.all([createTestDatabase(kind), startSmtpReceiver()]);
    transport = buildTransport({ smtpUrl: receiver.url, from: FROM, dataDir: "/nonexistent" });
    const [business] = await testDb.database.db
      .insert(businesses)
      .values({ slug: "harbour", name: "Harbour Physio", timeZone: "America/New_York" })
      .returning({ id: businesses.id });
    businessId = business!.id;
    const [second] = await testDb.database.db
      .insert(businesses)
      .values({ slug: "quay", name: "Quay Dental", timeZone: "Europe/London" })
      .returning({ id: businesses.id });
    otherBusinessId = second!.id;
  });
  afterAll(async () => {
    transport?.close();
    await receiver?.close();
    await testDb?.drop();
  });
  beforeEach(async () => {
    receiver.clear();
    await testDb.database.db.delete(outbox);
  });

  const db = () => testDb.database.db;
  const worker = (options: { maxAttempts?: number } = {}) =>
    createNotificationWorker({
      db: db(),
      transport,
      from: FROM,
      logger: silent,
      baseDelayMs: 60_000,
      random: () => 0,
      pollIntervalMs: 50,
      ...options,
    });
  const row = async (id: string) => (await db().select().from(outbox).where(eq(outbox.id, id)))[0]!;
  /** Lets the scheduled time of every pending row pass. */
  const makeDue = () =>
    testDb.database.execute(
      `update outbox set next_attempt_at = now() where delivered_at is null and next_attempt_at <> 'infinity'`,
    );

  it("delivers a notification committed with the booking change to every recipient", async () => {
    const id = await db().transaction((tx) => enqueueNotification(tx, businessId, notification("booking_confirmed")));
    expect(await worker().drain()).toEqual({ delivered: 1, failed: 0, dead: 0 });
    expect(receiver.messages.map((m) => m.to[0])).toEqual([
      "ada@visitor.example.com",
      "grace@guest.example.com",
      "dana@harbour.example.com",
    ]);
    const mail = await parseMail(receiver.messages[0]!);
    expect(mail.subject).toMatch(/^Booking confirmed: Initial assessment with Harbour Physio/);
    const stored = await row(id);
    expect(stored.deliveredAt).toBeInstanceOf(Date);
    expect(stored.attempts).toBe(1);
    expect(stored.lockedUntil).toBeNull();
    expect(stored.topic).toBe("notification");
    expect(stored.payload).toMatchObject({
      kind: "booking_confirmed",
      booking: { uid: notification("booking_confirmed").booking.uid },
    });
    // Delivered rows are not delivered again.
    expect(await worker().drain()).toEqual({ delivered: 0, failed: 0, dead: 0 });
    expect(receiver.messages).toHaveLength(3);
  });

  it("sends nothing for a change that rolled back", async () => {
    await expect(
      db().transaction(async (tx) => {
        await enqueueNotification(tx, businessId, notification("booking_cancelled"));
        throw new Error("booking change failed");
      }),
    ).rejects.toThrow("booking change failed");
    expect(await worker().drain()).toEqual({ delivered: 0, failed: 0, dead: 0 });
    expect(receiver.messages).toHaveLength(0);
  });

  it("retries a delivery the receiver rejected, with backoff, then delivers it", async () => {
    const id = await enqueueNotification(db(), businessId, notification("request_received"));
    receiver.rejectNext(1);
    expect(await worker().drain()).toEqual({ delivered: 0, failed: 1, dead: 0 });
    const failed = await row(id);
    expect(failed.deliveredAt).toBeNull();
    expect(failed.attempts).toBe(1);
    expect(failed.lastError).toMatch(/451/);
    expect(failed.lockedUntil).toBeNull();
    // First retry after base/2 … base (random() = 0 → base/2 = 30 s), measured against database time.
    const [{ delayMs }] = (
      await testDb.database.execute(
        `select extract(epoch from next_attempt_at - now()) * 1000 as "delayMs" from outbox where id = $1`,
        [id],
      )
    ).rows as [{ delayMs: number }];
    expect(Number(delayMs)).toBeGreaterThan(25_000);
    expect(Number(delayMs)).toBeLessThanOrEqual(30_000);
    // Not due yet: nothing happens.
    expect(await worker().drain()).toEqual({ delivered: 0, failed: 0, dead: 0 });

    await makeDue();
    expect(await worker().drain()).toEqual({ delivered: 1, failed: 0, dead: 0 });
    expect(receiver.rejectedCount()).toBe(1);
    expect(receiver.messages).toHaveLength(3);
    expect((await parseMail(receiver.messages[0]!)).subject).toMatch(/^Appointment requested/);
    const delivered = await row(id);
    expect(delivered.deliveredAt).toBeInstanceOf(Date);
    expect(delivered.attempts).toBe(2);
  });

  it("loses nothing when the process dies between commit and delivery", async () => {
    // Committed but never picked up: the process stopped right after the transaction.
    const waiting = await enqueueNotification(db(), businessId, notification("booking_rescheduled"));
    // Claimed by a worker that died mid-delivery: its lease has run out.
    const orphaned = await enqueueNotification(db(), businessId, notification("booking_cancelled"));
    await testDb.database.execute(
      `update outbox set attempts = 1, locked_until = now() - interval '1 second' where id = $1`,
      [orphaned],
    );

    const fresh = worker();
    fresh.start();
    try {
      await expect
        .poll(async () => (await row(waiting)).deliveredAt && (await row(orphaned)).deliveredAt, {
          timeout: 10_000,
          interval: 50,
        })
        .toBeInstanceOf(Date);
    } finally {
      await fresh.stop();
    }
    expect(receiver.messages).toHaveLength(6);
    expect((await row(orphaned)).attempts).toBe(2);
  });

  it("renews a slow delivery's lease, and takes over a killed worker's row within one lease (issue 13)", async () => {
    const lease = { db: db(), logger: silent, lockMs: 400 };
    const sent: string[] = [];
    const other = createOutboxWorker({
      ...lease,
      handlers: { notification: async (r) => void sent.push(`other:${r.id}`) },
    });

    // A live worker whose delivery takes three leases: its heartbeat keeps the row its own.
    const slowId = await enqueueNotification(db(), businessId, notification("booking_confirmed"));
    let finish!: () => void;
    const slow = new Promise<void>((resolve) => (finish = resolve));
    const live = createOutboxWorker({
      ...lease,
      handlers: { notification: async (r) => void (await slow, sent.push(`live:${r.id}`)) },
    });
    const delivering = live.runOnce();
    await expect.poll(async () => (await row(slowId)).attempts, { timeout: 5_000, interval: 20 }).toBe(1);
    const until = Date.now() + 1_200;
    while (Date.now() < until) {
      expect((await other.runOnce()).delivered).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 25)); // a poll interval: lets the heartbeat's timer run
    }
    finish();
    await delivering;
    expect(sent).toEqual([`live:${slowId}`]);

    // A worker killed mid-delivery renews nothing (heartbeatMs 0 stands for the dead process).
    const orphanId = await enqueueNotification(db(), businessId, notification("booking_cancelled"));
    const killed = createOutboxWorker({
      ...lease,
      heartbeatMs: 0,
      handlers: { notification: () => new Promise(() => {}) },
    });
    void killed.runOnce();
    await expect.poll(async () => (await row(orphanId)).attempts, { timeout: 5_000, interval: 20 }).toBe(1);
    await expect.poll(async () => (await other.runOnce()).delivered, { timeout: 5_000, interval: 50 }).toBe(1);
    expect(sent).toEqual([`live:${slowId}`, `other:${orphanId}`]);
  });

  it("does not take a row another worker holds a live lease on", async () => {
    const id = await enqueueNotification(db(), businessId, notification("booking_confirmed"));
    await testDb.database.execute(`update outbox set locked_until = now() + interval '1 minute' where id = $1`, [id]);
    expect(await worker().drain()).toEqual({ delivered: 0, failed: 0, dead: 0 });
    expect(receiver.messages).toHaveLength(0);
  });

  it("gives up after maxAttempts and keeps the row with its last error", async () => {
    const id = await enqueueNotification(db(), businessId, notification("booking_confirmed"));
    const failing = createOutboxWorker({
      db: db(),
      logger: silent,
      maxAttempts: 2,
      handlers: { notification: () => Promise.reject(new Error("SMTP down")) },
    });
    expect(await failing.drain()).toEqual({ delivered: 0, failed: 1, dead: 0 });
    await makeDue();
    expect(await failing.drain()).toEqual({ delivered: 0, failed: 0, dead: 1 });
    const dead = await row(id);
    expect(dead.deliveredAt).toBeNull();
    expect(dead.attempts).toBe(2);
    expect(dead.lastError).toBe("Error: SMTP down");
    const [{ isInfinite }] = (
      await testDb.database.execute(`select next_attempt_at = 'infinity' as "isInfinite" from outbox where id = $1`, [
        id,
      ])
    ).rows as [{ isInfinite: boolean }];
    expect(isInfinite).toBe(true);
    await makeDue();
    expect(await failing.drain()).toEqual({ delivered: 0, failed: 0, dead: 0 });
  });

  it("marks a payload that can never be delivered dead at once", async () => {
    const [inserted] = await db()
      .insert(outbox)
      .values({ businessId, topic: "notification", payload: { kind: "unknown" } })
      .returning({ id: outbox.id });
    expect(await worker().drain()).toEqual({ delivered: 0, failed: 0, dead: 1 });
    expect((await row(inserted!.id)).lastError).toMatch(/^PermanentDeliveryError: invalid notification payload/);
  });

  it("never hands the same row to two workers at once", async () => {
    await Promise.all(
      Array.from({ length: 12 }, () => enqueueNotification(db(), businessId, notification("booking_confirmed"))),
    );
    const seen: string[] = [];
    const handler = async (r: OutboxRow) => {
      seen.push(r.id);
      await new Promise((resolve) => setTimeout(resolve, 5));
    };
    const workers = [1, 2, 3].map(() =>
      createOutboxWorker({ db: db(), logger: silent, batchSize: 2, handlers: { notification: handler } }),
    );
    const results = await Promise.all(workers.map((w) => w.drain()));
    expect(results.reduce((sum, r) => sum + r.delivered, 0)).toBe(12);
    expect(new Set(seen).size).toBe(12);
    expect(seen).toHaveLength(12);
  });

  it("claims the due rows of every business, one claim per business, and still never one row twice (ADR 0057)", async () => {
    const both = [businessId, otherBusinessId];
    const ids = await Promise.all(
      Array.from({ length: 12 }, (_, i) => enqueueNotification(db(), both[i % 2]!, notification("booking_confirmed"))),
    );
    const seen: OutboxRow[] = [];
    const handler = async (r: OutboxRow) => {
      seen.push(r);
      await new Promise((resolve) => setTimeout(resolve, 5));
    };
    // A batch larger than one business's due rows (6 each) holds rows of both: the second business's
    // claim fills what the first one's left.
    const one = createOutboxWorker({ db: db(), logger: silent, batchSize: 8, handlers: { notification: handler } });
    expect(await one.runOnce()).toEqual({ delivered: 8, failed: 0, dead: 0 });
    expect(new Set(seen.map((r) => r.businessId))).toEqual(new Set(both));
    // Several workers drain the rest: every row of both businesses once, with its own business.
    const workers = [1, 2, 3].map(() =>
      createOutboxWorker({ db: db(), logger: silent, batchSize: 3, handlers: { notification: handler } }),
    );
    const results = await Promise.all(workers.map((w) => w.drain()));
    expect(results.reduce((sum, r) => sum + r.delivered, 0)).toBe(4);
    expect(seen.map((r) => r.id).sort()).toEqual([...ids].sort());
    expect(seen.map((r) => `${r.id} ${r.businessId}`).sort()).toEqual(
      ids.map((id, i) => `${id} ${both[i % 2]}`).sort(),
    );
  });
});

/**
 * Delivers outbox rows after commit, at least once.
 * (One file: claim, lease, heartbeat and backoff are one protocol and read best together.)
 *
 * A poll claims due rows with `for update skip locked` and leases them (`locked_until`), so several
 * workers — or a worker and a test's `drain()` — never deliver the same row at the same time. The
 * lease is short and the live worker renews it while it delivers (a heartbeat), so a row leased by a
 * process that was killed is picked up again within one lease (30 s), not after the slowest delivery
 * anyone could imagine. Attempts are counted
 * at claim time, so even a row that crashes the process on every try ends. A failure schedules the
 * next attempt with exponential backoff and jitter; after `maxAttempts` the row is dead: kept, with
 * its last error, and `next_attempt_at = 'infinity'` so it is never claimed again.
 *
 * Only database time (`now()`) is used for scheduling, so workers on hosts with different clocks agree.
 */
import { sql } from "drizzle-orm";
import { claimPerBusiness } from "../db/claim-per-business.ts";
import type { Db } from "../db/client.ts";
import type { EmailTransport } from "../email/build-transport.ts";
import {
  notificationRecipients,
  renderNotification,
  renderReminderSms,
  type EmailBrand,
} from "../email/render-notification.ts";
import { NotificationMessageSchema } from "./notification-payload.ts";
import { isScheduledKind, type NotificationMessage } from "../../core/notifications/notification.ts";
import type { ReminderSchedule } from "./reminder-schedule.ts";
import { NOTIFICATION_TOPIC } from "./outbox.ts";
import type { SmsTransport } from "../sms/sms-transport.ts";

export interface OutboxRow {
  id: string;
  businessId: string;
  topic: string;
  payload: unknown;
  /** Attempts so far, this one included. */
  attempts: number;
}

export type OutboxHandler = (row: OutboxRow) => Promise<void>;

/** Thrown by a handler when retrying cannot help (an invalid payload): the row goes dead at once. */
export class PermanentDeliveryError extends Error {
  override name = "PermanentDeliveryError";
}

export interface WorkerLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface RetryPolicy {
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export interface OutboxWorkerOptions extends Partial<RetryPolicy> {
  db: Db;
  handlers: Record<string, OutboxHandler>;
  logger?: WorkerLogger;
  pollIntervalMs?: number;
  batchSize?: number;
  /** How long a claimed row stays leased without a renewal (the heartbeat renews it every third of this). */
  lockMs?: number;
  /** How often the leases of the batch in progress are renewed; 0 never (only to stand for a dead process in tests). */
  heartbeatMs?: number;
  /** Jitter source in [0, 1); injectable for tests. */
  random?: () => number;
}

export interface RunResult {
  delivered: number;
  failed: number;
  dead: number;
}

export interface OutboxWorker {
  /** Polls every `pollIntervalMs` (immediately again after a full batch) until `stop()`. */
  start(): void;
  /** Stops polling and waits for the batch in progress. */
  stop(): Promise<void>;
  /** Claims and delivers one batch. */
  runOnce(): Promise<RunResult>;
  /** Runs batches until no row is due: for tests and scripts. */
  drain(): Promise<RunResult>;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxAttempts: 10, baseDelayMs: 30_000, maxDelayMs: 6 * 60 * 60_000 };

/**
 * Delay before the attempt after `attempts` failures: base · 2^(attempts−1), capped, with "equal
 * jitter" (half fixed, half random) so rows that failed together do not retry together.
 */
export function retryDelayMs(
  attempts: number,
  policy: Pick<RetryPolicy, "baseDelayMs" | "maxDelayMs">,
  random: () => number = Math.random,
): number {
  const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(exponential / 2 + (exponential / 2) * random());
}

export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { db, handlers, logger } = options;
  const policy: RetryPolicy = {
    maxAttempts: options.maxAttempts ?? DEFAULT_RETRY_POLICY.maxAttempts,
    baseDelayMs: options.baseDelayMs ?? DEFAULT_RETRY_POLICY.baseDelayMs,
    maxDelayMs: options.maxDelayMs ?? DEFAULT_RETRY_POLICY.maxDelayMs,
  };
  const pollIntervalMs = options.pollIntervalMs ?? 1_000;
  const batchSize = options.batchSize ?? 10;
  const lockMs = options.lockMs ?? 30_000;
  const heartbeatMs = options.heartbeatMs ?? Math.max(1, Math.floor(lockMs / 3));
  const random = options.random ?? Math.random;

  let timer: NodeJS.Timeout | null = null;
  let running = false;
  // Batches of one worker run one after another, whoever asks (the poll loop or drain()).
  let queue: Promise<unknown> = Promise.resolve();

  /** Due: undelivered, its time come, and not leased by a worker (or its lease lapsed). */
  const due = sql`delivered_at is null and next_attempt_at <= now() and (locked_until is null or locked_until < now())`;

  /** Up to a batch of due rows, claimed business by business (claim-per-business.ts, ADR 0057). */
  function claim(): Promise<OutboxRow[]> {
    return claimPerBusiness(
      batchSize,
      async (limit) => {
        const result = (await db.execute(sql`
          select business_id from outbox where ${due}
           group by business_id order by min(next_attempt_at) limit ${limit}::integer`)) as unknown as {
          rows: { business_id: string }[];
        };
        return result.rows.map((r) => String(r.business_id));
      },
      (businessId, limit) => claimOf(businessId, limit),
    );
  }

  async function claimOf(businessId: string, limit: number): Promise<OutboxRow[]> {
    const result = (await db.execute(sql`
      update outbox
         set locked_until = now() + ${lockMs}::integer * interval '1 millisecond',
             attempts = attempts + 1
       where business_id = ${businessId}::uuid
         and id in (
             select id from outbox
              where business_id = ${businessId}::uuid and ${due}
              order by next_attempt_at
              limit ${limit}::integer
                for update skip locked)
   returning id, business_id, topic, payload, attempts`)) as unknown as { rows: Record<string, unknown>[] };
    return result.rows.map((r) => ({
      id: String(r.id),
      businessId: String(r.business_id),
      topic: String(r.topic),
      // pg and PGlite both parse jsonb; a driver configured to return text would give a string.
      payload: typeof r.payload === "string" ? (JSON.parse(r.payload) as unknown) : r.payload,
      attempts: Number(r.attempts),
    }));
  }

  async function deliver(row: OutboxRow): Promise<"delivered" | "failed" | "dead"> {
    try {
      const handler = handlers[row.topic];
      if (!handler) throw new PermanentDeliveryError(`no handler for topic "${row.topic}"`);
      await handler(row);
    } catch (error) {
      const message = (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 2000);
      const isDead = error instanceof PermanentDeliveryError || row.attempts >= policy.maxAttempts;
      if (isDead) {
        await db.execute(sql`
          update outbox set last_error = ${message}, locked_until = null, next_attempt_at = 'infinity'
           where id = ${row.id} and business_id = ${row.businessId}::uuid and delivered_at is null`);
        logger?.error(
          { outboxId: row.id, topic: row.topic, attempts: row.attempts, error: message },
          "outbox row dead: giving up",
        );
        return "dead";
      }
      const delayMs = retryDelayMs(row.attempts, policy, random);
      await db.execute(sql`
        update outbox
           set last_error = ${message}, locked_until = null,
               next_attempt_at = now() + ${delayMs}::integer * interval '1 millisecond'
         where id = ${row.id} and business_id = ${row.businessId}::uuid and delivered_at is null`);
      logger?.warn(
        { outboxId: row.id, topic: row.topic, attempts: row.attempts, retryInMs: delayMs, error: message },
        "outbox delivery failed: will retry",
      );
      return "failed";
    }
    await db.execute(
      sql`update outbox set delivered_at = now(), locked_until = null where id = ${row.id} and business_id = ${row.businessId}::uuid`,
    );
    return "delivered";
  }

  /**
   * Renews the leases of rows still being delivered. A row counts as ours while its attempt count
   * is the one we claimed it with: had our lease lapsed and another worker claimed it, that count moved.
   */
  function keepLeases(rows: OutboxRow[]): () => void {
    if (heartbeatMs <= 0 || rows.length === 0) return () => undefined;
    // One statement per business (a batch holds few): each names its business, so it routes to one shard.
    const byBusiness = new Map<string, OutboxRow[]>();
    for (const row of rows) byBusiness.set(row.businessId, [...(byBusiness.get(row.businessId) ?? []), row]);
    const renew = async () => {
      for (const [businessId, mine] of byBusiness) {
        const ids = mine.map((row) => row.id);
        const attempts = mine.map((row) => row.attempts);
        await db.execute(sql`
          update outbox o
             set locked_until = now() + ${lockMs}::integer * interval '1 millisecond'
            from (select unnest(${`{${ids.join(",")}}`}::uuid[]) as id,
                         unnest(${`{${attempts.join(",")}}`}::int[]) as attempts) mine
           where o.business_id = ${businessId}::uuid and o.id = mine.id and o.attempts = mine.attempts
             and o.delivered_at is null and o.locked_until is not null`);
      }
    };
    const timer = setInterval(() => {
      renew().catch((error: unknown) =>
        logger?.warn({ error: error instanceof Error ? error.message : String(error) }, "outbox lease renewal failed"),
      );
    }, heartbeatMs);
    return () => clearInterval(timer);
  }

  async function batch(): Promise<RunResult & { claimed: number }> {
    const rows = await claim();
    const result = { delivered: 0, failed: 0, dead: 0, claimed: rows.length };
    const stopRenewing = keepLeases(rows);
    try {
      for (const row of rows) result[await deliver(row)] += 1;
    } finally {
      stopRenewing();
    }
    return result;
  }

  function runOnce(): Promise<RunResult & { claimed: number }> {
    const next = queue.then(batch, batch);
    queue = next.catch(() => undefined);
    return next;
  }

  function schedule(delayMs: number) {
    if (!running) return;
    timer = setTimeout(() => {
      timer = null;
      runOnce().then(
        (result) => schedule(result.claimed === batchSize ? 0 : pollIntervalMs),
        (error: unknown) => {
          logger?.error({ error: error instanceof Error ? error.message : String(error) }, "outbox poll failed");
          schedule(pollIntervalMs);
        },
      );
    }, delayMs);
  }

  return {
    start() {
      if (running) return;
      running = true;
      schedule(0);
    },
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      timer = null;
      await queue;
    },
    async runOnce() {
      const { claimed: _claimed, ...result } = await runOnce();
      return result;
    },
    async drain() {
      const total: RunResult = { delivered: 0, failed: 0, dead: 0 };
      for (;;) {
        const { claimed, ...result } = await runOnce();
        total.delivered += result.delivered;
        total.failed += result.failed;
        total.dead += result.dead;
        if (claimed === 0) return total;
      }
    },
  };
}

export interface NotificationDeliveryOptions {
  transport: EmailTransport;
  /** The From header (MAIL_FROM): its address is the organizer of last resort and names Message-IDs. */
  from: string;
  clock?: () => Date;
  /** Opens links sealed in the outbox (link-sealing.ts); identity when links are stored as they are. */
  openNotification?: (message: NotificationMessage) => NotificationMessage;
  /**
   * Reminders (reminder-schedule.ts): written after each message that confirms a booking, and
   * checked at their time. Without it nothing is scheduled and scheduled kinds are sent as they are.
   */
  reminders?: ReminderSchedule;
  /** Reminders as text messages (adapters/sms); without it, scheduled texts are dropped with a log line. */
  sms?: SmsTransport;
  /** Webhooks (adapters/webhooks): the deliveries a notification calls for, written before it is sent. */
  webhooks?: (businessId: string, message: NotificationMessage, sourceRowId: string, now: Date) => Promise<unknown>;
  logger?: Pick<WorkerLogger, "info">;
  /** The business's branding as it is when the message is sent (ADR 0049); without it, the product's look. */
  branding?: (businessId: string) => Promise<EmailBrand | null>;
}

/** Topic "notification": renders the message for every recipient and sends each their copy. */
export function createNotificationHandler(options: NotificationDeliveryOptions): OutboxHandler {
  const fromAddress = /<([^<>]+)>\s*$/.exec(options.from)?.[1] ?? options.from.trim();
  const domain = fromAddress.split("@")[1] ?? "localhost";
  const clock = options.clock ?? (() => new Date());
  const sendText = async (rowId: string, stored: NotificationMessage) => {
    const phone = stored.booking.contact.phone;
    if (!options.sms || !phone) {
      options.logger?.info({ outboxId: rowId }, "text reminder dropped: no text message transport or no phone");
      return;
    }
    const message = options.openNotification ? options.openNotification(stored) : stored;
    await options.sms.send({ id: rowId, to: phone, text: renderReminderSms(message) });
  };
  return async (row) => {
    const parsed = NotificationMessageSchema.safeParse(row.payload);
    if (!parsed.success) throw new PermanentDeliveryError(`invalid notification payload: ${parsed.error.message}`);
    if (options.reminders && isScheduledKind(parsed.data.kind)) {
      if (!(await options.reminders.isStillDue(row.businessId, parsed.data))) {
        options.logger?.info(
          { outboxId: row.id, kind: parsed.data.kind, bookingId: parsed.data.booking.bookingId },
          "scheduled message lapsed: the booking moved or was cancelled",
        );
        return;
      }
    }
    if (parsed.data.channel === "sms") return sendText(row.id, parsed.data);
    // Before sending: a failure here retries the row, and the reminders' fixed ids keep them single.
    const now = clock();
    await options.reminders?.scheduleAfter(row.businessId, parsed.data, now);
    await options.webhooks?.(row.businessId, parsed.data, row.id, now);
    // An occurrence told in its series' one e-mail (issue 17): its webhooks only.
    if (parsed.data.toldWithSeries) return;
    const message = options.openNotification ? options.openNotification(parsed.data) : parsed.data;
    // A retry after a partial failure sends again to recipients that already got their copy; the
    // Message-ID stays the same (row id + recipient) so mail systems can recognise the duplicate.
    const recipients = notificationRecipients(message.booking, message.kind);
    const brand = (await options.branding?.(row.businessId)) ?? null;
    for (const [index, recipient] of recipients.entries()) {
      const email = renderNotification(message, recipient, { now, fallbackOrganizerEmail: fromAddress, brand });
      await options.transport.send({
        to: { name: recipient.name, address: recipient.address },
        subject: email.subject,
        html: email.html,
        text: email.text,
        ...(email.calendar ? { calendar: email.calendar } : {}),
        messageId: `<${row.id}.${index}@${domain}>`,
      });
    }
  };
}

/** The worker the server runs: notifications by email, other topics (webhooks) as given. */
export function createNotificationWorker(
  options: Omit<OutboxWorkerOptions, "handlers"> &
    NotificationDeliveryOptions & { handlers?: Record<string, OutboxHandler> },
): OutboxWorker {
  return createOutboxWorker({
    ...options,
    handlers: { ...options.handlers, [NOTIFICATION_TOPIC]: createNotificationHandler(options) },
  });
}

/**
 * Composition root: configuration, logger, database (migrated, seeded on first start), the HTTP
 * app, and a graceful shutdown on SIGTERM/SIGINT that finishes in-flight requests before closing
 * the database.
 */
import { DEMO } from "../adapters/db/seed/demo-ids.ts";
import { CONSOLE_EMAIL_TOPIC } from "../adapters/db/console/console-store.ts";
import { createConsoleEmailHandler } from "../adapters/email/console-email.ts";
import type { EmailBranding } from "../adapters/email/branded-email.ts";
import { slotChangeChannel } from "../adapters/db/slot-change-channel.ts";
import { logSmsTransport } from "../adapters/sms/sms-transport.ts";
import { externalBusyChange } from "../app/bookings/slot-change-events.ts";
import { databaseRateLimiters } from "../adapters/db/rate-limit-windows.ts";
import { paymentStore } from "../adapters/db/bookings/payments.ts";
import { executorOf } from "../adapters/db/bookings/executor.ts";
import { createTestPaymentProvider } from "../adapters/payments/test-provider.ts";
import { createStripePaymentEvents } from "../adapters/payments/stripe-events.ts";
import { createStripePaymentProvider } from "../adapters/payments/stripe-provider.ts";
import { paymentAccounts } from "../adapters/payments/payment-accounts.ts";
import { loadSealedStripeAccount } from "../adapters/db/payments/stripe-accounts.ts";
import { expireUnpaidBookings } from "../app/payments/pay-for-booking.ts";
import { retentionStore } from "../adapters/db/privacy/person-data-store.ts";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { serve } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { randomBytes } from "node:crypto";
import { openDatabase } from "../adapters/db/client.ts";
import { DataDirInUseError } from "../adapters/db/data-dir-lock.ts";
import { migrateDatabase } from "../adapters/db/migrate.ts";
import { createPublicPagesRepository } from "../adapters/db/public-pages-repository.ts";
import { seedDemoOnFirstStart } from "../adapters/db/seed/demo.ts";
import { buildTransport } from "../adapters/email/build-transport.ts";
import { createLinkSealer } from "../adapters/outbox/link-sealing.ts";
import { reminderSchedule } from "../adapters/outbox/reminder-schedule.ts";
import { createNotificationWorker, DEFAULT_RETRY_POLICY } from "../adapters/outbox/outbox-worker.ts";
import { createWebhookHandler, fanOutWebhooks, WEBHOOK_TOPIC } from "../adapters/webhooks/webhook-outbox.ts";
import {
  CALENDAR_WRITE_TOPIC,
  createCalendarWriteHandler,
  fanOutCalendarWrites,
} from "../adapters/calendar-sync/calendar-write-outbox.ts";
import { calendarSources } from "../adapters/calendar-sync/sources.ts";
import { startCalendarSync } from "../adapters/calendar-sync/sync.ts";
import { FORM_SUBMITTED_TOPIC } from "../adapters/db/forms/form-store.ts";
import { createSubmissionNoticeHandler } from "../adapters/forms/submission-notice.ts";
import { resolveAppSecret } from "./app-secret.ts";
import { createLocaleRoutingConfig } from "../i18n/routing/config.ts";
import { createApp } from "./app.ts";
import { ConfigError, parseConfig, publicUrlOf } from "./config.ts";
import { createLogger } from "./logger.ts";

/** How long a stopping server keeps answering before it closes its listener. */
const DRAIN_MS = 300;
/** The listener closes once no connection has arrived for this long (the accept backlog is empty). */
const QUIET_MS = 250;
/** Then how long before keep-alive connections with nothing in flight are closed. */
const IDLE_GRACE_MS = 1000;
/** How often each process releases bookings whose payment time ran out (any process may; row locks keep it once). */
const UNPAID_SWEEP_MS = 15_000;
/** How often personal data past a business's retention period is erased: retention is counted in days. */
const RETENTION_SWEEP_MS = 60 * 60_000;

async function main() {
  let config;
  let appSecret: string;
  try {
    config = parseConfig(process.env);
    appSecret = resolveAppSecret(config);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
  const logger = createLogger(config.LOG_LEVEL);

  const target = config.DATABASE_URL
    ? ({
        kind: "postgres",
        url: config.DATABASE_URL,
        ...(config.DATABASE_READ_URL ? { readUrl: config.DATABASE_READ_URL } : {}),
      } as const)
    : ({ kind: "pglite", dataDir: config.dataDir } as const);
  if (target.kind === "pglite") fs.mkdirSync(config.dataDir, { recursive: true });
  let database;
  try {
    database = await openDatabase(target);
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    logger.fatal(error.message);
    process.exit(75); // EX_TEMPFAIL: try again once the other process has stopped
  }
  logger.info(
    {
      database: target.kind,
      ...(target.kind === "pglite" ? { dataDir: config.dataDir } : {}),
      ...(database.slotReads ? { slotReads: "read replica (DATABASE_READ_URL)" } : {}),
    },
    "database opened",
  );
  const migrations = await migrateDatabase(database);
  logger.info(
    { applied: migrations.applied, total: migrations.total },
    `database migrations: ${migrations.applied} applied, ${migrations.total} in total`,
  );
  if (config.SEED_DEMO) {
    const demo = await seedDemoOnFirstStart(database.db);
    if (demo) {
      logger.info("empty database: demo business seeded");
      logger.info(
        { business: demo.slug },
        `demo business API key (shown once): ${demo.key} — a new one any time: npm run business:key -- --slug ${demo.slug}`,
      );
      const { owner, staff } = DEMO.logins;
      logger.info(
        `demo console logins at /console — owner: ${owner.email} / "${owner.password}"; staff: ${staff.email} / "${staff.password}"`,
      );
    }
  }

  const buildDir = path.resolve("build");
  const serverEntry = path.join(buildDir, "server", "index.js");
  if (!fs.existsSync(serverEntry)) {
    logger.fatal({ serverEntry }, "no web build found: run `npm run build` first");
    process.exit(1);
  }
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;

  const linkSealer = createLinkSealer(appSecret);
  // The local admin channel (business:create and business:key while this server holds DATA_DIR).
  const adminToken = database.lock ? randomBytes(32).toString("base64url") : undefined;
  // Slot changes reach open booking pages of every process on the same PostgreSQL (LISTEN/NOTIFY).
  const slotChanges = await slotChangeChannel(database, {
    onError: (error, what) =>
      logger.warn(
        { err: error },
        what === "listen"
          ? "slot change notifications unavailable: pages served here hear only this process's changes"
          : "slot change notification failed: pages served by other processes miss this change until they load slots again",
      ),
  });
  // Stripe with the server's one account when its keys are set; otherwise the built-in test provider
  // (offline demo). A business with its own Stripe keys takes its payments in its own account.
  const payments = config.STRIPE_SECRET_KEY
    ? createStripePaymentProvider({ secretKey: config.STRIPE_SECRET_KEY, ...config.STRIPE_API_BASE })
    : createTestPaymentProvider();
  logger.info({ payments: payments.name }, `payments: ${payments.name} provider`);
  const accounts = paymentAccounts({
    server: { provider: payments, account: "server", publishableKey: config.STRIPE_PUBLISHABLE_KEY ?? null },
    load: (businessId) => loadSealedStripeAccount(database.db, businessId),
    openSecret: linkSealer.openText,
    ...(config.STRIPE_API_BASE ? { api: config.STRIPE_API_BASE } : {}),
  });
  // Staff members' connected calendars, behind the same SSRF guard as webhooks.
  const externalCalendars = calendarSources({ allowPrivate: config.WEBHOOK_ALLOW_PRIVATE });
  const pages = createPublicPagesRepository(database.db, config.DEFAULT_BUSINESS ?? null);
  const app = createApp({
    slotChanges,
    // Per-client limits count in PostgreSQL, shared by every process on it; in memory on the embedded database.
    ...(database.kind === "postgres"
      ? {
          rateLimiters: databaseRateLimiters(database, {
            onBackgroundError: (error) =>
              logger.warn(
                { err: error },
                "a rate-limit statement off the request path failed (deleting ended windows or sending a batch)",
              ),
          }),
        }
      : {}),
    database,
    linkSealer,
    formSecret: appSecret,
    appSecret,
    ...(config.BOOKING_WRITE_CONCURRENCY ? { bookingWriteConcurrency: config.BOOKING_WRITE_CONCURRENCY } : {}),
    pages,
    logger,
    clock: () => new Date(),
    build,
    clientDir: path.join(buildDir, "client"),
    mode: config.NODE_ENV,
    trustedProxy: config.TRUSTED_PROXY,
    widgetFrameAncestors: config.FRAME_ANCESTORS,
    allowPrivateWebhookTargets: config.WEBHOOK_ALLOW_PRIVATE,
    calendarSources: externalCalendars,
    ...(adminToken ? { adminToken } : {}),
    paymentAccounts: accounts,
    ...(config.STRIPE_WEBHOOK_SECRET ? { paymentEvents: createStripePaymentEvents(config.STRIPE_WEBHOOK_SECRET) } : {}),
    localeRouting: createLocaleRoutingConfig({
      cookieCrossOrigin: config.LOCALE_COOKIE_CROSS_ORIGIN,
      redirectOn: config.LOCALE_DETECTION,
    }),
    bookingApi: {
      publicUrl: publicUrlOf(config),
      holdMinutes: config.HOLD_MINUTES,
      rateLimits: {
        bookingsPerMinute: config.RATE_LIMIT_BOOKINGS_PER_MINUTE,
        slotsPerMinute: config.RATE_LIMIT_SLOTS_PER_MINUTE,
      },
      ...(config.BOOKING_PROOF_MAX_NUMBER ? { bookingProof: { maxNumber: config.BOOKING_PROOF_MAX_NUMBER } } : {}),
    },
  });

  const mailTransport = buildTransport(
    { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, dataDir: config.dataDir },
    logger,
  );
  // Every process syncs the connected calendars that are due (claimed with skip locked).
  const calendarSync = startCalendarSync({
    db: database.db,
    sources: externalCalendars,
    openSecret: linkSealer.openText,
    clock: () => new Date(),
    onBusyChanged: (staffId) => slotChanges.publish(externalBusyChange(staffId)),
    logger,
  });
  // Every email on a business's behalf, to visitors and to the business, wears its branding (ADR 0049).
  // Mail needs the logo's absolute address; images are served on every host (image-files.ts).
  const emailBranding: EmailBranding = async (businessId) => {
    const brand = await pages.branding(businessId);
    return brand && { ...brand, logo: brand.logo && { ...brand.logo, src: publicUrlOf(config) + brand.logo.src } };
  };
  const outboxWorker = createNotificationWorker({
    db: database.db,
    transport: mailTransport,
    from: config.MAIL_FROM,
    logger,
    branding: emailBranding,
    openNotification: linkSealer.open,
    reminders: reminderSchedule(database.db),
    // No text message provider yet: texts are written to the log (adapters/sms).
    sms: logSmsTransport(logger),
    // Webhook deliveries and calendar writes a booking change calls for, written before its emails.
    webhooks: async (businessId, message, sourceRowId, now) => {
      await fanOutWebhooks(database.db, businessId, message, sourceRowId, now);
      await fanOutCalendarWrites(database.db, businessId, message, sourceRowId);
    },
    handlers: {
      [CONSOLE_EMAIL_TOPIC]: createConsoleEmailHandler({
        transport: mailTransport,
        openLink: linkSealer.openText,
        branding: emailBranding,
      }),
      [FORM_SUBMITTED_TOPIC]: createSubmissionNoticeHandler({
        db: database.db,
        transport: mailTransport,
        branding: emailBranding,
      }),
      [CALENDAR_WRITE_TOPIC]: createCalendarWriteHandler({
        db: database.db,
        sources: externalCalendars,
        openSecret: linkSealer.openText,
      }),
      [WEBHOOK_TOPIC]: createWebhookHandler({
        db: database.db,
        openSecret: linkSealer.openText,
        allowPrivateTargets: config.WEBHOOK_ALLOW_PRIVATE,
        maxAttempts: DEFAULT_RETRY_POLICY.maxAttempts,
        transport: mailTransport,
      }),
    },
  });

  // Bookings whose payment time ran out give their time back even when nobody else asks for it.
  const unpaidSweep = setInterval(() => {
    expireUnpaidBookings({
      store: paymentStore(executorOf(database)),
      providers: accounts,
      clock: () => new Date(),
      // Widgets showing the calendar hear of the freed time within a second.
      released: (freed) => slotChanges.publish(freed),
    })
      .then((released) => released > 0 && logger.info({ released }, "released unpaid bookings"))
      .catch((error: unknown) => logger.warn({ err: error }, "releasing unpaid bookings failed"));
  }, UNPAID_SWEEP_MS);
  unpaidSweep.unref();

  // Personal data past a business's retention period is erased (issue 19); several processes may
  // sweep at once: rows are taken with `skip locked`.
  const retentionSweep = setInterval(() => {
    retentionStore(database.db)
      .eraseExpired(new Date())
      .then(
        (erased) =>
          erased.bookings + erased.submissions + erased.uploads > 0 &&
          logger.info(erased, "erased personal data past retention"),
      )
      .catch((error: unknown) => logger.warn({ err: error }, "erasing personal data past retention failed"));
  }, RETENTION_SWEEP_MS);
  retentionSweep.unref();

  /** Node's own default, stated: request heads (cookies included) are far below it. */
  const MAX_HEADER_BYTES = 16 * 1024;
  let stopping = false;
  // While stopping, every answer closes its connection, so keep-alive clients move elsewhere.
  const fetchWhileStopping: typeof app.fetch = async (request, ...rest) => {
    const response = await app.fetch(request, ...rest);
    if (!stopping) return response;
    const headers = new Headers(response.headers);
    headers.set("connection", "close");
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  };
  const server = serve(
    {
      fetch: fetchWhileStopping,
      port: config.PORT,
      hostname: config.HOST,
      serverOptions: {
        // Slow and large clients (issue 19): a request head larger than 16 KB is 431; one not sent
        // within HEADERS_TIMEOUT_MS (a slowloris holding the connection open) or a request not
        // complete within REQUEST_TIMEOUT_MS is 408 and the connection is closed. Node checks these
        // deadlines every `connectionsCheckingInterval`, 30 s by default: far too lax for them.
        maxHeaderSize: MAX_HEADER_BYTES,
        headersTimeout: config.HEADERS_TIMEOUT_MS,
        requestTimeout: Math.max(config.REQUEST_TIMEOUT_MS, config.HEADERS_TIMEOUT_MS),
        connectionsCheckingInterval: Math.min(1_000, config.HEADERS_TIMEOUT_MS),
        keepAliveTimeout: 5_000,
      },
    },
    (info) => {
      logger.info({ port: info.port }, `listening on http://localhost:${info.port}`);
      const reachableOnLoopback = ["0.0.0.0", "::", "127.0.0.1", "localhost", "::1"].includes(config.HOST);
      if (adminToken && reachableOnLoopback)
        database.lock?.update({ adminUrl: `http://127.0.0.1:${info.port}`, adminToken });
      outboxWorker.start();
      logger.info({ email: mailTransport.kind }, "outbox worker started");
    },
  );

  let lastConnectionAt = performance.now();
  server.on("connection", () => (lastConnectionAt = performance.now()));
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down: finishing in-flight requests");
    const force = setTimeout(() => {
      logger.warn("shutdown timeout: closing remaining connections");
      if ("closeAllConnections" in server) server.closeAllConnections();
      // Never hang: if closing the database or the worker does not finish either, leave anyway.
      setTimeout(() => {
        logger.error("shutdown did not complete: exiting");
        process.exit(1);
      }, 2000).unref();
    }, config.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    // http.Server.close() would also cut every connection it deems idle — including one whose request
    // was sent but not yet read — and closing the listener resets connections still waiting in the
    // accept backlog while the event loop is busy (server-rendering the requests already in). So the
    // listener closes (net.Server's close: open connections stay) once no connection has arrived for
    // QUIET_MS, checked right after a poll phase has accepted whatever was waiting; in-flight requests
    // finish (their answers say Connection: close); keep-alive connections with nothing in flight are
    // closed after a grace period. The shutdown timeout bounds it all.
    const closeListenerWhenQuiet = () =>
      setImmediate(() => {
        const quietFor = performance.now() - lastConnectionAt;
        if (quietFor < QUIET_MS) return void setTimeout(closeListenerWhenQuiet, QUIET_MS - quietFor);
        net.Server.prototype.close.call(server, async () => {
          clearInterval(unpaidSweep);
          clearInterval(retentionSweep);
          await outboxWorker.stop();
          await calendarSync.stop();
          mailTransport.close();
          await database.close();
          logger.info("stopped");
          process.exit(0);
        });
        setTimeout(() => {
          if ("closeIdleConnections" in server) server.closeIdleConnections();
        }, IDLE_GRACE_MS).unref();
      });
    setTimeout(closeListenerWhenQuiet, DRAIN_MS);
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

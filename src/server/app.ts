/**
 * The HTTP surface: `/api/*` in Hono, every other path through React Router (SSR + hydration),
 * static assets with immutable caching, compression. Built from its dependencies so tests can
 * run it in process with `app.request()`.
 */
import { createFreeSlotAnswers } from "../app/bookings/free-slot-answers.ts";
import type { PublicSlotsByDate } from "../core/availability/model.ts";
import { randomBytes } from "node:crypto";
import { paymentStore } from "../adapters/db/bookings/payments.ts";
import { executorOf } from "../adapters/db/bookings/executor.ts";
import { createTestPaymentProvider } from "../adapters/payments/test-provider.ts";
import { paymentApi, STRIPE_WEBHOOK_PATH } from "./routes/payment-api.ts";
import type { PaymentDeps, PaymentEventSource } from "../app/payments/ports.ts";
import { paymentAccounts, type PaymentAccounts } from "../adapters/payments/payment-accounts.ts";
import { loadSealedStripeAccount } from "../adapters/db/payments/stripe-accounts.ts";
import { giveBackOwed } from "../app/payments/refunds.ts";
import { captureHeld, releaseHeld } from "../app/payments/held-money.ts";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "react-router";
import type { PublicPagesPort } from "../app/pages/public-pages.ts";
import type { Database } from "../adapters/db/client.ts";
import { DEFAULT_LOCALE, isLocaleCode, LOCALE_CODES } from "../i18n/locales.ts";
import { serverI18n } from "../i18n/server-i18n.ts";
import { MAX_FILE_BYTES } from "../core/forms/uploads.ts";
import { escapeHtml } from "../core/shared/html.ts";
import { LOCALE_ROUTING } from "../i18n/routing/config.ts";
import type { LocaleRoutingOptions } from "../i18n/routing/options.ts";
import type { WebLoadContext } from "../web/load-context.ts";
import { bodyLimit } from "hono/body-limit";
import {
  clientAddressMiddleware,
  NO_TRUSTED_PROXY,
  withoutUntrustedForwarding,
  type TrustedProxy,
} from "./http/client-address.ts";
import { compression } from "./http/compression.ts";
import { refuseUnstorableText } from "./http/input-bounds.ts";
import { securityHeaders, WIDGET_PATH } from "./http/security-headers.ts";
import { embedLook } from "./http/embed-look.ts";
import { problem } from "./http/problem.ts";
import { resolveLocaleForRequest } from "./locale-request.ts";
import type { Logger } from "./logger.ts";
import { createBookingRepository } from "../adapters/db/booking-repository.ts";
import { createLinkSealer, type LinkSealer } from "../adapters/outbox/link-sealing.ts";
import { publicApi, type PublicApiDeps } from "./routes/public-api.ts";
import { createBusinessApi } from "./routes/business/business-api.ts";
import { createAdminApi } from "./routes/admin-api.ts";
import { createBusinessDirectory } from "../adapters/db/business-repository.ts";
import { createFormDirectory } from "../adapters/db/forms/form-store.ts";
import {
  createSlotChangeEvents,
  externalBusyChange,
  withSlotChangeEvents,
  type SlotChangeEvents,
} from "../app/bookings/slot-change-events.ts";
import { createWarmBusyIndex } from "../app/bookings/warm-busy-index.ts";
import { slotEvents } from "./routes/slot-events.ts";
import { contentFeeds } from "./routes/content-feeds.ts";
import { withEtag } from "./http/content-etag.ts";
import { inMemoryRateLimiters, rateLimit, type RateLimiters } from "./routes/rate-limit.ts";
import { openApiDocument } from "./routes/openapi-document.ts";
import { API_REFERENCE_HTML } from "./routes/api-reference-page.ts";
import { createWidgetBookingPort, renderCalendarFile } from "./widget-booking.ts";
import { consoleApi } from "./routes/console/console-api.ts";
import { consoleStore } from "../adapters/db/console/console-store.ts";
import { argon2Passwords } from "../adapters/passwords/argon2.ts";
import { calendarSources, type CalendarSource } from "../adapters/calendar-sync/sources.ts";
import { staffFeed } from "./routes/staff-feed.ts";
import { imageFiles } from "./routes/image-files.ts";
import { IMAGE_UPLOAD_PATH } from "./routes/business/image-routes.ts";
import { MAX_IMPORT_BODY_BYTES, POST_IMPORT_PATH } from "./routes/business/post-import-routes.ts";
import { publicImages } from "../adapters/db/images/image-store.ts";
import { MAX_IMAGE_BYTES } from "../core/content/images.ts";
import { MAX_IMPORT_FILES, MAX_MARKDOWN_BYTES } from "../core/content/markdown-import.ts";
import { proofKey } from "../app/bookings/booking-proof.ts";
import { databaseProofLedger } from "../adapters/db/used-proofs.ts";

export interface AppDependencies {
  /** Slot changes of this process (the server's sweep publishes releases on it too); created here when absent. */
  slotChanges?: SlotChangeEvents;
  database: Database;
  pages: PublicPagesPort;
  logger: Logger;
  clock: () => Date;
  /** The React Router server build; absent in API-only tests. */
  build?: ServerBuild;
  clientDir?: string;
  mode: "production" | "development" | "test";
  /** Locale routing (src/i18n/routing/config.ts); defaults to LOCALE_ROUTING. */
  localeRouting?: LocaleRoutingOptions;
  /** The public booking API's settings and overrides; defaults: repository on `database`, config defaults. */
  bookingApi?: Partial<Omit<PublicApiDeps, "bookingProof">> & {
    /** The proof of work's difficulty (or, in tests, its ledger); its key is APP_SECRET's. */
    bookingProof?: Partial<PublicApiDeps["bookingProof"]>;
  };
  /** Seals manage links in the outbox (main.ts passes one built from APP_SECRET). */
  linkSealer?: LinkSealer;
  /** Booking statements in flight at once (BOOKING_WRITE_CONCURRENCY); the repository's default when absent. */
  bookingWriteConcurrency?: number;
  /**
   * Keeps busy indexes warm between slot queries (issue 22; default on). Off, every query loads and
   * indexes all its occupancy: the benchmark's baseline.
   */
  warmBusyIndexes?: boolean;
  /** Which proxies' X-Forwarded-* headers are believed (TRUSTED_PROXY); none by default. */
  trustedProxy?: TrustedProxy;
  /** `frame-ancestors` of widget pages (FRAME_ANCESTORS); `*` by default. */
  widgetFrameAncestors?: string;
  /** The token of the local admin channel (routes/admin-api.ts); absent, there is no such channel. */
  adminToken?: string;
  /** Webhooks to private network addresses (WEBHOOK_ALLOW_PRIVATE); default: only outside production. */
  allowPrivateWebhookTargets?: boolean;
  /**
   * Staff members' external calendars (calendar sync): CalDAV servers and ICS feeds, called through
   * the SSRF guard; by default the real ones, private addresses allowed as for webhooks.
   */
  calendarSources?: CalendarSource;
  /**
   * Payments per business: its own Stripe account, else the server's (main.ts builds it from the
   * STRIPE_* settings); absent, the built-in test provider stands for the server's account.
   */
  paymentAccounts?: PaymentAccounts;
  /** Stripe's webhook events (STRIPE_WEBHOOK_SECRET); absent, its webhook answers 404. */
  paymentEvents?: PaymentEventSource;
  /** Signs the fill-time tokens of form pages (APP_SECRET); absent, a random one per process. */
  formSecret?: string;
  /** Signs the console's CSRF tokens (APP_SECRET); absent, a random one per process. */
  appSecret?: string;
  /** Console sign-in attempts per client and minute (20 by default). */
  consoleAttemptsPerMinute?: number;
  /** Posts to form and survey pages per client and minute; FORM_POSTS_PER_MINUTE by default. */
  formPostsPerMinute?: number;
  /**
   * Where every per-client limit counts: in this process's memory by default; main.ts passes
   * counts shared in PostgreSQL so several processes together allow exactly each limit.
   */
  rateLimiters?: RateLimiters;
}

export const FORM_POSTS_PER_MINUTE = 60;
/** A form or survey page, with or without a locale prefix (`/de/widget/form/…`). */
const FORM_POST_PATH = new RegExp(`^(?:/(?:${LOCALE_CODES.join("|")}))?/widget/(?:form|survey)/`);

/** A form step's largest body: two files of the largest size a field takes, and the answers. */
export const MAX_FORM_BODY_BYTES = 2 * MAX_FILE_BYTES + 1024 * 1024;

/**
 * What a browser without JavaScript shows when a form step's files are too large to read (the page
 * with JavaScript checks sizes before sending): a page in the form's language leading back to it.
 */
function formTooLarge(c: Context): Response {
  const first = c.req.path.split("/")[1] ?? "";
  const { t, language } = serverI18n(isLocaleCode(first) ? first : DEFAULT_LOCALE);
  const message = escapeHtml(t("forms.notice.tooLarge"));
  return c.html(
    `<!doctype html><html lang="${language}"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
      `<title>${message}</title><main><h1>${message}</h1><p><a href="${escapeHtml(c.req.path)}">${escapeHtml(t("forms.backToForm"))}</a></p></main></html>`,
    413,
  );
}

/** The largest request body read (bookings with answers are a few KB); larger ones get 413 unread. */
export const MAX_BODY_BYTES = 256 * 1024;

/**
 * How long a loaded calendar is reused. Changes drop it at once through `calendar_changes`
 * notifications; the limit only bounds what a lost notification could leave stale.
 */
const CALENDAR_CACHE_MS = 60_000;

export function createApp(deps: AppDependencies) {
  // The root collects every mounted router's route definitions: the OpenAPI document is theirs.
  const app = new OpenAPIHono();
  const trustedProxy = deps.trustedProxy ?? NO_TRUSTED_PROXY;
  // Without APP_SECRET (tests), one per process: console tokens and booking challenges are this process's only.
  const appSecret = deps.appSecret ?? randomBytes(32).toString("base64url");
  // Slot reads on a read replica (ADR 0056): whatever a request of this process wrote is committed
  // before its answer leaves, so the next slot read must see the primary's position from after it.
  const slotReads = deps.database.slotReads;
  if (slotReads)
    app.use(async (c, next) => {
      await next();
      if (c.req.method !== "GET" && c.req.method !== "HEAD") slotReads.changed();
    });

  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    const path = c.req.path;
    if (!path.startsWith("/assets/")) {
      deps.logger.info(
        { method: c.req.method, path, status: c.res.status, ms: Math.round(performance.now() - started) },
        "request",
      );
    }
  });
  app.use(securityHeaders({ widgetFrameAncestors: deps.widgetFrameAncestors ?? "*", trustedProxy }));
  app.use(clientAddressMiddleware(trustedProxy));
  app.use(compression());
  const apiBodies = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) =>
      problem(c, 413, "PAYLOAD_TOO_LARGE", `The request body is larger than ${MAX_BODY_BYTES / 1024} KB.`),
  });
  // An image upload is the one API body larger than that (a multipart form's framing included).
  const imageBodies = bodyLimit({
    maxSize: MAX_IMAGE_BYTES + 64 * 1024,
    onError: (c) =>
      problem(c, 413, "PAYLOAD_TOO_LARGE", `An image may be at most ${MAX_IMAGE_BYTES / 1024 / 1024} MiB.`),
  });
  // So is an import of Markdown files (each file's own limit is checked by the route).
  const importBodies = bodyLimit({
    maxSize: MAX_IMPORT_BODY_BYTES,
    onError: (c) =>
      problem(
        c,
        413,
        "PAYLOAD_TOO_LARGE",
        `An import may be at most ${Math.round(MAX_IMPORT_BODY_BYTES / 1024)} KB: at most ${MAX_IMPORT_FILES} files of ${MAX_MARKDOWN_BYTES / 1024} KB.`,
      ),
  });
  app.use("/api/*", (c, next) =>
    // A GET or HEAD carries no body here; asking for one would build the full web Request that
    // @hono/node-server otherwise never makes (a sixth of a cached free-slots answer's CPU, issue 22).
    c.req.method === "GET" || c.req.method === "HEAD"
      ? next()
      : c.req.method !== "POST"
        ? apiBodies(c, next)
        : c.req.path === IMAGE_UPLOAD_PATH
          ? imageBodies(c, next)
          : c.req.path === POST_IMPORT_PATH
            ? importBodies(c, next)
            : apiBodies(c, next),
  );
  // A business's own endpoint (…/stripe/<businessId>) is below it.
  app.use(refuseUnstorableText({ signedBodies: [STRIPE_WEBHOOK_PATH] }));

  app.get("/api/health", async (c) => {
    try {
      await deps.database.execute("select 1");
      return c.json({ status: "ok", database: deps.database.kind });
    } catch (error) {
      deps.logger.error({ err: error }, "health check failed");
      return problem(c, 503, "DATABASE_UNAVAILABLE", "The database does not answer.");
    }
  });

  // The public booking API. Calendar files: pass `bookingApi.renderCalendarFile` (GET /api/bookings/:id/calendar.ics).
  // Slot changes are published after each commit (widget pages listen at /api/calendars/:id/events).
  const slotChanges = deps.slotChanges ?? createSlotChangeEvents();
  const store = withSlotChangeEvents(
    deps.bookingApi?.store ??
      createBookingRepository(deps.database.db, {
        calendarCacheMs: CALENDAR_CACHE_MS,
        ...(slotReads ? { slotReads: slotReads.executor } : {}),
        ...(deps.linkSealer ? { sealNotification: deps.linkSealer.seal, secretSealer: deps.linkSealer } : {}),
        ...(deps.bookingWriteConcurrency ? { writeConcurrency: deps.bookingWriteConcurrency } : {}),
      }),
    slotChanges,
  );
  const busyIndexes =
    deps.warmBusyIndexes !== false && store.loadOccupancyVersioned && store.occupancyChangedSince
      ? createWarmBusyIndex(
          {
            loadOccupancyVersioned: store.loadOccupancyVersioned.bind(store),
            occupancyChangedSince: store.occupancyChangedSince.bind(store),
          },
          { now: () => deps.clock().getTime() },
        )
      : null;
  // Without APP_SECRET's sealer (tests), a per-process key seals webhook secrets, Stripe keys and emailed links.
  const sealer = deps.linkSealer ?? createLinkSealer(randomBytes(32).toString("hex"));
  const accounts =
    deps.paymentAccounts ??
    paymentAccounts({
      server: { provider: createTestPaymentProvider(), account: "server", publishableKey: null },
      load: (businessId) => loadSealedStripeAccount(deps.database.db, businessId),
      openSecret: sealer.openText,
    });
  const bookingDeps: PublicApiDeps = {
    clock: deps.clock,
    // A manage link names no business: its owner is found across businesses, the token checked (ADR 0057).
    manageLinkOwner: (bookingId, token) => deps.pages.ownerOfBooking(bookingId, token),
    publicUrl: "http://localhost:3000",
    newId: () => crypto.randomUUID(),
    holdMinutes: 10,
    payments: accounts,
    // Bound below, once the payment side exists: the same provider refunds, captures and releases.
    money: {
      giveBack: () => giveBackOwed(paymentDeps),
      capture: (bookingId) => captureHeld(paymentDeps, bookingId),
      release: (bookingId) => releaseHeld(paymentDeps, bookingId),
    },
    rateLimits: { bookingsPerMinute: 30, slotsPerMinute: 300 },
    ...(deps.rateLimiters ? { rateLimiters: deps.rateLimiters } : {}),
    renderCalendarFile: renderCalendarFile(deps.clock),
    ...deps.bookingApi,
    bookingProof: {
      key: proofKey(appSecret),
      ledger: databaseProofLedger(deps.database, {
        onSweepError: (error) => deps.logger.warn({ err: error }, "deleting expired booking proofs failed"),
      }),
      ...deps.bookingApi?.bookingProof,
    },
    store,
    ...(busyIndexes ? { busyIndexes, freeSlotAnswers: createFreeSlotAnswers<PublicSlotsByDate>() } : {}),
  };
  const paymentDeps: PaymentDeps = {
    store: paymentStore(executorOf(deps.database)),
    providers: bookingDeps.payments ?? accounts,
    clock: deps.clock,
    released: (freed) => slotChanges.publish(freed),
  };
  // Any committed change to a calendar's inputs, by this process or another, NOTIFYs (migration 0005).
  // With a read replica, every change told of (this process's own commits published on the bus, other
  // processes' notifications) raises the position slot reads must see (ADR 0056).
  if (slotReads) slotChanges.subscribe(() => slotReads.changed());
  deps.database
    .listen("calendar_changes", () => {
      slotReads?.changed();
      bookingDeps.store.forgetCalendars?.();
    })
    .catch((error: unknown) =>
      deps.logger.warn(
        { err: error },
        `calendar change notifications unavailable: cached calendars live ${CALENDAR_CACHE_MS / 1000} s`,
      ),
    );
  // Busy time changed, by this process or another (migration 0012): rebuild those indexes now rather
  // than when the next visitor asks. Each query checks the database's version anyway (warm-busy-index.ts).
  if (busyIndexes) {
    // The embedded database runs in this process alone and calls its listeners before a commit
    // returns, so once our own probe is heard every change is known before anyone can see it, and an
    // unchanged index needs no version query (warm-busy-index.ts). The probe proves the listener is
    // really attached; PostgreSQL's notifications can arrive after another process's commit is seen.
    const probe = deps.database.kind === "pglite" ? `probe:${crypto.randomUUID()}` : null;
    deps.database
      .listen("busy_changes", (payload) => {
        if (probe && payload === probe) return busyIndexes.trustNotifications();
        slotReads?.changed();
        busyIndexes.changed(payload ? payload.split(",") : undefined);
      })
      .then(() => (probe ? deps.database.execute("select pg_notify('busy_changes', $1)", [probe]) : undefined))
      .catch((error: unknown) =>
        deps.logger.warn({ err: error }, "busy change notifications unavailable: indexes rebuild on the next query"),
      );
  }
  app.route("/api", slotEvents({ store: bookingDeps.store, events: slotChanges }));
  app.route("/api", publicApi(bookingDeps));
  app.route(
    "/api",
    paymentApi({ ...paymentDeps, events: deps.paymentEvents, accountEvents: (id) => accounts.eventsFor(id) }),
  );
  const widgetBooking = createWidgetBookingPort(bookingDeps, bookingDeps.manageLinkOwner);
  // A business's change (hours, settings, members) applies to the very next public request.
  app.use("/api/business/*", async (c, next) => {
    await next();
    if (c.req.method !== "GET" && c.res.status < 400) bookingDeps.store.forgetCalendars?.();
  });
  const directory = createBusinessDirectory(deps.database.db);
  const allowPrivateWebhookTargets = deps.allowPrivateWebhookTargets ?? deps.mode !== "production";
  // The business console (issue 18): its sessions are accepted by the business API too.
  const consoleAccounts = {
    store: consoleStore(deps.database.db, sealer.sealText),
    passwords: argon2Passwords,
    clock: deps.clock,
    publicUrl: bookingDeps.publicUrl,
    secret: appSecret,
  };
  app.route(
    "/api/console",
    consoleApi({
      ...consoleAccounts,
      business: (businessId) => directory.forBusiness(businessId).getBusiness(),
      ...(deps.consoleAttemptsPerMinute ? { attemptsPerMinute: deps.consoleAttemptsPerMinute } : {}),
      ...(deps.rateLimiters ? { rateLimiters: deps.rateLimiters } : {}),
    }),
  );
  app.route(
    "/api/business",
    createBusinessApi({
      db: deps.database.db,
      bookings: bookingDeps,
      sealSecret: sealer.sealText,
      allowPrivateWebhookTargets,
      console: consoleAccounts,
      calendarSources: deps.calendarSources ?? calendarSources({ allowPrivate: allowPrivateWebhookTargets }),
      openSecret: sealer.openText,
      onBusyChanged: (staffId) => slotChanges.publish(externalBusyChange(staffId)),
      stripeKeys: { seal: sealer.sealText, checkKey: (key) => accounts.checkKey(key) },
    }),
  );

  if (deps.adminToken) {
    app.route("/api/admin", createAdminApi({ directory, token: deps.adminToken, accounts: consoleAccounts }));
  }

  app.get("/api/openapi.json", (c) => c.json(openApiDocument(app)));
  app.get("/api/docs", (c) =>
    c.html(API_REFERENCE_HTML.replace("<script>", `<script nonce="${c.get("cspNonce") ?? ""}">`)),
  );

  app.all("/api/*", (c) =>
    problem(c, 404, "NOT_FOUND", `No API endpoint ${c.req.method} ${new URL(c.req.url).pathname}`),
  );

  app.onError((error, c) => {
    // A body the route cannot read (@hono/zod-openapi refuses a media type it was not given).
    if (error instanceof HTTPException && error.status === 415 && c.req.path.startsWith("/api/"))
      return problem(
        c,
        415,
        "UNSUPPORTED_MEDIA_TYPE",
        "Send the request body as JSON (Content-Type: application/json).",
      );
    if (error instanceof HTTPException && error.status === 400 && c.req.path.startsWith("/api/"))
      return problem(c, 400, "INVALID_JSON", "The request body is not valid JSON.");
    deps.logger.error({ err: error, path: c.req.path }, "unhandled error");
    if (c.req.path.startsWith("/api/")) return problem(c, 500, "INTERNAL", "Something went wrong on our side.");
    return c.text("Internal Server Error", 500);
  });

  contentFeeds(app, { pages: deps.pages, clock: deps.clock });
  imageFiles(app, publicImages(deps.database.db));
  staffFeed(app, { db: deps.database.db, clock: deps.clock });
  // Form and survey posts (issue 15): each step is a POST, so the limit leaves room for long surveys.
  const formPosts = rateLimit(
    (deps.rateLimiters ?? inMemoryRateLimiters)("form-posts", deps.formPostsPerMinute ?? FORM_POSTS_PER_MINUTE),
    deps.clock,
  );
  // Matched here rather than as `/:locale/widget/form/*` routes: a parameter beside static first
  // segments (`/feeds/…`) would move the whole app off the RegExpRouter (tests/integration/router.test.ts).
  const formBodies = bodyLimit({ maxSize: MAX_FORM_BODY_BYTES, onError: formTooLarge });
  const isFormPost = (c: Context) => c.req.method === "POST" && FORM_POST_PATH.test(c.req.path);
  app.use("*", (c, next) => (isFormPost(c) ? formPosts(c, next) : next()));
  app.use("*", (c, next) => (isFormPost(c) ? formBodies(c, next) : next()));

  if (deps.build && deps.clientDir) {
    const root = path.relative(process.cwd(), deps.clientDir) || ".";
    // The build writes a Brotli and a gzip copy of each file (scripts/precompress-assets.ts): sent as they
    // are, compressed once at the best level, instead of compressed again on every response.
    const precompressedCopies = { precompressed: true };
    // The compression middleware named Accept-Encoding in Vary already; serveStatic appends it again.
    const varyOnce = (c: Context) => {
      if (c.res.headers.has("Content-Encoding")) c.header("Vary", "Accept-Encoding");
    };
    // Fingerprinted files never change: cache them for a year (immutable).
    app.use("/assets/*", async (c, next) => {
      await next();
      if (c.res.status === 200) c.header("Cache-Control", "public, max-age=31536000, immutable");
      varyOnce(c);
    });
    app.use("/assets/*", serveStatic({ root, ...precompressedCopies }));
    // The embed loader keeps one address on every business's page, so it is cached briefly, not forever.
    app.use("/embed.js", async (c, next) => {
      await next();
      if (c.res.status === 200) c.header("Cache-Control", "public, max-age=300, stale-while-revalidate=86400");
      varyOnce(c);
    });
    app.get("/embed.js", serveStatic({ path: path.join(root, "embed.js"), ...precompressedCopies }));
    const handler = createRequestHandler(deps.build, deps.mode);
    const forms = {
      directory: createFormDirectory(deps.database.db),
      secret: deps.formSecret ?? randomBytes(32).toString("base64url"),
    };
    app.all("*", async (c) => {
      const request = withoutUntrustedForwarding(c.req.raw, trustedProxy);
      const localeRouting = resolveLocaleForRequest(request, deps.localeRouting ?? LOCALE_ROUTING, deps.clock());
      const vary = localeRouting?.detectedFrom || localeRouting?.redirect ? "Cookie, Accept-Language" : undefined;
      if (localeRouting?.redirect) {
        const headers = new Headers({ Location: localeRouting.redirect.location });
        if (vary) headers.set("Vary", vary);
        if (localeRouting.setCookie) headers.append("Set-Cookie", localeRouting.setCookie);
        return new Response(null, { status: localeRouting.redirect.status, headers });
      }
      const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
      const look = WIDGET_PATH.test(c.req.path) ? embedLook(request) : null;
      let business: ReturnType<WebLoadContext["business"]> | undefined;
      let framingBy: readonly string[] | undefined;
      const context: AppLoadContext = {
        pages: deps.pages,
        booking: widgetBooking,
        locale: isLocaleCode(localeRouting?.locale) ? localeRouting.locale : DEFAULT_LOCALE,
        forms,
        business: () => (business ??= deps.pages.resolveBusiness(host)),
        now: deps.clock,
        cspNonce: c.get("cspNonce"),
        allowFramingBy: (origins) => {
          framingBy = origins;
        },
        embedLook: look?.params ?? null,
      } satisfies WebLoadContext;
      // Content pages that say `public` get an ETag (304 when unchanged); one that also sets the
      // locale cookie is only privately cacheable (below), and still revalidates with the ETag.
      const rendered = await handler(request, context);
      const response = await withEtag(request, rendered);
      // A widget page may be framed by its business's own sites (securityHeaders reads this).
      if (WIDGET_PATH.test(c.req.path))
        c.set("embedOrigins", framingBy ?? (await context.business())?.embedOrigins ?? []);
      const looksOwn = Boolean(look?.setCookie || look?.params);
      if (!localeRouting?.setCookie && !vary && !looksOwn) return response;
      // Copied: a Response's headers may be immutable.
      const headers = new Headers(response.headers);
      if (looksOwn) {
        if (look?.setCookie) headers.append("Set-Cookie", look.setCookie);
        // This frame's own look: never a shared cache's answer for another.
        headers.set("Cache-Control", "private, no-cache");
      }
      if (localeRouting?.setCookie) {
        headers.append("Set-Cookie", localeRouting.setCookie);
        if (/\bpublic\b/.test(headers.get("Cache-Control") ?? "")) headers.set("Cache-Control", "private, no-cache");
      }
      if (vary) headers.append("Vary", vary);
      return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
    });
  }
  return app;
}

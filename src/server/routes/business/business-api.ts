/**
 * The business API (mounted at /api/business): a business configures itself — staff and their
 * hours, services, calendars of every type, groups, service menus, one-time links — and handles its
 * bookings. Authenticated by per-business keys (`Authorization: Bearer bk_…`); every handler gets a
 * repository bound to the key's business, so another business's ids are simply not found (404,
 * never 403). Each entity's routes are defined and handled in their own file.
 */
import { authenticateApiKey } from "../../../app/business/api-keys.ts";
import { resumeSession, type AccountDeps } from "../../../app/console/accounts.ts";
import { mayCall, type ConsoleActor } from "../../../core/console/staff-access.ts";
import { passesCsrf, sessionTokenOf } from "../../http/console-session.ts";
import type { BookingDeps } from "../../../app/bookings/deps.ts";
import { createBusinessDirectory } from "../../../adapters/db/business-repository.ts";
import { webhookStore } from "../../../adapters/webhooks/webhook-store.ts";
import { createFormDirectory } from "../../../adapters/db/forms/form-store.ts";
import type { Db } from "../../../adapters/db/client.ts";
import { createContentRepository } from "../../../adapters/db/content-repository.ts";
import { personDataStore } from "../../../adapters/db/privacy/person-data-store.ts";
import { contactStore } from "../../../adapters/db/contacts/contact-store.ts";
import { createApiRouter } from "../../http/api-router.ts";
import { problem } from "../../http/problem.ts";
import { accountRoutes } from "./account-routes.ts";
import { couponRoutes } from "./coupon-routes.ts";
import { couponStore } from "../../../adapters/db/coupon-store.ts";
import { embedRoutes } from "./embed-routes.ts";
import { formRoutes } from "./form-routes.ts";
import { bookingRoutes } from "./booking-routes.ts";
import type { BusinessApiDeps, BusinessEnv } from "./business-routing.ts";
import { calendarRoutes } from "./calendar-routes.ts";
import { catalogueRoutes } from "./catalogue-routes.ts";
import { menuAndLinkRoutes } from "./menu-and-link-routes.ts";
import { resourceRoutes } from "./resource-routes.ts";
import { staffRoutes } from "./staff-routes.ts";
import { webhookRoutes } from "./webhook-routes.ts";
import { calendarSyncRoutes } from "./calendar-sync-routes.ts";
import { connectionStore } from "../../../adapters/calendar-sync/connection-store.ts";
import type { CalendarSource } from "../../../adapters/calendar-sync/sources.ts";
import { postRoutes } from "./post-routes.ts";
import { postImportRoutes } from "./post-import-routes.ts";
import { imageRoutes } from "./image-routes.ts";
import { imageStore } from "../../../adapters/db/images/image-store.ts";
import { privacyRoutes } from "./privacy-routes.ts";
import { stripeKeyRoutes } from "./stripe-key-routes.ts";
import { stripeAccountStore } from "../../../adapters/db/payments/stripe-accounts.ts";
import type { StripeKeysDeps } from "../../../app/payments/stripe-keys.ts";
import { contactRoutes } from "./contact-routes.ts";
import { productRoutes } from "./product-routes.ts";
import { previewTokenRoutes, taxonomyRoutes } from "./taxonomy-routes.ts";

export type { BusinessApiDeps } from "./business-routing.ts";

/** What src/server/app.ts mounts: the directory on the database, and the app's booking use-case deps. */
export function createBusinessApi(options: {
  db: Db;
  bookings: BookingDeps;
  sealSecret: (secret: string) => string;
  allowPrivateWebhookTargets: boolean;
  console?: AccountDeps & { readonly secret: string };
  /** Calendar sync: the external calendars and how sealed secrets are opened. */
  calendarSources?: CalendarSource;
  openSecret?: (sealed: string) => string;
  /** A staff member's external busy time changed (sync, disconnect): tells open booking pages. */
  onBusyChanged?: (staffId: string) => void;
  /** The business's own Stripe keys: how they are sealed and checked at Stripe. */
  stripeKeys?: { seal: (secret: string) => string; checkKey: StripeKeysDeps["checkKey"] };
}) {
  return businessApi({
    directory: createBusinessDirectory(options.db),
    forms: createFormDirectory(options.db),
    bookings: options.bookings,
    clock: options.bookings.clock,
    publicUrl: options.bookings.publicUrl,
    webhooks: {
      store: (businessId) => webhookStore(options.db, businessId),
      sealSecret: options.sealSecret,
      allowPrivateTargets: options.allowPrivateWebhookTargets,
    },
    contentFor: (businessId) => createContentRepository(options.db, businessId),
    images: (businessId) => imageStore(options.db, businessId),
    coupons: (businessId) => couponStore(options.db, businessId),
    ...(options.calendarSources && options.openSecret
      ? {
          calendarSync: {
            db: options.db,
            sources: options.calendarSources,
            openSecret: options.openSecret,
            clock: options.bookings.clock,
            store: (businessId: string) => connectionStore(options.db, businessId),
            sealSecret: options.sealSecret,
            allowPrivateTargets: options.allowPrivateWebhookTargets,
            ...(options.onBusyChanged ? { onBusyChanged: options.onBusyChanged } : {}),
          },
        }
      : {}),
    privacy: (businessId) => personDataStore(options.db, businessId),
    contacts: (businessId) => contactStore(options.db, businessId),
    ...(options.stripeKeys
      ? {
          stripeKeys: {
            ...options.stripeKeys,
            store: (businessId: string) => stripeAccountStore(options.db, businessId),
          },
        }
      : {}),
    ...(options.console ? { console: options.console } : {}),
  });
}

/** A key stands for the business's owner. */
const KEY_ACTOR: ConsoleActor = { userId: "api-key", role: "owner", staffId: null };
/** Where src/server/app.ts mounts this router: role rules name paths below it. */
const MOUNT_PREFIX = /^\/api\/business/;

const bearer = (authorization: string | undefined) => authorization?.match(/^Bearer\s+(\S+)\s*$/i)?.[1] ?? null;

export function businessApi(deps: BusinessApiDeps) {
  const api = createApiRouter<BusinessEnv>();

  // Every route below runs with the business of the key or of the console session; the key itself
  // is never logged or stored. A key acts as the owner; a session as its user, within their role.
  api.use("*", async (c, next) => {
    const presented = bearer(c.req.header("authorization"));
    c.header("Cache-Control", "no-store");
    let businessId: string | null;
    if (presented) {
      businessId = await authenticateApiKey(deps.directory, presented);
      if (!businessId) {
        c.header("WWW-Authenticate", 'Bearer realm="business", error="invalid_token"');
        return problem(c, 401, "INVALID_API_KEY", "This API key is not valid or has been revoked.");
      }
      c.set("actor", KEY_ACTOR);
    } else {
      const session = deps.console ? await resumeSession(deps.console, sessionTokenOf(c)) : null;
      if (!session || !deps.console) {
        c.header("WWW-Authenticate", 'Bearer realm="business"');
        return problem(c, 401, "AUTHENTICATION_REQUIRED", "Send the business API key as `Authorization: Bearer bk_…`.");
      }
      if (!passesCsrf(c, deps.console.secret, session.tokenHash))
        return problem(c, 403, "CSRF_FAILED", "This request did not come from the console.");
      if (!mayCall(session.actor, c.req.method, c.req.path.replace(MOUNT_PREFIX, "") || "/"))
        return problem(c, 403, "FORBIDDEN_FOR_ROLE", "Your login cannot do this.");
      businessId = session.user.businessId;
      c.set("actor", session.actor);
    }
    c.set("repo", deps.directory.forBusiness(businessId));
    c.set("content", deps.contentFor(businessId));
    await next();
  });

  accountRoutes(api, deps);
  staffRoutes(api, deps);
  resourceRoutes(api, deps);
  webhookRoutes(api, deps);
  calendarSyncRoutes(api, deps);
  catalogueRoutes(api, deps);
  calendarRoutes(api, deps);
  menuAndLinkRoutes(api, deps);
  bookingRoutes(api, deps);
  embedRoutes(api, deps);
  postImportRoutes(api, deps);
  postRoutes(api, deps);
  taxonomyRoutes(api);
  productRoutes(api, deps);
  imageRoutes(api, deps);
  couponRoutes(api, deps);
  previewTokenRoutes(api, deps);
  formRoutes(api, deps);
  privacyRoutes(api, deps);
  contactRoutes(api, deps);
  stripeKeyRoutes(api, deps);
  return api;
}

/**
 * The business API (mounted at /api/business): a business configures itself — staff and their
 * hours, services, calendars of every type, groups, service menus, one-time links — and handles its
 * bookings. Authenticated by per-business keys (`Authorization: Bearer bk_…`); every handler gets a
 * repository bound to the key's business, so another business's ids are simply not found (404,
 * never 403). Each entity's routes are defined and handled in their own file.
 */
import { authenticateApiKey } from "../../../app/business/api-keys.ts";
import type { BookingDeps } from "../../../app/bookings/deps.ts";
import { createBusinessDirectory } from "../../../adapters/db/business-repository.ts";
import { webhookStore } from "../../../adapters/webhooks/webhook-store.ts";
import { createFormDirectory } from "../../../adapters/db/forms/form-store.ts";
import type { Db } from "../../../adapters/db/client.ts";
import { createContentRepository } from "../../../adapters/db/content-repository.ts";
import { createApiRouter } from "../../http/api-router.ts";
import { problem } from "../../http/problem.ts";
import { accountRoutes } from "./account-routes.ts";
import { embedRoutes } from "./embed-routes.ts";
import { formRoutes } from "./form-routes.ts";
import { bookingRoutes } from "./booking-routes.ts";
import type { BusinessApiDeps, BusinessEnv } from "./business-routing.ts";
import { calendarRoutes } from "./calendar-routes.ts";
import { catalogueRoutes } from "./catalogue-routes.ts";
import { menuAndLinkRoutes } from "./menu-and-link-routes.ts";
import { staffRoutes } from "./staff-routes.ts";
import { webhookRoutes } from "./webhook-routes.ts";
import { postRoutes } from "./post-routes.ts";
import { previewTokenRoutes, taxonomyRoutes } from "./taxonomy-routes.ts";

export type { BusinessApiDeps } from "./business-routing.ts";

/** What src/server/app.ts mounts: the directory on the database, and the app's booking use-case deps. */
export function createBusinessApi(options: {
  db: Db;
  bookings: BookingDeps;
  sealSecret: (secret: string) => string;
  allowPrivateWebhookTargets: boolean;
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
  });
}

const bearer = (authorization: string | undefined) => authorization?.match(/^Bearer\s+(\S+)\s*$/i)?.[1] ?? null;

export function businessApi(deps: BusinessApiDeps) {
  const api = createApiRouter<BusinessEnv>();

  // Every route below runs with the key's business; the key itself is never logged or stored.
  api.use("*", async (c, next) => {
    const presented = bearer(c.req.header("authorization"));
    c.header("Cache-Control", "no-store");
    if (!presented) {
      c.header("WWW-Authenticate", 'Bearer realm="business"');
      return problem(c, 401, "AUTHENTICATION_REQUIRED", "Send the business API key as `Authorization: Bearer bk_…`.");
    }
    const businessId = await authenticateApiKey(deps.directory, presented);
    if (!businessId) {
      c.header("WWW-Authenticate", 'Bearer realm="business", error="invalid_token"');
      return problem(c, 401, "INVALID_API_KEY", "This API key is not valid or has been revoked.");
    }
    c.set("repo", deps.directory.forBusiness(businessId));
    c.set("content", deps.contentFor(businessId));
    await next();
  });

  accountRoutes(api, deps);
  staffRoutes(api, deps);
  webhookRoutes(api, deps);
  catalogueRoutes(api, deps);
  calendarRoutes(api, deps);
  menuAndLinkRoutes(api, deps);
  bookingRoutes(api, deps);
  embedRoutes(api, deps);
  postRoutes(api, deps);
  taxonomyRoutes(api);
  previewTokenRoutes(api, deps);
  formRoutes(api, deps);
  return api;
}

/**
 * What every business route shares: its place in the document (tag, the `businessKey` security,
 * the 401s of the key check), its path parameters, and how a refusal of the business side becomes a
 * problem document. Each entity's routes (staff-routes.ts …) are defined and handled with these.
 */
import type { PersonDataStore } from "../../../app/privacy/person-data.ts";
import type { OpenAPIHono, RouteConfig } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { BusinessError, BusinessRepository, Result } from "../../../app/business/ports.ts";
import type { BookingDeps } from "../../../app/bookings/deps.ts";
import type { AccountDeps } from "../../../app/console/accounts.ts";
import type { ConsoleActor } from "../../../core/console/staff-access.ts";
import type { BusinessDirectory } from "../../../app/business/ports.ts";
import type { WebhookStore } from "../../../app/webhooks/ports.ts";
import type { ConnectionStore } from "../../../adapters/calendar-sync/connection-store.ts";
import type { CalendarSyncDeps } from "../../../adapters/calendar-sync/sync.ts";
import type { FormDirectory } from "../../../app/forms/ports.ts";
import type { AttachFormErrorCode } from "../../../core/forms/attached-form.ts";
import type { ContactStore } from "../../../app/contacts/ports.ts";
import type { CouponStore } from "../../../app/coupons/ports.ts";
import type { SetupErrorCode } from "../../../core/calendar/calendar-setup.ts";
import type { PublicationError } from "../../../core/content/post-publication.ts";
import type { ProductRuleCode } from "../../../core/content/product.ts";
import type { ContentRepository } from "../../../app/content/ports.ts";
import type { ImageStore } from "../../../app/content/images.ts";
import type { StripeAccountStore, StripeKeysDeps } from "../../../app/payments/stripe-keys.ts";
import { createRoute, idParam, json, jsonBody, problems, z } from "../../http/api-router.ts";
import { problem } from "../../http/problem.ts";

export interface BusinessApiDeps {
  readonly directory: BusinessDirectory;
  /** Forms, surveys and their submissions (issue 15). */
  readonly forms: FormDirectory;
  /** The booking use cases (confirm, decline, cancel, reschedule). */
  readonly bookings: BookingDeps;
  readonly clock: () => Date;
  /** Absolute base URL of the public pages, without a trailing slash. */
  readonly publicUrl: string;
  /** Webhook subscriptions (issue 20): their store, how secrets are sealed, whether private targets are allowed. */
  readonly webhooks: {
    readonly store: (businessId: string) => WebhookStore;
    readonly sealSecret: (secret: string) => string;
    readonly allowPrivateTargets: boolean;
  };
  /** Staff members' connected calendars and private feeds (issue 20, calendar sync); absent, no such routes answer. */
  readonly calendarSync?: CalendarSyncApiDeps;
  /** The business's contacts (issue 15), bound to one business. */
  readonly contacts: (businessId: string) => ContactStore;
  /** One person's data in one business: export and erasure (issue 19, "Privacy"). */
  readonly privacy: (businessId: string) => PersonDataStore;
  /** The business's coupons (issue 24), bound to one business. */
  readonly coupons: (businessId: string) => CouponStore;
  /** The business's uploaded images (ADR 0039), bound to one business. */
  readonly images: (businessId: string) => ImageStore;
  /** The content side's storage bound to one business (posts, authors, categories, preview tokens). */
  readonly contentFor: (businessId: string) => ContentRepository;
  /** The business's own Stripe keys (issue 14); absent, no such routes answer. */
  readonly stripeKeys?: {
    readonly store: (businessId: string) => StripeAccountStore;
    readonly seal: (secret: string) => string;
    readonly checkKey: StripeKeysDeps["checkKey"];
  };
  /** Console sessions (issue 18), which the API accepts besides keys; absent, keys only. */
  readonly console?: AccountDeps & { readonly secret: string };
}

export interface CalendarSyncApiDeps extends CalendarSyncDeps {
  readonly store: (businessId: string) => ConnectionStore;
  readonly sealSecret: (secret: string) => string;
  readonly allowPrivateTargets: boolean;
}

/** Every handler runs with a repository bound to the key's business (business-api.ts). */
export type BusinessEnv = {
  Variables: { repo: BusinessRepository; content: ContentRepository; actor: ConsoleActor };
};
export type BusinessRouter = OpenAPIHono<BusinessEnv>;

/** A business route: tagged, behind the business key, and answering 401 without a valid one. */
function businessRoute<const R extends RouteConfig>(route: R) {
  return createRoute({
    ...route,
    tags: ["Business"],
    security: [{ businessKey: [] }],
    responses: {
      ...route.responses,
      ...problems("AUTHENTICATION_REQUIRED", "INVALID_API_KEY", "CSRF_FAILED", "FORBIDDEN_FOR_ROLE"),
    },
  });
}

const PATH_PARAMS = {
  apiKeyId: "API key id",
  staffId: "Staff member id",
  timeOffId: "Time-off id",
  serviceId: "Service id",
  groupId: "Group id",
  calendarId: "Calendar id",
  serviceMenuId: "Service menu id",
  linkId: "One-time link id",
  bookingId: "Booking id",
  webhookId: "Webhook subscription id",
  postId: "Post id",
  authorId: "Author id",
  categoryId: "Category id",
  previewTokenId: "Preview token id",
  productId: "Product id",
  collectionId: "Collection id",
  couponId: "Coupon id",
  connectionId: "Calendar connection id",
  resourceId: "Resource id (room or equipment)",
  imageId: "Image id",
} as const;

/** The path parameters of a route, each an opaque id. */
export function ids<K extends keyof typeof PATH_PARAMS>(...names: K[]) {
  return z.object(Object.fromEntries(names.map((n) => [n, idParam(PATH_PARAMS[n])])) as Record<K, z.ZodString>);
}

/** Refusals a write of the given kind may answer with, for the document. */
export const REFUSALS = {
  body: ["VALIDATION_FAILED", "INVALID_JSON", "UNSUPPORTED_MEDIA_TYPE"],
  reference: ["NOT_FOUND", "REFERENCE_NOT_FOUND"],
  booking: ["BOOKING_NOT_FOUND", "NOT_A_REQUEST", "BOOKING_CANCELLED", "STAFF_BUSY", "SEATS_EXCEEDED", "NO_SLOTS"],
} as const;

/** Messages of the calendar setup rules (src/core/calendar/calendar-setup.ts); exhaustive. */
const SETUP_MESSAGES: Readonly<
  Record<
    | SetupErrorCode
    | AttachFormErrorCode
    | "NOT_A_SERVICE_CALENDAR"
    | PublicationError["code"]
    | ProductRuleCode
    | "CURRENCY_MISMATCH"
    | "COUPON_WINDOW_INVALID",
    string
  >
> = {
  FORM_IS_SURVEY: "A survey cannot be attached to a calendar: attach a form (one page).",
  FORM_HAS_FILE_FIELDS: "A form with file fields cannot be attached to a calendar: bookings do not take files.",
  MEMBERS_EXACTLY_ONE: "Personal and class calendars have exactly one team member.",
  MEMBERS_AT_LEAST_ONE: "Round-robin and service calendars need at least one team member.",
  MEMBERS_AT_LEAST_TWO: "A collective calendar needs at least two team members.",
  MEMBERS_TOO_MANY: "A collective calendar has at most 100 team members.",
  MEMBERS_DUPLICATE: "This staff member is listed twice.",
  PRIMARY_ONLY_ONE: "Only one team member can be primary.",
  SEATS_REQUIRED: "A class calendar needs seatsPerSlot (1 to 9999).",
  SEATS_NOT_FOR_TYPE: "Seats per slot apply to class calendars only.",
  GUESTS_NOT_FOR_CLASS: "Class calendars take no additional guests: set guestMode to none.",
  SERVICES_NOT_FOR_TYPE: "Only service calendars list services.",
  WINDOW_RANGE_INVALID: "The booking window must not end before it starts.",
  LOOK_BUSY_NOT_FOR_TYPE: "Look Busy does not apply to class or service calendars: set lookBusyPercent to 0.",
  REQUIRED_GUESTS_NOT_FOR_TYPE: "Only personal, round-robin and collective calendars can require guests.",
  REQUIRED_GUESTS_NEED_GUEST_MODE:
    "A calendar that requires guests must take them: set guestMode to count_only or collect_detail.",
  NOT_A_SERVICE_CALENDAR: "A service menu books through a service calendar.",
  PUBLISH_AT_REQUIRED: "A scheduled post needs publishAt, the time it goes public.",
  OPTION_NAME_DUPLICATE: "Two options of this product have the same name.",
  OPTION_VALUE_DUPLICATE: "This value is listed twice for the option.",
  VARIANT_OPTIONS_MISMATCH: "A variant needs one value for each option of the product, in the options' order.",
  VARIANT_OPTION_UNKNOWN: "This value is not one of the option's values.",
  VARIANT_DUPLICATE: "Another variant already has these option values.",
  COMPARE_AT_NOT_HIGHER: "The compare-at price must be higher than the price (or null).",
  CURRENCY_MISMATCH: "A fixed amount is given in the business currency.",
  COUPON_WINDOW_INVALID: "validUntil must be after validFrom.",
};

/** What a refusal is about, for its message ("No staff member with this id."). */
export type Resource =
  | "API key"
  | "staff member"
  | "resource"
  | "time off"
  | "service"
  | "group"
  | "calendar"
  | "service menu"
  | "one-time link"
  | "booking"
  | "business"
  | "webhook"
  | "post"
  | "author"
  | "category"
  | "preview token"
  | "product"
  | "collection"
  | "coupon"
  | "calendar connection"
  | "image";

export function businessProblem(c: Context, error: BusinessError, resource: Resource) {
  switch (error.code) {
    case "NOT_FOUND":
      return problem(c, 404, "NOT_FOUND", `No ${resource} with this id.`);
    case "REFERENCE_NOT_FOUND":
      return problem(c, 404, "REFERENCE_NOT_FOUND", "The request refers to something that does not exist.", {
        errors: [{ path: error.path, code: "not_found", message: "No such id in this business." }],
      });
    case "SLUG_TAKEN":
      return problem(c, 409, "SLUG_TAKEN", `Another ${resource} of this business already uses this slug.`, {
        errors: [{ path: error.path, code: "SLUG_TAKEN", message: "This slug is already taken." }],
      });
    case "CODE_TAKEN":
      return problem(c, 409, "CODE_TAKEN", `Another ${resource} of this business already uses this code.`, {
        errors: [{ path: error.path, code: "CODE_TAKEN", message: "This code is already taken." }],
      });
    case "HOSTNAME_TAKEN":
      return problem(c, 409, "HOSTNAME_TAKEN", "Another business already uses this host name.", {
        errors: [{ path: error.path, code: "HOSTNAME_TAKEN", message: "This host name is already taken." }],
      });
    case "IN_USE":
      return problem(c, 409, "IN_USE", error.detail);
    case "EMAIL_TAKEN":
      return problem(c, 409, "EMAIL_TAKEN", "This email address already has a login.", {
        errors: [{ path: error.path, code: "EMAIL_TAKEN", message: "This email address already has a login." }],
      });
    case "SETUP_INVALID":
      return problem(c, 400, "VALIDATION_FAILED", "The request is not valid.", {
        errors: error.errors.map((e) => ({
          path: e.path,
          code: e.code,
          message: SETUP_MESSAGES[e.code as keyof typeof SETUP_MESSAGES] ?? e.code,
        })),
      });
  }
}

const same = <T>(v: T) => v;

/** A result as JSON (mapped), or its problem. */
function send<T, U = T>(
  c: Context,
  result: Result<T>,
  resource: Resource,
  map: (v: T) => U = same as (v: T) => U,
  status: 200 | 201 = 200,
) {
  return result.ok ? c.json(map(result.value) as object, status) : businessProblem(c, result.error, resource);
}

/** The value as JSON (mapped), or 404 when there is none. */
function found<T, U = T>(c: Context, value: T | null, resource: Resource, map: (v: T) => U = same as (v: T) => U) {
  return value === null ? problem(c, 404, "NOT_FOUND", `No ${resource} with this id.`) : c.json(map(value) as object);
}

/** 204 when the delete went through, or its problem. */
function deleted(c: Context, result: Result<unknown>, resource: Resource) {
  return result.ok ? c.body(null, 204) : businessProblem(c, result.error, resource);
}

// ---- The shapes most entities share ----------------------------------------------------------------
// Most entities answer the same five routes; each is defined by one of these, with its own summary.
type Path = `/${string}`;
type Params = z.ZodObject<Record<string, z.ZodString>>;
type Refusal = Parameters<typeof problems>[number];

/** GET a collection: every item. */
const listRoute = <const P extends Path, S extends z.ZodType>(path: P, item: S, summary: string) =>
  businessRoute({ method: "get", path, summary, responses: { 200: json(z.array(item), summary) } });

/** GET one item by its id, or 404. */
const getRoute = <const P extends Path, Q extends Params, S extends z.ZodType>(
  path: P,
  params: Q,
  item: S,
  summary: string,
) =>
  businessRoute({
    method: "get",
    path,
    summary,
    request: { params },
    responses: { 200: json(item, summary), ...problems("NOT_FOUND") },
  });

/** POST a new item to a collection: 201 with the item, or why not. */
const addRoute = <const P extends Path, B extends z.ZodType, S extends z.ZodType>(
  path: P,
  body: B,
  item: S,
  summary: string,
  refusals: readonly Refusal[] = [],
) =>
  businessRoute({
    method: "post",
    path,
    summary,
    request: { body: jsonBody(body) },
    responses: { 201: json(item, "Added"), ...problems(...REFUSALS.body, ...refusals) },
  });

/** PATCH (or PUT) one item: 200 with the item after the change, or why not. */
const changeRoute = <
  const M extends "patch" | "put",
  const P extends Path,
  Q extends Params,
  B extends z.ZodType,
  S extends z.ZodType,
>(
  method: M,
  path: P,
  params: Q,
  body: B,
  item: S,
  summary: string,
  refusals: readonly Refusal[] = ["NOT_FOUND"],
) =>
  businessRoute({
    method,
    path,
    summary,
    request: { params, body: jsonBody(body) },
    responses: { 200: json(item, "After the change"), ...problems(...REFUSALS.body, ...refusals) },
  });

/** DELETE one item: 204, or why not. */
const removeRoute = <const P extends Path, Q extends Params>(
  path: P,
  params: Q,
  summary: string,
  refusals: readonly Refusal[] = ["NOT_FOUND"],
) =>
  businessRoute({
    method: "delete",
    path,
    summary,
    request: { params },
    responses: { 204: { description: "Done" }, ...problems(...refusals) },
  });

/** How an entity's routes are defined: one of the five shared shapes, or `route` for its own. */
export const define = {
  route: businessRoute,
  list: listRoute,
  get: getRoute,
  add: addRoute,
  change: changeRoute,
  remove: removeRoute,
};

/** How a handler answers: a result, a value that may be missing, a delete. */
export const reply = { send, found, deleted };

/**
 * The business API's part of the OpenAPI document (openapi.ts merges it): paths, schemas from the
 * same zod schemas that validate requests, and the `businessKey` security scheme. The isolation
 * suite derives its endpoint matrix from these paths, so every documented endpoint is tried
 * against another business's resources.
 */
import { z } from "zod";
import {
  ApiKeyCreatedSchema,
  ApiKeyCreateSchema,
  ApiKeySchema,
  BookingsQuerySchema,
  BusinessBookingSchema,
  BusinessPatchSchema,
  BusinessSchema,
  CalendarCreateSchema,
  CalendarPatchSchema,
  CalendarQuerySchema,
  CalendarSchema,
  DateHoursSchema,
  DateOverridesSchema,
  GroupCreateSchema,
  GroupPatchSchema,
  GroupSchema,
  MembersBodySchema,
  OneTimeLinkCreateSchema,
  OneTimeLinkQuerySchema,
  OneTimeLinkSchema,
  ReasonBodySchema,
  RescheduleBodySchema,
  ServiceCreateSchema,
  ServiceIdsBodySchema,
  ServiceMenuCreateSchema,
  ServiceMenuPatchSchema,
  ServiceMenuSchema,
  ServicePatchSchema,
  ServiceSchema,
  StaffCreateSchema,
  StaffPatchSchema,
  StaffSchema,
  TimeOffCreateSchema,
  TimeOffSchema,
  WeeklyHoursSchema,
} from "./business-api-schemas.ts";

const json = (schema: z.ZodType, io: "input" | "output" = "output") =>
  z.toJSONSchema(schema, { target: "draft-2020-12", io, unrepresentable: "any" });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

function queryParameters(schema: z.ZodObject) {
  const js = json(schema, "input") as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(js.properties ?? {}).map(([name, s]) => ({
    name,
    in: "query",
    required: js.required?.includes(name) ?? false,
    schema: s,
  }));
}

const PATH_PARAMS: Record<string, string> = {
  apiKeyId: "API key id",
  staffId: "Staff member id",
  date: "Local date YYYY-MM-DD",
  timeOffId: "Time-off id",
  serviceId: "Service id",
  groupId: "Group id",
  calendarId: "Calendar id",
  serviceMenuId: "Service menu id",
  linkId: "One-time link id",
  bookingId: "Booking id",
};

const problemContent = { "application/problem+json": { schema: ref("Problem") } };
const PROBLEMS = {
  auth: {
    "401": {
      description: "AUTHENTICATION_REQUIRED, INVALID_API_KEY (missing, unknown or revoked key)",
      content: problemContent,
    },
  },
  validation: {
    "400": { description: "VALIDATION_FAILED (field-level `errors`), INVALID_JSON", content: problemContent },
  },
  notFound: {
    "404": {
      description: "NOT_FOUND (also for ids of other businesses), REFERENCE_NOT_FOUND (an id in the body)",
      content: problemContent,
    },
  },
  slug: { "409": { description: "SLUG_TAKEN (`errors[0].path` = slug), IN_USE", content: problemContent } },
  booking: {
    "409": {
      description: "NOT_A_REQUEST, BOOKING_CANCELLED, STAFF_BUSY, SEATS_EXCEEDED, NO_SLOTS …",
      content: problemContent,
    },
  },
};

interface Op {
  summary: string;
  body?: string;
  query?: z.ZodObject;
  ok: number;
  result?: string;
  problems?: (keyof typeof PROBLEMS)[];
}

function operation(path: string, op: Op) {
  const params = [...path.matchAll(/\{(\w+)\}/g)].map((m) => ({
    name: m[1]!,
    in: "path",
    required: true,
    description: PATH_PARAMS[m[1]!] ?? m[1]!,
    schema: { type: "string" },
  }));
  const responses: Record<string, unknown> = {
    [String(op.ok)]: op.result
      ? { description: "OK", content: { "application/json": { schema: ref(op.result) } } }
      : { description: op.ok === 204 ? "Done" : "OK" },
    ...PROBLEMS.auth,
  };
  for (const p of op.problems ?? []) Object.assign(responses, PROBLEMS[p]);
  return {
    tags: ["Business"],
    summary: op.summary,
    security: [{ businessKey: [] }],
    parameters: [...params, ...(op.query ? queryParameters(op.query) : [])],
    ...(op.body ? { requestBody: { required: true, content: { "application/json": { schema: ref(op.body) } } } } : {}),
    responses,
  };
}

const list = (item: string) => ({ type: "array", items: ref(item) });

type Methods = Partial<Record<"get" | "post" | "put" | "patch" | "delete", Op>>;

/** Path (OpenAPI form, e.g. /api/business/staff/{staffId}) → method → operation. */
export const BUSINESS_OPERATIONS: Record<string, Methods> = {
  "/api/business": {
    get: { summary: "The business of the key", ok: 200, result: "Business" },
    patch: {
      summary: "Change name, time zone (IANA), locale or currency (ISO 4217)",
      body: "BusinessPatch",
      ok: 200,
      result: "Business",
      problems: ["validation"],
    },
  },
  "/api/business/api-keys": {
    get: { summary: "API keys (never the secrets)", ok: 200, result: "ApiKeyList" },
    post: {
      summary: "Create a key: `key` is shown once, only its SHA-256 hash is stored",
      body: "ApiKeyCreate",
      ok: 201,
      result: "ApiKeyCreated",
      problems: ["validation"],
    },
  },
  "/api/business/api-keys/{apiKeyId}": {
    delete: { summary: "Revoke a key (immediately refused afterwards)", ok: 204, problems: ["notFound"] },
  },
  "/api/business/staff": {
    get: { summary: "Staff members", ok: 200, result: "StaffList" },
    post: {
      summary: "Add a staff member (with weekly and date-specific hours)",
      body: "StaffCreate",
      ok: 201,
      result: "Staff",
      problems: ["validation"],
    },
  },
  "/api/business/staff/{staffId}": {
    get: { summary: "A staff member", ok: 200, result: "Staff", problems: ["notFound"] },
    patch: {
      summary: "Change a staff member",
      body: "StaffPatch",
      ok: 200,
      result: "Staff",
      problems: ["validation", "notFound"],
    },
    delete: {
      summary: "Remove a staff member (kept as deleted when bookings refer to them)",
      ok: 204,
      problems: ["notFound"],
    },
  },
  "/api/business/staff/{staffId}/weekly-hours": {
    put: {
      summary: "Replace the weekly hours",
      body: "WeeklyHours",
      ok: 200,
      result: "Staff",
      problems: ["validation", "notFound"],
    },
  },
  "/api/business/staff/{staffId}/date-hours": {
    get: { summary: "Date-specific hours", ok: 200, result: "DateOverrides", problems: ["notFound"] },
  },
  "/api/business/staff/{staffId}/date-hours/{date}": {
    put: {
      summary: "Set the hours of one date ([] = day off)",
      body: "DateHours",
      ok: 200,
      result: "Staff",
      problems: ["validation", "notFound"],
    },
    delete: { summary: "Back to the weekly hours on that date", ok: 204, problems: ["notFound"] },
  },
  "/api/business/staff/{staffId}/time-off": {
    get: { summary: "Time off of a staff member", ok: 200, result: "TimeOffList", problems: ["notFound"] },
    post: {
      summary: "Add time off",
      body: "TimeOffCreate",
      ok: 201,
      result: "TimeOff",
      problems: ["validation", "notFound"],
    },
  },
  "/api/business/staff/{staffId}/time-off/{timeOffId}": {
    delete: { summary: "Remove time off", ok: 204, problems: ["notFound"] },
  },
  "/api/business/services": {
    get: { summary: "Services", ok: 200, result: "ServiceList" },
    post: {
      summary: "Add a service (duration, price, deposit, eligible staff, guests per slot)",
      body: "ServiceCreate",
      ok: 201,
      result: "Service",
      problems: ["validation", "notFound", "slug"],
    },
  },
  "/api/business/services/{serviceId}": {
    get: { summary: "A service", ok: 200, result: "Service", problems: ["notFound"] },
    patch: {
      summary: "Change a service",
      body: "ServicePatch",
      ok: 200,
      result: "Service",
      problems: ["validation", "notFound", "slug"],
    },
    delete: {
      summary: "Remove a service (kept as deleted when bookings refer to it)",
      ok: 204,
      problems: ["notFound"],
    },
  },
  "/api/business/groups": {
    get: { summary: "Groups", ok: 200, result: "GroupList" },
    post: {
      summary: "Add a group (calendars join it with their groupId)",
      body: "GroupCreate",
      ok: 201,
      result: "Group",
      problems: ["validation", "slug"],
    },
  },
  "/api/business/groups/{groupId}": {
    get: { summary: "A group", ok: 200, result: "Group", problems: ["notFound"] },
    patch: {
      summary: "Change a group (isActive: false hides its page)",
      body: "GroupPatch",
      ok: 200,
      result: "Group",
      problems: ["validation", "notFound", "slug"],
    },
    delete: { summary: "Remove a group (its calendars stay, without group)", ok: 204, problems: ["notFound"] },
  },
  "/api/business/calendars": {
    get: { summary: "Calendars", query: CalendarQuerySchema, ok: 200, result: "CalendarList", problems: ["notFound"] },
    post: {
      summary: "Add a calendar of any type with its settings, members and services",
      body: "CalendarCreate",
      ok: 201,
      result: "Calendar",
      problems: ["validation", "notFound", "slug"],
    },
  },
  "/api/business/calendars/{calendarId}": {
    get: { summary: "A calendar", ok: 200, result: "Calendar", problems: ["notFound"] },
    patch: {
      summary: "Change a calendar; `settings` is merged into the stored settings",
      body: "CalendarPatch",
      ok: 200,
      result: "Calendar",
      problems: ["validation", "notFound", "slug"],
    },
    delete: {
      summary: "Remove a calendar (kept as deleted when bookings refer to it; refused while a service menu uses it)",
      ok: 204,
      problems: ["notFound", "slug"],
    },
  },
  "/api/business/calendars/{calendarId}/members": {
    put: {
      summary: "Replace the team",
      body: "MembersBody",
      ok: 200,
      result: "Calendar",
      problems: ["validation", "notFound"],
    },
  },
  "/api/business/calendars/{calendarId}/services": {
    put: {
      summary: "Replace the services (service calendars)",
      body: "ServiceIdsBody",
      ok: 200,
      result: "Calendar",
      problems: ["validation", "notFound"],
    },
  },
  "/api/business/service-menus": {
    get: { summary: "Service menus", ok: 200, result: "ServiceMenuList" },
    post: {
      summary: "Add a service menu",
      body: "ServiceMenuCreate",
      ok: 201,
      result: "ServiceMenu",
      problems: ["validation", "notFound", "slug"],
    },
  },
  "/api/business/service-menus/{serviceMenuId}": {
    get: { summary: "A service menu", ok: 200, result: "ServiceMenu", problems: ["notFound"] },
    patch: {
      summary: "Change a service menu",
      body: "ServiceMenuPatch",
      ok: 200,
      result: "ServiceMenu",
      problems: ["validation", "notFound", "slug"],
    },
    delete: { summary: "Remove a service menu", ok: 204, problems: ["notFound"] },
  },
  "/api/business/service-menus/{serviceMenuId}/items": {
    put: {
      summary: "Replace the menu's services",
      body: "ServiceIdsBody",
      ok: 200,
      result: "ServiceMenu",
      problems: ["validation", "notFound"],
    },
  },
  "/api/business/one-time-links": {
    get: {
      summary: "One-time links",
      query: OneTimeLinkQuerySchema,
      ok: 200,
      result: "OneTimeLinkList",
      problems: ["notFound"],
    },
    post: {
      summary: "Create a one-time link; `url` is the public page to share",
      body: "OneTimeLinkCreate",
      ok: 201,
      result: "OneTimeLink",
      problems: ["validation", "notFound"],
    },
  },
  "/api/business/one-time-links/{linkId}": {
    delete: { summary: "Revoke a one-time link", ok: 204, problems: ["notFound"] },
  },
  "/api/business/bookings": {
    get: {
      summary: "Bookings starting in a range, by status and calendar",
      query: BookingsQuerySchema,
      ok: 200,
      result: "BusinessBookingList",
      problems: ["validation", "notFound"],
    },
  },
  "/api/business/bookings/{bookingId}": {
    get: { summary: "A booking", ok: 200, result: "BusinessBooking", problems: ["notFound"] },
  },
  "/api/business/bookings/{bookingId}/confirm": {
    post: {
      summary: "Confirm a request (status new → confirmed)",
      ok: 200,
      result: "BusinessBooking",
      problems: ["notFound", "booking"],
    },
  },
  "/api/business/bookings/{bookingId}/decline": {
    post: {
      summary: "Decline a request (new → cancelled)",
      body: "ReasonBody",
      ok: 200,
      result: "BusinessBooking",
      problems: ["notFound", "booking"],
    },
  },
  "/api/business/bookings/{bookingId}/cancel": {
    post: {
      summary: "Cancel as the business (the visitor's cut-off does not apply)",
      body: "ReasonBody",
      ok: 200,
      result: "BusinessBooking",
      problems: ["notFound", "booking"],
    },
  },
  "/api/business/bookings/{bookingId}/reschedule": {
    post: {
      summary: "Move as the business (slot rules apply; the visitor's policy does not)",
      body: "RescheduleBody",
      ok: 200,
      result: "BusinessBooking",
      problems: ["validation", "notFound", "booking"],
    },
  },
};

export function businessOpenApi() {
  const paths = Object.fromEntries(
    Object.entries(BUSINESS_OPERATIONS).map(([path, methods]) => [
      path,
      Object.fromEntries(Object.entries(methods).map(([method, op]) => [method, operation(path, op)])),
    ]),
  );
  const schemas = {
    Business: json(BusinessSchema),
    BusinessPatch: json(BusinessPatchSchema, "input"),
    ApiKeyList: { type: "array", items: json(ApiKeySchema) },
    ApiKeyCreate: json(ApiKeyCreateSchema, "input"),
    ApiKeyCreated: json(ApiKeyCreatedSchema),
    Staff: json(StaffSchema),
    StaffList: list("Staff"),
    StaffCreate: json(StaffCreateSchema, "input"),
    StaffPatch: json(StaffPatchSchema, "input"),
    WeeklyHours: json(WeeklyHoursSchema, "input"),
    DateOverrides: json(DateOverridesSchema),
    DateHours: json(DateHoursSchema, "input"),
    TimeOff: json(TimeOffSchema),
    TimeOffList: list("TimeOff"),
    TimeOffCreate: json(TimeOffCreateSchema, "input"),
    Service: json(ServiceSchema),
    ServiceList: list("Service"),
    ServiceCreate: json(ServiceCreateSchema, "input"),
    ServicePatch: json(ServicePatchSchema, "input"),
    Group: json(GroupSchema),
    GroupList: list("Group"),
    GroupCreate: json(GroupCreateSchema, "input"),
    GroupPatch: json(GroupPatchSchema, "input"),
    Calendar: json(CalendarSchema),
    CalendarList: list("Calendar"),
    CalendarCreate: json(CalendarCreateSchema, "input"),
    CalendarPatch: json(CalendarPatchSchema, "input"),
    MembersBody: json(MembersBodySchema, "input"),
    ServiceIdsBody: json(ServiceIdsBodySchema, "input"),
    ServiceMenu: json(ServiceMenuSchema),
    ServiceMenuList: list("ServiceMenu"),
    ServiceMenuCreate: json(ServiceMenuCreateSchema, "input"),
    ServiceMenuPatch: json(ServiceMenuPatchSchema, "input"),
    OneTimeLink: json(OneTimeLinkSchema),
    OneTimeLinkList: list("OneTimeLink"),
    OneTimeLinkCreate: json(OneTimeLinkCreateSchema, "input"),
    BusinessBooking: json(BusinessBookingSchema),
    BusinessBookingList: list("BusinessBooking"),
    ReasonBody: json(ReasonBodySchema, "input"),
    RescheduleBody: json(RescheduleBodySchema, "input"),
  };
  const securitySchemes = {
    businessKey: {
      type: "http",
      scheme: "bearer",
      description:
        "A business API key `bk_…` (npm run business:create prints the first one; POST /api/business/api-keys makes more)",
    },
  };
  return { paths, schemas, securitySchemes };
}

/** Merges the business API into an OpenAPI document built for the public API. */
export function withBusinessApi<D extends { paths: object; components: { schemas: object; securitySchemes: object } }>(
  doc: D,
): D {
  const business = businessOpenApi();
  return {
    ...doc,
    paths: { ...doc.paths, ...business.paths },
    components: {
      ...doc.components,
      schemas: { ...doc.components.schemas, ...business.schemas },
      securitySchemes: { ...doc.components.securitySchemes, ...business.securitySchemes },
    },
  };
}

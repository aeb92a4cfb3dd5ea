/**
 * The business API (mounted at /api/business): a business configures itself — staff and their
 * hours, services, calendars of every type, groups, service menus, one-time links — and handles its
 * bookings. Authenticated by per-business keys (`Authorization: Bearer bk_…`); every handler gets a
 * repository bound to the key's business, so another business's ids are simply not found (404,
 * never 403). Inputs are parsed with zod here; refusals are problem documents.
 */
import { Hono, type Context } from "hono";
import type { z } from "zod";
import { authenticateApiKey, issueApiKey } from "../../app/business/api-keys.ts";
import { cancelBookingAsBusiness, rescheduleBookingAsBusiness } from "../../app/business/change-booking.ts";
import { createCalendar, updateCalendar } from "../../app/business/configure-calendar.ts";
import { createOneTimeLink, oneTimeLinkUrl } from "../../app/business/one-time-links.ts";
import type {
  BusinessDirectory,
  BusinessError,
  BusinessRepository,
  CalendarView,
  GroupView,
  OneTimeLinkView,
  Result,
  ServiceMenuView,
} from "../../app/business/ports.ts";
import { confirmRequest } from "../../app/bookings/confirm-request.ts";
import { declineRequest } from "../../app/bookings/decline-request.ts";
import type { BookingDeps } from "../../app/bookings/deps.ts";
import type { SetupErrorCode } from "../../core/calendar/calendar-setup.ts";
import { addDays, isLocalDate, startOfLocalDay } from "../../core/shared/time.ts";
import { createBusinessDirectory } from "../../adapters/db/business-repository.ts";
import type { Db } from "../../adapters/db/client.ts";
import { problem, problemResponse, validationProblem } from "../http/problem.ts";
import { bookingProblem } from "./booking-problems.ts";
import {
  ApiKeyCreateSchema,
  BookingsQuerySchema,
  BusinessPatchSchema,
  CalendarCreateSchema,
  CalendarPatchSchema,
  CalendarQuerySchema,
  DateHoursSchema,
  GroupCreateSchema,
  GroupPatchSchema,
  LocalDateSchema,
  MembersBodySchema,
  OneTimeLinkCreateSchema,
  OneTimeLinkQuerySchema,
  ReasonBodySchema,
  RescheduleBodySchema,
  ServiceCreateSchema,
  ServiceIdsBodySchema,
  ServiceMenuCreateSchema,
  ServiceMenuPatchSchema,
  ServicePatchSchema,
  StaffCreateSchema,
  StaffPatchSchema,
  TimeOffCreateSchema,
  WeeklyHoursSchema,
} from "./business-api-schemas.ts";

export interface BusinessApiDeps {
  readonly directory: BusinessDirectory;
  /** The booking use cases (confirm, decline, cancel, reschedule). */
  readonly bookings: BookingDeps;
  readonly clock: () => Date;
  /** Absolute base URL of the public pages, without a trailing slash. */
  readonly publicUrl: string;
}

/** What src/server/app.ts mounts: the directory on the database, and the app's booking use-case deps. */
export function createBusinessApi(options: { db: Db; bookings: BookingDeps }) {
  return businessApi({
    directory: createBusinessDirectory(options.db),
    bookings: options.bookings,
    clock: options.bookings.clock,
    publicUrl: options.bookings.publicUrl,
  });
}

type Env = { Variables: { repo: BusinessRepository } };

/** Messages of the calendar setup rules (src/core/calendar/calendar-setup.ts); exhaustive. */
const SETUP_MESSAGES: Readonly<Record<SetupErrorCode | "NOT_A_SERVICE_CALENDAR", string>> = {
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
  NOT_A_SERVICE_CALENDAR: "A service menu books through a service calendar.",
};

const RESOURCE = {
  apiKey: "API key",
  staff: "staff member",
  timeOff: "time off",
  service: "service",
  group: "group",
  calendar: "calendar",
  serviceMenu: "service menu",
  link: "one-time link",
  business: "business",
} as const;
type Resource = (typeof RESOURCE)[keyof typeof RESOURCE];

function businessProblem(c: Context, error: BusinessError, resource: Resource) {
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
    case "HOSTNAME_TAKEN":
      return problem(c, 409, "HOSTNAME_TAKEN", "Another business already uses this host name.", {
        errors: [{ path: error.path, code: "HOSTNAME_TAKEN", message: "This host name is already taken." }],
      });
    case "IN_USE":
      return problem(c, 409, "IN_USE", error.detail);
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

function parse<S extends z.ZodType>(
  schema: S,
  value: unknown,
): { ok: true; data: z.infer<S> } | { ok: false; error: z.ZodError } {
  const result = schema.safeParse(value);
  return result.success ? { ok: true, data: result.data } : { ok: false, error: result.error };
}

/** The JSON body parsed with `schema`, or the problem response to send. */
async function body<S extends z.ZodType>(
  c: Context,
  schema: S,
): Promise<{ ok: true; data: z.infer<S> } | { ok: false; response: Response }> {
  const text = await c.req.text();
  let value: unknown;
  try {
    value = text === "" ? {} : JSON.parse(text);
  } catch {
    return { ok: false, response: problem(c, 400, "INVALID_JSON", "The request body is not valid JSON.") };
  }
  const parsed = parse(schema, value);
  return parsed.ok ? parsed : { ok: false, response: validationProblem(c, parsed.error) };
}

const bearer = (c: Context) => c.req.header("authorization")?.match(/^Bearer\s+(\S+)\s*$/i)?.[1] ?? null;

export function businessApi(deps: BusinessApiDeps) {
  const api = new Hono<Env>();
  const url = {
    calendar: (v: CalendarView) => ({ ...v, url: `${deps.publicUrl}/widget/booking/${v.id}` }),
    group: (v: GroupView) => ({ ...v, url: `${deps.publicUrl}/widget/group/${v.id}` }),
    menu: (v: ServiceMenuView) => ({ ...v, url: `${deps.publicUrl}/widget/service-menu/${v.id}` }),
    link: (v: OneTimeLinkView) => ({ ...v, url: oneTimeLinkUrl(deps.publicUrl, v.slug) }),
  };
  /** A result as JSON (mapped), or its problem. */
  const send = <T, U>(c: Context, result: Result<T>, resource: Resource, map: (v: T) => U, status: 200 | 201 = 200) =>
    result.ok ? c.json(map(result.value) as object, status) : businessProblem(c, result.error, resource);
  const same = <T>(v: T) => v;
  const found = <T>(c: Context, value: T | null, resource: Resource, map: (v: T) => unknown = same) =>
    value === null ? problem(c, 404, "NOT_FOUND", `No ${resource} with this id.`) : c.json(map(value) as object);
  const deleted = (c: Context, result: Result<unknown>, resource: Resource) =>
    result.ok ? c.body(null, 204) : businessProblem(c, result.error, resource);

  // Every route below runs with the key's business; the key itself is never logged or stored.
  api.use("*", async (c, next) => {
    const presented = bearer(c);
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
    await next();
  });

  // ---- Business and keys ------------------------------------------------------------------------
  api.get("/", async (c) => found(c, await c.var.repo.getBusiness(), RESOURCE.business));
  api.patch("/", async (c) => {
    const input = await body(c, BusinessPatchSchema);
    if (!input.ok) return input.response;
    const result = await c.var.repo.updateBusiness(input.data);
    return send(c, result, RESOURCE.business, same);
  });

  api.get("/api-keys", async (c) => c.json(await c.var.repo.listApiKeys()));
  api.post("/api-keys", async (c) => {
    const input = await body(c, ApiKeyCreateSchema);
    if (!input.ok) return input.response;
    return c.json(await issueApiKey(c.var.repo, input.data.name), 201);
  });
  api.delete("/api-keys/:apiKeyId", async (c) =>
    deleted(c, await c.var.repo.revokeApiKey(c.req.param("apiKeyId"), deps.clock()), RESOURCE.apiKey),
  );

  // ---- Staff, hours, time off -------------------------------------------------------------------
  api.get("/staff", async (c) => c.json(await c.var.repo.listStaff()));
  api.post("/staff", async (c) => {
    const input = await body(c, StaffCreateSchema);
    if (!input.ok) return input.response;
    return c.json(await c.var.repo.createStaff(input.data), 201);
  });
  api.get("/staff/:staffId", async (c) => found(c, await c.var.repo.getStaff(c.req.param("staffId")), RESOURCE.staff));
  api.patch("/staff/:staffId", async (c) => {
    const input = await body(c, StaffPatchSchema);
    if (!input.ok) return input.response;
    return send(c, await c.var.repo.updateStaff(c.req.param("staffId"), input.data), RESOURCE.staff, same);
  });
  api.delete("/staff/:staffId", async (c) =>
    deleted(c, await c.var.repo.deleteStaff(c.req.param("staffId"), deps.clock()), RESOURCE.staff),
  );
  api.put("/staff/:staffId/weekly-hours", async (c) => {
    const input = await body(c, WeeklyHoursSchema);
    if (!input.ok) return input.response;
    return send(
      c,
      await c.var.repo.updateStaff(c.req.param("staffId"), { weeklyHours: input.data }),
      RESOURCE.staff,
      same,
    );
  });
  api.get("/staff/:staffId/date-hours", async (c) =>
    found(c, await c.var.repo.getStaff(c.req.param("staffId")), RESOURCE.staff, (s) => s.dateOverrides),
  );
  const dateParam = (c: Context) => {
    const date = parse(LocalDateSchema, c.req.param("date"));
    return date.ok
      ? { ok: true as const, date: date.data }
      : { ok: false as const, response: problem(c, 404, "NOT_FOUND", "Expected a date YYYY-MM-DD in the path.") };
  };
  api.put("/staff/:staffId/date-hours/:date", async (c) => {
    const date = dateParam(c);
    if (!date.ok) return date.response;
    const input = await body(c, DateHoursSchema);
    if (!input.ok) return input.response;
    return send(
      c,
      await c.var.repo.setDateHours(c.req.param("staffId"), date.date, input.data.intervals),
      RESOURCE.staff,
      same,
    );
  });
  api.delete("/staff/:staffId/date-hours/:date", async (c) => {
    const date = dateParam(c);
    if (!date.ok) return date.response;
    return deleted(c, await c.var.repo.setDateHours(c.req.param("staffId"), date.date, null), RESOURCE.staff);
  });
  api.get("/staff/:staffId/time-off", async (c) =>
    send(c, await c.var.repo.listTimeOff(c.req.param("staffId")), RESOURCE.staff, same),
  );
  api.post("/staff/:staffId/time-off", async (c) => {
    const input = await body(c, TimeOffCreateSchema);
    if (!input.ok) return input.response;
    return send(c, await c.var.repo.createTimeOff(c.req.param("staffId"), input.data), RESOURCE.staff, same, 201);
  });
  api.delete("/staff/:staffId/time-off/:timeOffId", async (c) =>
    deleted(c, await c.var.repo.deleteTimeOff(c.req.param("staffId"), c.req.param("timeOffId")), RESOURCE.timeOff),
  );

  // ---- Services ---------------------------------------------------------------------------------
  api.get("/services", async (c) => c.json(await c.var.repo.listServices()));
  api.post("/services", async (c) => {
    const input = await body(c, ServiceCreateSchema);
    if (!input.ok) return input.response;
    return send(c, await c.var.repo.createService(input.data), RESOURCE.service, same, 201);
  });
  api.get("/services/:serviceId", async (c) =>
    found(c, await c.var.repo.getService(c.req.param("serviceId")), RESOURCE.service),
  );
  api.patch("/services/:serviceId", async (c) => {
    const input = await body(c, ServicePatchSchema);
    if (!input.ok) return input.response;
    return send(c, await c.var.repo.updateService(c.req.param("serviceId"), input.data), RESOURCE.service, same);
  });
  api.delete("/services/:serviceId", async (c) =>
    deleted(c, await c.var.repo.deleteService(c.req.param("serviceId"), deps.clock()), RESOURCE.service),
  );

  // ---- Groups -----------------------------------------------------------------------------------
  api.get("/groups", async (c) => c.json((await c.var.repo.listGroups()).map(url.group)));
  api.post("/groups", async (c) => {
    const input = await body(c, GroupCreateSchema);
    if (!input.ok) return input.response;
    return send(c, await c.var.repo.createGroup(input.data), RESOURCE.group, url.group, 201);
  });
  api.get("/groups/:groupId", async (c) =>
    found(c, await c.var.repo.getGroup(c.req.param("groupId")), RESOURCE.group, url.group),
  );
  api.patch("/groups/:groupId", async (c) => {
    const input = await body(c, GroupPatchSchema);
    if (!input.ok) return input.response;
    return send(c, await c.var.repo.updateGroup(c.req.param("groupId"), input.data), RESOURCE.group, url.group);
  });
  api.delete("/groups/:groupId", async (c) =>
    deleted(c, await c.var.repo.deleteGroup(c.req.param("groupId")), RESOURCE.group),
  );

  // ---- Calendars --------------------------------------------------------------------------------
  api.get("/calendars", async (c) => {
    const query = parse(CalendarQuerySchema, c.req.query());
    if (!query.ok) return validationProblem(c, query.error);
    return send(c, await c.var.repo.listCalendars(query.data), RESOURCE.group, (list) => list.map(url.calendar));
  });
  api.post("/calendars", async (c) => {
    const input = await body(c, CalendarCreateSchema);
    if (!input.ok) return input.response;
    return send(c, await createCalendar(c.var.repo, input.data), RESOURCE.calendar, url.calendar, 201);
  });
  api.get("/calendars/:calendarId", async (c) =>
    found(c, await c.var.repo.getCalendar(c.req.param("calendarId")), RESOURCE.calendar, url.calendar),
  );
  api.patch("/calendars/:calendarId", async (c) => {
    const input = await body(c, CalendarPatchSchema);
    if (!input.ok) return input.response;
    return send(
      c,
      await updateCalendar(c.var.repo, c.req.param("calendarId"), input.data),
      RESOURCE.calendar,
      url.calendar,
    );
  });
  api.put("/calendars/:calendarId/members", async (c) => {
    const input = await body(c, MembersBodySchema);
    if (!input.ok) return input.response;
    return send(
      c,
      await updateCalendar(c.var.repo, c.req.param("calendarId"), input.data),
      RESOURCE.calendar,
      url.calendar,
    );
  });
  api.put("/calendars/:calendarId/services", async (c) => {
    const input = await body(c, ServiceIdsBodySchema);
    if (!input.ok) return input.response;
    return send(
      c,
      await updateCalendar(c.var.repo, c.req.param("calendarId"), input.data),
      RESOURCE.calendar,
      url.calendar,
    );
  });
  api.delete("/calendars/:calendarId", async (c) =>
    deleted(c, await c.var.repo.deleteCalendar(c.req.param("calendarId"), deps.clock()), RESOURCE.calendar),
  );

  // ---- Service menus ----------------------------------------------------------------------------
  api.get("/service-menus", async (c) => c.json((await c.var.repo.listServiceMenus()).map(url.menu)));
  api.post("/service-menus", async (c) => {
    const input = await body(c, ServiceMenuCreateSchema);
    if (!input.ok) return input.response;
    return send(c, await c.var.repo.createServiceMenu(input.data), RESOURCE.serviceMenu, url.menu, 201);
  });
  api.get("/service-menus/:serviceMenuId", async (c) =>
    found(c, await c.var.repo.getServiceMenu(c.req.param("serviceMenuId")), RESOURCE.serviceMenu, url.menu),
  );
  api.patch("/service-menus/:serviceMenuId", async (c) => {
    const input = await body(c, ServiceMenuPatchSchema);
    if (!input.ok) return input.response;
    return send(
      c,
      await c.var.repo.updateServiceMenu(c.req.param("serviceMenuId"), input.data),
      RESOURCE.serviceMenu,
      url.menu,
    );
  });
  api.put("/service-menus/:serviceMenuId/items", async (c) => {
    const input = await body(c, ServiceIdsBodySchema);
    if (!input.ok) return input.response;
    return send(
      c,
      await c.var.repo.updateServiceMenu(c.req.param("serviceMenuId"), input.data),
      RESOURCE.serviceMenu,
      url.menu,
    );
  });
  api.delete("/service-menus/:serviceMenuId", async (c) =>
    deleted(c, await c.var.repo.deleteServiceMenu(c.req.param("serviceMenuId")), RESOURCE.serviceMenu),
  );

  // ---- One-time links ---------------------------------------------------------------------------
  api.get("/one-time-links", async (c) => {
    const query = parse(OneTimeLinkQuerySchema, c.req.query());
    if (!query.ok) return validationProblem(c, query.error);
    return send(c, await c.var.repo.listOneTimeLinks(query.data, deps.clock()), RESOURCE.calendar, (list) =>
      list.map(url.link),
    );
  });
  api.post("/one-time-links", async (c) => {
    const input = await body(c, OneTimeLinkCreateSchema);
    if (!input.ok) return input.response;
    const expiresAt = input.data.expiresAt ? new Date(input.data.expiresAt) : null;
    return send(
      c,
      await createOneTimeLink(c.var.repo, { calendarId: input.data.calendarId, expiresAt }, deps.clock()),
      RESOURCE.link,
      url.link,
      201,
    );
  });
  api.delete("/one-time-links/:linkId", async (c) =>
    deleted(c, await c.var.repo.revokeOneTimeLink(c.req.param("linkId"), deps.clock()), RESOURCE.link),
  );

  // ---- Bookings ---------------------------------------------------------------------------------
  api.get("/bookings", async (c) => {
    const query = parse(BookingsQuerySchema, c.req.query());
    if (!query.ok) return validationProblem(c, query.error);
    const business = await c.var.repo.getBusiness();
    const zone = business?.timeZone ?? "UTC";
    const { from, to } = query.data;
    const fromMs = isLocalDate(from) ? startOfLocalDay(from, zone) : Date.parse(from);
    const toMs = isLocalDate(to) ? startOfLocalDay(addDays(to, 1), zone) : Date.parse(to);
    if (toMs <= fromMs) return problem(c, 400, "INVALID_RANGE", "`to` must be after `from`.");
    if (toMs - fromMs > 400 * 86_400_000)
      // Not the catalogue's text: that one is the widget's 31-day limit. The business API's limit is its own.
      return problemResponse(c, 400, "RANGE_TOO_LONG", "The range can cover at most 400 days.");
    const result = await c.var.repo.listBookings({
      fromMs,
      toMs,
      ...(query.data.status ? { statuses: query.data.status } : {}),
      ...(query.data.calendarId ? { calendarId: query.data.calendarId } : {}),
      limit: query.data.limit,
    });
    return send(c, result, RESOURCE.calendar, same);
  });
  api.get("/bookings/:bookingId", async (c) => {
    const booking = await c.var.repo.getBooking(c.req.param("bookingId"));
    return booking ? c.json(booking) : bookingProblem(c, { code: "BOOKING_NOT_FOUND" });
  });

  /** Runs a booking use case on one of this business's bookings and answers with the booking after it. */
  const bookingAction =
    (run: (c: Context<Env>, bookingId: string) => Promise<{ ok: true } | { ok: false; response: Response }>) =>
    async (c: Context<Env>) => {
      const bookingId = c.req.param("bookingId") ?? "";
      // Scoped lookup first: another business's booking is not found before any use case runs.
      if (!(await c.var.repo.getBooking(bookingId))) return bookingProblem(c, { code: "BOOKING_NOT_FOUND" });
      const outcome = await run(c, bookingId);
      if (!outcome.ok) return outcome.response;
      return c.json((await c.var.repo.getBooking(bookingId))!);
    };
  const businessIdOf = (c: Context<Env>) => c.var.repo.businessId;

  api.post(
    "/bookings/:bookingId/confirm",
    bookingAction(async (c, id) => {
      const result = await confirmRequest(deps.bookings, businessIdOf(c), id);
      return result.ok ? { ok: true } : { ok: false, response: bookingProblem(c, result.error) };
    }),
  );
  api.post(
    "/bookings/:bookingId/decline",
    bookingAction(async (c, id) => {
      const input = await body(c, ReasonBodySchema);
      if (!input.ok) return input;
      const result = await declineRequest(deps.bookings, businessIdOf(c), id, input.data.reason ?? null);
      return result.ok ? { ok: true } : { ok: false, response: bookingProblem(c, result.error) };
    }),
  );
  api.post(
    "/bookings/:bookingId/cancel",
    bookingAction(async (c, id) => {
      const input = await body(c, ReasonBodySchema);
      if (!input.ok) return input;
      const result = await cancelBookingAsBusiness(deps.bookings, businessIdOf(c), id, input.data.reason ?? null);
      return result.ok ? { ok: true } : { ok: false, response: bookingProblem(c, result.error) };
    }),
  );
  api.post(
    "/bookings/:bookingId/reschedule",
    bookingAction(async (c, id) => {
      const input = await body(c, RescheduleBodySchema);
      if (!input.ok) return input;
      const result = await rescheduleBookingAsBusiness(deps.bookings, businessIdOf(c), id, input.data);
      return result.ok ? { ok: true } : { ok: false, response: bookingProblem(c, result.error) };
    }),
  );

  return api;
}

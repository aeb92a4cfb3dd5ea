/** Calendars of every type, with their settings, team and services. */
import { createCalendar, updateCalendar } from "../../../app/business/configure-calendar.ts";
import type { CalendarView } from "../../../app/business/ports.ts";
import { handle, json, problems, z } from "../../http/api-router.ts";
import { define, ids, REFUSALS, reply, type BusinessApiDeps, type BusinessRouter } from "./business-routing.ts";
import {
  CalendarCreateSchema,
  CalendarPatchSchema,
  CalendarQuerySchema,
  MembersBodySchema,
  ServiceIdsBodySchema,
} from "./input-schemas.ts";
import { CalendarSchema } from "./output-schemas.ts";

const calendarParams = ids("calendarId");

const listCalendars = define.route({
  method: "get",
  path: "/calendars",
  summary: "Calendars",
  request: { query: CalendarQuerySchema },
  responses: {
    200: json(z.array(CalendarSchema), "The calendars, by position"),
    ...problems("VALIDATION_FAILED", "NOT_FOUND"),
  },
});

const createCalendarRoute = define.add(
  "/calendars",
  CalendarCreateSchema,
  CalendarSchema,
  "Add a calendar of any type with its settings, members and services",
  [...REFUSALS.reference, "SLUG_TAKEN"],
);

const getCalendar = define.get("/calendars/{calendarId}", calendarParams, CalendarSchema, "A calendar");

const updateCalendarRoute = define.change(
  "patch",
  "/calendars/{calendarId}",
  calendarParams,
  CalendarPatchSchema,
  CalendarSchema,
  "Change a calendar; `settings` is merged into the stored settings",
  [...REFUSALS.reference, "SLUG_TAKEN"],
);

const replaceMembers = define.change(
  "put",
  "/calendars/{calendarId}/members",
  calendarParams,
  MembersBodySchema,
  CalendarSchema,
  "Replace the team",
  REFUSALS.reference,
);

const replaceServices = define.change(
  "put",
  "/calendars/{calendarId}/services",
  calendarParams,
  ServiceIdsBodySchema,
  CalendarSchema,
  "Replace the services (service calendars)",
  REFUSALS.reference,
);

const deleteCalendar = define.remove(
  "/calendars/{calendarId}",
  calendarParams,
  "Remove a calendar (kept as deleted when bookings refer to it; refused while a service menu uses it)",
  ["NOT_FOUND", "IN_USE"],
);

export function calendarRoutes(api: BusinessRouter, deps: BusinessApiDeps) {
  const withUrl = (v: CalendarView) => ({ ...v, url: `${deps.publicUrl}/widget/booking/${v.id}` });

  handle(api, listCalendars, async (c) =>
    reply.send(c, await c.var.repo.listCalendars(c.req.valid("query")), "group", (list) => list.map(withUrl)),
  );
  handle(api, createCalendarRoute, async (c) =>
    reply.send(c, await createCalendar(c.var.repo, c.req.valid("json")), "calendar", withUrl, 201),
  );
  handle(api, getCalendar, async (c) =>
    reply.found(c, await c.var.repo.getCalendar(c.req.valid("param").calendarId), "calendar", withUrl),
  );
  for (const route of [updateCalendarRoute, replaceMembers, replaceServices]) {
    handle(api, route, async (c) =>
      reply.send(
        c,
        await updateCalendar(c.var.repo, c.req.valid("param").calendarId, c.req.valid("json")),
        "calendar",
        withUrl,
      ),
    );
  }
  handle(api, deleteCalendar, async (c) =>
    reply.deleted(c, await c.var.repo.deleteCalendar(c.req.valid("param").calendarId, deps.clock()), "calendar"),
  );
}

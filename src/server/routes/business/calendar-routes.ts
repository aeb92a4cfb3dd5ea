/** Calendars of every type, with their settings, team and services. */
import { createCalendar, updateCalendar } from "../../../app/business/configure-calendar.ts";
import type { CalendarView } from "../../../app/business/ports.ts";
import { handle, json, jsonBody, problems, z } from "../../http/api-router.ts";
import {
  businessRoute,
  deleted,
  found,
  ids,
  noContent,
  REFUSALS,
  send,
  type BusinessApiDeps,
  type BusinessRouter,
} from "./business-routing.ts";
import {
  CalendarCreateSchema,
  CalendarPatchSchema,
  CalendarQuerySchema,
  MembersBodySchema,
  ServiceIdsBodySchema,
} from "./input-schemas.ts";
import { CalendarSchema } from "./output-schemas.ts";

const calendarParams = ids("calendarId");
const changed = json(CalendarSchema, "The calendar after the change");
const changeRefusals = problems(...REFUSALS.body, ...REFUSALS.reference, "SLUG_TAKEN");

const listCalendars = businessRoute({
  method: "get",
  path: "/calendars",
  summary: "Calendars",
  request: { query: CalendarQuerySchema },
  responses: {
    200: json(z.array(CalendarSchema), "The calendars, by position"),
    ...problems("VALIDATION_FAILED", "NOT_FOUND"),
  },
});

const createCalendarRoute = businessRoute({
  method: "post",
  path: "/calendars",
  summary: "Add a calendar of any type with its settings, members and services",
  request: { body: jsonBody(CalendarCreateSchema) },
  responses: { 201: json(CalendarSchema, "Added"), ...changeRefusals },
});

const getCalendar = businessRoute({
  method: "get",
  path: "/calendars/{calendarId}",
  summary: "A calendar",
  request: { params: calendarParams },
  responses: { 200: json(CalendarSchema, "The calendar"), ...problems("NOT_FOUND") },
});

const updateCalendarRoute = businessRoute({
  method: "patch",
  path: "/calendars/{calendarId}",
  summary: "Change a calendar; `settings` is merged into the stored settings",
  request: { params: calendarParams, body: jsonBody(CalendarPatchSchema) },
  responses: { 200: changed, ...changeRefusals },
});

const replaceMembers = businessRoute({
  method: "put",
  path: "/calendars/{calendarId}/members",
  summary: "Replace the team",
  request: { params: calendarParams, body: jsonBody(MembersBodySchema) },
  responses: { 200: changed, ...problems(...REFUSALS.body, ...REFUSALS.reference) },
});

const replaceServices = businessRoute({
  method: "put",
  path: "/calendars/{calendarId}/services",
  summary: "Replace the services (service calendars)",
  request: { params: calendarParams, body: jsonBody(ServiceIdsBodySchema) },
  responses: { 200: changed, ...problems(...REFUSALS.body, ...REFUSALS.reference) },
});

const deleteCalendar = businessRoute({
  method: "delete",
  path: "/calendars/{calendarId}",
  summary: "Remove a calendar (kept as deleted when bookings refer to it; refused while a service menu uses it)",
  request: { params: calendarParams },
  responses: { 204: noContent("Removed"), ...problems("NOT_FOUND", "IN_USE") },
});

export function calendarRoutes(api: BusinessRouter, deps: BusinessApiDeps) {
  const withUrl = (v: CalendarView) => ({ ...v, url: `${deps.publicUrl}/widget/booking/${v.id}` });

  handle(api, listCalendars, async (c) =>
    send(c, await c.var.repo.listCalendars(c.req.valid("query")), "group", (list) => list.map(withUrl)),
  );
  handle(api, createCalendarRoute, async (c) =>
    send(c, await createCalendar(c.var.repo, c.req.valid("json")), "calendar", withUrl, 201),
  );
  handle(api, getCalendar, async (c) =>
    found(c, await c.var.repo.getCalendar(c.req.valid("param").calendarId), "calendar", withUrl),
  );
  for (const route of [updateCalendarRoute, replaceMembers, replaceServices]) {
    handle(api, route, async (c) =>
      send(
        c,
        await updateCalendar(c.var.repo, c.req.valid("param").calendarId, c.req.valid("json")),
        "calendar",
        withUrl,
      ),
    );
  }
  handle(api, deleteCalendar, async (c) =>
    deleted(c, await c.var.repo.deleteCalendar(c.req.valid("param").calendarId, deps.clock()), "calendar"),
  );
}

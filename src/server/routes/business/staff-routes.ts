/** Staff members, their weekly and date-specific hours, and their time off. */
import { handle, json, jsonBody, problems, z } from "../../http/api-router.ts";
import { LocalDateSchema } from "../../http/input-bounds.ts";
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
  DateHoursSchema,
  DateOverridesSchema,
  StaffCreateSchema,
  StaffPatchSchema,
  TimeOffCreateSchema,
  WeeklyHoursSchema,
} from "./input-schemas.ts";
import { StaffSchema, TimeOffSchema } from "./output-schemas.ts";

const staffParams = ids("staffId");
const dateParams = staffParams.extend({ date: LocalDateSchema.openapi({ description: "Local date YYYY-MM-DD" }) });

const listStaff = businessRoute({
  method: "get",
  path: "/staff",
  summary: "Staff members",
  responses: { 200: json(z.array(StaffSchema), "Every staff member") },
});

const createStaff = businessRoute({
  method: "post",
  path: "/staff",
  summary: "Add a staff member (with weekly and date-specific hours)",
  request: { body: jsonBody(StaffCreateSchema) },
  responses: { 201: json(StaffSchema, "Added"), ...problems(...REFUSALS.body) },
});

const getStaff = businessRoute({
  method: "get",
  path: "/staff/{staffId}",
  summary: "A staff member",
  request: { params: staffParams },
  responses: { 200: json(StaffSchema, "The staff member"), ...problems("NOT_FOUND") },
});

const updateStaff = businessRoute({
  method: "patch",
  path: "/staff/{staffId}",
  summary: "Change a staff member",
  request: { params: staffParams, body: jsonBody(StaffPatchSchema) },
  responses: { 200: json(StaffSchema, "Changed"), ...problems(...REFUSALS.body, "NOT_FOUND") },
});

const deleteStaff = businessRoute({
  method: "delete",
  path: "/staff/{staffId}",
  summary: "Remove a staff member (kept as deleted when bookings refer to them)",
  request: { params: staffParams },
  responses: { 204: noContent("Removed"), ...problems("NOT_FOUND") },
});

const replaceWeeklyHours = businessRoute({
  method: "put",
  path: "/staff/{staffId}/weekly-hours",
  summary: "Replace the weekly hours",
  request: { params: staffParams, body: jsonBody(WeeklyHoursSchema) },
  responses: {
    200: json(StaffSchema, "The staff member with the new hours"),
    ...problems(...REFUSALS.body, "NOT_FOUND"),
  },
});

const getDateHours = businessRoute({
  method: "get",
  path: "/staff/{staffId}/date-hours",
  summary: "Date-specific hours",
  request: { params: staffParams },
  responses: { 200: json(DateOverridesSchema, "Hours by date"), ...problems("NOT_FOUND") },
});

const setDateHours = businessRoute({
  method: "put",
  path: "/staff/{staffId}/date-hours/{date}",
  summary: "Set the hours of one date ([] = day off)",
  request: { params: dateParams, body: jsonBody(DateHoursSchema) },
  responses: {
    200: json(StaffSchema, "The staff member with the date's hours"),
    ...problems(...REFUSALS.body, "NOT_FOUND"),
  },
});

const clearDateHours = businessRoute({
  method: "delete",
  path: "/staff/{staffId}/date-hours/{date}",
  summary: "Back to the weekly hours on that date",
  request: { params: dateParams },
  responses: { 204: noContent("Cleared"), ...problems("NOT_FOUND") },
});

const listTimeOff = businessRoute({
  method: "get",
  path: "/staff/{staffId}/time-off",
  summary: "Time off of a staff member",
  request: { params: staffParams },
  responses: { 200: json(z.array(TimeOffSchema), "Every time off"), ...problems("NOT_FOUND") },
});

const createTimeOff = businessRoute({
  method: "post",
  path: "/staff/{staffId}/time-off",
  summary: "Add time off",
  request: { params: staffParams, body: jsonBody(TimeOffCreateSchema) },
  responses: { 201: json(TimeOffSchema, "Added"), ...problems(...REFUSALS.body, "NOT_FOUND") },
});

const deleteTimeOff = businessRoute({
  method: "delete",
  path: "/staff/{staffId}/time-off/{timeOffId}",
  summary: "Remove time off",
  request: { params: ids("staffId", "timeOffId") },
  responses: { 204: noContent("Removed"), ...problems("NOT_FOUND") },
});

export function staffRoutes(api: BusinessRouter, deps: BusinessApiDeps) {
  handle(api, listStaff, async (c) => c.json(await c.var.repo.listStaff()));
  handle(api, createStaff, async (c) => c.json(await c.var.repo.createStaff(c.req.valid("json")), 201));
  handle(api, getStaff, async (c) => found(c, await c.var.repo.getStaff(c.req.valid("param").staffId), "staff member"));
  handle(api, updateStaff, async (c) =>
    send(c, await c.var.repo.updateStaff(c.req.valid("param").staffId, c.req.valid("json")), "staff member"),
  );
  handle(api, deleteStaff, async (c) =>
    deleted(c, await c.var.repo.deleteStaff(c.req.valid("param").staffId, deps.clock()), "staff member"),
  );
  handle(api, replaceWeeklyHours, async (c) => {
    const weeklyHours = c.req.valid("json");
    return send(c, await c.var.repo.updateStaff(c.req.valid("param").staffId, { weeklyHours }), "staff member");
  });
  handle(api, getDateHours, async (c) =>
    found(c, await c.var.repo.getStaff(c.req.valid("param").staffId), "staff member", (s) => s.dateOverrides),
  );
  handle(api, setDateHours, async (c) => {
    const { staffId, date } = c.req.valid("param");
    return send(c, await c.var.repo.setDateHours(staffId, date, c.req.valid("json").intervals), "staff member");
  });
  handle(api, clearDateHours, async (c) => {
    const { staffId, date } = c.req.valid("param");
    return deleted(c, await c.var.repo.setDateHours(staffId, date, null), "staff member");
  });
  handle(api, listTimeOff, async (c) =>
    send(c, await c.var.repo.listTimeOff(c.req.valid("param").staffId), "staff member"),
  );
  handle(api, createTimeOff, async (c) => {
    const created = await c.var.repo.createTimeOff(c.req.valid("param").staffId, c.req.valid("json"));
    return send(c, created, "staff member", undefined, 201);
  });
  handle(api, deleteTimeOff, async (c) => {
    const { staffId, timeOffId } = c.req.valid("param");
    return deleted(c, await c.var.repo.deleteTimeOff(staffId, timeOffId), "time off");
  });
}

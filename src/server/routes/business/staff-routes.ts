/** Staff members, their weekly and date-specific hours, and their time off. */
import { handle, json, jsonBody, problems, z } from "../../http/api-router.ts";
import { LocalDateSchema } from "../../http/input-bounds.ts";
import {
  addRoute,
  businessRoute,
  changeRoute,
  getRoute,
  listRoute,
  removeRoute,
  deleted,
  found,
  ids,
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

const listStaff = listRoute("/staff", StaffSchema, "Staff members");

const createStaff = addRoute(
  "/staff",
  StaffCreateSchema,
  StaffSchema,
  "Add a staff member (with weekly and date-specific hours)",
);

const getStaff = getRoute("/staff/{staffId}", staffParams, StaffSchema, "A staff member");

const updateStaff = changeRoute(
  "patch",
  "/staff/{staffId}",
  staffParams,
  StaffPatchSchema,
  StaffSchema,
  "Change a staff member",
);

const deleteStaff = removeRoute(
  "/staff/{staffId}",
  staffParams,
  "Remove a staff member (kept as deleted when bookings refer to them)",
);

const replaceWeeklyHours = changeRoute(
  "put",
  "/staff/{staffId}/weekly-hours",
  staffParams,
  WeeklyHoursSchema,
  StaffSchema,
  "Replace the weekly hours",
);

const getDateHours = businessRoute({
  method: "get",
  path: "/staff/{staffId}/date-hours",
  summary: "Date-specific hours",
  request: { params: staffParams },
  responses: { 200: json(DateOverridesSchema, "Hours by date"), ...problems("NOT_FOUND") },
});

const setDateHours = changeRoute(
  "put",
  "/staff/{staffId}/date-hours/{date}",
  dateParams,
  DateHoursSchema,
  StaffSchema,
  "Set the hours of one date ([] = day off)",
);

const clearDateHours = removeRoute(
  "/staff/{staffId}/date-hours/{date}",
  dateParams,
  "Back to the weekly hours on that date",
);

const listTimeOff = getRoute(
  "/staff/{staffId}/time-off",
  staffParams,
  z.array(TimeOffSchema),
  "Time off of a staff member",
);

const createTimeOff = businessRoute({
  method: "post",
  path: "/staff/{staffId}/time-off",
  summary: "Add time off",
  request: { params: staffParams, body: jsonBody(TimeOffCreateSchema) },
  responses: { 201: json(TimeOffSchema, "Added"), ...problems(...REFUSALS.body, "NOT_FOUND") },
});

const deleteTimeOff = removeRoute(
  "/staff/{staffId}/time-off/{timeOffId}",
  ids("staffId", "timeOffId"),
  "Remove time off",
);

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

/** Staff members, their weekly and date-specific hours, and their time off. */
import { handle, json, jsonBody, problems, z } from "../../http/api-router.ts";
import { LocalDateSchema } from "../../http/input-bounds.ts";
import { define, ids, REFUSALS, reply, type BusinessApiDeps, type BusinessRouter } from "./business-routing.ts";
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

const listStaff = define.list("/staff", StaffSchema, "Staff members");

const createStaff = define.add(
  "/staff",
  StaffCreateSchema,
  StaffSchema,
  "Add a staff member (with weekly and date-specific hours)",
);

const getStaff = define.get("/staff/{staffId}", staffParams, StaffSchema, "A staff member");

const updateStaff = define.change(
  "patch",
  "/staff/{staffId}",
  staffParams,
  StaffPatchSchema,
  StaffSchema,
  "Change a staff member",
);

const deleteStaff = define.remove(
  "/staff/{staffId}",
  staffParams,
  "Remove a staff member (kept as deleted when bookings refer to them)",
);

const replaceWeeklyHours = define.change(
  "put",
  "/staff/{staffId}/weekly-hours",
  staffParams,
  WeeklyHoursSchema,
  StaffSchema,
  "Replace the weekly hours",
);

const getDateHours = define.route({
  method: "get",
  path: "/staff/{staffId}/date-hours",
  summary: "Date-specific hours",
  request: { params: staffParams },
  responses: { 200: json(DateOverridesSchema, "Hours by date"), ...problems("NOT_FOUND") },
});

const setDateHours = define.change(
  "put",
  "/staff/{staffId}/date-hours/{date}",
  dateParams,
  DateHoursSchema,
  StaffSchema,
  "Set the hours of one date ([] = day off)",
);

const clearDateHours = define.remove(
  "/staff/{staffId}/date-hours/{date}",
  dateParams,
  "Back to the weekly hours on that date",
);

const listTimeOff = define.get(
  "/staff/{staffId}/time-off",
  staffParams,
  z.array(TimeOffSchema),
  "Time off of a staff member",
);

const createTimeOff = define.route({
  method: "post",
  path: "/staff/{staffId}/time-off",
  summary: "Add time off",
  request: { params: staffParams, body: jsonBody(TimeOffCreateSchema) },
  responses: { 201: json(TimeOffSchema, "Added"), ...problems(...REFUSALS.body, "NOT_FOUND") },
});

const deleteTimeOff = define.remove(
  "/staff/{staffId}/time-off/{timeOffId}",
  ids("staffId", "timeOffId"),
  "Remove time off",
);

export function staffRoutes(api: BusinessRouter, deps: BusinessApiDeps) {
  handle(api, listStaff, async (c) => c.json(await c.var.repo.listStaff()));
  handle(api, createStaff, async (c) => c.json(await c.var.repo.createStaff(c.req.valid("json")), 201));
  handle(api, getStaff, async (c) =>
    reply.found(c, await c.var.repo.getStaff(c.req.valid("param").staffId), "staff member"),
  );
  handle(api, updateStaff, async (c) =>
    reply.send(c, await c.var.repo.updateStaff(c.req.valid("param").staffId, c.req.valid("json")), "staff member"),
  );
  handle(api, deleteStaff, async (c) =>
    reply.deleted(c, await c.var.repo.deleteStaff(c.req.valid("param").staffId, deps.clock()), "staff member"),
  );
  handle(api, replaceWeeklyHours, async (c) => {
    const weeklyHours = c.req.valid("json");
    return reply.send(c, await c.var.repo.updateStaff(c.req.valid("param").staffId, { weeklyHours }), "staff member");
  });
  handle(api, getDateHours, async (c) =>
    reply.found(c, await c.var.repo.getStaff(c.req.valid("param").staffId), "staff member", (s) => s.dateOverrides),
  );
  handle(api, setDateHours, async (c) => {
    const { staffId, date } = c.req.valid("param");
    return reply.send(c, await c.var.repo.setDateHours(staffId, date, c.req.valid("json").intervals), "staff member");
  });
  handle(api, clearDateHours, async (c) => {
    const { staffId, date } = c.req.valid("param");
    return reply.deleted(c, await c.var.repo.setDateHours(staffId, date, null), "staff member");
  });
  handle(api, listTimeOff, async (c) =>
    reply.send(c, await c.var.repo.listTimeOff(c.req.valid("param").staffId), "staff member"),
  );
  handle(api, createTimeOff, async (c) => {
    const created = await c.var.repo.createTimeOff(c.req.valid("param").staffId, c.req.valid("json"));
    return reply.send(c, created, "staff member", undefined, 201);
  });
  handle(api, deleteTimeOff, async (c) => {
    const { staffId, timeOffId } = c.req.valid("param");
    return reply.deleted(c, await c.var.repo.deleteTimeOff(staffId, timeOffId), "time off");
  });
}

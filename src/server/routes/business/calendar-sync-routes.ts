/**
 * Calendar sync (issue 20): a staff member's external calendars — CalDAV (busy time read, bookings
 * written) or a read-only ICS feed — whose busy time blocks their slots, and their private feed of
 * bookings. Passwords and feed URLs are sealed under APP_SECRET; the feed's token is kept hashed.
 */
import { randomBytes } from "node:crypto";
import { syncConnection, SYNC_LEASE_MS } from "../../../adapters/calendar-sync/sync.ts";
import { handle, json, jsonBody, problems, z } from "../../http/api-router.ts";
import { problem } from "../../http/problem.ts";
import { define, ids, REFUSALS, reply, type BusinessApiDeps, type BusinessRouter } from "./business-routing.ts";
import { refusedTarget } from "./webhook-routes.ts";
import { hashSecretToken } from "../../../app/shared/secret-token.ts";
import { SYNC_FAILURE_REASONS } from "../../../core/calendar/sync-failure.ts";

const staffParams = ids("staffId");
const connectionParams = ids("staffId", "connectionId");

const HttpUrl = z.url({ protocol: /^https?$/, message: "expected an http(s) URL" }).max(2000);
const CalDavCreateSchema = z.strictObject({
  kind: z.literal("caldav"),
  url: HttpUrl.meta({ description: "The CalDAV server (https; its calendars are discovered)" }),
  username: z.string().trim().min(1).max(200),
  password: z.string().min(1).max(500).meta({ description: "Stored sealed; never shown again" }),
  calendarUrl: HttpUrl.optional().meta({
    description: "One calendar collection to use; without it the account's first event calendar",
  }),
  writeBookings: z
    .boolean()
    .optional()
    .meta({ description: "Write this staff member's bookings into it (default true)" }),
});
const IcsCreateSchema = z.strictObject({
  kind: z.literal("ics"),
  url: HttpUrl.meta({ description: "A read-only ICS feed (https); kept sealed, only its origin is shown" }),
});
const ConnectionCreateSchema = z
  .discriminatedUnion("kind", [CalDavCreateSchema, IcsCreateSchema])
  .openapi("CalendarConnectionCreate");

const ConnectionSchema = z
  .object({
    id: z.string(),
    staffId: z.string(),
    kind: z.enum(["caldav", "ics"]),
    url: z.string().meta({ description: "The CalDAV server, or the feed's origin" }),
    username: z.string().nullable(),
    calendarUrl: z.string().nullable().meta({ description: "CalDAV: the calendar collection read and written" }),
    writeBookings: z.boolean(),
    status: z.enum(["pending", "ok", "error"]).meta({
      description: "error: the last sync failed (statusReason says why); the busy time read before still blocks",
    }),
    statusReason: z.enum(SYNC_FAILURE_REASONS).nullable().meta({
      description:
        "Why the last sync failed: host_not_found, unreachable, timeout, tls, auth (user name or password refused), not_found, not_caldav, no_calendar, private_address, too_large, http_error or unknown; null unless status is error",
    }),
    statusMessage: z.string().nullable().meta({ description: "The calendar server's own words, in English" }),
    lastSyncedAt: z.string().nullable().meta({ description: "The last sync that read the calendar" }),
    lastAttemptAt: z.string().nullable(),
    nextSyncAt: z.string(),
    busySpans: z.number().meta({ description: "Busy spans stored from it (a year ahead)" }),
    createdAt: z.string(),
  })
  .openapi("CalendarConnection");
const FeedSchema = z
  .object({
    url: z.string().meta({ description: "The private feed (shown only now): subscribe to it from any calendar app" }),
  })
  .openapi("StaffFeed");

const listConnections = define.get(
  "/staff/{staffId}/calendars",
  staffParams,
  z.array(ConnectionSchema),
  "A staff member's connected calendars",
);
const createConnection = define.route({
  method: "post",
  path: "/staff/{staffId}/calendars",
  summary: "Connect a calendar (CalDAV or an ICS feed); it is synced at once",
  request: { params: staffParams, body: jsonBody(ConnectionCreateSchema) },
  responses: { 201: json(ConnectionSchema, "Connected"), ...problems(...REFUSALS.body, "NOT_FOUND") },
});
const getConnection = define.get(
  "/staff/{staffId}/calendars/{connectionId}",
  connectionParams,
  ConnectionSchema,
  "A connected calendar and how its last sync went",
);
const deleteConnection = define.remove(
  "/staff/{staffId}/calendars/{connectionId}",
  connectionParams,
  "Disconnect a calendar (its busy time stops blocking)",
);
const syncNow = define.route({
  method: "post",
  path: "/staff/{staffId}/calendars/{connectionId}/sync",
  summary: "Sync a connected calendar now",
  request: { params: connectionParams },
  responses: { 200: json(ConnectionSchema, "After the sync"), ...problems("NOT_FOUND") },
});
const rotateFeed = define.route({
  method: "post",
  path: "/staff/{staffId}/feed",
  summary: "A new private ICS feed of the staff member's bookings (the previous address stops working)",
  request: { params: staffParams },
  responses: { 201: json(FeedSchema, "The feed's address"), ...problems("NOT_FOUND") },
});
const revokeFeed = define.remove("/staff/{staffId}/feed", staffParams, "Turn the private feed off");

const TARGET_MESSAGES = {
  private: "Calendars cannot be read from a private network address.",
  plain: "Calendars are read over https only.",
};

export function calendarSyncRoutes(api: BusinessRouter, deps: BusinessApiDeps) {
  const sync = () => {
    if (!deps.calendarSync) throw new Error("calendar sync is not configured");
    return deps.calendarSync;
  };
  const storeOf = (c: { var: { repo: { businessId: string } } }) => sync().store(c.var.repo.businessId);
  const noStaff = (c: Parameters<typeof problem>[0]) => problem(c, 404, "NOT_FOUND", "No staff member with this id.");

  handle(api, listConnections, async (c) => {
    const { staffId } = c.req.valid("param");
    const store = storeOf(c);
    if (!(await store.staffMember(staffId))) return noStaff(c);
    return c.json(await store.list(staffId));
  });
  handle(api, createConnection, async (c) => {
    const { staffId } = c.req.valid("param");
    const input = c.req.valid("json");
    const cs = sync();
    for (const url of [input.url, ...(input.kind === "caldav" && input.calendarUrl ? [input.calendarUrl] : [])]) {
      const refused = refusedTarget(c, url, cs.allowPrivateTargets, TARGET_MESSAGES);
      if (refused) return refused;
    }
    const store = storeOf(c);
    if (!(await store.staffMember(staffId))) return noStaff(c);
    const id = await store.create(staffId, {
      kind: input.kind,
      displayUrl: input.kind === "ics" ? `${new URL(input.url).origin}/…` : input.url,
      urlSealed: cs.sealSecret(input.url),
      username: input.kind === "caldav" ? input.username : null,
      passwordSealed: input.kind === "caldav" ? cs.sealSecret(input.password) : null,
      calendarUrl: input.kind === "caldav" ? (input.calendarUrl ?? null) : null,
      writeBookings: input.kind === "caldav" && input.writeBookings !== false,
    });
    const claimed = await store.claim(staffId, id, SYNC_LEASE_MS);
    if (claimed) await syncConnection(cs, claimed);
    return c.json((await store.get(staffId, id))!, 201);
  });
  handle(api, getConnection, async (c) => {
    const { staffId, connectionId } = c.req.valid("param");
    return reply.found(c, await storeOf(c).get(staffId, connectionId), "calendar connection");
  });
  handle(api, deleteConnection, async (c) => {
    const { staffId, connectionId } = c.req.valid("param");
    if (!(await storeOf(c).remove(staffId, connectionId)))
      return problem(c, 404, "NOT_FOUND", "No calendar connection with this id.");
    // Its busy time went with it.
    deps.calendarSync?.onBusyChanged?.(staffId);
    return c.body(null, 204);
  });
  handle(api, syncNow, async (c) => {
    const { staffId, connectionId } = c.req.valid("param");
    const store = storeOf(c);
    const claimed = await store.claim(staffId, connectionId, SYNC_LEASE_MS);
    if (!claimed) return problem(c, 404, "NOT_FOUND", "No calendar connection with this id.");
    await syncConnection(sync(), claimed);
    return c.json((await store.get(staffId, connectionId))!);
  });
  handle(api, rotateFeed, async (c) => {
    const { staffId } = c.req.valid("param");
    const store = storeOf(c);
    if (!(await store.staffMember(staffId))) return noStaff(c);
    const token = randomBytes(32).toString("base64url");
    await store.rotateFeedToken(staffId, hashSecretToken(token));
    return c.json({ url: `${deps.publicUrl}/feeds/staff/${token}.ics` }, 201);
  });
  handle(api, revokeFeed, async (c) => {
    const { staffId } = c.req.valid("param");
    return (await storeOf(c).revokeFeedToken(staffId))
      ? c.body(null, 204)
      : problem(c, 404, "NOT_FOUND", "This staff member has no private feed.");
  });
}

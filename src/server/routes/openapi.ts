/**
 * OpenAPI 3.1 document of the public booking API, generated from the same zod schemas that
 * validate requests (z.toJSONSchema), and a small self-contained reference page that renders it
 * (no CDN: the page must work offline).
 */
import { z } from "zod";
import { BOOKING_PROBLEMS } from "./booking-problems.ts";
import { withBusinessApi } from "./business-openapi.ts";
import {
  BookingBodySchema,
  BookingCreatedSchema,
  BookingViewSchema,
  CancelBodySchema,
  FreeSlotsResponseSchema,
  HoldBodySchema,
  HoldResponseSchema,
  NextAvailableQuerySchema,
  NextAvailableResponseSchema,
  ProblemSchema,
  RescheduleBodySchema,
  SlotsQuerySchema,
  WidgetConfigSchema,
} from "./public-api-schemas.ts";

const json = (schema: z.ZodType, io: "input" | "output" = "output") =>
  z.toJSONSchema(schema, { target: "draft-2020-12", io, unrepresentable: "any" });

function queryParameters(schema: z.ZodObject) {
  const js = json(schema, "input") as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(js.properties ?? {}).map(([name, s]) => ({
    name,
    in: "query",
    required: js.required?.includes(name) ?? false,
    schema: s,
  }));
}

const pathParam = (name: string, description: string) => ({
  name,
  in: "path",
  required: true,
  description,
  schema: { type: "string" },
});
const tokenParam = {
  name: "token",
  in: "query",
  required: false,
  description: "Manage token (alternative to the Bearer header)",
  schema: { type: "string" },
};
const problemRef = { $ref: "#/components/schemas/Problem" };
const problems = (...codes: (keyof typeof BOOKING_PROBLEMS | string)[]) => {
  const byStatus = new Map<number, string[]>();
  for (const code of codes) {
    const mapping = BOOKING_PROBLEMS[code as keyof typeof BOOKING_PROBLEMS];
    const status =
      mapping?.status ??
      (code === "VALIDATION_FAILED"
        ? 400
        : code === "RATE_LIMITED"
          ? 429
          : code.startsWith("IDEMPOTENCY_KEY")
            ? 422
            : 409);
    const text = mapping ? `${code}: '${mapping.message({ availableSeats: "{n}", count: "{count}" })}'` : code;
    byStatus.set(status, [...(byStatus.get(status) ?? []), text]);
  }
  return Object.fromEntries(
    [...byStatus.entries()].map(([status, lines]) => [
      String(status),
      { description: lines.join("; "), content: { "application/problem+json": { schema: problemRef } } },
    ]),
  );
};
const ok = (status: number, schemaName: string, description: string) => ({
  [String(status)]: {
    description,
    content: { "application/json": { schema: { $ref: `#/components/schemas/${schemaName}` } } },
  },
});
const body = (schemaName: string) => ({
  required: true,
  content: { "application/json": { schema: { $ref: `#/components/schemas/${schemaName}` } } },
});

let cached: unknown = null;

export function buildOpenApiDocument() {
  cached ??= withOperationIdsAndSecurity(
    withBusinessApi({
      openapi: "3.1.0",
      info: {
        title: "Booking widget public API",
        version: "1.0.0",
        description:
          "Public endpoints of the booking widget. Errors are RFC 9457 problem documents with a stable `code` and a `detail` in the request's language (`?locale=` or Accept-Language; English, with the spec's exact texts, by default). Free-slots and booking endpoints are rate limited per client (429 with Retry-After).",
      },
      servers: [{ url: "/" }],
      paths: {
        "/api/calendars/{calendarId}": {
          get: {
            summary: "Widget configuration of a calendar",
            parameters: [pathParam("calendarId", "Calendar id")],
            responses: {
              ...ok(200, "WidgetConfig", "Public configuration (nothing private)"),
              ...problems("CALENDAR_NOT_FOUND", "CALENDAR_UNAVAILABLE"),
            },
          },
        },
        "/api/one-time-links/{slug}": {
          get: {
            summary: "Widget configuration behind a one-time link",
            parameters: [pathParam("slug", "One-time link slug")],
            responses: {
              ...ok(200, "WidgetConfig", "Configuration plus `oneTimeSlug`"),
              ...problems("LINK_NOT_FOUND", "SLUG_EXPIRED"),
            },
          },
        },
        "/api/calendars/{calendarId}/free-slots": {
          get: {
            summary: "Free start times, grouped by the visitor's local date (at most 31 days)",
            parameters: [pathParam("calendarId", "Calendar id"), ...queryParameters(SlotsQuerySchema)],
            responses: {
              ...ok(200, "FreeSlots", "Dates without slots are omitted"),
              ...problems(
                "VALIDATION_FAILED",
                "TIMEZONE_NOT_FOUND",
                "RANGE_TOO_LONG",
                "INVALID_RANGE",
                "CALENDAR_NOT_FOUND",
                "SERVICES_REQUIRED",
                "SERVICE_GUEST_LIMIT",
                "RATE_LIMITED",
              ),
            },
          },
        },
        "/api/calendars/{calendarId}/events": {
          get: {
            summary:
              "Server-sent events: `ready` once, then `slots` whenever this calendar's free slots may have changed",
            description:
              "A text/event-stream for open widgets; it carries no personal data, only that something changed. Heartbeat comments keep it open.",
            parameters: [pathParam("calendarId", "Calendar id")],
            responses: {
              "200": {
                description: "An event stream",
                content: { "text/event-stream": { schema: { type: "string" } } },
              },
              ...problems("CALENDAR_NOT_FOUND"),
            },
          },
        },
        "/api/calendars/{calendarId}/next-available": {
          get: {
            summary: "First date on or after `from` with a free slot (null: none in the booking window)",
            parameters: [pathParam("calendarId", "Calendar id"), ...queryParameters(NextAvailableQuerySchema)],
            responses: {
              ...ok(200, "NextAvailable", "The date or null"),
              ...problems(
                "VALIDATION_FAILED",
                "TIMEZONE_NOT_FOUND",
                "CALENDAR_NOT_FOUND",
                "SERVICES_REQUIRED",
                "SERVICE_GUEST_LIMIT",
                "RATE_LIMITED",
              ),
            },
          },
        },
        "/api/calendars/{calendarId}/holds": {
          post: {
            summary: "Hold a slot for a few minutes (busy for everyone else until it expires)",
            parameters: [pathParam("calendarId", "Calendar id")],
            requestBody: body("HoldRequest"),
            responses: {
              ...ok(201, "Hold", "Pass `holdId` with the booking"),
              ...problems(
                "VALIDATION_FAILED",
                "TIMEZONE_NOT_FOUND",
                "CALENDAR_NOT_FOUND",
                "SERVICES_REQUIRED",
                "SERVICE_GUEST_LIMIT",
                "STAFF_BUSY",
                "RESOURCE_UNAVAILABLE",
                "NO_SLOTS",
                "HOLD_NOT_SUPPORTED",
                "RATE_LIMITED",
              ),
            },
          },
        },
        "/api/bookings": {
          post: {
            summary: "Book a slot (or a recurring series)",
            description:
              "Service calendars take a cart per attendee: `serviceIds` is the booker's, and each guest's is `guests[i].serviceIds` (named guests) or `guestCarts[i]` (either form, not both); without any guest cart every guest takes `serviceIds`. Each cart's services run back to back from `startTime`, every service by an eligible free staff member, different guests by different staff at the same time — the same rule free-slots and holds apply to the same carts. The booking stores one occupancy per guest and service; `carts`, `priceCents` and `depositCents` cover every attendee.",
            parameters: [
              {
                name: "Idempotency-Key",
                in: "header",
                required: false,
                description:
                  "Replays return the identical response for 24 h; a different body with the same key is 422; while the first is in flight, 409.",
                schema: { type: "string", maxLength: 255 },
              },
            ],
            requestBody: body("BookingRequest"),
            responses: {
              ...ok(201, "BookingCreated", "Booked (`confirmed`) or requested (`new`); keep `manageToken`"),
              ...problems(
                "VALIDATION_FAILED",
                "GUEST_NAME_REQUIRED",
                "GUEST_NAME_INVALID",
                "GUEST_EMAIL_REQUIRED",
                "GUEST_EMAIL_INVALID",
                "GUEST_EMAIL_DUPLICATE",
                "GUEST_COUNT_RANGE",
                "FIELD_REQUIRED",
                "LOCATION_REQUIRED",
                "OPTION_REQUIRED",
                "SERVICES_REQUIRED",
                "SERVICE_GUEST_LIMIT",
                "TIMEZONE_NOT_FOUND",
                "CALENDAR_NOT_FOUND",
                "STAFF_BUSY",
                "RESOURCE_UNAVAILABLE",
                "SEATS_EXCEEDED",
                "SCHEDULING_FAILED",
                "NO_SLOTS",
                "SLUG_EXPIRED",
                "IDEMPOTENCY_KEY_REUSED",
                "RECURRING_NOT_SUPPORTED",
                "RATE_LIMITED",
              ),
            },
          },
        },
        "/api/bookings/{id}": {
          get: {
            summary: "The visitor's booking (manage token required)",
            security: [{ manageToken: [] }],
            parameters: [pathParam("id", "Booking id"), tokenParam],
            responses: { ...ok(200, "Booking", "The booking"), ...problems("BOOKING_NOT_FOUND") },
          },
        },
        "/api/bookings/{id}/reschedule": {
          post: {
            summary: "Move the booking to another start",
            security: [{ manageToken: [] }],
            parameters: [pathParam("id", "Booking id"), tokenParam],
            requestBody: body("RescheduleRequest"),
            responses: {
              ...ok(200, "Booking", "Moved; `previousStartTime` and `sequence` updated"),
              ...problems(
                "BOOKING_NOT_FOUND",
                "RESCHEDULE_NOT_ALLOWED",
                "CHANGE_WINDOW_CLOSED",
                "BOOKING_CANCELLED",
                "STAFF_BUSY",
                "NO_SLOTS",
                "SEATS_EXCEEDED",
                "RATE_LIMITED",
              ),
            },
          },
        },
        "/api/bookings/{id}/cancel": {
          post: {
            summary: "Cancel the booking",
            security: [{ manageToken: [] }],
            parameters: [pathParam("id", "Booking id"), tokenParam],
            requestBody: body("CancelRequest"),
            responses: {
              ...ok(200, "Booking", "Cancelled"),
              ...problems(
                "BOOKING_NOT_FOUND",
                "CANCEL_NOT_ALLOWED",
                "CHANGE_WINDOW_CLOSED",
                "BOOKING_CANCELLED",
                "RATE_LIMITED",
              ),
            },
          },
        },
        "/api/bookings/{id}/calendar.ics": {
          get: {
            summary: "Calendar file of the booking",
            security: [{ manageToken: [] }],
            parameters: [pathParam("id", "Booking id"), tokenParam],
            responses: {
              "200": { description: "text/calendar", content: { "text/calendar": { schema: { type: "string" } } } },
              ...problems("BOOKING_NOT_FOUND"),
            },
          },
        },
      },
      components: {
        securitySchemes: {
          manageToken: { type: "http", scheme: "bearer", description: "The manage token returned when booking" },
        },
        schemas: {
          WidgetConfig: json(WidgetConfigSchema),
          FreeSlots: json(FreeSlotsResponseSchema),
          NextAvailable: json(NextAvailableResponseSchema),
          HoldRequest: json(HoldBodySchema, "input"),
          Hold: json(HoldResponseSchema),
          BookingRequest: json(BookingBodySchema, "input"),
          BookingCreated: json(BookingCreatedSchema),
          Booking: json(BookingViewSchema),
          RescheduleRequest: json(RescheduleBodySchema, "input"),
          CancelRequest: json(CancelBodySchema, "input"),
          Problem: json(ProblemSchema),
        },
      },
    }),
  );
  return cached;
}

const METHODS = ["get", "post", "put", "patch", "delete"] as const;
const ACTIONS = new Set(["confirm", "decline", "cancel", "reschedule"]);
const VERB: Record<(typeof METHODS)[number], string> = {
  get: "get",
  post: "create",
  put: "replace",
  patch: "update",
  delete: "delete",
};
const pascal = (kebab: string) => kebab.replace(/(^|-)([a-z])/g, (_, __, c: string) => c.toUpperCase());

/**
 * A stable `operationId` from the method and path (`GET /api/business/calendars/{calendarId}` →
 * `getBusinessCalendar`, `GET …/calendars` (a path with items) → `listBusinessCalendars`, `POST …/{bookingId}/confirm` →
 * `confirmBusinessBooking`), so client generators name every call.
 */
export function operationIdOf(method: (typeof METHODS)[number], path: string, hasItems: boolean): string {
  const segments = path
    .replace(/^\/api\/?/, "")
    .split("/")
    .filter(Boolean);
  const last = segments.at(-1) ?? "";
  const action = method === "post" && ACTIONS.has(last) ? last : null;
  const words: string[] = [];
  for (const [i, segment] of (action ? segments.slice(0, -1) : segments).entries()) {
    if (segment.startsWith("{")) continue;
    const isItem = (action ? segments.slice(0, -1) : segments)[i + 1]?.startsWith("{") ?? false;
    const word = pascal(segment.replace(/\.json$/, "-json").replace(/\.ics$/, "-file"));
    words.push(isItem && word.endsWith("s") ? word.slice(0, -1) : word);
  }
  const isCollection = method === "get" && hasItems;
  const verb = action ?? (isCollection ? "list" : VERB[method]);
  // Creating adds one: `POST /bookings` is createBooking.
  if (method === "post" && !action && words.length > 0) words.push(words.pop()!.replace(/s$/, ""));
  return verb + words.join("");
}

/**
 * Every operation named, and every public one saying it needs no credentials (`security: []`)
 * rather than leaving it unsaid — both what Redocly's recommended rules ask for.
 */
function withOperationIdsAndSecurity<T extends { paths: Record<string, Record<string, Record<string, unknown>>> }>(
  doc: T,
): T {
  const paths = Object.keys(doc.paths);
  for (const [path, item] of Object.entries(doc.paths)) {
    const hasItems = paths.some((other) => other.startsWith(`${path}/{`));
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      operation.operationId ??= operationIdOf(method, path, hasItems);
      operation.security ??= [];
    }
  }
  return doc;
}

/** A readable reference rendered in the browser from /api/openapi.json; no external resources. */
export const DOCS_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Booking API reference</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; max-width: 60rem; margin: 0 auto; padding: 1rem 1.5rem; color: #1b1b1b; }
  h1 { margin-bottom: 0; } .op { border: 1px solid #ccc; border-radius: 6px; margin: 1rem 0; padding: .5rem 1rem; }
  .method { font-weight: 700; text-transform: uppercase; display: inline-block; min-width: 4rem; }
  code, pre { font-family: ui-monospace, monospace; font-size: .9em; } pre { background: #f5f5f5; padding: .75rem; overflow: auto; border-radius: 4px; }
  details > summary { cursor: pointer; } table { border-collapse: collapse; } td, th { text-align: left; padding: .2rem .6rem; border-bottom: 1px solid #eee; vertical-align: top; }
</style>
</head>
<body>
<main>
<h1 id="title">Booking API reference</h1>
<p id="description"></p>
<p><a href="/api/openapi.json">OpenAPI 3.1 document (JSON)</a></p>
<div id="ops" aria-live="polite">Loading…</div>
</main>
<script>
(async () => {
  const el = (tag, props = {}, ...children) => { const e = Object.assign(document.createElement(tag), props); e.append(...children); return e; };
  const doc = await (await fetch("/api/openapi.json")).json();
  document.getElementById("title").textContent = doc.info.title;
  document.getElementById("description").textContent = doc.info.description;
  const ops = document.getElementById("ops"); ops.textContent = "";
  const resolve = (s) => s && s.$ref ? doc.components.schemas[s.$ref.split("/").pop()] : s;
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const section = el("section", { className: "op" });
      section.append(el("h2", {}, el("span", { className: "method" }, method), " ", el("code", {}, path)), el("p", {}, op.summary || ""));
      if (op.parameters && op.parameters.length) {
        const table = el("table", {}, el("tr", {}, el("th", {}, "Parameter"), el("th", {}, "In"), el("th", {}, "Required"), el("th", {}, "Description")));
        for (const p of op.parameters) table.append(el("tr", {}, el("td", {}, el("code", {}, p.name)), el("td", {}, p.in), el("td", {}, p.required ? "yes" : "no"), el("td", {}, p.description || (p.schema && p.schema.description) || "")));
        section.append(table);
      }
      if (op.requestBody) {
        const schema = resolve(op.requestBody.content["application/json"].schema);
        section.append(el("details", {}, el("summary", {}, "Request body"), el("pre", {}, JSON.stringify(schema, null, 2))));
      }
      const list = el("ul");
      for (const [status, r] of Object.entries(op.responses)) {
        const content = r.content && Object.values(r.content)[0];
        const schema = content && resolve(content.schema);
        const li = el("li", {}, el("strong", {}, status), " — " + r.description);
        if (schema && status < "400") li.append(el("details", {}, el("summary", {}, "Schema"), el("pre", {}, JSON.stringify(schema, null, 2))));
        list.append(li);
      }
      section.append(el("h3", {}, "Responses"), list);
      ops.append(section);
    }
  }
})().catch((e) => { document.getElementById("ops").textContent = "Could not load the API document: " + e; });
</script>
</body>
</html>`;

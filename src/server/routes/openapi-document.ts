/**
 * The OpenAPI 3.1 document of the whole API, generated from the routes' definitions (public and
 * business; api-router.ts): no path, parameter or schema is written here.
 */
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Env } from "hono";

const INFO = {
  title: "Booking widget API",
  version: "1.0.0",
  description:
    "Public endpoints of the booking widget, and the business API under /api/business (a business key). Errors are RFC 9457 problem documents with a stable `code` and a `detail` in the request's language (`?locale=` or Accept-Language; English, with the spec's exact texts, by default). Free-slots and booking endpoints are rate limited per client (429 with Retry-After).",
};

const SECURITY_SCHEMES = {
  manageToken: { type: "http", scheme: "bearer", description: "The manage token returned when booking" },
  businessKey: {
    type: "http",
    scheme: "bearer",
    description: "A business API key (`bk_…`), from `npm run business:key` or POST /api/business/api-keys",
  },
};

type Document = ReturnType<OpenAPIHono["getOpenAPI31Document"]>;
const built = new WeakMap<object, Document>();

/** The document of every route mounted on `root`, built once (the routes do not change while it runs). */
export function openApiDocument<E extends Env>(root: OpenAPIHono<E>): Document {
  let document = built.get(root);
  if (!document) {
    const generated = root.getOpenAPI31Document({ openapi: "3.1.0", info: INFO, servers: [{ url: "/" }] });
    generated.components = { ...generated.components, securitySchemes: SECURITY_SCHEMES as never };
    document = withOperationIdsAndSecurity(generated as never) as Document;
    built.set(root, document);
  }
  return document;
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

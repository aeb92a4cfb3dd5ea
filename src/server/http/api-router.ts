/**
 * Every API route is defined once (issue 12, docs/decisions/0015-one-definition-per-route.md): a
 * `createRoute` definition — path, parameters, body, each response with its problem codes,
 * security — from which @hono/zod-openapi derives the request validation, the handler's input types
 * and the route's part of the OpenAPI document. Nothing here is written twice.
 */
import { gunzipSync } from "node:zlib";
import { OpenAPIHono, z, type RouteConfig, type RouteHandler } from "@hono/zod-openapi";
import type { Context, Env, MiddlewareHandler, ValidationTargets } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { BOOKING_PROBLEMS } from "../routes/booking-problems.ts";
import { HTTP_PROBLEM_STATUS, problem, validationProblem, type ProblemCode } from "./problem.ts";

export { createRoute, z } from "@hono/zod-openapi";

export const ProblemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    code: z.string(),
    detail: z.string().optional(),
    errors: z.array(z.object({ path: z.string(), code: z.string(), message: z.string() })).optional(),
    availableSeats: z.number().int().optional(),
  })
  .openapi("Problem");

/**
 * A router whose invalid inputs are answered as the rest of the API answers them: a body, query or
 * header that fails its schema is 400 VALIDATION_FAILED with field-level errors; a path parameter
 * of the wrong shape (a date that is not one) names nothing, so it is 404 like any unknown path.
 * Routes are added with `handle`, which validates; the router itself only collects definitions.
 */
export function createApiRouter<E extends Env = Env>() {
  return new OpenAPIHono<E>();
}

function answerInvalidInput(target: keyof ValidationTargets, error: z.ZodError, c: Context) {
  if (target === "param") return problem(c, 404, "NOT_FOUND", "Nothing here has this path.");
  return validationProblem(c, error);
}

/** The context a route's handler gets: its validated inputs typed from the definition. */
export type RouteContext<R extends RouteConfig, E extends Env = Env> = Parameters<RouteHandler<R, E>>[0];

/**
 * Binds a handler to its definition: registers the definition for the document and validates the
 * request against it in one synchronous middleware. (`OpenAPIHono.openapi` would do the same with
 * one asynchronous zod-validator per input plus a media-type gate, and materialise every header to
 * read the one or two declared — measurable on the booking hot path, issue 12.) Handlers answer
 * with problem documents built by one helper (problem.ts), so their responses are checked against
 * the declared schemas where the suite runs (API_RESPONSE_CONTRACT=1, set by vitest) rather than by
 * the type checker.
 */
export function handle<R extends RouteConfig, E extends Env>(
  router: OpenAPIHono<E>,
  route: R,
  handler: (c: RouteContext<R, E>) => Response | Promise<Response>,
  /** Answers an invalid input differently from the router's default (an invalid header's own code). */
  onInvalid?: (target: keyof ValidationTargets, c: Context<E>) => Response | undefined,
) {
  router.openAPIRegistry.registerPath(route);
  const checked = process.env.API_RESPONSE_CONTRACT === "1" ? withResponseContract(route, handler) : handler;
  const answer = (target: keyof ValidationTargets, error: z.ZodError, c: Context<E>) =>
    onInvalid?.(target, c) ?? answerInvalidInput(target, error, c);
  router.on(
    route.method.toUpperCase(),
    route.path.replaceAll(/\/{(.+?)}/g, "/:$1"),
    validatorOf(route, answer),
    checked as unknown as MiddlewareHandler<E>,
  );
}

/** The declared JSON body of a route, if it has one. */
function jsonBodyOf(route: RouteConfig) {
  const content = route.request?.body?.content;
  if (!content) return undefined;
  const mediaType = Object.keys(content).find((type) => JSON_MEDIA_TYPE.test(type));
  const declared = mediaType ? content[mediaType] : undefined;
  const schema = declared && "schema" in declared ? declared.schema : undefined;
  // Other media types declared beside JSON (a multipart import): their handler reads and checks them.
  const others = Object.keys(content).filter((type) => !JSON_MEDIA_TYPE.test(type));
  return schema instanceof z.ZodType ? { schema, required: route.request?.body?.required === true, others } : undefined;
}

const JSON_MEDIA_TYPE = /^application\/([a-z-.]+\+)?json/i;

/** Validates each declared input of `route` and hands the parsed values to its handler. */
function validatorOf<E extends Env>(
  route: RouteConfig,
  answer: (target: keyof ValidationTargets, error: z.ZodError, c: Context<E>) => Response,
): MiddlewareHandler<E> {
  const { query, params, headers } = route.request ?? {};
  const headerNames = headers instanceof z.ZodObject ? Object.keys(headers.shape) : [];
  const body = jsonBodyOf(route);
  const inputs: { target: keyof ValidationTargets; schema: z.ZodType; read: (c: Context<E>) => unknown }[] = [];
  if (query instanceof z.ZodType) inputs.push({ target: "query", schema: query, read: readQuery });
  if (params instanceof z.ZodType) inputs.push({ target: "param", schema: params, read: (c) => c.req.param() });
  if (headers instanceof z.ZodType) {
    // Only the declared headers, by their declared (lower-case) names: nothing else is read.
    const read = (c: Context<E>) => Object.fromEntries(headerNames.map((name) => [name, c.req.header(name)]));
    inputs.push({ target: "header", schema: headers, read });
  }
  return async (c, next) => {
    for (const { target, schema, read } of inputs) {
      const result = schema.safeParse(read(c));
      if (!result.success) return answer(target, result.error, c);
      c.req.addValidatedData(target, result.data as object);
    }
    if (body) {
      const contentType = c.req.header("content-type");
      const isJson = contentType !== undefined && JSON_REQUEST.test(contentType);
      const isOther =
        contentType !== undefined && body.others.some((type) => contentType.toLowerCase().startsWith(type));
      if (isOther) c.req.addValidatedData("json", {});
      else if (contentType !== undefined ? !isJson : await hasBody(c)) {
        throw new HTTPException(415, { message: "Unsupported Media Type" });
      } else if (!isJson && !body.required) c.req.addValidatedData("json", {});
      else {
        const result = body.schema.safeParse(isJson ? await readJson(c) : {});
        if (!result.success) return answer("json", result.error, c);
        c.req.addValidatedData("json", result.data as object);
      }
    }
    await next();
  };
}

const JSON_REQUEST = /^application\/([a-z-.]+\+)?json(;\s*[a-zA-Z0-9-]+=([^;]+))*$/i;

/** A parameter given once is a string, given again an array (which a string schema refuses). */
function readQuery(c: Context) {
  return Object.fromEntries(Object.entries(c.req.queries()).map(([k, v]) => [k, v.length === 1 ? v[0] : v]));
}

/**
 * The JSON body: an empty one is an empty object, as the edge reads it (input-bounds.ts), so the
 * route's schema names what is missing. Text that does not parse never gets here: the edge has
 * answered INVALID_JSON already.
 */
async function readJson(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HTTPException(400, { message: "Malformed JSON in request body" });
  }
}

/** A request without a content type may still carry bytes: those are refused, not ignored. */
async function hasBody(c: Context) {
  if (c.req.raw.body === null) return false;
  return (await c.req.arrayBuffer()).byteLength > 0;
}

/** In tests: a JSON answer that its route's declared schema does not describe fails the request. */
function withResponseContract<R extends RouteConfig, C extends Context>(
  route: R,
  handler: (c: C) => Response | Promise<Response>,
) {
  return async (c: C) => {
    const response = await handler(c);
    const declared = route.responses[response.status] ?? route.responses.default;
    if (!declared)
      throw new Error(`${route.method} ${route.path} answered ${response.status}, which it does not declare`);
    const content = "content" in declared ? declared.content : undefined;
    const type = response.headers.get("content-type")?.split(";")[0] ?? "";
    const schema = (content as Record<string, { schema?: unknown }> | undefined)?.[type]?.schema;
    if (schema instanceof z.ZodType && type.endsWith("json")) {
      const checked = schema.safeParse(await jsonOf(response));
      if (!checked.success) {
        throw new Error(
          `${route.method} ${route.path} ${response.status} does not match its schema: ${z.prettifyError(checked.error)}`,
        );
      }
    }
    return response;
  };
}

const problemContent = { "application/problem+json": { schema: ProblemSchema } };

/** The status of a code: a booking outcome's from its map, the edge's own from theirs. */
function statusOf(code: ProblemCode): ContentfulStatusCode {
  return code in BOOKING_PROBLEMS
    ? BOOKING_PROBLEMS[code as keyof typeof BOOKING_PROBLEMS].status
    : HTTP_PROBLEM_STATUS[code as keyof typeof HTTP_PROBLEM_STATUS];
}

/**
 * The problem responses a route may give, grouped by status, each code with its English message,
 * e.g. `409: NO_SLOTS: 'No available time slots…'; STAFF_BUSY: '…'`.
 */
export function problems(...codes: ProblemCode[]) {
  const byStatus = new Map<ContentfulStatusCode, string[]>();
  for (const code of codes) {
    const booking = BOOKING_PROBLEMS[code as keyof typeof BOOKING_PROBLEMS];
    const text = booking ? `${code}: '${booking.message({ availableSeats: "{n}", count: "{count}" })}'` : code;
    const status = statusOf(code);
    byStatus.set(status, [...(byStatus.get(status) ?? []), text]);
  }
  return Object.fromEntries(
    [...byStatus].map(([status, lines]) => [status, { description: lines.join("; "), content: problemContent }]),
  ) as Record<number, { description: string; content: typeof problemContent }>;
}

/** A JSON response of `schema`. */
export const json = <S extends z.ZodType>(schema: S, description: string) => ({
  description,
  content: { "application/json": { schema } },
});

/** A JSON request body. */
export const jsonBody = <S extends z.ZodType>(schema: S) => ({
  required: true,
  content: { "application/json": { schema } },
});

/** A path parameter that is an opaque id. */
export const idParam = (description: string) => z.string().openapi({ description });

/** A JSON answer's value, also when the route sent it gzipped (kept answers, kept-json.ts). */
async function jsonOf(response: Response): Promise<unknown> {
  const copy = response.clone();
  if (copy.headers.get("content-encoding") !== "gzip") return copy.json();
  return JSON.parse(gunzipSync(Buffer.from(await copy.arrayBuffer())).toString("utf8")) as unknown;
}

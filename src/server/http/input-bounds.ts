/**
 * The edge's shared input primitives, with bounds that match what the database and the time code
 * can hold (issue 13: a year 0 date, a price of 2^31 minor units or a NUL character reached the
 * database and came back as a 500). One definition each, for the public and the business API.
 */
import type { Context, MiddlewareHandler } from "hono";
import { z } from "zod";
import { isLocalDate } from "../../core/shared/time.ts";
import { problem } from "./problem.ts";

declare module "hono" {
  interface ContextVariableMap {
    /** The request's JSON body, parsed once by `refuseUnstorableText` (absent when it is not JSON). */
    jsonBody: unknown;
  }
}

/** A JSON body that does not parse. */
const MALFORMED = Symbol("malformed JSON");

/** Years a booking system has any business with; also keeps every instant inside what Temporal and PostgreSQL hold. */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2200;
/** Amounts are stored in `integer` columns of minor units (ISO 4217: cents, yen, fils). */
export const MAX_MINOR_UNITS = 2_147_483_647;

const yearOf = (value: string) => Number(/^(\d{4,})/.exec(value)?.[1] ?? NaN);
const inYearRange = (value: string) => yearOf(value) >= MIN_YEAR && yearOf(value) <= MAX_YEAR;
const YEAR_MESSAGE = `expected a year from ${MIN_YEAR} to ${MAX_YEAR}`;

export const LocalDateSchema = z
  .string()
  .refine(isLocalDate, "expected a date YYYY-MM-DD")
  .refine(inYearRange, YEAR_MESSAGE)
  .meta({ description: `Local date YYYY-MM-DD, years ${MIN_YEAR}–${MAX_YEAR}` });

export const IsoDateTimeSchema = z.iso
  .datetime({ offset: true, error: "expected an ISO 8601 date-time with offset, e.g. 2026-12-01T10:00:00+01:00" })
  .refine(inYearRange, YEAR_MESSAGE);

/** An amount in minor units of the business's currency. */
export const MinorUnitsSchema = z
  .number()
  .int("expected a whole number of minor units")
  .min(0)
  .max(MAX_MINOR_UNITS, `expected at most ${MAX_MINOR_UNITS} minor units`);

/**
 * Text PostgreSQL cannot store or that no honest client sends: NUL, and UTF-16 halves without their
 * partner (lone surrogates, which have no UTF-8 form).
 */
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const UNSTORABLE_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function hasUnstorableText(value: string): boolean {
  return UNSTORABLE_TEXT.test(value);
}

/** The first path (`contact.firstName`, `answers.3`) under which a value holds unstorable text, or null. */
export function findUnstorableText(value: unknown, path: string[] = []): string | null {
  if (typeof value === "string") return hasUnstorableText(value) ? path.join(".") || "(body)" : null;
  if (typeof value !== "object" || value === null) return null;
  for (const [key, child] of Object.entries(value)) {
    if (hasUnstorableText(key)) return [...path, key].join(".");
    const found = findUnstorableText(child, [...path, key]);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Refuses, before any route runs, a request whose path, query or JSON body holds unstorable text:
 * one check for every field of every route instead of a refinement on each string schema. An API
 * request's JSON body that does not parse is refused here too, with INVALID_JSON; one that does is
 * handed to the route's validator, parsed once.
 */
export function refuseUnstorableText(
  options: {
    /**
     * Paths whose JSON body a provider signs (webhooks): still parsed (INVALID_JSON), but not refused
     * for its text — the signature vouches for it, only the provider's ids and codes are kept of
     * it, and a refusal would only make the provider deliver it again for days.
     */
    readonly signedBodies?: readonly string[];
  } = {},
): MiddlewareHandler {
  const signedBodies = options.signedBodies ?? [];
  // The path itself or one below it (a business's own endpoint: /api/webhooks/stripe/<businessId>).
  const isSigned = (path: string) => signedBodies.some((p) => path === p || path.startsWith(`${p}/`));
  return async (c, next) => {
    const found = await findUnstorableInRequest(c);
    const where = found !== MALFORMED && isSigned(c.req.path) ? null : found;
    if (where === null) return next();
    const api = c.req.path.startsWith("/api/");
    if (where === MALFORMED)
      return api ? problem(c, 400, "INVALID_JSON", "The request body is not valid JSON.") : next();
    if (!api) return c.text("Bad Request", 400);
    return problem(c, 400, "VALIDATION_FAILED", "The request is not valid.", {
      errors: [{ path: where, code: "invalid_text", message: "must not contain NUL or unpaired surrogate characters" }],
    });
  };
}

async function findUnstorableInRequest(c: Context): Promise<string | typeof MALFORMED | null> {
  if (hasUnstorableText(safeDecode(c.req.path))) return "(path)";
  for (const [name, values] of Object.entries(c.req.queries())) {
    if (hasUnstorableText(name) || values.some(hasUnstorableText)) return name;
  }
  if (c.req.method === "GET" || c.req.method === "HEAD") return null;
  if (!c.req.header("content-type")?.includes("json")) return null;
  let body: unknown;
  try {
    const text = await c.req.text();
    // An empty body is an empty object: `POST …/cancel` with no reason needs none.
    body = text === "" ? {} : JSON.parse(text);
  } catch {
    return MALFORMED;
  }
  c.set("jsonBody", body);
  // The route's validator reads `c.req.json()`: answered from here instead of parsing again.
  c.req.bodyCache.json = Promise.resolve(body);
  return findUnstorableText(body);
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

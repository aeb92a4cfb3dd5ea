/**
 * Every API error is an RFC 9457 problem document with a stable `code` and a `detail` in the
 * request's language (docs/decisions/0005-error-model.md). The codes are one typed union: a code
 * without an English catalogue entry `problem.<CODE>` does not compile, and `npm run i18n:check`
 * holds every other language to the English keys.
 */
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";
import type { BookingErrorCode } from "../../core/booking/errors.ts";
import type english from "../../i18n/catalogs/en.json";
import { DEFAULT_LOCALE } from "../../i18n/locales.ts";
import { serverI18n } from "../../i18n/server-i18n.ts";
import { requestLocale } from "./request-locale.ts";

/**
 * The codes of the HTTP edge itself (booking outcomes are BookingErrorCode), each with its status:
 * the documents list a route's problems by status from here (api-router.ts).
 */
export const HTTP_PROBLEM_STATUS = {
  VALIDATION_FAILED: 400,
  INVALID_JSON: 400,
  INVALID_IDEMPOTENCY_KEY: 400,
  IDEMPOTENCY_KEY_REUSED: 422,
  IDEMPOTENCY_IN_FLIGHT: 409,
  RATE_LIMITED: 429,
  PROOF_REQUIRED: 403,
  PROOF_INVALID: 403,
  PROOF_EXPIRED: 403,
  PROOF_TOO_EASY: 403,
  PROOF_USED: 409,
  BOOKING_NOT_ACCEPTED: 422,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  IMAGE_TYPE: 415,
  IMAGE_UNREADABLE: 400,
  IMAGE_TOO_MANY_PIXELS: 400,
  AUTHENTICATION_REQUIRED: 401,
  INVALID_API_KEY: 401,
  NOT_FOUND: 404,
  REFERENCE_NOT_FOUND: 404,
  SLUG_TAKEN: 409,
  CODE_TAKEN: 409,
  HOSTNAME_TAKEN: 409,
  IN_USE: 409,
  SIGN_IN_FAILED: 401,
  LINK_INVALID: 400,
  CSRF_FAILED: 403,
  FORBIDDEN_FOR_ROLE: 403,
  PASSWORD_TOO_SHORT: 400,
  PASSWORD_TOO_LONG: 400,
  PASSWORD_IS_EMAIL: 400,
  EMAIL_TAKEN: 409,
  CURRENT_PASSWORD_WRONG: 400,
  LAST_OWNER: 409,
  ALREADY_JOINED: 409,
  UPCOMING_BOOKINGS: 409,
  STRIPE_KEY_REJECTED: 400,
  STRIPE_MODE_MISMATCH: 400,
  STRIPE_UNREACHABLE: 502,
  DATABASE_UNAVAILABLE: 503,
  INTERNAL: 500,
} as const satisfies Record<string, ContentfulStatusCode>;
export type HttpProblemCode = keyof typeof HTTP_PROBLEM_STATUS;
export type ProblemCode = HttpProblemCode | BookingErrorCode;

/** Compile-time: every code has its English message (the other languages are checked against English). */
type MissingProblemMessage = Exclude<`problem.${ProblemCode}`, keyof typeof english>;
const everyCodeHasAMessage: [MissingProblemMessage] extends [never] ? true : MissingProblemMessage = true;
void everyCodeHasAMessage;

/**
 * The detail in the request's language: the catalogue's text for a language other than English;
 * in English the caller's own, more specific sentence (it names the endpoint, the limit …).
 */
function localisedDetail(c: Context, code: ProblemCode, english: string | undefined): string | undefined {
  const locale = requestLocale(c);
  if (locale === DEFAULT_LOCALE) return english ?? serverI18n(locale).t(`problem.${code}`);
  return serverI18n(locale).t(`problem.${code}`);
}

export interface Problem {
  type: string;
  title: string;
  status: number;
  code: string;
  detail?: string;
  errors?: { path: string; code: string; message: string }[];
  [extension: string]: unknown;
}

export function problem(
  c: Context,
  status: ContentfulStatusCode,
  code: ProblemCode,
  englishDetail?: string,
  extra: Record<string, unknown> = {},
) {
  return problemResponse(c, status, code, localisedDetail(c, code, englishDetail), extra);
}

/** A problem whose detail the caller already put in the request's language (booking outcomes, with their counts). */
export function problemResponse(
  c: Context,
  status: ContentfulStatusCode,
  code: ProblemCode,
  detail: string | undefined,
  extra: Record<string, unknown> = {},
) {
  const body: Problem = {
    type: `about:blank#${code}`,
    title: code,
    status,
    code,
    ...(detail ? { detail } : {}),
    ...extra,
  };
  return c.body(JSON.stringify(body), status, { "content-type": "application/problem+json; charset=utf-8" });
}

/** Field-level errors from a zod failure, with the path as a dotted string for the UI to map. */
export function validationProblem(c: Context, error: z.ZodError) {
  const errors = error.issues.map((issue) => ({
    path: issue.path.map(String).join("."),
    code: issue.code,
    message: issue.message,
  }));
  return problem(c, 400, "VALIDATION_FAILED", "The request is not valid.", { errors });
}

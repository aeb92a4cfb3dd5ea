/**
 * Every API error is an RFC 9457 problem document with a stable `code`; booking errors carry a
 * `detail` in the request's language, other details are English (docs/decisions/0005-error-model.md).
 */
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";

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
  code: string,
  detail?: string,
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

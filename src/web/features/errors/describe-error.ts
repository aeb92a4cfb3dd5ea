import { isRouteErrorResponse } from "react-router";
import type { RouteErrorBody } from "./route-errors.ts";

export interface ErrorDescription {
  status: number;
  /** The status message as the spec names it (English); 'Slug Expired' selects the expired screen. */
  message: string;
  code: RouteErrorBody["code"] | "UNEXPECTED";
  path?: string;
}

/** Maps anything a route can throw to what the error screen shows (spec §2 screen 10, §8). */
export function describeError(error: unknown): ErrorDescription {
  if (isRouteErrorResponse(error)) {
    const body = error.data as Partial<RouteErrorBody> | string | undefined;
    if (body && typeof body === "object" && typeof body.message === "string") {
      return {
        status: error.status,
        message: body.message,
        code: body.code ?? "UNEXPECTED",
        ...(body.path ? { path: body.path } : {}),
      };
    }
    const message = typeof body === "string" && body ? body : error.statusText || "Error";
    return { status: error.status, message, code: message === "Slug Expired" ? "SLUG_EXPIRED" : "UNEXPECTED" };
  }
  return { status: 500, message: error instanceof Error ? error.message : "Unexpected error", code: "UNEXPECTED" };
}

/**
 * How loaders report that a page does not exist. The thrown response carries a stable code for the
 * UI to localise and the spec's English status message (§8) for logs and for 'Slug Expired'.
 */
import { data } from "react-router";

export type RouteErrorCode = "PAGE_NOT_FOUND" | "NOT_FOUND" | "SLUG_EXPIRED";

export interface RouteErrorBody {
  code: RouteErrorCode;
  message: string;
  path?: string;
}

/** The spec's status message for an expired one-time link; the error screen switches on it exactly. */
export const SLUG_EXPIRED_MESSAGE = "Slug Expired";

export function pageNotFound(request: Request): never {
  const path = new URL(request.url).pathname;
  throw data<RouteErrorBody>({ code: "PAGE_NOT_FOUND", message: `Page Not Found: ${path}`, path }, { status: 404 });
}

export function faviconNotFound(): never {
  throw data<RouteErrorBody>({ code: "NOT_FOUND", message: "Not found" }, { status: 404 });
}

export function slugExpired(): never {
  throw data<RouteErrorBody>({ code: "SLUG_EXPIRED", message: SLUG_EXPIRED_MESSAGE }, { status: 410 });
}

/** Returns the value, or shows the 404 screen when a route's validity check fails. */
export function requireFound<T>(value: T | null | undefined, request: Request): T {
  if (value === null || value === undefined) pageNotFound(request);
  return value;
}

/**
 * The console's session at the HTTP edge: the cookie that carries it, and the CSRF check every
 * state-changing request made with it must pass. The cookie is HttpOnly (no script reads it),
 * SameSite=Strict (no other site's page sends it) and Secure wherever the app is served over HTTPS
 * (always in production). Unsafe requests additionally carry `X-CSRF-Token`, an HMAC of the
 * session only this server can compute, and must not come from another site (`Sec-Fetch-Site`).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Context } from "hono";
import { getCookie } from "hono/cookie";

export const SESSION_COOKIE = "console_session";
export const CSRF_HEADER = "x-csrf-token";
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const sessionTokenOf = (c: Context): string | undefined => getCookie(c, SESSION_COOKIE);

export function sessionCookie(token: string, expiresAt: Date, secure: boolean): string {
  const parts = [
    `${SESSION_COOKIE}=${token}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Strict",
    `Expires=${expiresAt.toUTCString()}`,
  ];
  if (secure) parts.push("Secure");
  return parts.join("; ");
}

export const clearedSessionCookie = (secure: boolean): string =>
  [`${SESSION_COOKIE}=`, "Path=/", "HttpOnly", "SameSite=Strict", "Max-Age=0", ...(secure ? ["Secure"] : [])].join(
    "; ",
  );

/** Whether the page talking to us came over HTTPS (the URL the server saw, after trusted proxies). */
export const isSecureRequest = (c: Context, production: boolean): boolean =>
  production || new URL(c.req.url).protocol === "https:";

export function csrfTokenFor(secret: string, sessionTokenHash: string): string {
  return createHmac("sha256", secret).update(`csrf:${sessionTokenHash}`).digest("base64url");
}

/** Whether a request made with the session may change something. */
export function passesCsrf(c: Context, secret: string, sessionTokenHash: string): boolean {
  if (SAFE_METHODS.has(c.req.method)) return true;
  const site = c.req.header("sec-fetch-site");
  if (site !== undefined && site !== "same-origin") return false;
  const presented = Buffer.from(c.req.header(CSRF_HEADER) ?? "");
  const expected = Buffer.from(csrfTokenFor(secret, sessionTokenHash));
  return presented.length === expected.length && timingSafeEqual(presented, expected);
}

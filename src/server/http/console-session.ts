/**
 * The console's session at the HTTP edge: the cookie that carries it, and the CSRF check every
 * state-changing request made with it must pass. The cookie is HttpOnly (no script reads it),
 * SameSite=Strict (no other site's page sends it) and Secure wherever a browser keeps it so
 * (`isSecureRequest`). Unsafe requests additionally carry `X-CSRF-Token`, an HMAC of the
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

/** Host names browsers treat as secure even over plain HTTP, so a `Secure` cookie is kept there. */
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Whether the cookie can be `Secure`: always over HTTPS (directly, or as the proxy in front says —
 * a client that claims it falsely only loses its own cookie) and on loopback, where browsers accept
 * it over plain HTTP. A console opened over plain HTTP on another address (a demo on a LAN) gets a
 * cookie without `Secure`, since browsers would drop one with it — still HttpOnly and SameSite=Strict.
 */
export function isSecureRequest(c: Context): boolean {
  const url = new URL(c.req.url);
  if (url.protocol === "https:" || c.req.header("x-forwarded-proto") === "https") return true;
  return LOOPBACK_HOSTS.has(url.hostname);
}

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

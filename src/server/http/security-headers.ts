/**
 * Security headers on every response (issue 13): a Content-Security-Policy whose scripts run only
 * with this request's nonce (no `unsafe-inline` for scripts), framing allowed only where the widget is
 * meant to be embedded, no MIME sniffing, a referrer policy, HSTS over TLS, and no caching of any
 * response that carries a manage token or is reached with one.
 */
import { randomBytes } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import type { TrustedProxy } from "./client-address.ts";

declare module "hono" {
  interface ContextVariableMap {
    /** This request's CSP nonce: the server-rendered scripts carry it. */
    cspNonce: string;
    /** The origins the page's business allows to frame it (issue 17); unset: the deployment's default. */
    embedOrigins: readonly string[];
  }
}

export interface SecurityHeaderOptions {
  /**
   * `frame-ancestors` of widget pages (FRAME_ANCESTORS) of a business that lists no embed origins of
   * its own; every page outside the widget may not be framed at all.
   */
  readonly widgetFrameAncestors: string;
  readonly trustedProxy: TrustedProxy;
}

/** Widget pages, with or without a locale prefix (`/de/widget/…`, `/pt-br/widget/…`). */
export const WIDGET_PATH = /^(?:\/[a-z]{2}(?:-[a-z]{2})?)?\/widget(?:\/|$)/;
/** Every answer of these carries a manage token or a booking's personal data. */
const TOKEN_API_PATH = /^\/api\/bookings(?:\/|$)/;

/** The business console, with or without a locale prefix: it never takes a payment. */
const CONSOLE_PATH = /^(?:\/[a-z]{2}(?:-[a-z]{2})?)?\/console(?:\/|$)/;

/**
 * Stripe's Payment Element (issue 14) as Stripe's CSP guide lists it: Stripe.js from js.stripe.com
 * (loaded by the payment step's chunk, so it carries no nonce), its frames from js.stripe.com and
 * hooks.stripe.com (3-D Secure), its calls to api.stripe.com.
 */
const STRIPE_SOURCES = {
  script: " https://js.stripe.com",
  frame: "frame-src 'self' https://js.stripe.com https://hooks.stripe.com",
  connect: " https://api.stripe.com",
};

/** Pages where a booking can reach its payment step: every page but the console and the API reference. */
export const mayTakePayments = (path: string): boolean => !CONSOLE_PATH.test(path) && path !== API_DOCS_PATH;

export function contentSecurityPolicy(nonce: string, frameAncestors: string, stripe = false): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${stripe ? STRIPE_SOURCES.script : ""}`,
    ...(stripe ? [STRIPE_SOURCES.frame] : []),
    // React sets `style` attributes (progress bars, positions); attributes cannot carry a nonce.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    `connect-src 'self'${stripe ? STRIPE_SOURCES.connect : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join("; ");
}

/** JSON answers load nothing and are framed by nobody. */
const API_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";
/** The one API path that is a page (the reference, with one inline script). */
const API_DOCS_PATH = "/api/docs";

/**
 * A manage token in the query (`?token=`) or the path's nature makes a response private to one person.
 * In the API the path alone decides (`/api/bookings…`), so the hot path never parses the query.
 */
export function isTokenBearing(c: Context, isPage: boolean): boolean {
  return TOKEN_API_PATH.test(c.req.path) || (isPage && c.req.query("token") !== undefined);
}

function isTls(c: Context, trust: TrustedProxy): boolean {
  const socket = (c.env as { incoming?: { socket?: { encrypted?: boolean } } } | undefined)?.incoming?.socket;
  if (socket?.encrypted) return true;
  return trust.kind !== "none" && c.req.header("x-forwarded-proto")?.split(",")[0]?.trim() === "https";
}

function widgetFrameAncestors(c: Context, options: SecurityHeaderOptions): string {
  const origins = c.get("embedOrigins");
  // 'self' as well: the business console (same origin) previews the widget in a frame (issue 18),
  // which listing only the business's own sites would otherwise refuse.
  return origins?.length ? ["'self'", ...origins].join(" ") : options.widgetFrameAncestors;
}

export function securityHeaders(options: SecurityHeaderOptions): MiddlewareHandler {
  return async (c, next) => {
    const path = c.req.path;
    // Only pages run scripts: the JSON API gets a fixed policy and costs no random bytes.
    const isPage = !path.startsWith("/api/") || path === API_DOCS_PATH;
    const nonce = isPage ? randomBytes(16).toString("base64") : "";
    if (isPage) c.set("cspNonce", nonce);
    await next();
    const tokenBearing = isTokenBearing(c, isPage);
    const headers: [string, string][] = [
      [
        "Content-Security-Policy",
        isPage
          ? contentSecurityPolicy(
              nonce,
              WIDGET_PATH.test(path) ? widgetFrameAncestors(c, options) : "'none'",
              mayTakePayments(path),
            )
          : API_POLICY,
      ],
      ["X-Content-Type-Options", "nosniff"],
      // A token in the URL must not travel to another site in a Referer.
      ["Referrer-Policy", tokenBearing ? "no-referrer" : "strict-origin-when-cross-origin"],
      ["Cross-Origin-Opener-Policy", "same-origin"],
    ];
    if (isTls(c, options.trustedProxy))
      headers.push(["Strict-Transport-Security", "max-age=31536000; includeSubDomains"]);
    if (tokenBearing) headers.push(["Cache-Control", "no-store"]);
    try {
      for (const [name, value] of headers) c.res.headers.set(name, value);
    } catch {
      // Some responses (a fetched or static one) have immutable headers: answer with a copy.
      const copy = new Headers(c.res.headers);
      for (const [name, value] of headers) copy.set(name, value);
      c.res = new Response(c.res.body, { status: c.res.status, statusText: c.res.statusText, headers: copy });
    }
  };
}

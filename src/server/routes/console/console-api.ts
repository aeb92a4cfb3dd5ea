/**
 * The console's sign-in API (mounted at /api/console): password or emailed link, sign-out, the
 * password reset, and who is signed in. Everything else the console does goes through the business
 * API with the session cookie (business-api.ts), so the console can do exactly what the API can —
 * no second set of handlers to drift apart.
 *
 * Answers never reveal whether an address has a login: a wrong address and a wrong password are the
 * same 401, and "email me a link" is 202 either way. Every route here is rate-limited per client
 * address, and password sign-in also per address tried.
 */
import type { Context } from "hono";
import {
  emailLink,
  resetPassword,
  resumeSession,
  signInWithLink,
  signInWithPassword,
  signOut,
  type AccountDeps,
  type SignedIn,
} from "../../../app/console/accounts.ts";
import type { ConsoleUser } from "../../../app/console/ports.ts";
import { PASSWORD_MAX_LENGTH } from "../../../core/console/password-policy.ts";
import type { BusinessView } from "../../../app/business/ports.ts";
import { createApiRouter, handle, json, jsonBody, problems, z } from "../../http/api-router.ts";
import {
  clearedSessionCookie,
  csrfTokenFor,
  isSecureRequest,
  passesCsrf,
  sessionCookie,
  sessionTokenOf,
} from "../../http/console-session.ts";
import { problem } from "../../http/problem.ts";
import { clientKey, UNKNOWN_CLIENT } from "../../http/client-address.ts";
import { inMemoryRateLimiters, type RateLimiters } from "../rate-limit.ts";
import { accountRoutes } from "./account-routes.ts";
import { Email, route, SessionSchema, type Limited, type SessionGuard } from "./console-shared.ts";
import { teamRoutes } from "./team-routes.ts";
import { hashSecretToken } from "../../../app/shared/secret-token.ts";

export interface ConsoleApiDeps extends AccountDeps {
  /** Signs the CSRF tokens (APP_SECRET). */
  readonly secret: string;
  readonly business: (businessId: string) => Promise<BusinessView | null>;
  /** Sign-in attempts per client address and minute. */
  readonly attemptsPerMinute?: number;
  /** Where the limits count (shared in PostgreSQL by several processes); in this process's memory by default. */
  readonly rateLimiters?: RateLimiters;
}

const signIn = route({
  method: "post",
  path: "/session",
  summary: "Sign in with email and password",
  request: {
    body: jsonBody(
      z.strictObject({
        email: Email,
        password: z
          .string()
          .min(1)
          .max(PASSWORD_MAX_LENGTH * 4),
      }),
    ),
  },
  responses: {
    200: json(SessionSchema, "Signed in; the session cookie is set"),
    ...problems("VALIDATION_FAILED", "INVALID_JSON", "SIGN_IN_FAILED"),
  },
});

const currentSession = route({
  method: "get",
  path: "/session",
  summary: "Who is signed in",
  responses: { 200: json(SessionSchema, "The session"), ...problems("AUTHENTICATION_REQUIRED") },
});

const endSession = route({
  method: "delete",
  path: "/session",
  summary: "Sign out (the session ends on the server too)",
  responses: { 204: { description: "Signed out" }, ...problems("CSRF_FAILED") },
});

const Token = z.string().min(1).max(200);

const redeemLink = route({
  method: "post",
  path: "/session/link",
  summary: "Sign in with the token of an emailed link (valid once, for 15 minutes)",
  request: { body: jsonBody(z.strictObject({ token: Token })) },
  responses: {
    200: json(SessionSchema, "Signed in; the session cookie is set"),
    ...problems("VALIDATION_FAILED", "INVALID_JSON", "LINK_INVALID"),
  },
});

const requestLink = route({
  method: "post",
  path: "/sign-in-links",
  summary: "Email a sign-in link (answered the same whether or not the address has a login)",
  request: { body: jsonBody(z.strictObject({ email: Email })) },
  responses: {
    202: { description: "If the address has a login, a link is on its way" },
    ...problems("VALIDATION_FAILED"),
  },
});

const requestReset = route({
  method: "post",
  path: "/password-resets",
  summary: "Email a password-reset link (answered the same whether or not the address has a login)",
  request: { body: jsonBody(z.strictObject({ email: Email })) },
  responses: {
    202: { description: "If the address has a login, a link is on its way" },
    ...problems("VALIDATION_FAILED"),
  },
});

const confirmReset = route({
  method: "post",
  path: "/password-resets/confirm",
  summary: "Set a new password with the token of an emailed reset link; other sessions end",
  request: { body: jsonBody(z.strictObject({ token: Token, password: z.string().max(PASSWORD_MAX_LENGTH * 4) })) },
  responses: {
    200: json(SessionSchema, "Password set and signed in"),
    ...problems(
      "VALIDATION_FAILED",
      "INVALID_JSON",
      "LINK_INVALID",
      "PASSWORD_TOO_SHORT",
      "PASSWORD_TOO_LONG",
      "PASSWORD_IS_EMAIL",
    ),
  },
});

/**
 * Failed password attempts per address tried, per quarter hour: slows down guessing one account's
 * password from many clients, without locking out its owner for signing in often.
 */
const ATTEMPTS_PER_ADDRESS = 10;
const ADDRESS_WINDOW_MS = 15 * 60_000;

export function consoleApi(deps: ConsoleApiDeps) {
  const api = createApiRouter();
  const limiters = deps.rateLimiters ?? inMemoryRateLimiters;
  const perClient = limiters("console-attempts", deps.attemptsPerMinute ?? 20);
  const perAddress = limiters("console-failed-sign-ins", ATTEMPTS_PER_ADDRESS, ADDRESS_WINDOW_MS);

  const limited: Limited = async (c, limiter, key, count = true) => {
    const nowMs = deps.clock().getTime();
    const wait = count ? await limiter.hit(key, nowMs) : await limiter.waitFor(key, nowMs);
    if (wait === null) return null;
    c.header("Retry-After", String(wait));
    return problem(c, 429, "RATE_LIMITED", "Too many attempts. Please try again shortly.", { retryAfterSeconds: wait });
  };

  api.use("*", async (c, next) => {
    c.header("Cache-Control", "no-store");
    if (c.req.method === "POST") {
      const refused = await limited(c, perClient, clientKey(c.get("clientAddress") ?? UNKNOWN_CLIENT));
      if (refused) return refused;
    }
    await next();
  });

  async function sessionAnswer(c: Context, user: ConsoleUser, tokenHash: string) {
    const business = await deps.business(user.businessId);
    if (!business) return problem(c, 401, "AUTHENTICATION_REQUIRED", "Sign in to the console.");
    return c.json(
      {
        user: {
          id: user.id,
          name: user.name,
          email: user.email,
          role: user.role,
          staffId: user.staffId,
          locale: user.locale,
        },
        business: {
          id: business.id,
          name: business.name,
          slug: business.slug,
          timeZone: business.timeZone,
          currency: business.currency,
          locale: business.locale,
        },
        csrfToken: csrfTokenFor(deps.secret, tokenHash),
      },
      200,
    );
  }

  async function startAnswer(c: Context, signedIn: SignedIn) {
    c.header("Set-Cookie", sessionCookie(signedIn.token, signedIn.expiresAt, isSecureRequest(c)));
    return sessionAnswer(c, signedIn.user, hashSecretToken(signedIn.token));
  }

  /**
   * The session of a request to the user's own account or the team, with its CSRF check on a
   * change; the team is the owner's. A refusal is the answer to send instead.
   */
  const guard: SessionGuard = async (c, need) => {
    const session = await resumeSession(deps, sessionTokenOf(c));
    if (!session) return problem(c, 401, "AUTHENTICATION_REQUIRED", "Sign in to the console.");
    if (!passesCsrf(c, deps.secret, session.tokenHash))
      return problem(c, 403, "CSRF_FAILED", "This request did not come from the console.");
    if (need === "owner" && session.user.role !== "owner")
      return problem(c, 403, "FORBIDDEN_FOR_ROLE", "Your login cannot do this.");
    return session;
  };

  handle(api, signIn, async (c) => {
    const { email, password } = c.req.valid("json");
    const refused = await limited(c, perAddress, email, false);
    if (refused) return refused;
    const signedIn = await signInWithPassword(deps, email, password, c.req.header("user-agent"));
    if (!signedIn) {
      await perAddress.hit(email, deps.clock().getTime());
      return problem(c, 401, "SIGN_IN_FAILED", "The email or the password is not right.");
    }
    return startAnswer(c, signedIn);
  });

  handle(api, currentSession, async (c) => {
    const session = await resumeSession(deps, sessionTokenOf(c));
    if (!session) return problem(c, 401, "AUTHENTICATION_REQUIRED", "Sign in to the console.");
    return sessionAnswer(c, session.user, session.tokenHash);
  });

  handle(api, endSession, async (c) => {
    const token = sessionTokenOf(c);
    const session = await resumeSession(deps, token);
    if (session && !passesCsrf(c, deps.secret, session.tokenHash))
      return problem(c, 403, "CSRF_FAILED", "This request did not come from the console.");
    await signOut(deps, token);
    c.header("Set-Cookie", clearedSessionCookie(isSecureRequest(c)));
    return c.body(null, 204);
  });

  handle(api, redeemLink, async (c) => {
    const signedIn = await signInWithLink(deps, c.req.valid("json").token, c.req.header("user-agent"));
    if (!signedIn) return problem(c, 400, "LINK_INVALID", "This link has expired or was already used.");
    return startAnswer(c, signedIn);
  });

  handle(api, requestLink, async (c) => {
    await emailLink(deps, "sign_in", c.req.valid("json").email);
    return c.body(null, 202);
  });

  handle(api, requestReset, async (c) => {
    await emailLink(deps, "password_reset", c.req.valid("json").email);
    return c.body(null, 202);
  });

  handle(api, confirmReset, async (c) => {
    const { token, password } = c.req.valid("json");
    const outcome = await resetPassword(deps, token, password, c.req.header("user-agent"));
    if (!outcome.ok) {
      if (outcome.error === "LINK_INVALID")
        return problem(c, 400, "LINK_INVALID", "This link has expired or was already used.");
      return problem(c, 400, outcome.error, undefined, {
        errors: [{ path: "password", code: outcome.error, message: outcome.error }],
      });
    }
    return startAnswer(c, outcome.signedIn);
  });

  accountRoutes(api, { deps, guard, limited, perAddress, sessionAnswer });
  teamRoutes(api, { deps, guard, limited, limiters });
  return api;
}

/**
 * The signed-in user's own account (issue 18): their display name and password, and their sessions —
 * each browser that is signed in, which they can end one by one or all but this one. Changing the
 * password needs the current one and ends every other session; this one stays.
 */
import type { Context } from "hono";
import { changePassword, listSessions, type AccountDeps } from "../../../app/console/accounts.ts";
import type { ConsoleUser } from "../../../app/console/ports.ts";
import { PASSWORD_MAX_LENGTH } from "../../../core/console/password-policy.ts";
import { handle, json, jsonBody, problems, z, type createApiRouter } from "../../http/api-router.ts";
import { clearedSessionCookie, isSecureRequest } from "../../http/console-session.ts";
import { problem } from "../../http/problem.ts";
import type { RateLimiter } from "../rate-limit.ts";
import { route, SessionSchema, type Limited, type SessionGuard } from "./console-shared.ts";

const signedInProblems = problems("AUTHENTICATION_REQUIRED", "CSRF_FAILED");

const rename = route({
  method: "patch",
  path: "/account",
  summary: "Change the signed-in user's display name",
  request: { body: jsonBody(z.strictObject({ name: z.string().trim().min(1).max(120) })) },
  responses: {
    200: json(SessionSchema, "The session, with the new name"),
    ...problems("VALIDATION_FAILED", "INVALID_JSON", "AUTHENTICATION_REQUIRED", "CSRF_FAILED"),
  },
});

const Password = z.string().max(PASSWORD_MAX_LENGTH * 4);

const newPassword = route({
  method: "post",
  path: "/account/password",
  summary: "Change the signed-in user's password (the current one is required); their other sessions end",
  request: { body: jsonBody(z.strictObject({ currentPassword: Password, newPassword: Password })) },
  responses: {
    204: { description: "Changed; this session stays, every other one of the user has ended" },
    ...problems(
      "VALIDATION_FAILED",
      "INVALID_JSON",
      "CURRENT_PASSWORD_WRONG",
      "PASSWORD_TOO_SHORT",
      "PASSWORD_TOO_LONG",
      "PASSWORD_IS_EMAIL",
      "AUTHENTICATION_REQUIRED",
      "CSRF_FAILED",
    ),
  },
});

const SessionListSchema = z
  .array(
    z.object({
      id: z.string(),
      createdAt: z.string(),
      lastSeenAt: z.string(),
      browser: z.object({ browser: z.string().nullable(), system: z.string().nullable() }),
      current: z.boolean().meta({ description: "The session that asked" }),
    }),
  )
  .openapi("ConsoleSessionList");

const sessions = route({
  method: "get",
  path: "/account/sessions",
  summary: "The signed-in user's sessions (browsers signed in), most recently used first",
  responses: { 200: json(SessionListSchema, "The sessions"), ...signedInProblems },
});

const endOne = route({
  method: "delete",
  path: "/account/sessions/{sessionId}",
  summary: "End one of the user's sessions (this one too: that signs out)",
  request: { params: z.object({ sessionId: z.uuid() }) },
  responses: { 204: { description: "Ended" }, ...problems("NOT_FOUND", "AUTHENTICATION_REQUIRED", "CSRF_FAILED") },
});

const endOthers = route({
  method: "post",
  path: "/account/sessions/end-others",
  summary: "Sign out everywhere else: end every session of the user but this one",
  responses: { 204: { description: "Every other session has ended" }, ...signedInProblems },
});

export function accountRoutes(
  api: ReturnType<typeof createApiRouter>,
  {
    deps,
    guard,
    limited,
    perAddress,
    sessionAnswer,
  }: {
    deps: AccountDeps;
    guard: SessionGuard;
    limited: Limited;
    /** Wrong current passwords count with failed sign-ins of the same address. */
    perAddress: RateLimiter;
    sessionAnswer: (c: Context, user: ConsoleUser, tokenHash: string) => Promise<Response>;
  },
) {
  handle(api, rename, async (c) => {
    const session = await guard(c, "user");
    if (session instanceof Response) return session;
    const { name } = c.req.valid("json");
    await deps.store.setName(session.user, name);
    return sessionAnswer(c, { ...session.user, name }, session.tokenHash);
  });

  handle(api, newPassword, async (c) => {
    const session = await guard(c, "user");
    if (session instanceof Response) return session;
    const refused = await limited(c, perAddress, session.user.email, false);
    if (refused) return refused;
    const { currentPassword, newPassword: next } = c.req.valid("json");
    const changed = await changePassword(deps, session.user, session.tokenHash, { current: currentPassword, next });
    if (!changed.ok) {
      const path = changed.error === "CURRENT_PASSWORD_WRONG" ? "currentPassword" : "newPassword";
      if (changed.error === "CURRENT_PASSWORD_WRONG") await perAddress.hit(session.user.email, deps.clock().getTime());
      return problem(c, 400, changed.error, undefined, {
        errors: [{ path, code: changed.error, message: changed.error }],
      });
    }
    return c.body(null, 204);
  });

  handle(api, sessions, async (c) => {
    const session = await guard(c, "user");
    if (session instanceof Response) return session;
    const listed = await listSessions(deps, session.user, session.tokenHash);
    return c.json(
      listed.map((s) => ({ ...s, createdAt: s.createdAt.toISOString(), lastSeenAt: s.lastSeenAt.toISOString() })),
      200,
    );
  });

  handle(api, endOne, async (c) => {
    const session = await guard(c, "user");
    if (session instanceof Response) return session;
    const { sessionId } = c.req.valid("param");
    const current = (await listSessions(deps, session.user, session.tokenHash)).find((s) => s.current);
    if (!(await deps.store.revokeSessionById(session.user, sessionId, deps.clock())))
      return problem(c, 404, "NOT_FOUND", "This session is not one of yours, or it has already ended.");
    if (current?.id === sessionId) c.header("Set-Cookie", clearedSessionCookie(isSecureRequest(c)));
    return c.body(null, 204);
  });

  handle(api, endOthers, async (c) => {
    const session = await guard(c, "user");
    if (session instanceof Response) return session;
    await deps.store.revokeSessionsOf(session.user, deps.clock(), session.tokenHash);
    return c.body(null, 204);
  });
}

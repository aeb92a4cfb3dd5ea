/**
 * The owner's team (issue 18): the business's console logins, invited by email, changed and removed.
 * Owner only — a staff login is refused (403) like on every owner route. Invitations send email, so
 * they are limited per owner and hour besides the console's limit per client address.
 */
import type { Context } from "hono";
import type { AccountDeps } from "../../../app/console/accounts.ts";
import type { TeamMember } from "../../../app/console/ports.ts";
import {
  changeMember,
  invite,
  inviteAgain,
  listTeam,
  removeMember,
  type TeamError,
} from "../../../app/console/team.ts";
import { handle, json, jsonBody, problems, z, type createApiRouter } from "../../http/api-router.ts";
import { problem } from "../../http/problem.ts";
import type { RateLimiters } from "../rate-limit.ts";
import { Email, route, type Limited, type SessionGuard } from "./console-shared.ts";

/** Invitations (new or sent again) an owner may send in an hour. */
export const INVITES_PER_HOUR = 20;

const MemberSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    role: z.enum(["owner", "staff"]),
    staffId: z.string().nullable(),
    staffName: z.string().nullable(),
    invitationPending: z.boolean().meta({ description: "Invited, and no password chosen yet" }),
    lastSignInAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi("ConsoleTeamMember");

const memberJson = (m: TeamMember) => ({
  id: m.id,
  email: m.email,
  name: m.name,
  role: m.role,
  staffId: m.staffId,
  staffName: m.staffName,
  invitationPending: !m.hasPassword,
  lastSignInAt: m.lastSignInAt?.toISOString() ?? null,
  createdAt: m.createdAt.toISOString(),
});

const Role = z.enum(["owner", "staff"]);
const StaffId = z.uuid().nullable().meta({ description: "The staff member a staff login stands for" });
const memberParams = z.object({ userId: z.uuid() });
const ownerProblems = ["AUTHENTICATION_REQUIRED", "CSRF_FAILED", "FORBIDDEN_FOR_ROLE"] as const;

const list = route({
  method: "get",
  path: "/team",
  summary: "The business's console logins (owner only)",
  responses: { 200: json(z.array(MemberSchema), "The logins"), ...problems(...ownerProblems) },
});

const create = route({
  method: "post",
  path: "/team",
  summary: "Invite a login by email: it gets a one-time link (valid 3 days) to choose its password",
  request: {
    body: jsonBody(
      z.strictObject({
        email: Email,
        name: z.string().trim().min(1).max(120),
        role: Role,
        staffId: StaffId.optional(),
      }),
    ),
  },
  responses: {
    201: json(MemberSchema, "Invited; the email is on its way"),
    ...problems("VALIDATION_FAILED", "INVALID_JSON", "EMAIL_TAKEN", "REFERENCE_NOT_FOUND", ...ownerProblems),
  },
});

const resend = route({
  method: "post",
  path: "/team/{userId}/invitation",
  summary: "Send the invitation again with a new link (the earlier link stops working)",
  request: { params: memberParams },
  responses: {
    202: { description: "The invitation is on its way" },
    ...problems("NOT_FOUND", "ALREADY_JOINED", ...ownerProblems),
  },
});

const change = route({
  method: "patch",
  path: "/team/{userId}",
  summary: "Change a login's role or staff member (the business keeps at least one owner)",
  request: {
    params: memberParams,
    body: jsonBody(z.strictObject({ role: Role.optional(), staffId: StaffId.optional() })),
  },
  responses: {
    200: json(MemberSchema, "Changed; it applies to the login's open sessions at once"),
    ...problems(
      "VALIDATION_FAILED",
      "INVALID_JSON",
      "NOT_FOUND",
      "REFERENCE_NOT_FOUND",
      "LAST_OWNER",
      ...ownerProblems,
    ),
  },
});

const remove = route({
  method: "delete",
  path: "/team/{userId}",
  summary: "Remove a login; its sessions end at once (the business keeps at least one owner)",
  request: { params: memberParams },
  responses: { 204: { description: "Removed" }, ...problems("NOT_FOUND", "LAST_OWNER", ...ownerProblems) },
});

function refusal(c: Context, error: TeamError) {
  switch (error) {
    case "NOT_FOUND":
      return problem(c, 404, "NOT_FOUND", "This business has no such login.");
    case "LAST_OWNER":
      return problem(c, 409, "LAST_OWNER", "The business needs an owner: make another login an owner first.");
    case "ALREADY_JOINED":
      return problem(c, 409, "ALREADY_JOINED", "This login has already chosen its password.");
    case "EMAIL_TAKEN":
      return problem(c, 409, "EMAIL_TAKEN", "This email address already has a login.", {
        errors: [{ path: "email", code: "EMAIL_TAKEN", message: "This email address already has a login." }],
      });
    case "STAFF_REQUIRED":
      return problem(c, 400, "VALIDATION_FAILED", "A staff login stands for one staff member.", {
        errors: [{ path: "staffId", code: "STAFF_REQUIRED", message: "Choose the staff member this login is." }],
      });
    case "STAFF_NOT_FOUND":
      return problem(c, 404, "REFERENCE_NOT_FOUND", "This business has no such staff member.", {
        errors: [{ path: "staffId", code: "STAFF_NOT_FOUND", message: "This business has no such staff member." }],
      });
  }
}

export function teamRoutes(
  api: ReturnType<typeof createApiRouter>,
  {
    deps,
    guard,
    limited,
    limiters,
  }: { deps: AccountDeps; guard: SessionGuard; limited: Limited; limiters: RateLimiters },
) {
  const invitations = limiters("console-invitations", INVITES_PER_HOUR, 60 * 60_000);

  handle(api, list, async (c) => {
    const session = await guard(c, "owner");
    if (session instanceof Response) return session;
    return c.json((await listTeam(deps, session.user.businessId)).map(memberJson), 200);
  });

  handle(api, create, async (c) => {
    const session = await guard(c, "owner");
    if (session instanceof Response) return session;
    const refused = await limited(c, invitations, session.user.id);
    if (refused) return refused;
    const body = c.req.valid("json");
    // In the inviting owner's language: the team of a business shares one, as a rule.
    const invited = await invite(deps, session.user, { ...body, locale: session.user.locale });
    if (!invited.ok) return refusal(c, invited.error);
    return c.json(memberJson(invited.value), 201);
  });

  handle(api, resend, async (c) => {
    const session = await guard(c, "owner");
    if (session instanceof Response) return session;
    const refused = await limited(c, invitations, session.user.id);
    if (refused) return refused;
    const sent = await inviteAgain(deps, session.user, c.req.valid("param").userId);
    return sent.ok ? c.body(null, 202) : refusal(c, sent.error);
  });

  handle(api, change, async (c) => {
    const session = await guard(c, "owner");
    if (session instanceof Response) return session;
    const changed = await changeMember(deps, session.user.businessId, c.req.valid("param").userId, c.req.valid("json"));
    return changed.ok ? c.json(memberJson(changed.value), 200) : refusal(c, changed.error);
  });

  handle(api, remove, async (c) => {
    const session = await guard(c, "owner");
    if (session instanceof Response) return session;
    const removed = await removeMember(deps, session.user.businessId, c.req.valid("param").userId);
    return removed.ok ? c.body(null, 204) : refusal(c, removed.error);
  });
}

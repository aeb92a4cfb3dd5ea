/**
 * What the console's sign-in, account and team routes share: the address and session schemas, the
 * route definition with the console's tag, and the session guard's and rate limit's types.
 */
import type { Context } from "hono";
import type { resumeSession } from "../../../app/console/accounts.ts";
import { createRoute, problems, z } from "../../http/api-router.ts";
import type { RateLimiter } from "../rate-limit.ts";

export const Email = z.string().trim().toLowerCase().email().max(254);

export const SessionSchema = z
  .object({
    user: z.object({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      role: z.enum(["owner", "staff"]),
      staffId: z.string().nullable(),
      locale: z.string(),
    }),
    business: z.object({
      id: z.string(),
      name: z.string(),
      slug: z.string(),
      timeZone: z.string(),
      currency: z.string(),
      locale: z.string(),
    }),
    csrfToken: z.string().meta({ description: "Send as `X-CSRF-Token` with every request that changes something" }),
  })
  .openapi("ConsoleSession");

export const route = <const R extends Parameters<typeof createRoute>[0]>(r: R) =>
  createRoute({ ...r, tags: ["Console"], responses: { ...r.responses, ...problems("RATE_LIMITED") } });

export type Signed = NonNullable<Awaited<ReturnType<typeof resumeSession>>>;
/** The request's session (for `owner`: an owner's), or the refusal to answer with. */
export type SessionGuard = (c: Context, need: "user" | "owner") => Promise<Signed | Response>;
/** A refusal when the limiter says wait (`count`: this request counts as a hit), else null. */
export type Limited = (c: Context, limiter: RateLimiter, key: string, count?: boolean) => Promise<Response | null>;

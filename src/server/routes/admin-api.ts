/**
 * The server's local admin channel: what `npm run business:create` and `business:key` do while the
 * server holds the embedded database (one process per data directory, src/adapters/db/data-dir-lock.ts).
 * Reachable only from this machine (the socket's own address, never a forwarded one) and only with the
 * random token the server wrote, readable by its owner alone, into DATA_DIR's lock file. Not part of
 * the public API documents: nothing outside this machine can call it.
 */
import { timingSafeEqual } from "node:crypto";
import { Hono, type Context } from "hono";
import { z } from "zod";
import type { BusinessDirectory } from "../../app/business/ports.ts";
import { issueKeyForBusiness } from "../../app/business/create-business.ts";
import { createBusinessWithOwner } from "../../app/console/owner-login.ts";
import type { AccountDeps } from "../../app/console/accounts.ts";

type OwnerAccounts = Pick<AccountDeps, "store" | "passwords" | "clock" | "publicUrl">;
import { problem, validationProblem } from "../http/problem.ts";
import { BusinessPatchSchema, SlugSchema } from "./business/input-schemas.ts";

/** The owner's console login of a new business (business:create's --owner-email, --owner-name). */
export const OwnerSchema = z.strictObject({
  email: z.string().trim().toLowerCase().email().max(254),
  name: z.string().trim().min(1).max(200),
});

export const AdminCreateBusinessSchema = BusinessPatchSchema.required({
  name: true,
  timeZone: true,
  locale: true,
  currency: true,
}).extend({
  slug: SlugSchema.optional(),
  owner: OwnerSchema.optional(),
});
export const AdminIssueKeySchema = z.strictObject({ slug: SlugSchema, name: z.string().min(1).max(200) });

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

function isAllowed(c: Context, token: string): boolean {
  const socket = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket;
  if (!socket?.remoteAddress || !LOOPBACK.has(socket.remoteAddress)) return false;
  const given = Buffer.from(/^Bearer (\S+)$/.exec(c.req.header("authorization") ?? "")?.[1] ?? "");
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function createAdminApi(deps: { directory: BusinessDirectory; token: string; accounts: OwnerAccounts }) {
  const api = new Hono();
  api.use(async (c, next) => {
    if (!isAllowed(c, deps.token)) return problem(c, 404, "NOT_FOUND", "No such endpoint.");
    await next();
  });
  api.post("/businesses", async (c) => {
    const input = AdminCreateBusinessSchema.safeParse(await c.req.json().catch(() => null));
    if (!input.success) return validationProblem(c, input.error);
    const { hostnames: _hostnames, ...fields } = input.data;
    const created = await createBusinessWithOwner(deps.directory, deps.accounts, fields);
    if (!created.ok)
      return created.error.code === "EMAIL_TAKEN"
        ? problem(c, 409, "EMAIL_TAKEN", "This email address already has a login.")
        : problem(c, 409, "SLUG_TAKEN", "Another business already uses this slug.");
    return c.json(created.value, 201);
  });
  api.post("/api-keys", async (c) => {
    const input = AdminIssueKeySchema.safeParse(await c.req.json().catch(() => null));
    if (!input.success) return validationProblem(c, input.error);
    const issued = await issueKeyForBusiness(deps.directory, input.data.slug, input.data.name);
    if (!issued.ok) return problem(c, 404, "NOT_FOUND", "No business with this slug.");
    return c.json(issued.value, 201);
  });
  return api;
}

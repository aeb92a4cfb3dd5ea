/**
 * One-time links: an unguessable slug (128 random bits, base64url) for a calendar; the first
 * booking through it uses it up (domain notes A.2 "One-time links"). Revoking is "Generate New
 * Link"'s other half: the old link stops working.
 *
 * Only the slug's SHA-256 is stored, like every other secret a link carries: the slug is returned
 * once, to whoever made the link, and a copy of the database opens no booking page.
 */
import { randomBytes } from "node:crypto";
import { hashSecretToken } from "../shared/secret-token.ts";
import { ok, type BusinessRepository, type OneTimeLinkView, type Result } from "./ports.ts";

const SLUG_BYTES = 16;

/** A link as it is made: the only time its slug is known. */
export type CreatedOneTimeLink = OneTimeLinkView & { readonly slug: string };

export async function createOneTimeLink(
  repo: BusinessRepository,
  input: { calendarId: string; expiresAt: Date | null },
  now: Date,
): Promise<Result<CreatedOneTimeLink>> {
  const slug = randomBytes(SLUG_BYTES).toString("base64url");
  const created = await repo.createOneTimeLink({ ...input, slugHash: hashSecretToken(slug) }, now);
  return created.ok ? ok({ ...created.value, slug }) : created;
}

/** The public page of a link (src/web/routes.ts: widget/otl/:oneTimeSlug). */
export const oneTimeLinkUrl = (publicUrl: string, slug: string): string =>
  `${publicUrl}/widget/otl/${encodeURIComponent(slug)}`;

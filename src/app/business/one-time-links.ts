/**
 * One-time links: an unguessable slug (128 random bits, base64url) for a calendar; the first
 * booking through it uses it up (domain notes A.2 "One-time links"). Revoking is "Generate New
 * Link"'s other half: the old link stops working.
 */
import { randomBytes } from "node:crypto";
import type { BusinessRepository, OneTimeLinkView, Result } from "./ports.ts";

const SLUG_BYTES = 16;

export function createOneTimeLink(
  repo: BusinessRepository,
  input: { calendarId: string; expiresAt: Date | null },
  now: Date,
): Promise<Result<OneTimeLinkView>> {
  return repo.createOneTimeLink({ ...input, slug: randomBytes(SLUG_BYTES).toString("base64url") }, now);
}

/** The public page of a link (src/web/routes.ts: widget/otl/:oneTimeSlug). */
export const oneTimeLinkUrl = (publicUrl: string, slug: string): string =>
  `${publicUrl}/widget/otl/${encodeURIComponent(slug)}`;

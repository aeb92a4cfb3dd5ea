/**
 * When a post is public (domain notes §E): PUBLISHED, or SCHEDULED with its publication time
 * reached — compared with the request's clock, so a scheduled post appears at its time with no
 * restart and no cache to expire. Drafts and archived posts never are.
 */
import type { Result } from "../shared/result.ts";

export const POST_STATUSES = ["draft", "published", "scheduled", "archived"] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

export function isPostPublic(status: PostStatus, publishedAt: Date | null, now: Date): boolean {
  if (status === "published") return true;
  return status === "scheduled" && publishedAt !== null && publishedAt.getTime() <= now.getTime();
}

export type PublicationError = { readonly code: "PUBLISH_AT_REQUIRED"; readonly path: "publishAt" };

/**
 * The publication time stored for a status change: a scheduled post needs one; publishing without
 * one stamps `now` (and keeps an earlier stamp on a re-publish); drafts and archived posts keep
 * whatever was set.
 */
export function resolvePublishedAt(
  status: PostStatus,
  requested: Date | null | undefined,
  previous: Date | null,
  now: Date,
): Result<Date | null, PublicationError> {
  const chosen = requested === undefined ? previous : requested;
  if (status === "scheduled" && chosen === null)
    return { ok: false, error: { code: "PUBLISH_AT_REQUIRED", path: "publishAt" } };
  if (status === "published") return { ok: true, value: chosen ?? now };
  return { ok: true, value: chosen };
}

/**
 * Writing a post: the body goes through the allow-list before it is stored (and again when it is
 * rendered), and the publication time follows the status rule of the core.
 */
import { resolvePublishedAt, type PostStatus } from "../../core/content/post-publication.ts";
import { sanitizePostHtml } from "../../core/content/sanitize-post-html.ts";
import { refuse, type Result } from "../business/ports.ts";
import type { ContentRepository, PostRecord, PostWrite } from "./ports.ts";

export interface PostInput {
  slug: string;
  title: string;
  excerpt?: string;
  bodyHtml?: string;
  imageUrl?: string | null;
  imageAlt?: string | null;
  canonicalLink?: string | null;
  authorId?: string | null;
  categoryIds?: string[];
  tags?: string[];
  status?: PostStatus;
  /** ISO instant; null clears it. */
  publishAt?: string | null;
}

const toDate = (v: string | null | undefined) => (v === undefined ? undefined : v === null ? null : new Date(v));
const uniqueTags = (tags: readonly string[]) => [...new Set(tags.map((t) => t.trim()).filter(Boolean))];

function merge(previous: PostRecord | null, input: Partial<PostInput>, now: Date): Result<PostWrite> {
  const status = input.status ?? previous?.status ?? "draft";
  const publishAt = resolvePublishedAt(
    status,
    toDate(input.publishAt),
    previous?.publishAt ? new Date(previous.publishAt) : null,
    now,
  );
  if (!publishAt.ok) return refuse({ code: "SETUP_INVALID", errors: [publishAt.error] });
  return {
    ok: true,
    value: {
      slug: input.slug ?? previous!.slug,
      title: input.title ?? previous!.title,
      excerpt: input.excerpt ?? previous?.excerpt ?? "",
      bodyHtml: sanitizePostHtml(input.bodyHtml ?? previous?.bodyHtml ?? ""),
      imageUrl: input.imageUrl !== undefined ? input.imageUrl : (previous?.imageUrl ?? null),
      imageAlt: input.imageAlt !== undefined ? input.imageAlt : (previous?.imageAlt ?? null),
      canonicalLink: input.canonicalLink !== undefined ? input.canonicalLink : (previous?.canonicalLink ?? null),
      authorId: input.authorId !== undefined ? input.authorId : (previous?.authorId ?? null),
      categoryIds: [...new Set(input.categoryIds ?? previous?.categoryIds ?? [])],
      tags: uniqueTags(input.tags ?? previous?.tags ?? []),
      status,
      publishAt: publishAt.value,
    },
  };
}

export async function createPost(repo: ContentRepository, input: PostInput, now: Date): Promise<Result<PostRecord>> {
  const write = merge(null, input, now);
  return write.ok ? repo.createPost(write.value, now) : write;
}

export async function updatePost(
  repo: ContentRepository,
  id: string,
  patch: Partial<PostInput>,
  now: Date,
): Promise<Result<PostRecord>> {
  const previous = await repo.getPost(id);
  if (!previous) return refuse({ code: "NOT_FOUND" });
  const write = merge(previous, patch, now);
  return write.ok ? repo.updatePost(id, write.value, now) : write;
}

import { pageNotFound, requireFound } from "../features/errors/route-errors.ts";
import { PostArticle } from "../features/content/post-article.tsx";
import type { Route } from "./+types/content-preview";

const PREVIEW_KINDS = ["blog", "category", "author", "tag", "post", "product", "collections"] as const;

/**
 * `/v2/preview/:id/:kind`: previews fetch by id and show drafts. Only posts have drafts in our
 * model so far; the other kinds resolve their entity by id the same way once it exists.
 * TODO(issue 2 follow-up): preview tokens for non-post kinds.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const kind = requireFound(
    PREVIEW_KINDS.find((k) => k === params.kind),
    request,
  );
  if (kind !== "post" && kind !== "blog") pageNotFound(request);
  return requireFound(await context.pages.previewPost(params.id), request);
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title ?? "" },
  { name: "robots", content: "noindex,nofollow" },
];

export default function ContentPreview({ loaderData }: Route.ComponentProps) {
  return <PostArticle post={loaderData} isPreview />;
}

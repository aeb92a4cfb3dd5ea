import { pageNotFound, requireFound } from "../features/errors/route-errors.ts";
import { PostArticle } from "../features/content/post-article.tsx";
import type { Route } from "./+types/content-post";

/** A published post: `/:path/b/:slug`, `/b/:slug`, `/post/:blogSlug`, and under a category. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const business = requireFound(await context.business(), request);
  const p = params as { path?: string; slug?: string; blogSlug?: string; categorySlug?: string };
  if (p.path && !(await context.pages.contentPage(business, p.path))) pageNotFound(request);
  const post = requireFound(await context.pages.post(business, p.slug ?? p.blogSlug ?? "", context.now()), request);
  return post;
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title ?? "" },
  { name: "description", content: data?.description ?? "" },
  { property: "og:type", content: "article" },
];

export default function ContentPost({ loaderData }: Route.ComponentProps) {
  return <PostArticle post={loaderData} />;
}

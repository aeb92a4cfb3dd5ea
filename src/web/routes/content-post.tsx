import { requireFound } from "../features/errors/route-errors.ts";
import { requireBusiness, requirePathPage } from "./content-route.server.ts";
import { PostArticle } from "../features/content/post-article.tsx";
import type { Route } from "./+types/content-post";

/** A published post: `/:path/b/:slug`, `/b/:slug`, `/post/:blogSlug`, and under a category. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const business = await requireBusiness(context, request);
  const p = params as { path?: string; slug?: string; blogSlug?: string; categorySlug?: string };
  await requirePathPage(context, business, p.path, request);
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

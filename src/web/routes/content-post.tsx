import { requireFound } from "../features/errors/route-errors.ts";
import { requireBusiness, requirePathPage } from "./content-route.server.ts";
import { PostArticle } from "../features/content/post-article.tsx";
import type { Route } from "./+types/content-post";
import { STATIC_PAGE } from "../components/static-page.ts";

/** A published post: `/:path/b/:slug`, `/b/:slug`, `/post/:blogSlug`, and under a category. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const business = await requireBusiness(context, request);
  const p = params as { path?: string; slug?: string; blogSlug?: string; categorySlug?: string };
  await requirePathPage(context, business, p.path, request);
  const post = requireFound(await context.pages.post(business, p.slug ?? p.blogSlug ?? "", context.now()), request);
  return { post, blogPath: p.path ?? null };
}

/** Read without JavaScript: sent with no scripts (src/web/components/static-page.ts). */
export const handle = STATIC_PAGE;

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.post.title ?? "" },
  { name: "description", content: data?.post.description ?? "" },
  { property: "og:type", content: "article" },
];

export default function ContentPost({ loaderData }: Route.ComponentProps) {
  return <PostArticle post={loaderData.post} blogPath={loaderData.blogPath} />;
}

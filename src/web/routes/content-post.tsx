import { imageSourceUrl } from "../../core/content/images.ts";
import { postSeo } from "../../core/content/seo.ts";
import { contentPageHeaders, STATIC_PAGE } from "../components/static-page.ts";
import { Breadcrumbs } from "../features/content/breadcrumbs.tsx";
import { PostArticle } from "../features/content/post-article.tsx";
import { seoMeta } from "../features/content/seo-meta.ts";
import { requireFound } from "../features/errors/route-errors.ts";
import { assetUrl, canonicalPageUrl, homeCrumb, requireBusiness, requirePathPage } from "./content-route.server.ts";
import type { Route } from "./+types/content-post";

/** A published post: `/:path/b/:slug`, `/b/:slug`, `/post/:blogSlug`, and under a category. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const business = await requireBusiness(context, request);
  const p = params as { path?: string; slug?: string; blogSlug?: string; categorySlug?: string };
  const blog = await requirePathPage(context, business, p.path, request);
  const post = requireFound(await context.pages.post(business, p.slug ?? p.blogSlug ?? "", context.now()), request);
  const url = canonicalPageUrl(request);
  const ancestors = [homeCrumb(context, request, business.name), ...(blog ? [blog] : [])];
  const seo = postSeo({
    ...post,
    url,
    imageUrl: assetUrl(request, post.imageUrl && imageSourceUrl(post.imageUrl, post.imageSize)),
    publisherName: business.name,
    crumbs: [...ancestors, { name: post.title, url }],
  });
  return { post, blogPath: p.path ?? null, seo, ancestors };
}

/** Read without JavaScript: sent with no scripts (src/web/components/static-page.ts). */
export const handle = STATIC_PAGE;
export const headers = contentPageHeaders;

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo);

export default function ContentPost({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Breadcrumbs ancestors={loaderData.ancestors} />
      <PostArticle post={loaderData.post} blogPath={loaderData.blogPath} />
    </>
  );
}

import { useLingui } from "@lingui/react";
import { PREVIEW_KINDS, type PreviewView } from "../../app/pages/public-pages.ts";
import { pageSeo, type Seo } from "../../core/content/seo.ts";
import { seoMeta } from "../features/content/seo-meta.ts";
import { CollectionGrid } from "../features/content/collection-grid.tsx";
import { ContentPageBody } from "../features/content/content-page-body.tsx";
import { requestedPage, requirePageInfo, requirePreviewBusiness } from "./content-route.server.ts";
import { PostArticle } from "../features/content/post-article.tsx";
import { PostListingBody } from "../features/content/post-listing-body.tsx";
import { ProductDetail, selectedVariant } from "../features/content/product-detail.tsx";
import { requireFound } from "../features/errors/route-errors.ts";
import type { Route } from "./+types/content-preview";
import { STATIC_PAGE } from "../components/static-page.ts";

/**
 * `/v2/preview/:id/:kind`: fetched by id, drafts and scheduled posts included, for every kind the
 * spec names — only with `?token=` a preview token the business issued (unexpired, unrevoked);
 * without one, or with a wrong one, the same 404 as an unknown page. Never indexed, never cached.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const kind = requireFound(
    PREVIEW_KINDS.find((k) => k === params.kind),
    request,
  );
  const business = await requirePreviewBusiness(context, request);
  const { page, window } = requestedPage(request);
  const view = requireFound(await context.pages.preview(business, kind, params.id, window), request);
  const total =
    view.kind === "blog"
      ? Math.max(view.page.postTotal, view.page.productTotal)
      : view.kind === "collections"
        ? view.collection.total
        : "listing" in view
          ? view.listing.total
          : 0;
  const url = new URL(request.url);
  url.searchParams.delete("page");
  // No canonical: a preview never points search engines at itself (domain notes §E).
  const seo: Seo = { ...pageSeo({ title: titleOf(view), description: "", url: "", crumbs: [] }), canonical: null };
  const selected = view.kind === "product" ? selectedVariant(view.product, url.searchParams.get("variant")) : null;
  url.searchParams.delete("variant");
  return {
    view,
    seo,
    selected,
    token: url.searchParams.get("token") ?? "",
    pageInfo: requirePageInfo(page, total, request),
    pathname: url.pathname + url.search,
  };
}

export const headers: Route.HeadersFunction = () => ({
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "no-referrer",
});

const titleOf = (view: PreviewView) =>
  view.kind === "post"
    ? view.post.title
    : view.kind === "blog"
      ? view.page.title
      : view.kind === "product"
        ? view.product.name
        : view.kind === "collections"
          ? view.collection.name
          : view.listing.title;

/** Read without JavaScript: sent with no scripts (src/web/components/static-page.ts). */
export const handle = STATIC_PAGE;

export const meta: Route.MetaFunction = ({ data }) => [
  ...seoMeta(data?.seo),
  { name: "robots", content: "noindex,nofollow" },
];

export default function ContentPreview({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const { view, pageInfo, pathname, selected, token } = loaderData;
  return (
    <>
      <p className="preview-banner" role="status">
        {i18n._("content.previewBanner")}
      </p>
      {view.kind === "post" ? <PostArticle post={view.post} blogPath={null} /> : null}
      {view.kind === "blog" ? <ContentPageBody view={view.page} pageInfo={pageInfo} pathname={pathname} /> : null}
      {view.kind === "category" || view.kind === "author" || view.kind === "tag" ? (
        <PostListingBody listing={view.listing} kind={view.kind} basePath="/" pageInfo={pageInfo} pathname={pathname} />
      ) : null}
      {view.kind === "product" && selected ? (
        <ProductDetail product={view.product} selected={selected} keep={{ token }} />
      ) : null}
      {view.kind === "collections" ? (
        <CollectionGrid collection={view.collection} base="" pageInfo={pageInfo} pathname={pathname} />
      ) : null}
    </>
  );
}

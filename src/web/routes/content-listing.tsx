import { paginatedListingMeta } from "../features/content/pagination-nav.tsx";
import { Breadcrumbs } from "../features/content/breadcrumbs.tsx";
import { loadI18n } from "../../i18n/runtime.ts";
import { LISTING_HEADINGS, PostListingBody } from "../features/content/post-listing-body.tsx";
import {
  canonicalPageUrl,
  homeCrumb,
  requestedPage,
  requireBusiness,
  requireListingPage,
  requirePathPage,
} from "./content-route.server.ts";
import { pageSeo } from "../../core/content/seo.ts";
import { pageNotFound, requireFound } from "../features/errors/route-errors.ts";
import type { PostListingFilter } from "../../app/pages/public-pages.ts";
import type { Route } from "./+types/content-listing";
import { contentPageHeaders, STATIC_PAGE } from "../components/static-page.ts";

/** Category, author and tag listings (`/c/:categorySlug`, `/:path/category/…`, `/:path/author/…`, `/:path/tag/…`). */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const business = await requireBusiness(context, request);
  const p = params as { path?: string; categorySlug?: string; authorSlug?: string; tagSlug?: string };
  const blog = await requirePathPage(context, business, p.path, request);
  const filter: PostListingFilter | null = p.categorySlug
    ? { kind: "category", slug: p.categorySlug }
    : p.authorSlug
      ? { kind: "author", slug: p.authorSlug }
      : p.tagSlug
        ? { kind: "tag", tag: p.tagSlug }
        : null;
  if (!filter) pageNotFound(request);
  const { page, window } = requestedPage(request);
  const listing = requireFound(await context.pages.postListing(business, filter, context.now(), window), request);
  const url = canonicalPageUrl(request, page);
  const ancestors = [homeCrumb(context, request, business.name), ...(blog ? [blog] : [])];
  // The tab and shared title say what kind of listing it is, as its heading does ("Tag: breathing").
  const heading = LISTING_HEADINGS[filter.kind];
  const title = (await loadI18n(context.locale))._(heading.id, { [heading.name]: listing.title });
  const seo = pageSeo({
    title,
    description: listing.posts.map((post) => post.title).join(" · "),
    url,
    crumbs: [...ancestors, { name: title, url }],
  });
  return {
    ...listing,
    seo,
    ancestors,
    kind: filter.kind,
    basePath: p.path ? `/${p.path}/` : "/",
    ...requireListingPage(page, listing.total, request),
  };
}

/** Read without JavaScript: sent with no scripts (src/web/components/static-page.ts). */
export const handle = STATIC_PAGE;
export const headers = contentPageHeaders;

export const meta: Route.MetaFunction = ({ data }) => paginatedListingMeta(data);

export default function ContentListing({ loaderData }: Route.ComponentProps) {
  const { kind, basePath, pageInfo, pathname } = loaderData;
  return (
    <>
      <Breadcrumbs ancestors={loaderData.ancestors} />
      <PostListingBody listing={loaderData} kind={kind} basePath={basePath} pageInfo={pageInfo} pathname={pathname} />
    </>
  );
}

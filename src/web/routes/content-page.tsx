import {
  canonicalPageUrl,
  homeCrumb,
  requestedPage,
  requireBusiness,
  requireListingPage,
} from "./content-route.server.ts";
import { pageSeo } from "../../core/content/seo.ts";
import { seoMeta } from "../features/content/seo-meta.ts";
import { ContentPageBody } from "../features/content/content-page-body.tsx";
import { paginationHeadLinks } from "../features/content/pagination-nav.tsx";
import { requireFound } from "../features/errors/route-errors.ts";
import type { Route } from "./+types/content-page";
import { contentPageHeaders, STATIC_PAGE } from "../components/static-page.ts";

/** `/:path`: a blog (paginated posts) or a shop (paginated products) page. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const business = await requireBusiness(context, request);
  const { page, window } = requestedPage(request);
  const view = requireFound(await context.pages.contentPage(business, params.path, context.now(), window), request);
  const url = canonicalPageUrl(request, page);
  const seo = pageSeo({
    title: view.title,
    description: view.description,
    url,
    crumbs: [homeCrumb(context, request, business.name), { name: view.title, url }],
  });
  return {
    ...view,
    seo,
    ...requireListingPage(page, Math.max(view.postTotal, view.productTotal), request),
  };
}

/** Read without JavaScript: sent with no scripts (src/web/components/static-page.ts). */
export const handle = STATIC_PAGE;
export const headers = contentPageHeaders;

export const meta: Route.MetaFunction = ({ data }) => [
  ...seoMeta(data?.seo),
  ...(data?.postTotal
    ? [
        {
          tagName: "link" as const,
          rel: "alternate",
          type: "application/rss+xml",
          title: data.title,
          href: `/feeds/${encodeURIComponent(data.path)}/rss.xml`,
        },
      ]
    : []),
  ...paginationHeadLinks(data?.pageInfo, data?.pathname ?? ""),
];

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  return <ContentPageBody view={loaderData} pageInfo={loaderData.pageInfo} pathname={loaderData.pathname} />;
}

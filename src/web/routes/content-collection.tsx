import { CollectionGrid } from "../features/content/collection-grid.tsx";
import { requestedPage, requireBusiness, requirePageInfo, requirePathPage } from "./content-route.server.ts";
import { paginationHeadLinks } from "../features/content/pagination-nav.tsx";
import { requireFound } from "../features/errors/route-errors.ts";
import type { Route } from "./+types/content-collection";
import { STATIC_PAGE } from "../components/static-page.ts";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const business = await requireBusiness(context, request);
  const p = params as { path?: string; collectionSlug: string };
  await requirePathPage(context, business, p.path, request);
  const { page, window } = requestedPage(request);
  const collection = requireFound(await context.pages.collection(business, p.collectionSlug, window), request);
  return {
    collection,
    base: p.path ? `/${p.path}` : "",
    pageInfo: requirePageInfo(page, collection.total, request),
    pathname: new URL(request.url).pathname,
  };
}

/** Read without JavaScript: sent with no scripts (src/web/components/static-page.ts). */
export const handle = STATIC_PAGE;

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.collection.name ?? "" },
  ...paginationHeadLinks(data?.pageInfo, data?.pathname ?? ""),
];

export default function ContentCollection({ loaderData }: Route.ComponentProps) {
  return <CollectionGrid {...loaderData} />;
}

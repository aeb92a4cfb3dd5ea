import { Breadcrumbs } from "../features/content/breadcrumbs.tsx";
import { loadI18n } from "../../i18n/runtime.ts";
import { CollectionGrid } from "../features/content/collection-grid.tsx";
import {
  canonicalPageUrl,
  homeCrumb,
  requestedPage,
  requireBusiness,
  requireListingPage,
  requirePathPage,
} from "./content-route.server.ts";
import { pageSeo } from "../../core/content/seo.ts";
import { paginatedListingMeta } from "../features/content/pagination-nav.tsx";
import { requireFound } from "../features/errors/route-errors.ts";
import type { Route } from "./+types/content-collection";
import { contentPageHeaders, STATIC_PAGE } from "../components/static-page.ts";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const business = await requireBusiness(context, request);
  const p = params as { path?: string; collectionSlug: string };
  const shop = await requirePathPage(context, business, p.path, request);
  const { page, window } = requestedPage(request);
  const collection = requireFound(await context.pages.collection(business, p.collectionSlug, window), request);
  const url = canonicalPageUrl(request, page);
  const ancestors = [homeCrumb(context, request, business.name), ...(shop ? [shop] : [])];
  // As its heading says it: "Collection: Oils".
  const title = (await loadI18n(context.locale))._("content.collection", { name: collection.name });
  const seo = pageSeo({
    title,
    description: collection.description,
    url,
    crumbs: [...ancestors, { name: title, url }],
  });
  return {
    seo,
    ancestors,
    collection,
    base: p.path ? `/${p.path}` : "",
    ...requireListingPage(page, collection.total, request),
  };
}

/** Read without JavaScript: sent with no scripts (src/web/components/static-page.ts). */
export const handle = STATIC_PAGE;
export const headers = contentPageHeaders;

export const meta: Route.MetaFunction = ({ data }) => paginatedListingMeta(data);

export default function ContentCollection({ loaderData }: Route.ComponentProps) {
  const { collection, base, pageInfo, pathname } = loaderData;
  return (
    <>
      <Breadcrumbs ancestors={loaderData.ancestors} />
      <CollectionGrid collection={collection} base={base} pageInfo={pageInfo} pathname={pathname} />
    </>
  );
}

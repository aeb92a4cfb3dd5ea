import { productSeo } from "../../core/content/seo.ts";
import { minorDigits } from "../../core/payments/money.ts";
import { contentPageHeaders, STATIC_PAGE } from "../components/static-page.ts";
import { ProductCard } from "../features/content/product-card.tsx";
import { seoMeta } from "../features/content/seo-meta.ts";
import { requireFound } from "../features/errors/route-errors.ts";
import { assetUrl, canonicalPageUrl, homeCrumb, requireBusiness, requirePathPage } from "./content-route.server.ts";
import type { Route } from "./+types/content-product";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const business = await requireBusiness(context, request);
  const p = params as { path?: string; productId: string };
  const shop = await requirePathPage(context, business, p.path, request);
  const product = requireFound(await context.pages.product(business, p.productId), request);
  const url = canonicalPageUrl(request);
  const seo = productSeo({
    ...product,
    url,
    imageUrl: assetUrl(request, product.imageUrl),
    fractionDigits: minorDigits(product.currency),
    // Stock is not tracked yet (issue 16 follow-up): a listed product is available.
    inStock: true,
    crumbs: [homeCrumb(context, request, business.name), ...(shop ? [shop] : []), { name: product.name, url }],
  });
  return { product, seo };
}

/** Read without JavaScript: sent with no scripts (src/web/components/static-page.ts). */
export const handle = STATIC_PAGE;
export const headers = contentPageHeaders;

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo);

export default function ContentProduct({ loaderData }: Route.ComponentProps) {
  return <ProductCard product={loaderData.product} headingLevel={1} />;
}

import { imageSourceUrl } from "../../core/content/images.ts";
import { productSeo, plainText } from "../../core/content/seo.ts";
import { minorDigits } from "../../core/payments/money.ts";
import { contentPageHeaders, STATIC_PAGE } from "../components/static-page.ts";
import { Breadcrumbs } from "../features/content/breadcrumbs.tsx";
import { ProductDetail, selectedVariant } from "../features/content/product-detail.tsx";
import { seoMeta } from "../features/content/seo-meta.ts";
import { requireFound } from "../features/errors/route-errors.ts";
import { assetUrl, canonicalPageUrl, homeCrumb, requireBusiness, requirePathPage } from "./content-route.server.ts";

/** The page's canonical address: the same path with the product's slug as its last segment. */
function productPageUrl(request: Request, asked: string, slug: string): string {
  const canonical = new URL(canonicalPageUrl(request));
  const segments = canonical.pathname.split("/");
  if (decodeURIComponent(segments[segments.length - 1] ?? "") === asked)
    segments[segments.length - 1] = encodeURIComponent(slug);
  canonical.pathname = segments.join("/");
  return canonical.toString();
}
import type { Route } from "./+types/content-product";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const business = await requireBusiness(context, request);
  const p = params as { path?: string; productId: string };
  const shop = await requirePathPage(context, business, p.path, request);
  const product = requireFound(await context.pages.product(business, p.productId), request);
  const selected = selectedVariant(product, new URL(request.url).searchParams.get("variant"));
  // The canonical is the product's address by slug, without `?variant=`: one indexed page per product.
  const url = productPageUrl(request, p.productId, product.slug);
  const featured = product.media[0] ?? null;
  const ancestors = [homeCrumb(context, request, business.name), ...(shop ? [shop] : [])];
  const seo = productSeo({
    name: product.name,
    description: plainText(product.descriptionHtml),
    url,
    imageUrl: assetUrl(request, featured ? imageSourceUrl(featured.url, featured.size) : null),
    imageAlt: featured?.alt ?? null,
    currency: product.currency,
    fractionDigits: minorDigits(product.currency),
    optionNames: product.options.map((o) => o.name),
    variants: product.variants.map((v) => ({
      id: v.id,
      options: v.options,
      priceMinor: v.priceMinor,
      inStock: v.stock.kind !== "out_of_stock",
    })),
    crumbs: [...ancestors, { name: product.name, url }],
  });
  return { product, selected, seo, ancestors };
}

/** Read without JavaScript, variant picker included: sent with no scripts (src/web/components/static-page.ts). */
export const handle = STATIC_PAGE;
export const headers = contentPageHeaders;

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo);

export default function ContentProduct({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Breadcrumbs ancestors={loaderData.ancestors} />
      <ProductDetail product={loaderData.product} selected={loaderData.selected} />
    </>
  );
}

import { requireFound } from "../features/errors/route-errors.ts";
import { requireBusiness, requirePathPage } from "./content-route.server.ts";
import { ProductCard } from "../features/content/product-card.tsx";
import type { Route } from "./+types/content-product";
import { STATIC_PAGE } from "../components/static-page.ts";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const business = await requireBusiness(context, request);
  const p = params as { path?: string; productId: string };
  await requirePathPage(context, business, p.path, request);
  return requireFound(await context.pages.product(business, p.productId), request);
}

/** Read without JavaScript: sent with no scripts (src/web/components/static-page.ts). */
export const handle = STATIC_PAGE;

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.name ?? "" },
  { property: "og:type", content: "product" },
];

export default function ContentProduct({ loaderData }: Route.ComponentProps) {
  return <ProductCard product={loaderData} headingLevel={1} />;
}

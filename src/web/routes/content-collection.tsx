import { useLingui } from "@lingui/react";
import { pageNotFound, requireFound } from "../features/errors/route-errors.ts";
import { ProductCard } from "../features/content/product-card.tsx";
import type { Route } from "./+types/content-collection";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const business = requireFound(await context.business(), request);
  const p = params as { path?: string; collectionSlug: string };
  if (p.path && !(await context.pages.contentPage(business, p.path))) pageNotFound(request);
  return requireFound(await context.pages.collection(business, p.collectionSlug), request);
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.name ?? "" }];

export default function ContentCollection({ loaderData, params }: Route.ComponentProps) {
  const base = (params as { path?: string }).path ? `/${(params as { path: string }).path}` : "";
  const { i18n } = useLingui();
  return (
    <div>
      <h1>{i18n._("content.collection", { name: loaderData.name })}</h1>
      <p>{loaderData.description}</p>
      <div className="product-grid">
        {loaderData.products.map((p) => (
          <ProductCard key={p.id} product={p} href={`${base}/product/${p.id}`} />
        ))}
      </div>
    </div>
  );
}

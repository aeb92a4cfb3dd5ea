import { useLingui } from "@lingui/react";
import { requireFound } from "../features/errors/route-errors.ts";
import { PostList } from "../features/content/post-list.tsx";
import { ProductCard } from "../features/content/product-card.tsx";
import type { Route } from "./+types/content-page";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const business = requireFound(await context.business(), request);
  return requireFound(await context.pages.contentPage(business, params.path), request);
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title ?? "" },
  { name: "description", content: data?.description ?? "" },
];

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  return (
    <div>
      <h1>{loaderData.title}</h1>
      <p>{loaderData.description}</p>
      {loaderData.posts.length > 0 ? (
        <section aria-label={i18n._("content.posts")}>
          <PostList posts={loaderData.posts} basePath={`/${loaderData.path}/`} />
        </section>
      ) : null}
      {loaderData.products.length > 0 ? (
        <section aria-label={i18n._("content.products")} className="product-grid">
          {loaderData.products.map((p) => (
            <ProductCard key={p.id} product={p} href={`/${loaderData.path}/product/${p.id}`} />
          ))}
        </section>
      ) : null}
    </div>
  );
}

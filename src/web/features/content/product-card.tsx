import { useLingui } from "@lingui/react";
import type { ProductView } from "../../../app/pages/public-pages.ts";

export function ProductCard({ product, headingLevel = 2 }: { product: ProductView; headingLevel?: 1 | 2 }) {
  const { i18n } = useLingui();
  const Heading = headingLevel === 1 ? "h1" : "h2";
  return (
    <article className="product">
      <Heading>{product.name}</Heading>
      <p>{product.description}</p>
      <p className="product__price">
        {i18n.number(product.priceCents / 100, { style: "currency", currency: product.currency })}
      </p>
    </article>
  );
}

import { useLingui } from "@lingui/react";
import type { ProductView } from "../../../app/pages/public-pages.ts";

interface Props {
  product: ProductView;
  headingLevel?: 1 | 2;
  /** In a listing: the product's own page, which the name links to. */
  href?: string;
}

export function ProductCard({ product, headingLevel = 2, href }: Props) {
  const { i18n } = useLingui();
  const Heading = headingLevel === 1 ? "h1" : "h2";
  return (
    <article className="product">
      <Heading>{href ? <a href={href}>{product.name}</a> : product.name}</Heading>
      <p>{product.description}</p>
      <p className="product__price">
        {i18n.number(product.priceCents / 100, { style: "currency", currency: product.currency })}
      </p>
    </article>
  );
}

import { useLingui } from "@lingui/react";
import type { ProductView } from "../../../app/pages/public-pages.ts";
import { formatMoney } from "../../../core/payments/money.ts";

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
      <p className="product__price">{formatMoney(product.priceCents, product.currency, i18n.locale)}</p>
    </article>
  );
}

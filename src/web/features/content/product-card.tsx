import { useLingui } from "@lingui/react";
import type { ProductSummary } from "../../../app/pages/public-pages.ts";
import { LocaleLink } from "../../components/locale.tsx";
import { ProductPrice } from "./product-price.tsx";

interface Props {
  product: ProductSummary;
  /** The product's own page, which the card links to. */
  href: string;
}

/** A product in a grid: featured image (sized, lazy), name, lowest price, and "Out of stock" when nothing can be bought. */
export function ProductCard({ product, href }: Props) {
  const { i18n } = useLingui();
  return (
    <article className="product">
      {product.image ? (
        <img
          className="product__thumb"
          src={product.image.url}
          alt={product.image.alt}
          width={400}
          height={400}
          loading="lazy"
          decoding="async"
        />
      ) : null}
      <h2 className="product__name">
        <LocaleLink to={href}>{product.name}</LocaleLink>
      </h2>
      <ProductPrice
        priceMinor={product.priceMinor}
        compareAtMinor={product.compareAtMinor}
        currency={product.currency}
        isFrom={product.hasPriceRange}
      />
      {product.isSoldOut ? <p className="stock stock--out">{i18n._("content.product.outOfStock")}</p> : null}
    </article>
  );
}

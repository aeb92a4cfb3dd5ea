import { useLingui } from "@lingui/react";
import type { ProductSummary } from "../../../app/pages/public-pages.ts";
import { LocaleLink } from "../../components/locale.tsx";
import { ContentImage } from "./content-image.tsx";
import { ProductPrice } from "./product-price.tsx";
import { useBusinessLang } from "../../components/locale.tsx";

const THUMB_BOX = { width: 400, height: 400 };

interface Props {
  product: ProductSummary;
  /** The product's own page, which the card links to. */
  href: string;
}

/** A product in a grid: featured image (sized, lazy), name, lowest price, and "Out of stock" when nothing can be bought. */
export function ProductCard({ product, href }: Props) {
  const { i18n } = useLingui();
  const businessLang = useBusinessLang();
  return (
    <article className="product">
      {product.image ? (
        <ContentImage
          className="product__thumb"
          url={product.image.url}
          alt={product.image.alt}
          size={product.image.size}
          box={THUMB_BOX}
          sizes="(min-width: 60rem) 160px, calc(50vw - 2.5rem)"
        />
      ) : null}
      <h2 className="product__name" lang={businessLang}>
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

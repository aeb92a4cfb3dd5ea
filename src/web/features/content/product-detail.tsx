import { useLingui } from "@lingui/react";
import type { ProductVariantView, ProductView } from "../../../app/pages/public-pages.ts";
import { variantFor, type VariantStock } from "../../../core/content/product.ts";
import { formatMoney } from "../../../core/payments/money.ts";
import { ContentImage } from "./content-image.tsx";
import { ProductPrice } from "./product-price.tsx";
import { useBusinessLang } from "../../components/locale.tsx";

/** The gallery's column: the whole page on a phone, half of it (less the gap) from 48rem (styles.css). */
const FEATURED_SIZES = "(min-width: 60rem) 452px, (min-width: 48rem) calc(50vw - 1.75rem), calc(100vw - 2rem)";

interface Props {
  product: ProductView;
  /** The variant shown (`selectedVariant`). */
  selected: ProductVariantView;
  /** Query parameters the picker's links keep (a preview's `token`). */
  keep?: Record<string, string>;
}

/** The variant `?variant=` names, else the first that can be bought, else the first shown. */
export function selectedVariant(product: ProductView, requested: string | null): ProductVariantView {
  return (
    product.variants.find((v) => v.id === requested) ??
    product.variants.find((v) => v.stock.kind !== "out_of_stock") ??
    product.variants[0]!
  );
}

const variantHref = (id: string, keep: Record<string, string>) =>
  `?${new URLSearchParams({ ...keep, variant: id }).toString()}`;

function StockNote({ stock }: { stock: VariantStock }) {
  const { i18n } = useLingui();
  switch (stock.kind) {
    case "in_stock":
      return <span className="stock stock--in">{i18n._("content.product.inStock")}</span>;
    case "low":
      return <span className="stock stock--low">{i18n._("content.product.lowStock", { count: stock.left })}</span>;
    case "out_of_stock":
      return <span className="stock stock--out">{i18n._("content.product.outOfStock")}</span>;
    case "backorder":
      return <span className="stock stock--in">{i18n._("content.product.backorder")}</span>;
  }
}

/**
 * A product page that needs no JavaScript: the gallery, the price and stock of the selected
 * variant, the option picker as links (`?variant=<id>`, each keeping the other choices), every
 * variant's price and stock in a table, and the sanitised description.
 */
export function ProductDetail({ product, selected, keep = {} }: Props) {
  const { i18n } = useLingui();
  const businessLang = useBusinessLang();
  const [featured, ...more] = product.media;
  const hasOptions = product.options.length > 0;
  return (
    <article className="product-page">
      {featured ? (
        <section className="gallery" aria-label={i18n._("content.product.gallery")}>
          <ContentImage
            className="gallery__featured"
            url={featured.url}
            alt={featured.alt}
            size={featured.size}
            box={{ width: 800, height: 800 }}
            sizes={FEATURED_SIZES}
            isFirst
          />
          {more.length > 0 ? (
            <ul className="gallery__more">
              {more.map((m) => (
                <li key={m.url}>
                  <ContentImage url={m.url} alt={m.alt} size={m.size} box={{ width: 400, height: 400 }} sizes="120px" />
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ) : null}
      <div className="product-page__info">
        <h1 lang={businessLang}>{product.name}</h1>
        <ProductPrice
          priceMinor={selected.priceMinor}
          compareAtMinor={selected.compareAtMinor}
          currency={product.currency}
        />
        <p>
          <StockNote stock={selected.stock} />
        </p>
        {product.options.map((option, i) => (
          <div key={option.name} className="variant-option" role="group" aria-labelledby={`option-${i}`}>
            <p id={`option-${i}`} className="variant-option__label" lang={businessLang}>
              {i18n._("content.product.optionChoice", { name: option.name, value: selected.options[i] ?? "" })}
            </p>
            <ul className="variant-option__values">
              {option.values.map((value) => {
                const target = variantFor(product.variants, selected, i, value);
                if (!target) return null;
                const isCurrent = selected.options[i] === value;
                const isOut = target.stock.kind === "out_of_stock";
                return (
                  <li key={value}>
                    <a
                      className={`variant-chip${isCurrent ? " variant-chip--current" : ""}${isOut ? " variant-chip--out" : ""}`}
                      href={variantHref(target.id, keep)}
                      aria-current={isCurrent ? "true" : undefined}
                      rel="nofollow"
                    >
                      <span lang={businessLang}>{value}</span>
                      {isOut ? (
                        <span className="visually-hidden"> ({i18n._("content.product.outOfStock")})</span>
                      ) : null}
                    </a>
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
        {hasOptions && product.variants.length > 1 ? (
          <table className="variant-table">
            <caption>{i18n._("content.product.variants")}</caption>
            <thead>
              <tr>
                <th scope="col" lang={businessLang}>
                  {product.options.map((o) => o.name).join(" / ")}
                </th>
                <th scope="col">{i18n._("content.product.price")}</th>
                <th scope="col">{i18n._("content.product.availability")}</th>
              </tr>
            </thead>
            <tbody>
              {product.variants.map((v) => (
                <tr key={v.id}>
                  <th scope="row" lang={businessLang}>
                    {v.options.join(" / ")}
                  </th>
                  <td>
                    {formatMoney(v.priceMinor, product.currency, i18n.locale)}
                    {v.compareAtMinor !== null ? (
                      <>
                        {" "}
                        <span className="visually-hidden">{i18n._("content.product.compareAtPrice")} </span>
                        <s className="product__compare-at">
                          {formatMoney(v.compareAtMinor, product.currency, i18n.locale)}
                        </s>
                      </>
                    ) : null}
                  </td>
                  <td>
                    <StockNote stock={v.stock} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        {/* descriptionHtml is sanitised by the allow-list on write and on read (src/core/content/sanitize-post-html.ts). */}
        <div
          className="product-page__description"
          lang={businessLang}
          dangerouslySetInnerHTML={{ __html: product.descriptionHtml }}
        />
      </div>
    </article>
  );
}

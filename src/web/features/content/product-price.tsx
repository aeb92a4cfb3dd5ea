import { useLingui } from "@lingui/react";
import { formatMoney } from "../../../core/payments/money.ts";

interface Props {
  priceMinor: number;
  compareAtMinor: number | null;
  currency: string;
  /** Prices differ between variants: "From …". */
  isFrom?: boolean;
}

/**
 * A price in the visitor's locale (ISO 4217 minor units, Intl.NumberFormat), with the compare-at
 * price struck through and both named for screen readers (a strike-through alone says nothing).
 */
export function ProductPrice({ priceMinor, compareAtMinor, currency, isFrom = false }: Props) {
  const { i18n } = useLingui();
  const money = (minor: number) => formatMoney(minor, currency, i18n.locale);
  const price = isFrom ? i18n._("content.product.fromPrice", { price: money(priceMinor) }) : money(priceMinor);
  if (compareAtMinor === null) return <p className="product__price">{price}</p>;
  return (
    <p className="product__price product__price--sale">
      <span className="visually-hidden">{i18n._("content.product.salePrice")} </span>
      <span>{price}</span> <span className="visually-hidden">{i18n._("content.product.compareAtPrice")} </span>
      <s className="product__compare-at">{money(compareAtMinor)}</s>
    </p>
  );
}

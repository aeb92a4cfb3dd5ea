/**
 * Products of the shop (issue 16, domain notes §E): options (Size: S/M/L), one variant per
 * combination of option values with its own price, compare-at price and stock, and what a product
 * does when a variant runs out. Pure: the API checks a product with `checkProduct` before it is
 * stored, and the pages ask `variantStock` / `isVariantShown` what to show.
 */

export const PRODUCT_TYPES = ["physical", "digital", "service", "physical_digital"] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

/** Only `active` products are public; drafts and archived ones open in previews only. */
export const PRODUCT_STATUSES = ["draft", "active", "archived"] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/**
 * What happens to a variant whose tracked stock is 0 or less: `deny` shows it as out of stock (it
 * cannot be bought), `continue` keeps selling it (back-order), `hide` leaves it off the pages — and
 * a product whose every variant is hidden is not listed and its page is a 404.
 */
export const OUT_OF_STOCK_POLICIES = ["deny", "continue", "hide"] as const;
export type OutOfStockPolicy = (typeof OUT_OF_STOCK_POLICIES)[number];

/** "Only N left" from this many down (Shopify themes use 10; a small studio shop, 5). */
export const LOW_STOCK_THRESHOLD = 5;

/** An image of a product's gallery, in order (the first is the featured one); `alt` is required. */
export interface ProductMedia {
  readonly url: string;
  readonly alt: string;
}

export interface ProductOption {
  readonly name: string;
  readonly values: readonly string[];
}

export interface VariantFields {
  /** One value per option of the product, in the options' order; empty for a product without options. */
  readonly options: readonly string[];
  /** ISO 4217 minor units of the product's currency. */
  readonly priceMinor: number;
  /** The "was" price, struck through; higher than `priceMinor` or null. */
  readonly compareAtMinor: number | null;
  /** null: stock is not tracked (always available). */
  readonly stockQuantity: number | null;
  readonly sku: string | null;
}

export type ProductRuleCode =
  | "OPTION_NAME_DUPLICATE"
  | "OPTION_VALUE_DUPLICATE"
  | "VARIANT_OPTIONS_MISMATCH"
  | "VARIANT_OPTION_UNKNOWN"
  | "VARIANT_DUPLICATE"
  | "COMPARE_AT_NOT_HIGHER";

export interface ProductRuleError {
  readonly code: ProductRuleCode;
  readonly path: string;
}

const key = (values: readonly string[]) => JSON.stringify(values);

/** Every rule a product's options and variants break, each with the path of the offending field. */
export function checkProduct(
  options: readonly ProductOption[],
  variants: readonly VariantFields[],
): ProductRuleError[] {
  const errors: ProductRuleError[] = [];
  const names = new Set<string>();
  options.forEach((option, i) => {
    const name = option.name.toLocaleLowerCase();
    if (names.has(name)) errors.push({ code: "OPTION_NAME_DUPLICATE", path: `options.${i}.name` });
    names.add(name);
    const seen = new Set<string>();
    option.values.forEach((value, j) => {
      if (seen.has(value)) errors.push({ code: "OPTION_VALUE_DUPLICATE", path: `options.${i}.values.${j}` });
      seen.add(value);
    });
  });
  const combinations = new Set<string>();
  variants.forEach((variant, i) => {
    if (variant.options.length !== options.length) {
      errors.push({ code: "VARIANT_OPTIONS_MISMATCH", path: `variants.${i}.options` });
    } else {
      const unknown = variant.options.findIndex((value, j) => !options[j]!.values.includes(value));
      if (unknown !== -1) errors.push({ code: "VARIANT_OPTION_UNKNOWN", path: `variants.${i}.options.${unknown}` });
      if (combinations.has(key(variant.options)))
        errors.push({ code: "VARIANT_DUPLICATE", path: `variants.${i}.options` });
      combinations.add(key(variant.options));
    }
    if (variant.compareAtMinor !== null && variant.compareAtMinor <= variant.priceMinor)
      errors.push({ code: "COMPARE_AT_NOT_HIGHER", path: `variants.${i}.compareAtMinor` });
  });
  return errors;
}

export type VariantStock =
  | { readonly kind: "in_stock" }
  | { readonly kind: "low"; readonly left: number }
  | { readonly kind: "out_of_stock" }
  | { readonly kind: "backorder" };

/** What the page says about a variant's stock. */
export function variantStock(stockQuantity: number | null, policy: OutOfStockPolicy): VariantStock {
  if (stockQuantity === null) return { kind: "in_stock" };
  if (stockQuantity <= 0) return policy === "continue" ? { kind: "backorder" } : { kind: "out_of_stock" };
  return stockQuantity <= LOW_STOCK_THRESHOLD ? { kind: "low", left: stockQuantity } : { kind: "in_stock" };
}

/** Whether a variant appears at all: not when it is sold out under `hide`. */
export const isVariantShown = (stockQuantity: number | null, policy: OutOfStockPolicy): boolean =>
  !(policy === "hide" && stockQuantity !== null && stockQuantity <= 0);

/** Whether a variant can be bought now (schema.org's InStock / OutOfStock). */
export const isVariantAvailable = (stockQuantity: number | null, policy: OutOfStockPolicy): boolean =>
  variantStock(stockQuantity, policy).kind !== "out_of_stock" && isVariantShown(stockQuantity, policy);

/**
 * The variant a visitor's option choice names, for the picker without JavaScript: each option
 * value links to the variant that keeps the other choices and changes this one — or, when no such
 * variant is shown, the first one with this value.
 */
export function variantFor<V extends { readonly options: readonly string[] }>(
  variants: readonly V[],
  current: V,
  optionIndex: number,
  value: string,
): V | null {
  const wanted = current.options.map((v, i) => (i === optionIndex ? value : v));
  return (
    variants.find((v) => key(v.options) === key(wanted)) ??
    variants.find((v) => v.options[optionIndex] === value) ??
    null
  );
}

export interface ListingPrice {
  readonly priceMinor: number;
  readonly compareAtMinor: number | null;
  readonly hasPriceRange: boolean;
  readonly isSoldOut: boolean;
}

/**
 * What a listing shows of a product: the lowest price among its shown variants (with that variant's
 * compare-at price), whether prices vary, and whether nothing shown can be bought; null when no
 * variant is shown.
 */
export function listingPrice(
  variants: readonly Pick<VariantFields, "priceMinor" | "compareAtMinor" | "stockQuantity">[],
  policy: OutOfStockPolicy,
): ListingPrice | null {
  const shown = variants.filter((v) => isVariantShown(v.stockQuantity, policy));
  if (shown.length === 0) return null;
  const cheapest = shown.reduce((a, b) => (b.priceMinor < a.priceMinor ? b : a));
  return {
    priceMinor: cheapest.priceMinor,
    compareAtMinor: cheapest.compareAtMinor,
    hasPriceRange: shown.some((v) => v.priceMinor !== cheapest.priceMinor),
    isSoldOut: !shown.some((v) => isVariantAvailable(v.stockQuantity, policy)),
  };
}

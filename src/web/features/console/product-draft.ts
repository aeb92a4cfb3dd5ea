/**
 * A product as the console's form holds it (issue 16): amounts, stock and option values as typed,
 * checked with the API's own limits and the core's product rules before they are sent, so each
 * problem is said at its field and nothing typed is lost.
 */
import {
  checkProduct,
  type OutOfStockPolicy,
  type ProductRuleCode,
  type ProductStatus,
  type ProductType,
  type VariantFields,
} from "../../../core/content/product.ts";
import { parseAmount } from "../../../core/payments/money.ts";
import type { ChosenImage } from "./image-picker.tsx";
import { SLUG } from "./slug.ts";

/** The API's limits (content-schemas.ts). */
export const MAX_OPTIONS = 3;
const MAX_OPTION_VALUES = 50;
export const MAX_VARIANTS = 100;
export const MAX_MEDIA = 20;
export const TEXT_MAX = 60;
export const SKU_MAX = 100;
export const DESCRIPTION_MAX = 100_000;
const STOCK_LIMIT = 1_000_000;

export interface OptionDraft {
  readonly name: string;
  /** As typed: separated by commas. */
  readonly values: string;
}

export interface VariantDraft {
  /** One value per option, "" until chosen. */
  readonly options: readonly string[];
  /** Amounts as typed, in the product's currency. */
  readonly price: string;
  readonly compareAt: string;
  /** Empty: stock is not counted. */
  readonly stock: string;
  readonly sku: string;
}

export interface Draft {
  /** The product being changed; null while adding one. */
  readonly id: string | null;
  readonly title: string;
  readonly slug: string;
  /** Whether the owner typed the slug: until then it follows the title. */
  readonly isSlugTyped: boolean;
  readonly type: ProductType;
  readonly status: ProductStatus;
  readonly descriptionHtml: string;
  readonly currency: string;
  readonly options: readonly OptionDraft[];
  readonly variants: readonly VariantDraft[];
  readonly outOfStock: OutOfStockPolicy;
  readonly media: readonly ChosenImage[];
}

export const valuesOf = (typed: string) => [
  ...new Set(
    typed
      .split(",")
      .map((v) => v.trim())
      .filter(Boolean),
  ),
];

export const RULE_MESSAGES: Record<ProductRuleCode, string> = {
  OPTION_NAME_DUPLICATE: "console.products.error.optionName",
  OPTION_VALUE_DUPLICATE: "console.products.error.optionValues",
  VARIANT_OPTIONS_MISMATCH: "console.products.error.variantOptions",
  VARIANT_OPTION_UNKNOWN: "console.products.error.variantOptions",
  VARIANT_DUPLICATE: "console.products.error.variantDuplicate",
  COMPARE_AT_NOT_HIGHER: "console.products.error.compareAt",
};

/**
 * The message of a field by the last part of its path (`variants.1.priceMinor` → price), said
 * when the server refuses it for a reason the checks here do not know.
 */
export function fieldMessage(path: string): string {
  const segments = path.split(".");
  const last = segments.findLast((s) => !/^\d+$/.test(s)) ?? path;
  const byName: Record<string, string> = {
    title: "console.products.error.title",
    slug: "console.products.error.slug",
    name: "console.products.error.optionName",
    values: "console.products.error.optionValues",
    options: "console.products.error.variantOptions",
    priceMinor: "console.products.error.price",
    compareAtMinor: "console.products.error.compareAt",
    stockQuantity: "console.products.error.stock",
    sku: "console.products.error.sku",
    variants: "console.products.error.variants",
    alt: "console.images.error.alt",
    url: "console.images.error.unknown",
    media: "console.images.error.unknown",
    descriptionHtml: "console.products.error.description",
  };
  return byName[last] ?? "console.fields.checkFields";
}

/** The draft as the API takes it, or per field path the message key of what is wrong. */
export function check(draft: Draft) {
  const problems = new Map<string, string>();
  const fail = (path: string, key: string) => {
    if (!problems.has(path)) problems.set(path, key);
  };
  if (draft.title.trim() === "") fail("title", "console.products.error.title");
  if (!SLUG.test(draft.slug)) fail("slug", "console.products.error.slug");
  if (draft.descriptionHtml.length > DESCRIPTION_MAX) fail("descriptionHtml", "console.products.error.description");
  const options = draft.options.map((option, i) => {
    const name = option.name.trim();
    const values = valuesOf(option.values);
    if (name === "" || name.length > TEXT_MAX) fail(`options.${i}.name`, "console.products.error.optionName");
    if (values.length === 0 || values.length > MAX_OPTION_VALUES || values.some((v) => v.length > TEXT_MAX))
      fail(`options.${i}.values`, "console.products.error.optionValues");
    return { name, values };
  });
  if (draft.variants.length === 0) fail("variants", "console.products.error.variants");
  const variants: VariantFields[] = draft.variants.map((variant, i) => {
    const priceMinor = parseAmount(variant.price, draft.currency);
    if (priceMinor === null) fail(`variants.${i}.priceMinor`, "console.products.error.price");
    const compareAtMinor = variant.compareAt.trim() === "" ? null : parseAmount(variant.compareAt, draft.currency);
    if (variant.compareAt.trim() !== "" && compareAtMinor === null)
      fail(`variants.${i}.compareAtMinor`, "console.products.error.compareAt");
    const stock = variant.stock.trim();
    const stockQuantity = stock === "" ? null : Number(stock);
    if (stockQuantity !== null && !(/^-?\d+$/.test(stock) && Math.abs(stockQuantity) <= STOCK_LIMIT))
      fail(`variants.${i}.stockQuantity`, "console.products.error.stock");
    if (variant.sku.trim().length > SKU_MAX) fail(`variants.${i}.sku`, "console.products.error.sku");
    variant.options.forEach((value, j) => {
      if (value === "") fail(`variants.${i}.options.${j}`, "console.products.error.variantOptions");
    });
    return {
      options: variant.options.slice(0, options.length),
      priceMinor: priceMinor ?? 0,
      compareAtMinor,
      stockQuantity,
      sku: variant.sku.trim() === "" ? null : variant.sku.trim(),
    };
  });
  // The core's own rules of options and variants (the same the server checks), once each field is readable.
  for (const rule of checkProduct(options, variants)) fail(rule.path, RULE_MESSAGES[rule.code]);
  draft.media.forEach((image, i) => {
    if (image.alt.trim() === "") fail(`media.${i}.alt`, "console.images.error.alt");
  });
  const body = {
    title: draft.title.trim(),
    slug: draft.slug,
    type: draft.type,
    status: draft.status,
    descriptionHtml: draft.descriptionHtml,
    currency: draft.currency,
    options,
    variants,
    outOfStock: draft.outOfStock,
    media: draft.media.map((m) => ({ url: m.url, alt: m.alt.trim() })),
  };
  return { problems, body };
}

export const emptyVariant = (optionCount: number): VariantDraft => ({
  options: Array.from({ length: optionCount }, () => ""),
  price: "",
  compareAt: "",
  stock: "",
  sku: "",
});

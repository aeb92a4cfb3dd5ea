/**
 * Writing a product: its description goes through the posts' allow-list before it is stored (and
 * again when it is rendered), and its options and variants are checked by the core's rules.
 */
import {
  checkProduct,
  type OutOfStockPolicy,
  type ProductMedia,
  type ProductOption,
  type ProductStatus,
  type ProductType,
  type VariantFields,
} from "../../core/content/product.ts";
import { sanitizePostHtml } from "../../core/content/sanitize-post-html.ts";
import { refuse, type Result } from "../business/ports.ts";
import type { ContentRepository, ProductRecord, ProductWrite } from "./ports.ts";

export interface VariantInput {
  options?: string[];
  priceMinor: number;
  compareAtMinor?: number | null;
  stockQuantity?: number | null;
  sku?: string | null;
}

export interface ProductInput {
  slug: string;
  title: string;
  descriptionHtml?: string;
  type?: ProductType;
  status?: ProductStatus;
  currency: string;
  options?: ProductOption[];
  variants: VariantInput[];
  outOfStock?: OutOfStockPolicy;
  media?: ProductMedia[];
}

const variantFields = (v: VariantInput): VariantFields => ({
  options: v.options ?? [],
  priceMinor: v.priceMinor,
  compareAtMinor: v.compareAtMinor ?? null,
  stockQuantity: v.stockQuantity ?? null,
  sku: v.sku ?? null,
});

function merge(previous: ProductRecord | null, input: Partial<ProductInput>): Result<ProductWrite> {
  const options = input.options ?? previous?.options ?? [];
  const variants = input.variants?.map(variantFields) ?? previous?.variants ?? [];
  const errors = checkProduct(options, variants);
  if (errors.length > 0) return refuse({ code: "SETUP_INVALID", errors });
  return {
    ok: true,
    value: {
      slug: input.slug ?? previous!.slug,
      title: input.title ?? previous!.title,
      descriptionHtml: sanitizePostHtml(input.descriptionHtml ?? previous?.descriptionHtml ?? ""),
      type: input.type ?? previous?.type ?? "physical",
      status: input.status ?? previous?.status ?? "draft",
      currency: input.currency ?? previous!.currency,
      options,
      variants,
      outOfStock: input.outOfStock ?? previous?.outOfStock ?? "deny",
      media: input.media ?? previous?.media ?? [],
    },
  };
}

export async function createProduct(
  repo: ContentRepository,
  input: ProductInput,
  now: Date,
): Promise<Result<ProductRecord>> {
  const write = merge(null, input);
  return write.ok ? repo.createProduct(write.value, now) : write;
}

/**
 * A change: fields left out keep their value. Options and variants are checked together, so a
 * change of options needs the variants that fit them in the same request.
 */
export async function updateProduct(
  repo: ContentRepository,
  id: string,
  patch: Partial<ProductInput>,
  now: Date,
): Promise<Result<ProductRecord>> {
  const previous = await repo.getProduct(id);
  if (!previous) return refuse({ code: "NOT_FOUND" });
  const write = merge(previous, patch);
  return write.ok ? repo.updateProduct(id, write.value, now) : write;
}

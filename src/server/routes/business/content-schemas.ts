/**
 * What the content part of the business API takes and answers (posts, authors, categories, tags,
 * products, collections, preview tokens).
 */
import { z } from "@hono/zod-openapi";
import { POST_STATUSES } from "../../../core/content/post-publication.ts";
import { OUT_OF_STOCK_POLICIES, PRODUCT_STATUSES, PRODUCT_TYPES } from "../../../core/content/product.ts";
import { isImageReference } from "../../../core/content/images.ts";
import { IsoDateTimeSchema, MinorUnitsSchema } from "../../http/input-bounds.ts";
import { CurrencySchema, SlugSchema } from "./input-schemas.ts";

const id = z.string().min(1).max(64);
const instant = z.string().meta({ description: "ISO 8601, UTC" });
/** Absolute http(s) URLs only: a `javascript:` image or canonical link never reaches a page. */
const httpUrl = z
  .url({ protocol: /^https?$/, error: "expected an absolute http(s) URL" })
  .max(2000)
  .meta({ description: "Absolute http(s) URL" });
/** An image: an absolute http(s) URL, or an uploaded image's `url` (`/images/<id>`, POST /images). */
const imageUrl = z
  .union([httpUrl, z.string().max(200).refine(isImageReference, "expected an absolute http(s) URL or /images/<id>")])
  .meta({ description: "Absolute http(s) URL, or an uploaded image's url (/images/<id>)" });
const tag = z
  .string()
  .trim()
  .min(1)
  .max(60)
  .regex(/^[^/?#]+$/, "a tag cannot contain / ? or #");

const postFields = {
  slug: SlugSchema,
  title: z.string().trim().min(1, "must not be empty").max(300),
  excerpt: z.string().max(2000).optional(),
  bodyHtml: z
    .string()
    .max(500_000)
    .optional()
    .meta({ description: "HTML; sanitised with an allow-list when stored and when rendered" }),
  imageUrl: imageUrl.nullable().optional(),
  imageAlt: z.string().max(500).nullable().optional(),
  canonicalLink: httpUrl.nullable().optional(),
  authorId: id.nullable().optional(),
  categoryIds: z.array(id).max(50).optional(),
  tags: z.array(tag).max(50).optional(),
  status: z.enum(POST_STATUSES).optional(),
  publishAt: IsoDateTimeSchema.nullable()
    .optional()
    .meta({ description: "Publication time; required to schedule (status scheduled)" }),
};
export const PostCreateSchema = z.strictObject(postFields).openapi("PostCreate");
export const PostPatchSchema = z.strictObject(postFields).partial().openapi("PostPatch");

export const PostsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  status: z.enum(POST_STATUSES).optional(),
  search: z.string().trim().min(1).max(100).optional(),
});

export const PostSchema = z
  .object({
    id: z.string(),
    slug: z.string(),
    title: z.string(),
    excerpt: z.string(),
    bodyHtml: z.string(),
    imageUrl: z.string().nullable(),
    imageAlt: z.string().nullable(),
    canonicalLink: z.string().nullable(),
    authorId: z.string().nullable(),
    categoryIds: z.array(z.string()),
    tags: z.array(z.string()),
    status: z.enum(POST_STATUSES),
    publishAt: instant.nullable(),
    updatedAt: instant,
    url: z.string().meta({ description: "Public page (404 until the post is public)" }),
    previewUrl: z.string().meta({ description: "Preview page; add ?token= a preview token" }),
  })
  .openapi("Post");
export const PostPageSchema = z
  .object({ items: z.array(PostSchema), total: z.number().int(), limit: z.number().int(), offset: z.number().int() })
  .openapi("PostPage");

const authorFields = { slug: SlugSchema, name: z.string().trim().min(1).max(200) };
export const AuthorCreateSchema = z.strictObject(authorFields).openapi("AuthorCreate");
export const AuthorPatchSchema = z.strictObject(authorFields).partial().openapi("AuthorPatch");
export const AuthorSchema = z.object({ id: z.string(), slug: z.string(), name: z.string() }).openapi("Author");

const categoryFields = { slug: SlugSchema, label: z.string().trim().min(1).max(200) };
export const CategoryCreateSchema = z.strictObject(categoryFields).openapi("CategoryCreate");
export const CategoryPatchSchema = z.strictObject(categoryFields).partial().openapi("CategoryPatch");
export const CategorySchema = z.object({ id: z.string(), slug: z.string(), label: z.string() }).openapi("Category");

export const TagSchema = z.object({ tag: z.string(), postCount: z.number().int() }).openapi("Tag");

export const PreviewTokenCreateSchema = z
  .strictObject({
    label: z.string().max(200).optional(),
    expiresInMinutes: z
      .number()
      .int()
      .min(5)
      .max(60 * 24 * 30)
      .default(60 * 24 * 7)
      .meta({ description: "5 minutes to 30 days; 7 days by default" }),
  })
  .openapi("PreviewTokenCreate");
export const PreviewTokenSchema = z
  .object({
    id: z.string(),
    label: z.string(),
    expiresAt: instant,
    revokedAt: instant.nullable(),
    createdAt: instant,
  })
  .openapi("PreviewToken");
export const PreviewTokenCreatedSchema = z
  .object({
    token: z.string().meta({ description: "Shown once: only its hash is kept" }),
    previewToken: PreviewTokenSchema,
  })
  .openapi("PreviewTokenCreated");

// ---- Shop --------------------------------------------------------------------------------------------

const optionText = z.string().trim().min(1, "must not be empty").max(60);
const ProductOptionSchema = z
  .strictObject({
    name: optionText.meta({ description: "e.g. Size" }),
    values: z.array(optionText).min(1, "an option needs at least one value").max(50),
  })
  .openapi("ProductOption");
const VariantInputSchema = z
  .strictObject({
    options: z
      .array(optionText)
      .max(3)
      .optional()
      .meta({ description: 'One value per product option, in the options\' order (e.g. ["M"])' }),
    priceMinor: MinorUnitsSchema.meta({ description: "Price in minor units of the product's currency (ISO 4217)" }),
    compareAtMinor: MinorUnitsSchema.nullable()
      .optional()
      .meta({ description: "The former price, shown struck through; must be higher than priceMinor" }),
    stockQuantity: z
      .number()
      .int("expected a whole number")
      .min(-1_000_000)
      .max(1_000_000)
      .nullable()
      .optional()
      .meta({ description: "Units in stock; null (or absent) when stock is not tracked" }),
    sku: z.string().trim().min(1).max(100).nullable().optional(),
  })
  .openapi("VariantInput");
const ProductMediaSchema = z
  .strictObject({
    url: imageUrl,
    alt: z.string().trim().min(1, "describe the image for people who cannot see it").max(500),
  })
  .openapi("ProductMedia");

const productFields = {
  slug: SlugSchema,
  title: z.string().trim().min(1, "must not be empty").max(300),
  descriptionHtml: z
    .string()
    .max(100_000)
    .optional()
    .meta({ description: "HTML; sanitised with the posts' allow-list when stored and when rendered" }),
  type: z.enum(PRODUCT_TYPES).optional().meta({ description: "physical by default" }),
  status: z
    .enum(PRODUCT_STATUSES)
    .optional()
    .meta({ description: "draft by default; only active products are public" }),
  currency: CurrencySchema,
  options: z.array(ProductOptionSchema).max(3).optional().meta({ description: "Up to 3, e.g. Size and Colour" }),
  variants: z
    .array(VariantInputSchema)
    .min(1, "a product needs at least one variant")
    .max(100)
    .meta({ description: "The whole list; a variant with the option values of an existing one keeps its id" }),
  outOfStock: z.enum(OUT_OF_STOCK_POLICIES).optional().meta({
    description: "When tracked stock runs out: deny (show as sold out, default), continue (back-order), hide",
  }),
  media: z
    .array(ProductMediaSchema)
    .max(20)
    .optional()
    .meta({ description: "Gallery in order; the first is featured" }),
};
export const ProductCreateSchema = z.strictObject(productFields).openapi("ProductCreate");
export const ProductPatchSchema = z.strictObject(productFields).partial().openapi("ProductPatch");

export const ProductsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  status: z.enum(PRODUCT_STATUSES).optional(),
  search: z.string().trim().min(1).max(100).optional(),
});

const VariantSchema = z
  .object({
    id: z.string(),
    options: z.array(z.string()),
    priceMinor: z.number().int(),
    compareAtMinor: z.number().int().nullable(),
    stockQuantity: z.number().int().nullable(),
    sku: z.string().nullable(),
  })
  .openapi("Variant");
export const ProductSchema = z
  .object({
    id: z.string(),
    slug: z.string(),
    title: z.string(),
    descriptionHtml: z.string(),
    type: z.enum(PRODUCT_TYPES),
    status: z.enum(PRODUCT_STATUSES),
    currency: z.string(),
    options: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
    variants: z.array(VariantSchema),
    outOfStock: z.enum(OUT_OF_STOCK_POLICIES),
    media: z.array(z.object({ url: z.string(), alt: z.string() })),
    collectionIds: z.array(z.string()),
    updatedAt: instant,
    url: z.string().meta({ description: "Public page (404 unless the product is active)" }),
    previewUrl: z.string().meta({ description: "Preview page; add ?token= a preview token" }),
  })
  .openapi("Product");
export const ProductPageSchema = z
  .object({ items: z.array(ProductSchema), total: z.number().int(), limit: z.number().int(), offset: z.number().int() })
  .openapi("ProductPage");

const collectionFields = {
  slug: SlugSchema,
  name: z.string().trim().min(1, "must not be empty").max(200),
  description: z.string().max(5000).optional(),
  productIds: z.array(id).max(500).optional().meta({ description: "The collection's products, in order" }),
};
export const CollectionCreateSchema = z.strictObject(collectionFields).openapi("CollectionCreate");
export const CollectionPatchSchema = z.strictObject(collectionFields).partial().openapi("CollectionPatch");
export const CollectionSchema = z
  .object({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    description: z.string(),
    productIds: z.array(z.string()),
    url: z.string().meta({ description: "Public page" }),
  })
  .openapi("Collection");

/** What the content part of the business API takes and answers (posts, authors, categories, tags, preview tokens). */
import { z } from "@hono/zod-openapi";
import { POST_STATUSES } from "../../../core/content/post-publication.ts";
import { IsoDateTimeSchema } from "../../http/input-bounds.ts";
import { SlugSchema } from "./input-schemas.ts";

const id = z.string().min(1).max(64);
const instant = z.string().meta({ description: "ISO 8601, UTC" });
/** Absolute http(s) URLs only: a `javascript:` image or canonical link never reaches a page. */
const httpUrl = z
  .url({ protocol: /^https?$/, error: "expected an absolute http(s) URL" })
  .max(2000)
  .meta({ description: "Absolute http(s) URL" });
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
  imageUrl: httpUrl.nullable().optional(),
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

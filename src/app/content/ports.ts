/**
 * The content side of a business (issue 16): posts, their authors, categories and tags, and the
 * preview tokens that open drafts. Like the rest of the business side, the repository is bound to
 * one business (docs/decisions/0007-tenancy.md): another business's ids look missing.
 */
import type { PostStatus } from "../../core/content/post-publication.ts";
import type {
  OutOfStockPolicy,
  ProductMedia,
  ProductOption,
  ProductStatus,
  ProductType,
  VariantFields,
} from "../../core/content/product.ts";
import type { Deletion, Result } from "../business/ports.ts";

export interface PostRecord {
  readonly id: string;
  readonly slug: string;
  readonly title: string;
  readonly excerpt: string;
  /** Sanitised HTML (src/core/content/sanitize-post-html.ts). */
  readonly bodyHtml: string;
  readonly imageUrl: string | null;
  readonly imageAlt: string | null;
  readonly canonicalLink: string | null;
  readonly authorId: string | null;
  readonly categoryIds: readonly string[];
  readonly tags: readonly string[];
  readonly status: PostStatus;
  /** When it was or will be published (ISO, UTC); null for a draft never published. */
  readonly publishAt: string | null;
  readonly updatedAt: string;
}

/** What is stored for a post: the use case has sanitised the body and resolved the publication time. */
export type PostWrite = Omit<PostRecord, "id" | "publishAt" | "updatedAt"> & { readonly publishAt: Date | null };

export interface PostQuery {
  readonly limit: number;
  readonly offset: number;
  readonly status?: PostStatus;
  readonly search?: string;
}

export interface AuthorRecord {
  readonly id: string;
  readonly slug: string;
  readonly name: string;
}
export interface CategoryRecord {
  readonly id: string;
  readonly slug: string;
  readonly label: string;
}
export interface TagCount {
  readonly tag: string;
  readonly postCount: number;
}

export interface PreviewTokenRecord {
  readonly id: string;
  readonly label: string;
  readonly expiresAt: string;
  readonly revokedAt: string | null;
  readonly createdAt: string;
}

export interface VariantRecord extends VariantFields {
  readonly id: string;
}

export interface ProductRecord {
  readonly id: string;
  readonly slug: string;
  readonly title: string;
  /** Sanitised HTML, like a post's body. */
  readonly descriptionHtml: string;
  readonly type: ProductType;
  readonly status: ProductStatus;
  /** ISO 4217 code; every variant's prices are minor units of it. */
  readonly currency: string;
  readonly options: readonly ProductOption[];
  readonly variants: readonly VariantRecord[];
  readonly outOfStock: OutOfStockPolicy;
  readonly media: readonly ProductMedia[];
  readonly collectionIds: readonly string[];
  readonly updatedAt: string;
}

/**
 * What is stored for a product: checked by the core and sanitised by the use case. Variants are the
 * whole list; one whose option values match an existing variant keeps that variant's id.
 */
export type ProductWrite = Omit<ProductRecord, "id" | "variants" | "collectionIds" | "updatedAt"> & {
  readonly variants: readonly VariantFields[];
};

export interface ProductQuery {
  readonly limit: number;
  readonly offset: number;
  readonly status?: ProductStatus;
  readonly search?: string;
}

export interface CollectionRecord {
  readonly id: string;
  readonly slug: string;
  readonly name: string;
  readonly description: string;
  /** In the order the collection shows them. */
  readonly productIds: readonly string[];
}

export interface ContentRepository {
  readonly businessId: string;

  listPosts(query: PostQuery): Promise<{ items: PostRecord[]; total: number }>;
  getPost(id: string): Promise<PostRecord | null>;
  createPost(write: PostWrite, now: Date): Promise<Result<PostRecord>>;
  updatePost(id: string, write: PostWrite, now: Date): Promise<Result<PostRecord>>;
  deletePost(id: string): Promise<Result<Deletion>>;

  listAuthors(): Promise<AuthorRecord[]>;
  getAuthor(id: string): Promise<AuthorRecord | null>;
  createAuthor(input: Omit<AuthorRecord, "id">): Promise<Result<AuthorRecord>>;
  updateAuthor(id: string, patch: Partial<Omit<AuthorRecord, "id">>): Promise<Result<AuthorRecord>>;
  /** Refused (IN_USE) while posts name the author. */
  deleteAuthor(id: string): Promise<Result<Deletion>>;

  listCategories(): Promise<CategoryRecord[]>;
  getCategory(id: string): Promise<CategoryRecord | null>;
  createCategory(input: Omit<CategoryRecord, "id">): Promise<Result<CategoryRecord>>;
  updateCategory(id: string, patch: Partial<Omit<CategoryRecord, "id">>): Promise<Result<CategoryRecord>>;
  /** Posts lose the category; they stay. */
  deleteCategory(id: string): Promise<Result<Deletion>>;

  listTags(): Promise<TagCount[]>;

  listProducts(query: ProductQuery): Promise<{ items: ProductRecord[]; total: number }>;
  getProduct(id: string): Promise<ProductRecord | null>;
  createProduct(write: ProductWrite, now: Date): Promise<Result<ProductRecord>>;
  updateProduct(id: string, write: ProductWrite, now: Date): Promise<Result<ProductRecord>>;
  /** The product leaves its collections. */
  deleteProduct(id: string): Promise<Result<Deletion>>;

  listCollections(): Promise<CollectionRecord[]>;
  getCollection(id: string): Promise<CollectionRecord | null>;
  /** REFERENCE_NOT_FOUND when a product id is not this business's. */
  createCollection(input: Omit<CollectionRecord, "id">): Promise<Result<CollectionRecord>>;
  updateCollection(id: string, patch: Partial<Omit<CollectionRecord, "id">>): Promise<Result<CollectionRecord>>;
  /** Its products stay. */
  deleteCollection(id: string): Promise<Result<Deletion>>;

  listPreviewTokens(): Promise<PreviewTokenRecord[]>;
  createPreviewToken(input: { label: string; tokenHash: string; expiresAt: Date }): Promise<PreviewTokenRecord>;
  revokePreviewToken(id: string, now: Date): Promise<Result<PreviewTokenRecord>>;
}

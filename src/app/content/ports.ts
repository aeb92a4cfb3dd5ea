/**
 * The content side of a business (issue 16): posts, their authors, categories and tags, and the
 * preview tokens that open drafts. Like the rest of the business side, the repository is bound to
 * one business (docs/decisions/0007-tenancy.md): another business's ids look missing.
 */
import type { PostStatus } from "../../core/content/post-publication.ts";
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

  listPreviewTokens(): Promise<PreviewTokenRecord[]>;
  createPreviewToken(input: { label: string; tokenHash: string; expiresAt: Date }): Promise<PreviewTokenRecord>;
  revokePreviewToken(id: string, now: Date): Promise<Result<PreviewTokenRecord>>;
}

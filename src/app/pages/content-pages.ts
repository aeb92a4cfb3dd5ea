/**
 * Read models of the content pages (spec §2, domain notes §E) and the port that loads them. Live
 * pages show what is public at the request's `now`; previews (opened by a preview token of the
 * business, src/app/content/preview-tokens.ts) fetch by id and show drafts and scheduled posts too.
 */

/** The business a lookup is scoped to (a BusinessRef, or the business a preview token belongs to). */
export interface ContentBusiness {
  readonly id: string;
}

/** One page of a listing: `limit` items from `offset` (src/core/content/pagination.ts). */
export interface PageWindow {
  readonly limit: number;
  readonly offset: number;
}

export interface PostSummary {
  id: string;
  slug: string;
  title: string;
  description: string;
  publishedAt: string | null;
  authorName: string | null;
  imageUrl: string | null;
  imageAlt: string | null;
}

export interface PostView extends PostSummary {
  /** Sanitised on read as well as on write. */
  bodyHtml: string;
  tags: string[];
  status: string;
  updatedAt: string;
  canonicalLink: string | null;
  authorSlug: string | null;
  categories: { slug: string; label: string }[];
}

export interface ProductView {
  id: string;
  name: string;
  description: string;
  priceCents: number;
  currency: string;
  imageUrl: string | null;
}

export interface ContentPageView {
  id: string;
  path: string;
  title: string;
  description: string;
  posts: PostSummary[];
  postTotal: number;
  products: ProductView[];
  productTotal: number;
}

export type PostListingFilter =
  { kind: "category"; slug: string } | { kind: "author"; slug: string } | { kind: "tag"; tag: string };

export interface PostListingView {
  title: string;
  posts: PostSummary[];
  total: number;
}

export interface CollectionView {
  id: string;
  slug: string;
  name: string;
  description: string;
  products: ProductView[];
  total: number;
}

export const PREVIEW_KINDS = ["blog", "category", "author", "tag", "post", "product", "collections"] as const;
export type PreviewKind = (typeof PREVIEW_KINDS)[number];

export type PreviewView =
  | { kind: "post"; post: PostView }
  | { kind: "blog"; page: ContentPageView }
  | { kind: "category" | "author" | "tag"; listing: PostListingView }
  | { kind: "product"; product: ProductView }
  | { kind: "collections"; collection: CollectionView };

/** Everything public of a business, for sitemap.xml and the feed. */
export interface SiteMapView {
  pages: { path: string; title: string; description: string; hasBlog: boolean }[];
  posts: (PostSummary & { updatedAt: string; bodyHtml: string })[];
  categories: { slug: string }[];
  authors: { slug: string }[];
  products: { id: string; createdAt: string }[];
  collections: { slug: string; createdAt: string }[];
}

export interface ContentPagesPort {
  contentPage(business: ContentBusiness, path: string, now: Date, page?: PageWindow): Promise<ContentPageView | null>;
  post(business: ContentBusiness, slug: string, now: Date): Promise<PostView | null>;
  postListing(
    business: ContentBusiness,
    filter: PostListingFilter,
    now: Date,
    page?: PageWindow,
  ): Promise<PostListingView | null>;
  product(business: ContentBusiness, id: string): Promise<ProductView | null>;
  collection(business: ContentBusiness, slug: string, page?: PageWindow): Promise<CollectionView | null>;
  siteMap(business: ContentBusiness, now: Date): Promise<SiteMapView>;
  /** The business a preview token opens at `now`: unexpired, unrevoked; null otherwise. */
  previewBusiness(tokenHash: string, now: Date): Promise<string | null>;
  /** A preview by id within the business: drafts and scheduled posts included, archived ones not in listings. */
  preview(business: ContentBusiness, kind: PreviewKind, id: string, page: PageWindow): Promise<PreviewView | null>;
}

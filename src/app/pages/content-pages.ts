/**
 * Read models of the content pages (spec §2, domain notes §E) and the port that loads them. Live
 * pages show what is public at the request's `now`; previews (opened by a preview token of the
 * business, src/app/content/preview-tokens.ts) fetch by id and show drafts and scheduled posts too.
 */

import type { ImageSize } from "../../core/content/images.ts";
import type { ProductMedia, ProductOption, ProductStatus, VariantStock } from "../../core/content/product.ts";

/** An image as a page shows it: an uploaded one (`/images/<id>`) knows its size, any other address not. */
export type ShownMedia = ProductMedia & { readonly size: ImageSize | null };

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
  /** The cover's size when it is an uploaded image of the business. */
  imageSize: ImageSize | null;
  /** Sanitised on read as well as on write. */
  bodyHtml: string;
  tags: string[];
  status: string;
  updatedAt: string;
  canonicalLink: string | null;
  authorSlug: string | null;
  categories: { slug: string; label: string }[];
}

/** A product in a listing: its lowest price among the variants shown, and its featured image. */
export interface ProductSummary {
  id: string;
  slug: string;
  name: string;
  currency: string;
  /** Minor units; the lowest of the shown variants'. */
  priceMinor: number;
  /** That variant's compare-at price, if any. */
  compareAtMinor: number | null;
  /** Whether prices differ between the shown variants ("from …"). */
  hasPriceRange: boolean;
  /** No shown variant can be bought. */
  isSoldOut: boolean;
  image: ShownMedia | null;
}

export interface ProductVariantView {
  id: string;
  options: string[];
  priceMinor: number;
  compareAtMinor: number | null;
  stock: VariantStock;
}

/** A product page: only the variants its out-of-stock policy shows (src/core/content/product.ts). */
export interface ProductView {
  id: string;
  slug: string;
  name: string;
  /** Sanitised on read as well as on write. */
  descriptionHtml: string;
  currency: string;
  media: ShownMedia[];
  options: ProductOption[];
  variants: ProductVariantView[];
  status: ProductStatus;
}

export interface ContentPageView {
  id: string;
  path: string;
  title: string;
  description: string;
  posts: PostSummary[];
  postTotal: number;
  products: ProductSummary[];
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
  products: ProductSummary[];
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
  /** By slug: the address a product page gives as its canonical. */
  products: { slug: string; createdAt: string }[];
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
  /** An active product by its id or its slug; null when its policy hides every variant. */
  product(business: ContentBusiness, idOrSlug: string): Promise<ProductView | null>;
  collection(business: ContentBusiness, slug: string, page?: PageWindow): Promise<CollectionView | null>;
  siteMap(business: ContentBusiness, now: Date): Promise<SiteMapView>;
  /** The business a preview token opens at `now`: unexpired, unrevoked; null otherwise. */
  previewBusiness(tokenHash: string, now: Date): Promise<string | null>;
  /** A preview by id within the business: drafts and scheduled posts included, archived ones not in listings. */
  preview(business: ContentBusiness, kind: PreviewKind, id: string, page: PageWindow): Promise<PreviewView | null>;
}

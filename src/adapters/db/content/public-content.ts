/**
 * The content pages' reads (src/app/pages/content-pages.ts): live pages see what is public at the
 * request's `now`; previews see drafts and scheduled posts. Every read is scoped to one business.
 */
import { and, arrayContains, asc, count, desc, eq, gt, inArray, isNull, lte, ne, or, sql, type SQL } from "drizzle-orm";
import type {
  CollectionView,
  ContentBusiness,
  ContentPageView,
  ContentPagesPort,
  PageWindow,
  PostListingFilter,
  PostListingView,
  PostSummary,
  PostView,
  ProductSummary,
  ProductView,
  ShownMedia,
} from "../../../app/pages/content-pages.ts";
import { isVariantShown, listingPrice, variantStock } from "../../../core/content/product.ts";
import { sanitizePostHtml } from "../../../core/content/sanitize-post-html.ts";
import type { Db } from "../client.ts";
import { imageIdOf, type ImageSize } from "../../../core/content/images.ts";
import type { ProductMedia } from "../../../core/content/product.ts";
import { publicImages } from "../images/image-store.ts";
import { isUuid } from "../ids.ts";
import * as t from "../schema.ts";

type SummaryRow = Pick<
  typeof t.products.$inferSelect,
  "id" | "businessId" | "slug" | "name" | "currency" | "media" | "outOfStock"
>;

const FIRST_PAGE: PageWindow = { limit: 9, offset: 0 };
/** Live pages show what is public at the request's clock; previews show unpublished posts too. */
type Seen = { now: Date } | "preview";

/** The SQL form of isPostPublic (src/core/content/post-publication.ts), evaluated at `now`. */
const isPublic = (now: Date) =>
  or(eq(t.blogPosts.status, "published"), and(eq(t.blogPosts.status, "scheduled"), lte(t.blogPosts.publishedAt, now)));
const visible = (seen: Seen) => (seen === "preview" ? ne(t.blogPosts.status, "archived") : isPublic(seen.now));

const postColumns = {
  id: t.blogPosts.id,
  slug: t.blogPosts.slug,
  title: t.blogPosts.title,
  description: t.blogPosts.description,
  publishedAt: t.blogPosts.publishedAt,
  authorName: t.blogAuthors.name,
  imageUrl: t.blogPosts.imageUrl,
  imageAlt: t.blogPosts.imageAlt,
};
const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
const toSummary = (r: { publishedAt: Date | null } & Omit<PostSummary, "publishedAt">): PostSummary => ({
  ...r,
  publishedAt: iso(r.publishedAt),
});

/**
 * A product is public when active, and listed unless its policy hides every variant: the SQL form
 * of `isVariantShown` (src/core/content/product.ts) over its variants, so a listing's count agrees
 * with what it shows.
 */
const hasShownVariant = sql`(${t.products.outOfStock} <> 'hide' or exists (select 1 from "product_variants" pv
  where pv."product_id" = ${t.products.id} and (pv."stock_quantity" is null or pv."stock_quantity" > 0)))`;
const isProductPublic = and(eq(t.products.status, "active"), hasShownVariant);

const summaryColumns = {
  id: t.products.id,
  businessId: t.products.businessId,
  slug: t.products.slug,
  name: t.products.name,
  currency: t.products.currency,
  media: t.products.media,
  outOfStock: t.products.outOfStock,
};

export function publicContent(db: Db): ContentPagesPort {
  const images = publicImages(db);
  /** The sizes of the business's uploaded images these addresses name (others are shown as given). */
  async function sizesOf(businessId: string, urls: readonly (string | null | undefined)[]) {
    const ids = urls.flatMap((url) => (url ? (imageIdOf(url) ?? []) : []));
    return ids.length ? images.sizes(businessId, ids) : new Map<string, ImageSize>();
  }
  const sized = (sizes: Map<string, ImageSize>, media: ProductMedia): ShownMedia => ({
    url: media.url,
    alt: media.alt,
    size: sizes.get(imageIdOf(media.url) ?? "") ?? null,
  });

  async function postPage(business: ContentBusiness, seen: Seen, extra: SQL | undefined, page: PageWindow) {
    const where = and(eq(t.blogPosts.businessId, business.id), visible(seen), extra);
    const rows = await db
      .select(postColumns)
      .from(t.blogPosts)
      .leftJoin(t.blogAuthors, eq(t.blogAuthors.id, t.blogPosts.authorId))
      .where(where)
      .orderBy(sql`${t.blogPosts.publishedAt} desc nulls last`, desc(t.blogPosts.id))
      .limit(page.limit)
      .offset(page.offset);
    const [total] = await db.select({ n: count() }).from(t.blogPosts).where(where);
    return { posts: rows.map(toSummary), total: Number(total?.n ?? 0) };
  }

  async function postView(where: SQL | undefined): Promise<PostView | null> {
    const [row] = await db
      .select({ post: t.blogPosts, authorName: t.blogAuthors.name, authorSlug: t.blogAuthors.slug })
      .from(t.blogPosts)
      .leftJoin(t.blogAuthors, eq(t.blogAuthors.id, t.blogPosts.authorId))
      .where(where);
    if (!row) return null;
    const p = row.post;
    const sizes = await sizesOf(p.businessId, [p.imageUrl]);
    const categories = p.categoryIds.length
      ? await db
          .select({ slug: t.blogCategories.slug, label: t.blogCategories.label })
          .from(t.blogCategories)
          .where(and(eq(t.blogCategories.businessId, p.businessId), inArray(t.blogCategories.id, p.categoryIds)))
          .orderBy(asc(t.blogCategories.label))
      : [];
    return {
      id: p.id,
      slug: p.slug,
      title: p.title,
      description: p.description,
      publishedAt: iso(p.publishedAt),
      authorName: row.authorName,
      authorSlug: row.authorSlug,
      imageUrl: p.imageUrl,
      imageAlt: p.imageAlt,
      imageSize: sizes.get(imageIdOf(p.imageUrl ?? "") ?? "") ?? null,
      // Sanitised again on the way out: rows written before the allow-list, or by hand, render safe too.
      bodyHtml: sanitizePostHtml(p.bodyHtml),
      tags: p.tags,
      status: p.status,
      updatedAt: p.updatedAt.toISOString(),
      canonicalLink: p.canonicalLink,
      categories,
    };
  }

  async function pageView(where: SQL | undefined, business: ContentBusiness, seen: Seen, page: PageWindow) {
    const [row] = await db
      .select()
      .from(t.contentPages)
      .where(and(eq(t.contentPages.businessId, business.id), where));
    if (!row) return null;
    const posts = row.hasBlog ? await postPage(business, seen, undefined, page) : { posts: [], total: 0 };
    const products = row.hasStore
      ? await productPage(
          and(eq(t.products.businessId, business.id), seen === "preview" ? hasShownVariant : isProductPublic),
          page,
        )
      : { products: [], total: 0 };
    const view: ContentPageView = {
      id: row.id,
      path: row.path,
      title: row.title,
      description: row.description,
      posts: posts.posts,
      postTotal: posts.total,
      products: products.products,
      productTotal: products.total,
    };
    return view;
  }

  /** Summaries of the given products (rows of one business), priced from their shown variants. */
  async function summaries(rows: SummaryRow[]) {
    const ids = rows.map((r) => r.id);
    const variants = ids.length
      ? await db
          .select({
            productId: t.productVariants.productId,
            priceMinor: t.productVariants.priceMinor,
            compareAtMinor: t.productVariants.compareAtMinor,
            stockQuantity: t.productVariants.stockQuantity,
          })
          .from(t.productVariants)
          .where(inArray(t.productVariants.productId, ids))
      : [];
    const sizes = await sizesOf(
      rows[0]?.businessId ?? "",
      rows.map((r) => r.media[0]?.url),
    );
    return rows.flatMap((r): ProductSummary[] => {
      const price = listingPrice(
        variants.filter((v) => v.productId === r.id),
        r.outOfStock,
      );
      if (!price) return [];
      const image = r.media[0];
      return [
        {
          id: r.id,
          slug: r.slug,
          name: r.name,
          currency: r.currency,
          ...price,
          image: image ? sized(sizes, image) : null,
        },
      ];
    });
  }

  /** One page of products: in the order of the collection (`join`), or oldest first. */
  async function productPage(where: SQL | undefined, page: PageWindow, join?: SQL) {
    const rows = join
      ? await db
          .select(summaryColumns)
          .from(t.products)
          .innerJoin(t.productCollections, join)
          .where(where)
          .orderBy(asc(t.productCollections.position), asc(t.products.id))
          .limit(page.limit)
          .offset(page.offset)
      : await db
          .select(summaryColumns)
          .from(t.products)
          .where(where)
          .orderBy(asc(t.products.createdAt), asc(t.products.id))
          .limit(page.limit)
          .offset(page.offset);
    const counted = join
      ? db.select({ n: count() }).from(t.products).innerJoin(t.productCollections, join)
      : db.select({ n: count() }).from(t.products);
    const [total] = await counted.where(where);
    return { products: await summaries(rows), total: Number(total?.n ?? 0) };
  }

  /** A product page's model: the variants its policy shows, each with what to say of its stock. */
  async function productView(where: SQL | undefined): Promise<ProductView | null> {
    const [row] = await db.select().from(t.products).where(where);
    if (!row) return null;
    const variants = await db
      .select()
      .from(t.productVariants)
      .where(eq(t.productVariants.productId, row.id))
      .orderBy(asc(t.productVariants.position), asc(t.productVariants.id));
    const shown = variants.filter((v) => isVariantShown(v.stockQuantity, row.outOfStock));
    if (shown.length === 0) return null;
    const sizes = await sizesOf(
      row.businessId,
      row.media.map((m) => m.url),
    );
    return {
      id: row.id,
      slug: row.slug,
      name: row.name,
      descriptionHtml: sanitizePostHtml(row.description),
      currency: row.currency,
      media: row.media.map((m) => sized(sizes, m)),
      options: row.options,
      status: row.status,
      variants: shown.map((v) => ({
        id: v.id,
        options: v.options,
        priceMinor: v.priceMinor,
        compareAtMinor: v.compareAtMinor,
        stock: variantStock(v.stockQuantity, row.outOfStock),
      })),
    };
  }

  async function listing(
    business: ContentBusiness,
    filter: PostListingFilter,
    seen: Seen,
    page: PageWindow,
  ): Promise<PostListingView | null> {
    if (filter.kind === "tag") {
      const tagged = await postPage(business, seen, arrayContains(t.blogPosts.tags, [filter.tag]), page);
      // A tag exists only through the posts that carry it.
      return tagged.total > 0 ? { title: filter.tag, ...tagged } : null;
    }
    if (filter.kind === "category") {
      const [category] = await db
        .select()
        .from(t.blogCategories)
        .where(and(eq(t.blogCategories.businessId, business.id), eq(t.blogCategories.slug, filter.slug)));
      if (!category) return null;
      const inCategory = sql`${category.id}::uuid = any(${t.blogPosts.categoryIds})`;
      return { title: category.label, ...(await postPage(business, seen, inCategory, page)) };
    }
    const [author] = await db
      .select()
      .from(t.blogAuthors)
      .where(and(eq(t.blogAuthors.businessId, business.id), eq(t.blogAuthors.slug, filter.slug)));
    if (!author) return null;
    return { title: author.name, ...(await postPage(business, seen, eq(t.blogPosts.authorId, author.id), page)) };
  }

  async function collectionView(
    where: SQL | undefined,
    isPreview: boolean,
    page: PageWindow,
  ): Promise<CollectionView | null> {
    const [row] = await db.select().from(t.collections).where(where);
    if (!row) return null;
    const products = await productPage(
      and(eq(t.productCollections.collectionId, row.id), isPreview ? hasShownVariant : isProductPublic),
      page,
      eq(t.productCollections.productId, t.products.id),
    );
    return { id: row.id, slug: row.slug, name: row.name, description: row.description, ...products };
  }

  const slugOf = async (
    table: typeof t.blogCategories | typeof t.blogAuthors,
    business: ContentBusiness,
    id: string,
  ) => {
    if (!isUuid(id)) return null;
    const [row] = await db
      .select({ slug: table.slug })
      .from(table)
      .where(and(eq(table.businessId, business.id), eq(table.id, id)));
    return row?.slug ?? null;
  };

  return {
    contentPage: (business, path, now, page = FIRST_PAGE) =>
      pageView(eq(t.contentPages.path, path), business, { now }, page),

    post: (business, slug, now) =>
      postView(and(eq(t.blogPosts.businessId, business.id), eq(t.blogPosts.slug, slug), isPublic(now))),

    postListing: (business, filter, now, page = FIRST_PAGE) => listing(business, filter, { now }, page),

    product: (business, idOrSlug) =>
      productView(
        and(
          eq(t.products.businessId, business.id),
          isUuid(idOrSlug) ? eq(t.products.id, idOrSlug) : eq(t.products.slug, idOrSlug),
          isProductPublic,
        ),
      ),

    collection: (business, slug, page = FIRST_PAGE) =>
      collectionView(and(eq(t.collections.businessId, business.id), eq(t.collections.slug, slug)), false, page),

    async siteMap(business, now) {
      const B = business.id;
      const pages = await db
        .select({
          path: t.contentPages.path,
          title: t.contentPages.title,
          description: t.contentPages.description,
          hasBlog: t.contentPages.hasBlog,
        })
        .from(t.contentPages)
        .where(eq(t.contentPages.businessId, B))
        .orderBy(asc(t.contentPages.path));
      const posts = await db
        .select({ ...postColumns, updatedAt: t.blogPosts.updatedAt, bodyHtml: t.blogPosts.bodyHtml })
        .from(t.blogPosts)
        .leftJoin(t.blogAuthors, eq(t.blogAuthors.id, t.blogPosts.authorId))
        .where(and(eq(t.blogPosts.businessId, B), isPublic(now)))
        .orderBy(desc(t.blogPosts.publishedAt))
        .limit(5000);
      const categories = await db
        .select({ slug: t.blogCategories.slug })
        .from(t.blogCategories)
        .where(eq(t.blogCategories.businessId, B));
      const authors = await db
        .select({ slug: t.blogAuthors.slug })
        .from(t.blogAuthors)
        .where(eq(t.blogAuthors.businessId, B));
      const products = await db
        .select({ slug: t.products.slug, createdAt: t.products.createdAt })
        .from(t.products)
        .where(and(eq(t.products.businessId, B), isProductPublic));
      const collections = await db
        .select({ slug: t.collections.slug, createdAt: t.collections.createdAt })
        .from(t.collections)
        .where(eq(t.collections.businessId, B));
      return {
        pages,
        posts: posts.map((p) => ({
          ...toSummary(p),
          updatedAt: p.updatedAt.toISOString(),
          bodyHtml: sanitizePostHtml(p.bodyHtml),
        })),
        categories,
        authors,
        products: products.map((p) => ({ slug: p.slug, createdAt: p.createdAt.toISOString() })),
        collections: collections.map((c) => ({ slug: c.slug, createdAt: c.createdAt.toISOString() })),
      };
    },

    async previewBusiness(tokenHash, now) {
      const [row] = await db
        .select({ businessId: t.previewTokens.businessId })
        .from(t.previewTokens)
        .where(
          and(
            eq(t.previewTokens.tokenHash, tokenHash),
            isNull(t.previewTokens.revokedAt),
            gt(t.previewTokens.expiresAt, now),
          ),
        );
      return row?.businessId ?? null;
    },

    async preview(business, kind, id, page) {
      const own = (table: typeof t.blogPosts | typeof t.contentPages | typeof t.products | typeof t.collections) =>
        isUuid(id) ? and(eq(table.businessId, business.id), eq(table.id, id)) : sql`false`;
      switch (kind) {
        case "post": {
          const post = await postView(own(t.blogPosts));
          return post && { kind, post };
        }
        case "blog": {
          const view = await pageView(
            and(own(t.contentPages), eq(t.contentPages.hasBlog, true)),
            business,
            "preview",
            page,
          );
          return view && { kind, page: view };
        }
        case "category":
        case "author": {
          const slug = await slugOf(kind === "category" ? t.blogCategories : t.blogAuthors, business, id);
          const view = slug ? await listing(business, { kind, slug }, "preview", page) : null;
          return view && { kind, listing: view };
        }
        case "tag": {
          const view = await listing(business, { kind, tag: id }, "preview", page);
          return view && { kind, listing: view };
        }
        case "product": {
          const product = await productView(own(t.products));
          return product && { kind, product };
        }
        case "collections": {
          const collection = await collectionView(own(t.collections), true, page);
          return collection && { kind, collection };
        }
      }
    },
  };
}

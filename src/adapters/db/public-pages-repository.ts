/**
 * Loads the read models of the public pages. Lookups by globally unique id need no business;
 * lookups by slug or path are scoped to the business the request belongs to. (Over 300 lines until the
 * content site gets its own repository with its editor, issue 16.)
 */
import { and, arrayContains, asc, desc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type {
  CalendarSummary,
  GroupView,
  PostSummary,
  PostView,
  ProductView,
  PublicPagesPort,
  ServiceMenuView,
  ServiceSummary,
} from "../../app/pages/public-pages.ts";
import { sanitizePostHtml } from "../../core/content/sanitize-post-html.ts";
import type { Db } from "./client.ts";
import * as t from "./schema.ts";

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids in URLs are untrusted: anything that is not a UUID cannot match, and must not reach SQL as one. */
export const isUuid = (value: string) => UUID_RE.test(value);

const calendarColumns = {
  id: t.calendars.id,
  slug: t.calendars.slug,
  type: t.calendars.type,
  name: t.calendars.name,
  description: t.calendars.description,
  settings: t.calendars.settings,
};
type CalendarRow = {
  id: string;
  slug: string;
  type: CalendarSummary["type"];
  name: string;
  description: string;
  settings: { durationMinutes: number };
};
const toCalendar = (row: CalendarRow): CalendarSummary => ({
  id: row.id,
  slug: row.slug,
  type: row.type,
  name: row.name,
  description: row.description,
  durationMinutes: row.settings.durationMinutes,
});
const liveCalendar = and(eq(t.calendars.isActive, true), isNull(t.calendars.deletedAt));

const serviceColumns = {
  id: t.services.id,
  slug: t.services.slug,
  name: t.services.name,
  description: t.services.description,
  category: t.services.category,
  durationMinutes: t.services.durationMinutes,
  priceCents: t.services.priceCents,
};

const postColumns = {
  id: t.blogPosts.id,
  slug: t.blogPosts.slug,
  title: t.blogPosts.title,
  description: t.blogPosts.description,
  publishedAt: t.blogPosts.publishedAt,
  bodyHtml: t.blogPosts.bodyHtml,
  tags: t.blogPosts.tags,
  status: t.blogPosts.status,
  authorName: t.blogAuthors.name,
};
type PostRow = {
  id: string;
  slug: string;
  title: string;
  description: string;
  publishedAt: Date | null;
  bodyHtml: string;
  tags: string[];
  status: string;
  authorName: string | null;
};
/** Sanitised again on the way out: rows written before the allow-list, or by hand, render safe too. */
const toPost = (row: PostRow): PostView => ({
  ...row,
  bodyHtml: sanitizePostHtml(row.bodyHtml),
  publishedAt: row.publishedAt ? new Date(row.publishedAt).toISOString() : null,
});
const toPostSummary = ({ id, slug, title, description, publishedAt, authorName }: PostView): PostSummary => ({
  id,
  slug,
  title,
  description,
  publishedAt,
  authorName,
});

/** A post is public when published, or scheduled with its publication time reached (domain notes §E). */
const isPublic = (now: Date) =>
  or(eq(t.blogPosts.status, "published"), and(eq(t.blogPosts.status, "scheduled"), lte(t.blogPosts.publishedAt, now)));

const productColumns = {
  id: t.products.id,
  name: t.products.name,
  description: t.products.description,
  priceCents: t.products.priceCents,
  currency: t.products.currency,
};

/**
 * `defaultBusinessSlug` answers a host name no business claims (DEFAULT_BUSINESS); without one, the
 * oldest business does — a single-business install works on any host, and so does a fresh demo.
 */
export function createPublicPagesRepository(db: Db, defaultBusinessSlug: string | null = null): PublicPagesPort {
  const businessColumns = {
    id: t.businesses.id,
    slug: t.businesses.slug,
    name: t.businesses.name,
    timeZone: t.businesses.timeZone,
    currency: t.businesses.currency,
    embedOrigins: t.businesses.embedOrigins,
  };

  async function groupView(where: ReturnType<typeof and>): Promise<GroupView | null> {
    const [group] = await db
      .select()
      .from(t.groups)
      .where(and(where, eq(t.groups.isActive, true)));
    if (!group) return null;
    const rows = await db
      .select(calendarColumns)
      .from(t.calendars)
      .where(and(eq(t.calendars.groupId, group.id), liveCalendar))
      .orderBy(asc(t.calendars.position), asc(t.calendars.name));
    return {
      id: group.id,
      slug: group.slug,
      name: group.name,
      description: group.description,
      calendars: rows.map(toCalendar),
    };
  }

  async function serviceMenuView(where: ReturnType<typeof and>): Promise<ServiceMenuView | null> {
    const [menu] = await db.select().from(t.serviceMenus).where(where);
    if (!menu) return null;
    const [calendar] = await db
      .select(calendarColumns)
      .from(t.calendars)
      .where(and(eq(t.calendars.id, menu.calendarId), liveCalendar));
    if (!calendar) return null;
    const services: ServiceSummary[] = await db
      .select(serviceColumns)
      .from(t.serviceMenuItems)
      .innerJoin(t.services, eq(t.services.id, t.serviceMenuItems.serviceId))
      .where(and(eq(t.serviceMenuItems.serviceMenuId, menu.id), isNull(t.services.deletedAt)))
      .orderBy(asc(t.serviceMenuItems.position));
    return {
      id: menu.id,
      slug: menu.slug,
      name: menu.name,
      description: menu.description,
      calendar: toCalendar(calendar),
      services,
    };
  }

  async function posts(businessId: string, now: Date, extra?: ReturnType<typeof and>): Promise<PostSummary[]> {
    const rows = await db
      .select(postColumns)
      .from(t.blogPosts)
      .leftJoin(t.blogAuthors, eq(t.blogAuthors.id, t.blogPosts.authorId))
      .where(and(eq(t.blogPosts.businessId, businessId), isPublic(now), extra))
      .orderBy(desc(t.blogPosts.publishedAt))
      .limit(50);
    return rows.map((r) => toPostSummary(toPost(r)));
  }

  return {
    async resolveBusiness(host) {
      const hostname = host?.replace(/:\d+$/, "").toLowerCase() ?? "";
      if (hostname) {
        const [byHost] = await db
          .select(businessColumns)
          .from(t.businesses)
          .where(arrayContains(t.businesses.hostnames, [hostname]))
          .limit(1);
        if (byHost) return byHost;
      }
      const [fallback] = defaultBusinessSlug
        ? await db.select(businessColumns).from(t.businesses).where(eq(t.businesses.slug, defaultBusinessSlug))
        : await db
            .select(businessColumns)
            .from(t.businesses)
            .orderBy(asc(t.businesses.createdAt), asc(t.businesses.id))
            .limit(1);
      return fallback ?? null;
    },

    async home(business) {
      const calendars = await db
        .select(calendarColumns)
        .from(t.calendars)
        .where(and(eq(t.calendars.businessId, business.id), liveCalendar))
        .orderBy(asc(t.calendars.position));
      const groups = await db
        .select({ id: t.groups.id, slug: t.groups.slug, name: t.groups.name })
        .from(t.groups)
        .where(and(eq(t.groups.businessId, business.id), eq(t.groups.isActive, true)));
      const serviceMenus = await db
        .select({ id: t.serviceMenus.id, slug: t.serviceMenus.slug, name: t.serviceMenus.name })
        .from(t.serviceMenus)
        .where(eq(t.serviceMenus.businessId, business.id));
      const pages = await db
        .select({ path: t.contentPages.path, title: t.contentPages.title })
        .from(t.contentPages)
        .where(eq(t.contentPages.businessId, business.id));
      return { business, calendars: calendars.map(toCalendar), groups, serviceMenus, pages };
    },

    async calendarById(id) {
      if (!isUuid(id)) return null;
      const [row] = await db
        .select(calendarColumns)
        .from(t.calendars)
        .where(and(eq(t.calendars.id, id), liveCalendar));
      return row ? toCalendar(row) : null;
    },

    async calendarsByIds(ids) {
      if (ids.length === 0 || !ids.every(isUuid)) return null;
      const rows = await db
        .select(calendarColumns)
        .from(t.calendars)
        .where(and(inArray(t.calendars.id, ids), liveCalendar));
      // Every id must resolve: a list with an unknown id is a broken link, not a partial page.
      if (rows.length !== new Set(ids).size) return null;
      return ids.filter((id, i) => ids.indexOf(id) === i).map((id) => toCalendar(rows.find((r) => r.id === id)!));
    },

    async calendarBySlug(business, slug) {
      const [row] = await db
        .select(calendarColumns)
        .from(t.calendars)
        .where(and(eq(t.calendars.businessId, business.id), eq(t.calendars.slug, slug), liveCalendar));
      return row ? toCalendar(row) : null;
    },

    async calendarInGroup(business, groupSlug, calendarSlug) {
      const [row] = await db
        .select(calendarColumns)
        .from(t.calendars)
        .innerJoin(t.groups, eq(t.groups.id, t.calendars.groupId))
        .where(
          and(
            eq(t.groups.businessId, business.id),
            eq(t.groups.slug, groupSlug),
            eq(t.groups.isActive, true),
            eq(t.calendars.slug, calendarSlug),
            liveCalendar,
          ),
        );
      return row ? toCalendar(row) : null;
    },

    async serviceCalendar(business, serviceSlug) {
      const [row] = await db
        .select({ calendar: calendarColumns, service: serviceColumns })
        .from(t.services)
        .innerJoin(t.calendarServices, eq(t.calendarServices.serviceId, t.services.id))
        .innerJoin(t.calendars, eq(t.calendars.id, t.calendarServices.calendarId))
        .where(
          and(
            eq(t.services.businessId, business.id),
            eq(t.services.slug, serviceSlug),
            isNull(t.services.deletedAt),
            eq(t.calendars.type, "service"),
            liveCalendar,
          ),
        )
        .limit(1);
      return row ? { calendar: toCalendar(row.calendar), service: row.service } : null;
    },

    groupById: (id) => (isUuid(id) ? groupView(eq(t.groups.id, id)) : Promise.resolve(null)),
    groupBySlug: (business, slug) => groupView(and(eq(t.groups.businessId, business.id), eq(t.groups.slug, slug))),
    serviceMenuById: (id) => (isUuid(id) ? serviceMenuView(eq(t.serviceMenus.id, id)) : Promise.resolve(null)),
    serviceMenuBySlug: (business, slug) =>
      serviceMenuView(and(eq(t.serviceMenus.businessId, business.id), eq(t.serviceMenus.slug, slug))),

    async oneTimeLink(slug, now) {
      const [link] = await db.select().from(t.oneTimeLinks).where(eq(t.oneTimeLinks.slug, slug));
      if (!link) return null;
      const isExpired =
        link.usedAt !== null || link.revokedAt !== null || (link.expiresAt !== null && link.expiresAt <= now);
      if (isExpired) return { state: "expired" };
      const [calendar] = await db
        .select(calendarColumns)
        .from(t.calendars)
        .where(and(eq(t.calendars.id, link.calendarId), liveCalendar));
      return calendar ? { state: "active", calendar: toCalendar(calendar) } : { state: "expired" };
    },

    async form(id, kind) {
      if (!isUuid(id)) return null;
      const [row] = await db
        .select({ id: t.forms.id, kind: t.forms.kind, name: t.forms.name })
        .from(t.forms)
        .where(and(eq(t.forms.id, id), eq(t.forms.kind, kind)));
      return row ?? null;
    },

    async contentPage(business, path) {
      const [page] = await db
        .select()
        .from(t.contentPages)
        .where(and(eq(t.contentPages.businessId, business.id), eq(t.contentPages.path, path)));
      if (!page) return null;
      const now = new Date();
      return {
        path: page.path,
        title: page.title,
        description: page.description,
        posts: page.hasBlog ? await posts(business.id, now) : [],
        products: page.hasStore
          ? await db
              .select(productColumns)
              .from(t.products)
              .where(and(eq(t.products.businessId, business.id), eq(t.products.availableInStore, true)))
          : [],
      };
    },

    async post(business, slug, now) {
      const [row] = await db
        .select(postColumns)
        .from(t.blogPosts)
        .leftJoin(t.blogAuthors, eq(t.blogAuthors.id, t.blogPosts.authorId))
        .where(and(eq(t.blogPosts.businessId, business.id), eq(t.blogPosts.slug, slug), isPublic(now)));
      return row ? toPost(row) : null;
    },

    async postListing(business, filter, now) {
      if (filter.kind === "category") {
        const [category] = await db
          .select()
          .from(t.blogCategories)
          .where(and(eq(t.blogCategories.businessId, business.id), eq(t.blogCategories.slug, filter.slug)));
        if (!category) return null;
        return {
          title: category.label,
          posts: await posts(business.id, now, and(sql`${category.id} = any(${t.blogPosts.categoryIds})`)),
        };
      }
      if (filter.kind === "author") {
        const [author] = await db
          .select()
          .from(t.blogAuthors)
          .where(and(eq(t.blogAuthors.businessId, business.id), eq(t.blogAuthors.slug, filter.slug)));
        if (!author) return null;
        return { title: author.name, posts: await posts(business.id, now, and(eq(t.blogPosts.authorId, author.id))) };
      }
      const tagged = await posts(business.id, now, and(arrayContains(t.blogPosts.tags, [filter.tag])));
      return tagged.length > 0 ? { title: filter.tag, posts: tagged } : null;
    },

    async product(business, id) {
      if (!isUuid(id)) return null;
      const [row] = await db
        .select(productColumns)
        .from(t.products)
        .where(and(eq(t.products.businessId, business.id), eq(t.products.id, id)));
      return row ?? null;
    },

    async collection(business, slug) {
      const [collection] = await db
        .select()
        .from(t.collections)
        .where(and(eq(t.collections.businessId, business.id), eq(t.collections.slug, slug)));
      if (!collection) return null;
      const items: ProductView[] = await db
        .select(productColumns)
        .from(t.productCollections)
        .innerJoin(t.products, eq(t.products.id, t.productCollections.productId))
        .where(and(eq(t.productCollections.collectionId, collection.id), eq(t.products.availableInStore, true)));
      return { name: collection.name, description: collection.description, products: items };
    },

    async previewPost(id) {
      if (!isUuid(id)) return null;
      const [row] = await db
        .select(postColumns)
        .from(t.blogPosts)
        .leftJoin(t.blogAuthors, eq(t.blogAuthors.id, t.blogPosts.authorId))
        .where(eq(t.blogPosts.id, id));
      return row ? toPost(row) : null;
    },
  };
}

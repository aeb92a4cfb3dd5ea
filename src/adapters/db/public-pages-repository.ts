/**
 * Loads the read models of the public pages. Lookups by globally unique id need no business;
 * lookups by slug or path are scoped to the business the request belongs to. The content pages'
 * reads are in content/public-content.ts.
 */
import { and, arrayContains, asc, eq, inArray, isNull } from "drizzle-orm";
import type {
  CalendarSummary,
  GroupView,
  PublicPagesPort,
  ServiceMenuView,
  ServiceSummary,
} from "../../app/pages/public-pages.ts";
import { logoImage } from "../../core/shared/branding.ts";
import { verifyManageToken } from "../../app/bookings/manage-token.ts";
import { hashSecretToken } from "../../app/shared/secret-token.ts";
import type { Db } from "./client.ts";
import { publicContent } from "./content/public-content.ts";
import { isUuid } from "./ids.ts";
import * as t from "./schema.ts";

export { isUuid };

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
/** Where calendars are listed (the index, groups, team pages): private ones are reached by their link only. */
const listedCalendar = and(liveCalendar, eq(t.calendars.isPrivate, false));

const serviceColumns = {
  id: t.services.id,
  slug: t.services.slug,
  name: t.services.name,
  description: t.services.description,
  category: t.services.category,
  durationMinutes: t.services.durationMinutes,
  priceCents: t.services.priceCents,
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
      .where(and(eq(t.calendars.groupId, group.id), listedCalendar))
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
    const items = await db
      .select({ ...serviceColumns, isPrivate: t.services.isPrivate })
      .from(t.serviceMenuItems)
      .innerJoin(t.services, eq(t.services.id, t.serviceMenuItems.serviceId))
      .where(and(eq(t.serviceMenuItems.serviceMenuId, menu.id), isNull(t.services.deletedAt)))
      .orderBy(asc(t.serviceMenuItems.position));
    const strip = ({ isPrivate: _, ...service }: (typeof items)[number]): ServiceSummary => service;
    return {
      id: menu.id,
      slug: menu.slug,
      name: menu.name,
      description: menu.description,
      calendar: toCalendar(calendar),
      services: items.filter((s) => !s.isPrivate).map(strip),
      unlistedServices: items.filter((s) => s.isPrivate).map(strip),
    };
  }

  return {
    ...publicContent(db),

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

    async ownerOf(kind, id) {
      if (!isUuid(id)) return null;
      const table = { calendar: t.calendars, group: t.groups, serviceMenu: t.serviceMenus, form: t.forms }[kind];
      const [row] = await db.select({ businessId: table.businessId }).from(table).where(eq(table.id, id));
      return row?.businessId ?? null;
    },

    async ownerOfOneTimeLink(slug) {
      const [row] = await db
        .select({ businessId: t.oneTimeLinks.businessId })
        .from(t.oneTimeLinks)
        .where(eq(t.oneTimeLinks.slugHash, hashSecretToken(slug)));
      return row?.businessId ?? null;
    },

    async ownerOfBooking(bookingId, token) {
      if (!isUuid(bookingId)) return null;
      const [row] = await db
        .select({ businessId: t.bookings.businessId, manageTokenHash: t.bookings.manageTokenHash })
        .from(t.bookings)
        .where(eq(t.bookings.id, bookingId));
      // Verified even when missing (manage-token.ts), so timing does not tell a missing booking from a wrong token.
      const isValid = verifyManageToken(token, row?.manageTokenHash);
      return row && isValid ? row.businessId : null;
    },

    async branding(businessId) {
      if (!isUuid(businessId)) return null;
      // The logo only while it is still one of this business's images (a removed image shows none).
      const [row] = await db
        .select({
          name: t.businesses.name,
          brandColour: t.businesses.brandColour,
          theme: t.businesses.theme,
          locale: t.businesses.locale,
          logoId: t.images.id,
          logoWidth: t.images.width,
          logoHeight: t.images.height,
        })
        .from(t.businesses)
        .leftJoin(t.images, and(eq(t.images.id, t.businesses.logoImageId), eq(t.images.businessId, t.businesses.id)))
        .where(eq(t.businesses.id, businessId));
      if (!row) return null;
      return {
        name: row.name,
        logo:
          row.logoId && row.logoWidth && row.logoHeight
            ? logoImage(row.logoId, { width: row.logoWidth, height: row.logoHeight })
            : null,
        brandColour: row.brandColour,
        theme: row.theme === "dark" ? "dark" : "light",
        locale: row.locale,
      };
    },

    async home(business) {
      const calendars = await db
        .select(calendarColumns)
        .from(t.calendars)
        .where(and(eq(t.calendars.businessId, business.id), listedCalendar))
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
      const [link] = await db
        .select()
        .from(t.oneTimeLinks)
        .where(eq(t.oneTimeLinks.slugHash, hashSecretToken(slug)));
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
  };
}

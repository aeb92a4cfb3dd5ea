/**
 * Read models of the public pages, and the port that loads them. Every lookup returns null when the
 * thing does not exist, is inactive or is not public — the route then shows the 404 screen
 * (spec §2 "Route behaviour": a failed validity check gives a 404).
 */
import type { CalendarType } from "../../core/calendar/calendar.ts";

export interface BusinessRef {
  id: string;
  slug: string;
  name: string;
  timeZone: string;
  currency: string;
  /** Origins allowed to frame its widget pages; empty: the deployment's default. */
  embedOrigins: readonly string[];
}

export interface CalendarSummary {
  id: string;
  slug: string;
  type: CalendarType;
  name: string;
  description: string;
  durationMinutes: number;
}

export interface GroupView {
  id: string;
  slug: string;
  name: string;
  description: string;
  calendars: CalendarSummary[];
}

export interface ServiceSummary {
  id: string;
  slug: string;
  name: string;
  description: string;
  category: string;
  durationMinutes: number;
  priceCents: number;
}

export interface ServiceMenuView {
  id: string;
  slug: string;
  name: string;
  description: string;
  calendar: CalendarSummary;
  services: ServiceSummary[];
}

export type OneTimeLinkView = { state: "active"; calendar: CalendarSummary } | { state: "expired" };

export interface FormView {
  id: string;
  kind: "form" | "survey";
  name: string;
}

export interface HomeView {
  business: BusinessRef;
  calendars: CalendarSummary[];
  groups: { id: string; slug: string; name: string }[];
  serviceMenus: { id: string; slug: string; name: string }[];
  pages: { path: string; title: string }[];
}

export interface PostSummary {
  id: string;
  slug: string;
  title: string;
  description: string;
  publishedAt: string | null;
  authorName: string | null;
}

export interface ContentPageView {
  path: string;
  title: string;
  description: string;
  posts: PostSummary[];
  products: ProductView[];
}

export interface PostView extends PostSummary {
  bodyHtml: string;
  tags: string[];
  status: string;
}

export interface ProductView {
  id: string;
  name: string;
  description: string;
  priceCents: number;
  currency: string;
}

export type PostListingFilter =
  { kind: "category"; slug: string } | { kind: "author"; slug: string } | { kind: "tag"; tag: string };

export interface PostListingView {
  title: string;
  posts: PostSummary[];
}

export interface PublicPagesPort {
  resolveBusiness(host: string | null): Promise<BusinessRef | null>;
  home(business: BusinessRef): Promise<HomeView>;
  calendarById(id: string): Promise<CalendarSummary | null>;
  calendarsByIds(ids: string[]): Promise<CalendarSummary[] | null>;
  calendarBySlug(business: BusinessRef, slug: string): Promise<CalendarSummary | null>;
  calendarInGroup(business: BusinessRef, groupSlug: string, calendarSlug: string): Promise<CalendarSummary | null>;
  serviceCalendar(
    business: BusinessRef,
    serviceSlug: string,
  ): Promise<{ calendar: CalendarSummary; service: ServiceSummary } | null>;
  groupById(id: string): Promise<GroupView | null>;
  groupBySlug(business: BusinessRef, slug: string): Promise<GroupView | null>;
  serviceMenuById(id: string): Promise<ServiceMenuView | null>;
  serviceMenuBySlug(business: BusinessRef, slug: string): Promise<ServiceMenuView | null>;
  oneTimeLink(slug: string, now: Date): Promise<OneTimeLinkView | null>;
  form(id: string, kind: "form" | "survey"): Promise<FormView | null>;
  contentPage(business: BusinessRef, path: string): Promise<ContentPageView | null>;
  post(business: BusinessRef, slug: string, now: Date): Promise<PostView | null>;
  postListing(business: BusinessRef, filter: PostListingFilter, now: Date): Promise<PostListingView | null>;
  product(business: BusinessRef, id: string): Promise<ProductView | null>;
  collection(
    business: BusinessRef,
    slug: string,
  ): Promise<{ name: string; description: string; products: ProductView[] } | null>;
  /** Preview: by id, any status (drafts included). */
  previewPost(id: string): Promise<PostView | null>;
}

/**
 * Read models of the public pages, and the port that loads them. Every lookup returns null when the
 * thing does not exist, is inactive or is not public — the route then shows the 404 screen
 * (spec §2 "Route behaviour": a failed validity check gives a 404).
 */
import type { Branding } from "../../core/shared/branding.ts";
import type { CalendarType } from "../../core/calendar/calendar.ts";
import type { ContentPagesPort } from "./content-pages.ts";

export type * from "./content-pages.ts";
export { PREVIEW_KINDS } from "./content-pages.ts";

/** What a widget page may name by a globally unique id, whatever host it is opened on. */
export type OwnedKind = "calendar" | "group" | "serviceMenu" | "form";

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
  /** What the menu lists. */
  services: ServiceSummary[];
  /** Private services of the menu: not listed, bookable by their direct link (the menu's service page). */
  unlistedServices: ServiceSummary[];
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

export interface PublicPagesPort extends ContentPagesPort {
  resolveBusiness(host: string | null): Promise<BusinessRef | null>;
  /** What visitors see of the business's branding (ADR 0049); null when there is no such business. */
  branding(businessId: string): Promise<Branding | null>;
  /** The business a calendar, group, service menu or form (by id, on any host) belongs to; null: none. */
  ownerOf(kind: OwnedKind, id: string): Promise<string | null>;
  /** The business of a one-time link (used or not); null for a slug of no link. */
  ownerOfOneTimeLink(slug: string): Promise<string | null>;
  /** The business of a booking, only with its manage token; null for a wrong token or no booking. */
  ownerOfBooking(bookingId: string, token: string): Promise<string | null>;
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
}

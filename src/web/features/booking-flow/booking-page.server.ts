/**
 * The data of every booking page, read in process on the server: the widget configuration, the
 * first month of free slots (so the first paint shows real times, no spinner), and the booking
 * opened from a manage link. The server cannot know the browser's zone on a first visit: it uses
 * `?tz=` or the `tz` cookie when present, else the business's zone; the browser re-fetches only
 * when its own zone differs.
 */
import type { AppLoadContext } from "react-router";
import { hasOptions, type OfferPicks } from "./offers.ts";
import { prefillFrom, type Prefill } from "./prefill.ts";
import { splitSlots, type SeatInfo } from "./seats.ts";
import type { ManagedBookingPage } from "../../../app/bookings/widget-booking-port.ts";
import type { ServiceMenuView } from "../../../app/pages/public-pages.ts";
import type { WidgetConfig } from "./api-client.ts";
import { isValidTimeZone, localDateIn, monthOf, monthRange } from "./dates.ts";
import { loadI18n } from "../../../i18n/runtime.ts";
import { chooserReturnPath, FROM_PARAM } from "../../components/chooser-return.ts";

export interface BookingPageOptions {
  /** Services chosen by the URL (service routes, a service menu's service). */
  presetServiceIds?: string[];
  /** Services already in the cart when the services step opens (a service menu's service). */
  preselectedServiceIds?: string[];
  /** Services offered (a service menu shows only its own). */
  offeredServiceIds?: string[];
  oneTimeSlug?: string | null;
}

export interface BookingPageData {
  config: WidgetConfig;
  /** The page's meta description, in the page's language (search results show it under the title). */
  description: string;
  timezone: string;
  today: string;
  month: string;
  /** Slots of `month` in `timezone`; null when they cannot be known yet (services not chosen). */
  slots: Record<string, string[]> | null;
  /** Class calendars showing seats (seats.ts). */
  seats: SeatInfo | null;
  slotsError: string | null;
  presetServiceIds: string[];
  /** A preset service has variations or add-ons: the services step still asks for them. */
  presetAsksOptions: boolean;
  preselectedServiceIds: string[];
  /** The variations and add-ons picked when the flow opens (a rescheduled booking's own). */
  offers: OfferPicks;
  oneTimeSlug: string | null;
  managed: ManagedBookingPage | null;
  token: string | null;
  done: string | null;
  /** The page of calendars this one was chosen on (unprefixed path), offered as the first step's way back. */
  backTo: string | null;
  isReschedule: boolean;
  /** Contact details given in the link (an embed's prefill); checked, never trusted. */
  prefill: Prefill;
}

export const TZ_COOKIE = "tz";

export function requestTimeZone(request: Request): string | null {
  const url = new URL(request.url);
  const fromQuery = url.searchParams.get("tz");
  if (isValidTimeZone(fromQuery)) return fromQuery;
  const cookie = request.headers.get("cookie")?.match(/(?:^|;\s*)tz=([^;]+)/)?.[1];
  const fromCookie = cookie ? decodeCookieValue(cookie) : null;
  return isValidTimeZone(fromCookie) ? fromCookie : null;
}

/** A cookie is the client's to garble (`%ZZ`): an undecodable one counts as absent, never a 500. */
function decodeCookieValue(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/** Null when the calendar does not exist or is not live, or the manage link is not valid: a 404. */
export async function loadBookingPage(
  context: AppLoadContext,
  request: Request,
  calendarId: string,
  options: BookingPageOptions = {},
): Promise<BookingPageData | null> {
  const loaded = await context.booking.widgetConfig(calendarId);
  if (!loaded) return null;
  context.allowFramingBy(loaded.business.embedOrigins);
  // Private services are offered only by their own link: preset (the service's page) or preselected (a menu's).
  const linked = [...(options.presetServiceIds ?? []), ...(options.preselectedServiceIds ?? [])];
  const offered = options.offeredServiceIds;
  const config = {
    ...loaded,
    services: loaded.services
      .filter((s) => (offered ? offered.includes(s.id) : true) && (!s.isPrivate || linked.includes(s.id)))
      // A service menu shows its services in its own order (the owner sets it), not the calendar's.
      .sort((a, b) => (offered ? offered.indexOf(a.id) - offered.indexOf(b.id) : 0)),
  };
  const url = new URL(request.url);
  const bookingId = url.searchParams.get("booking") ?? url.searchParams.get("id");
  const token = url.searchParams.get("token");
  let managed: ManagedBookingPage | null = null;
  if (bookingId || token) {
    managed = bookingId && token ? await context.booking.managedBooking(bookingId, token, context.locale) : null;
    if (!managed || managed.booking.calendarId !== config.id) return null;
  }
  const isReschedule = managed !== null && url.searchParams.get("reschedule") === "1" && managed.booking.canReschedule;
  const timezone =
    requestTimeZone(request) ??
    (managed && isValidTimeZone(managed.booking.timezone) ? managed.booking.timezone : config.business.timeZone);
  const today = localDateIn(context.now(), timezone);
  const month = monthOf(today);
  const presetServiceIds = (options.presetServiceIds ?? []).filter((id) => config.services.some((s) => s.id === id));
  // A rescheduled service booking keeps each attendee's cart: the booker's first, then the guests'.
  const managedCarts = isReschedule && managed!.booking.carts.length > 0 ? managed!.booking.carts : null;
  const serviceIds = managedCarts
    ? [...(managedCarts[0] ?? [])]
    : isReschedule
      ? [...managed!.booking.serviceIds]
      : presetServiceIds;
  const needsSlots = !managed || isReschedule;
  // A linked service with variations or add-ons opens on the services step: nothing to show yet.
  const asksOptions =
    !isReschedule && presetServiceIds.some((id) => config.services.some((s) => s.id === id && hasOptions(s)));
  // A rescheduled booking keeps its variations and add-ons.
  const offers = isReschedule
    ? managed!.booking.offerLines.flat().map((line) => ({
        serviceId: line.serviceId,
        variationId: line.variationId,
        addOns: line.parts.filter((p) => p.kind === "add_on").map((p) => ({ addOnId: p.id, quantity: p.quantity })),
      }))
    : [];
  const picks: OfferPicks = Object.fromEntries(
    offers.map((o) => [
      o.serviceId,
      { variationId: o.variationId, addOns: Object.fromEntries(o.addOns.map((a) => [a.addOnId, a.quantity])) },
    ]),
  );
  let slots: Record<string, string[]> | null = null;
  let seats: SeatInfo | null = null;
  let slotsError: string | null = null;
  if (needsSlots && !asksOptions && (config.type !== "service" || serviceIds.length > 0)) {
    const result = await context.booking.freeSlots({
      calendarId: config.id,
      ...monthRange(month),
      timezone,
      serviceIds,
      ...(managedCarts && managedCarts.length > 1 ? { guestCarts: managedCarts.slice(1) } : {}),
      ...(offers.length > 0 ? { offers } : {}),
      ...(isReschedule && config.type === "round_robin" ? { staffId: managed!.booking.staff[0]?.id ?? null } : {}),
      ...(isReschedule ? { rescheduling: { bookingId: managed!.booking.id, token } } : {}),
    });
    if (result.ok) ({ slots, seats } = splitSlots(result.value));
    else slotsError = result.code;
  }
  return {
    config,
    description: await describePage(context, config.name, config.business.name),
    timezone,
    today,
    month,
    slots,
    seats,
    slotsError,
    presetServiceIds,
    presetAsksOptions: asksOptions,
    preselectedServiceIds: options.preselectedServiceIds ?? [],
    offers: picks,
    oneTimeSlug: options.oneTimeSlug ?? null,
    managed,
    token: managed ? token : null,
    done: url.searchParams.get("done"),
    backTo: isReschedule ? null : chooserReturnPath(url.searchParams.get(FROM_PARAM)),
    isReschedule,
    prefill: managed ? {} : prefillFrom(url.searchParams, config.guestMode),
  };
}

/** A booking opened from the email's cancel link (`?booking=…&token=…`, or `?id=…`); null when invalid. */
/**
 * A service menu's booking page: its calendar offering only the menu's services, under the menu's
 * name (and its description, else the calendar's). Null as `loadBookingPage`.
 */
export async function loadServiceMenuPage(
  context: AppLoadContext,
  request: Request,
  menu: ServiceMenuView,
  preselectedServiceIds?: string[],
): Promise<BookingPageData | null> {
  // The menu's listed services, and a private one only where its own link preselected it.
  const offeredServiceIds = [
    ...menu.services.map((s) => s.id),
    ...menu.unlistedServices.filter((s) => preselectedServiceIds?.includes(s.id)).map((s) => s.id),
  ];
  const page = await loadBookingPage(context, request, menu.calendar.id, { offeredServiceIds, preselectedServiceIds });
  if (!page) return null;
  const description = menu.description || page.config.description;
  return {
    ...page,
    config: { ...page.config, name: menu.name, description },
    description: await describePage(context, menu.name, page.config.business.name),
  };
}

/**
 * What a booking page says of itself to search engines (Lighthouse SEO asks for a description).
 * Written here on the server from a `meta.` message, which no browser catalogue carries: the
 * booking page's script budget is nearly spent (ADR 0004).
 */
async function describePage(context: AppLoadContext, name: string, business: string): Promise<string> {
  return (await loadI18n(context.locale))._("meta.bookingDescription", { name, business });
}

export async function loadManagedBooking(
  context: AppLoadContext,
  request: Request,
): Promise<{ managed: ManagedBookingPage; token: string } | null> {
  const url = new URL(request.url);
  const bookingId = url.searchParams.get("booking") ?? url.searchParams.get("id");
  const token = url.searchParams.get("token");
  if (!bookingId || !token) return null;
  const managed = await context.booking.managedBooking(bookingId, token, context.locale);
  return managed ? { managed, token } : null;
}

/** Whether the request carries a manage link at all (a wrong one is a 404, none is the intro). */
export const hasManageParams = (request: Request) => {
  const p = new URL(request.url).searchParams;
  return p.has("token") || p.has("booking") || p.has("id");
};

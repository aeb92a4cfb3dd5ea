/** The public configuration of a booking widget: nothing private (no emails, no hours). */
import type { LocationKind, MeetingLocation } from "../../core/calendar/location.ts";
import type { PaymentMode } from "../../core/payments/payment-plan.ts";
import type { CalendarSettings, CalendarType, DepositRule, RecurringSetting } from "../../core/calendar/calendar.ts";
import { recurringChoice } from "../../core/booking/series.ts";
import { fail, ok, type Outcome } from "../../core/booking/errors.ts";
import { requiresGuests } from "../../core/calendar/calendar-setup.ts";
import type { BookingDeps } from "./deps.ts";
import type { AttachedForm } from "../../core/forms/attached-form.ts";
import type { ServiceAddOn, ServiceVariation, StaffServiceTerms } from "../../core/booking/service-offer.ts";

export interface WidgetConfig {
  readonly id: string;
  readonly type: CalendarType;
  readonly name: string;
  readonly description: string;
  readonly durationMinutes: number;
  readonly slotIntervalMinutes: number;
  readonly guestMode: CalendarSettings["guestMode"];
  /** At least one guest before the booking can be confirmed (calendar-setup.ts: requiresGuests). */
  readonly requireGuests: boolean;
  readonly questions: CalendarSettings["questions"];
  /** The repetition the visitor may choose (issue 17); null: none offered. */
  readonly recurring: RecurringSetting | null;
  /** The attached form (issue 15): asked instead of `questions`; null when the calendar has none. */
  readonly form: AttachedForm | null;
  readonly location: PublicLocation | null;
  /** A service or staff member has a location of their own, over `location` (ADR 0044). */
  readonly hasOwnLocations: boolean;
  readonly services: readonly {
    id: string;
    name: string;
    description: string;
    category: string;
    durationMinutes: number;
    priceCents: number;
    deposit: DepositRule | null;
    maxGuestsPerSlot: number;
    /** Offered only where its direct link preselects it (loadBookingPage). */
    isPrivate: boolean;
    /** Issue 24: when not empty, the visitor picks one (core/booking/service-offer.ts). */
    variations: readonly ServiceVariation[];
    addOns: readonly ServiceAddOn[];
    /** Staff members' own price or duration, shown next to the staff choice and in the total. */
    staffTerms: readonly StaffServiceTerms[];
    /** Who performs it: "any available" ranges over them (its "from" price, where it may take place). */
    staffIds: readonly string[];
    /** Its own location, over the calendar's (absent: the calendar's; ADR 0044). */
    location?: PublicLocation;
  }[];
  /** A member's own location wins over the service's and the calendar's (absent: none). */
  readonly staff: readonly { id: string; name: string; photoUrl: string | null; location?: PublicLocation }[];
  readonly seatsPerSlot: number | null;
  readonly allowReschedule: boolean;
  /** Minutes before the start after which the visitor can no longer change it online; null = until it starts. */
  readonly changeCutoffMinutes: number | null;
  /** Paid calendars: a cancellation until this many hours before gets everything back; later the deposit is kept. */
  readonly fullRefundHoursBefore: number | null;
  readonly allowCancel: boolean;
  readonly autoConfirm: boolean;
  readonly priceCents: number;
  readonly deposit: CalendarSettings["deposit"];
  /** What the visitor pays online before the booking is confirmed. */
  readonly payment: PaymentMode;
  readonly currency: string;
  readonly business: { readonly name: string; readonly timeZone: string; readonly embedOrigins: readonly string[] };
}

export async function getWidgetConfig(
  deps: Pick<BookingDeps, "store">,
  calendarId: string,
): Promise<Outcome<WidgetConfig>> {
  const ctx = await deps.store.loadCalendar(calendarId);
  if (!ctx) return fail("CALENDAR_NOT_FOUND");
  if (!ctx.calendar.isLive) return fail("CALENDAR_UNAVAILABLE");
  const s = ctx.calendar.settings;
  const staffIds =
    ctx.calendar.type === "service"
      ? [...new Set([...ctx.members.map((m) => m.staffId), ...ctx.services.flatMap((svc) => svc.staffIds)])]
      : ctx.members.map((m) => m.staffId);
  return ok({
    id: ctx.calendar.id,
    type: ctx.calendar.type,
    name: ctx.calendar.name,
    description: ctx.calendar.description,
    durationMinutes: s.durationMinutes,
    slotIntervalMinutes: s.slotIntervalMinutes,
    guestMode: s.guestMode,
    requireGuests: requiresGuests(ctx.calendar.type, s),
    questions: ctx.form ? [] : s.questions,
    form: ctx.form ?? null,
    // A series has one host and is paid occurrence by occurrence: offered where it can be booked.
    recurring:
      ctx.calendar.type === "service" || (s.payment ?? "none") !== "none" ? null : recurringChoice(s.recurring),
    location: publicLocation(s.location),
    hasOwnLocations: ctx.services.some((svc) => svc.location) || ctx.staff.some((m) => m.location),
    services: ctx.services.map((svc) => ({
      id: svc.id,
      name: svc.name,
      description: svc.description,
      category: svc.category,
      durationMinutes: svc.durationMinutes,
      priceCents: svc.priceCents,
      deposit: svc.deposit,
      maxGuestsPerSlot: svc.maxGuestsPerSlot,
      isPrivate: svc.isPrivate === true,
      variations: svc.variations ?? [],
      addOns: svc.addOns ?? [],
      staffTerms: svc.staffTerms ?? [],
      staffIds: svc.staffIds,
      ...(svc.location ? { location: publicLocation(svc.location) } : {}),
    })),
    staff: staffIds.flatMap((id) => {
      const m = ctx.staff.find((x) => x.id === id);
      return m
        ? [
            {
              id: m.id,
              name: m.name,
              photoUrl: m.photoUrl,
              ...(m.location ? { location: publicLocation(m.location) } : {}),
            },
          ]
        : [];
    }),
    seatsPerSlot: ctx.calendar.type === "class" ? (s.seatsPerSlot ?? 1) : null,
    allowReschedule: s.allowReschedule,
    changeCutoffMinutes: s.changeCutoffMinutes,
    fullRefundHoursBefore: s.fullRefundHoursBefore ?? null,
    allowCancel: s.allowCancel,
    autoConfirm: s.autoConfirm,
    priceCents: s.priceCents,
    deposit: s.deposit,
    payment: s.payment ?? "none",
    currency: ctx.business.currency,
    business: {
      name: ctx.business.name,
      timeZone: ctx.business.timeZone,
      embedOrigins: ctx.business.embedOrigins ?? [],
    },
  });
}

/** Configuration behind a one-time link; used, revoked or expired links are 'Slug Expired'. */
export async function getOneTimeLinkConfig(
  deps: Pick<BookingDeps, "store" | "clock">,
  slug: string,
): Promise<Outcome<WidgetConfig & { oneTimeSlug: string }>> {
  const link = await deps.store.oneTimeLink(slug, deps.clock().getTime());
  if (!link) return fail("LINK_NOT_FOUND");
  if (link.state === "expired") return fail("SLUG_EXPIRED");
  const config = await getWidgetConfig(deps, link.calendarId);
  if (!config.ok)
    return config.error.code === "CALENDAR_NOT_FOUND" || config.error.code === "CALENDAR_UNAVAILABLE"
      ? fail("SLUG_EXPIRED")
      : config;
  return ok({ ...config.value, oneTimeSlug: slug });
}

/** A location as the visitor is told it before booking: "ask the visitor" has no value of its own. */
export type PublicLocation = { readonly kind: LocationKind; readonly value: string | null };

function publicLocation(location: MeetingLocation): PublicLocation;
function publicLocation(location: MeetingLocation | null | undefined): PublicLocation | null;
function publicLocation(location: MeetingLocation | null | undefined): PublicLocation | null {
  if (!location) return null;
  return { kind: location.kind, value: location.kind === "ask_booker" ? null : location.value };
}

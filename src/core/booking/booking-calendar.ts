/**
 * What the booking decision reads about one calendar: the part of the bookings port's
 * CalendarContext that the rules look at (that context satisfies this type as it is loaded).
 */
import type { AttachedForm } from "../forms/attached-form.ts";
import type { CalendarSettings, CalendarType, DepositRule } from "../calendar/calendar.ts";
import type { LocationSources, MeetingLocation } from "../calendar/location.ts";
import type { ResourceNeed } from "../availability/model.ts";
import type { ServiceAddOn, ServiceVariation, StaffServiceTerms } from "./service-offer.ts";

export interface BookingCalendar {
  readonly calendar: {
    readonly id: string;
    readonly type: CalendarType;
    readonly settings: CalendarSettings;
  };
  readonly members: readonly { readonly staffId: string; readonly priority: number; readonly isPrimary: boolean }[];
  readonly services: readonly {
    readonly id: string;
    readonly priceCents: number;
    readonly deposit: DepositRule | null;
    readonly staffIds: readonly string[];
    readonly name?: string;
    readonly durationMinutes?: number;
    readonly maxGuestsPerSlot?: number;
    /** Issue 24 (ADR 0031): what a visitor chooses of the service, and staff members' own terms. */
    readonly variations?: readonly ServiceVariation[];
    readonly addOns?: readonly ServiceAddOn[];
    readonly staffTerms?: readonly StaffServiceTerms[];
    /** Rooms and equipment it needs (issue 21). */
    readonly resources?: readonly ResourceNeed[];
    /** Where it takes place, over the calendar's (absent or null: the calendar's). */
    readonly location?: MeetingLocation | null;
  }[];
  /** A form attached to the calendar (issue 15): its fields are asked instead of `settings.questions`. */
  readonly form?: AttachedForm | null;
  /** Staff members with a location of their own (absent: none has). */
  readonly staff?: readonly { readonly id: string; readonly location?: MeetingLocation | null }[];
}

/** The calendar type alone: enough to name a refusal (service calendars say 'resource'). */
export type CalendarKind = { readonly calendar: Pick<BookingCalendar["calendar"], "type"> };

/** The location rules' view of a calendar (core/calendar/location.ts). */
export const locationSources = (ctx: BookingCalendar): LocationSources<MeetingLocation> => ({
  type: ctx.calendar.type,
  location: ctx.calendar.settings.location,
  services: ctx.services,
  staff: ctx.staff ?? [],
});

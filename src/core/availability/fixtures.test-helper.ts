import { Temporal } from "temporal-polyfill";
import { indexBusy } from "./busy-index.ts";
import type {
  AvailabilityInput,
  BusyInterval,
  CalendarRules,
  ServiceDefinition,
  StaffSchedule,
  TimeRange,
  WeeklyHours,
} from "./model.ts";

/** Test-only builders: readable defaults, overridable per case. */

export const at = (iso: string): number => Temporal.Instant.from(iso).epochMilliseconds;

export const range = (start: string, end: string): TimeRange => ({ start, end });

export function everyDay(...ranges: TimeRange[]): WeeklyHours {
  return { 1: ranges, 2: ranges, 3: ranges, 4: ranges, 5: ranges, 6: ranges, 7: ranges };
}

export function rules(overrides: Partial<CalendarRules> = {}): CalendarRules {
  return {
    calendarId: "cal",
    type: "personal",
    timeZone: "UTC",
    durationMinutes: 30,
    slotIntervalMinutes: 30,
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 0,
    minimumNoticeMinutes: 0,
    bookingWindow: { kind: "rolling_days", days: 3650 },
    unconfirmedBlocks: true,
    members: [{ staffId: "a", priority: 0.5 }],
    ...overrides,
  };
}

export function staff(
  staffId: string,
  timeZone: string,
  weekly: WeeklyHours,
  extra: Partial<StaffSchedule> = {},
): StaffSchedule {
  return { staffId, timeZone, weekly, dateOverrides: {}, timeOff: [], ...extra };
}

export function input(
  r: CalendarRules,
  schedules: StaffSchedule[],
  busy: BusyInterval[] = [],
  nowMs = 0,
): AvailabilityInput {
  return { rules: r, staff: schedules, busy: indexBusy(r, busy, nowMs) };
}

export function booking(
  staffId: string,
  startIso: string,
  endIso: string,
  extra: Partial<BusyInterval> = {},
): BusyInterval {
  return {
    staffId,
    startMs: at(startIso),
    endMs: at(endIso),
    kind: "booking",
    status: "confirmed",
    calendarId: "cal",
    ...extra,
  };
}

/** A generated service (property tests) as the engine's ServiceDefinition: `null` buffers fall back to the calendar's. */
export function generatedServices(
  services: readonly {
    duration: number;
    staff: readonly string[];
    before: number | null;
    after: number | null;
    /** Staff durations: [staff id, minutes] (a later entry for the same member wins). */
    own?: readonly (readonly [string, number])[];
  }[],
): ServiceDefinition[] {
  return services.map((svc, i) => ({
    serviceId: `svc${i}`,
    durationMinutes: svc.duration,
    staffIds: svc.staff,
    ...(svc.own?.length ? { staffDurationMinutes: Object.fromEntries(svc.own) } : {}),
    ...(svc.before === null ? {} : { bufferBeforeMinutes: svc.before }),
    ...(svc.after === null ? {} : { bufferAfterMinutes: svc.after }),
  }));
}

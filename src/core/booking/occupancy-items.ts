/**
 * The spans a booking or hold occupies, buffers included: what the database's exclusion constraint
 * compares (one item per staff member, or per guest and service on service calendars).
 */
import type { GuestCart, ServiceAssignment } from "../availability/model.ts";
import { MINUTE_MS, type EpochMs } from "../shared/time.ts";

/** One staff member's occupancy (the shape of the bookings port's OccupancyItem). */
export interface OccupancyItem {
  readonly staffId: string;
  readonly serviceId: string | null;
  readonly startMs: EpochMs;
  readonly endMs: EpochMs;
  readonly blockedStartMs: EpochMs;
  readonly blockedEndMs: EpochMs;
}

/** A calendar's (or a stored booking's) buffers around each occupied span. */
export interface Buffers {
  readonly bufferBeforeMinutes: number;
  readonly bufferAfterMinutes: number;
}

/** The span a booking occupies, its buffers included. */
export function occupancyItem(
  span: Pick<OccupancyItem, "staffId" | "serviceId" | "startMs" | "endMs">,
  buffers: Buffers,
): OccupancyItem {
  return {
    staffId: span.staffId,
    serviceId: span.serviceId,
    startMs: span.startMs,
    endMs: span.endMs,
    blockedStartMs: span.startMs - buffers.bufferBeforeMinutes * MINUTE_MS,
    blockedEndMs: span.endMs + buffers.bufferAfterMinutes * MINUTE_MS,
  };
}

/** Every service of the carts once, in first-chosen order (what `bookings.service_ids` lists). */
export const distinctServiceIds = (carts: readonly GuestCart[]): string[] => [
  ...new Set(carts.flatMap((c) => c.serviceIds)),
];
/**
 * The occupancy of a service slot: one item per (guest, service), with its own staff member and
 * time. A provider doing two tasks of one booking back to back would overlap themselves through
 * the buffers (the EXCLUDE constraint would refuse the booking), so their buffers are split
 * (`splitSharedBuffers`).
 */
export function itemsPerTask(
  assignments: readonly ServiceAssignment[],
  buffers: Buffers | ((serviceId: string) => Buffers),
): OccupancyItem[] {
  const around = typeof buffers === "function" ? buffers : () => buffers;
  return splitSharedBuffers(
    assignments.map((a) => ({ ...occupancyItem(a, around(a.serviceId)) })),
    (item) => item.staffId,
  );
}

type Blocked = { startMs: EpochMs; endMs: EpochMs; blockedStartMs: EpochMs; blockedEndMs: EpochMs };

/**
 * Where one booking uses the same staff member or the same room unit (`holderOf`) for two tasks
 * one after the other, the buffer between them is split where the second one's span begins (at the
 * earliest, the first one's end): the items stay disjoint, as the exclusion constraints require,
 * and together block exactly the span they blocked before. A turnover buffer separates one
 * booking from the next, not a visitor's own services from each other. Mutates and returns `items`.
 */
function splitSharedBuffers<T extends Blocked>(items: T[], holderOf: (item: T) => string): T[] {
  const byHolder = new Map<string, T[]>();
  for (const item of items) byHolder.set(holderOf(item), [...(byHolder.get(holderOf(item)) ?? []), item]);
  for (const list of byHolder.values()) {
    list.sort((a, b) => a.startMs - b.startMs);
    for (let i = 1; i < list.length; i++) {
      const prev = list[i - 1]!;
      const cur = list[i]!;
      if (prev.blockedEndMs <= cur.blockedStartMs) continue;
      // The engine never gives one holder two tasks at once; should it, the caller's constraint refuses it.
      if (prev.endMs > cur.startMs) continue;
      const reach = prev.blockedEndMs;
      const split = Math.max(prev.endMs, cur.blockedStartMs);
      prev.blockedEndMs = split;
      cur.blockedStartMs = split;
      cur.blockedEndMs = Math.max(cur.blockedEndMs, reach);
    }
  }
  return items;
}

/** One unit of a room or piece of equipment a booking or hold takes (issue 21), its task's buffers included. */
export interface UnitItem {
  readonly unitId: string;
  readonly resourceId: string;
  readonly serviceId: string;
  readonly guestIndex: number;
  readonly startMs: EpochMs;
  readonly endMs: EpochMs;
  readonly blockedStartMs: EpochMs;
  readonly blockedEndMs: EpochMs;
}

/**
 * The units of a service slot, one row per unit each task took, blocked over the task with its
 * buffers — the span the engine checked the unit free for. Two tasks of one booking in the same
 * unit one after the other share it as a staff member's tasks do (`splitSharedBuffers`): a visitor
 * staying in the room from the massage to the colour needs no turnover between them (ADR 0038).
 * `serviceOf` maps an engine key to its service.
 */
export function unitItems(
  assignments: readonly ServiceAssignment[],
  buffers: (serviceId: string) => Buffers,
  serviceOf: (key: string) => string = (key) => key,
): UnitItem[] {
  const items = assignments.flatMap((a) =>
    (a.units ?? []).map((u) => {
      const span = occupancyItem(
        { staffId: "", serviceId: a.serviceId, startMs: a.startMs, endMs: a.endMs },
        buffers(a.serviceId),
      );
      return {
        unitId: u.unitId,
        resourceId: u.resourceId,
        serviceId: serviceOf(a.serviceId),
        guestIndex: a.guestIndex,
        startMs: a.startMs,
        endMs: a.endMs,
        blockedStartMs: span.blockedStartMs,
        blockedEndMs: span.blockedEndMs,
      };
    }),
  );
  return splitSharedBuffers(items, (item) => item.unitId);
}

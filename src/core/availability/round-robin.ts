import type { CalendarSettings } from "../calendar/calendar.ts";

type RoundRobinMode = CalendarSettings["roundRobinMode"];

/**
 * Who takes an "any available" round-robin booking. Priority first (the source product prefers
 * higher-priority members when several are free), then equal distribution (fewest recent
 * bookings), then the staff id, so the same inputs always pick the same member.
 *
 * `recentCounts` is whatever the caller measures distribution over (e.g. this calendar's bookings
 * in the last 30 days); a member missing from it counts 0, one missing from `priorities` gets the
 * source product's default of 0.5.
 *
 * The calendar's `roundRobinMode` (domain notes A.2) says which comes first: "availability" prefers
 * higher priority among those free, then fewest bookings; "equal_distribution" rotates — fewest
 * bookings first, priority only between members with as many.
 */
export function pickRoundRobinMember(
  freeMembers: readonly string[],
  priorities: Readonly<Record<string, number>>,
  recentCounts: Readonly<Record<string, number>>,
  mode: RoundRobinMode = "availability",
): string | null {
  let best: string | null = null;
  for (const id of freeMembers) {
    if (best === null || isPreferred(id, best, priorities, recentCounts, mode)) best = id;
  }
  return best;
}

const DEFAULT_PRIORITY = 0.5;

function isPreferred(
  a: string,
  b: string,
  priorities: Readonly<Record<string, number>>,
  counts: Readonly<Record<string, number>>,
  mode: RoundRobinMode,
): boolean {
  const pa = priorities[a] ?? DEFAULT_PRIORITY;
  const pb = priorities[b] ?? DEFAULT_PRIORITY;
  const ca = counts[a] ?? 0;
  const cb = counts[b] ?? 0;
  if (mode === "equal_distribution" && ca !== cb) return ca < cb;
  if (pa !== pb) return pa > pb;
  if (ca !== cb) return ca < cb;
  return a < b;
}

/**
 * Who takes an "any available" round-robin booking. Priority first (the source product prefers
 * higher-priority members when several are free), then equal distribution (fewest recent
 * bookings), then the staff id, so the same inputs always pick the same member.
 *
 * `recentCounts` is whatever the caller measures distribution over (e.g. this calendar's bookings
 * in the last 30 days); a member missing from it counts 0, one missing from `priorities` gets the
 * source product's default of 0.5.
 */
export function pickRoundRobinMember(
  freeMembers: readonly string[],
  priorities: Readonly<Record<string, number>>,
  recentCounts: Readonly<Record<string, number>>,
): string | null {
  let best: string | null = null;
  for (const id of freeMembers) {
    if (best === null || isPreferred(id, best, priorities, recentCounts)) best = id;
  }
  return best;
}

const DEFAULT_PRIORITY = 0.5;

function isPreferred(
  a: string,
  b: string,
  priorities: Readonly<Record<string, number>>,
  counts: Readonly<Record<string, number>>,
): boolean {
  const pa = priorities[a] ?? DEFAULT_PRIORITY;
  const pb = priorities[b] ?? DEFAULT_PRIORITY;
  if (pa !== pb) return pa > pb;
  const ca = counts[a] ?? 0;
  const cb = counts[b] ?? 0;
  if (ca !== cb) return ca < cb;
  return a < b;
}

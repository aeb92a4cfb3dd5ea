/**
 * One search for two questions of a cart (ADR 0038): which staff member takes each task, and which
 * unit of a room each task's need takes. Both pick one candidate per item, in order, so that no
 * candidate takes two items whose times overlap — depth-first, the first fit first (callers order
 * the candidates: priority, least used), and given up past a step budget so that a huge party cannot
 * burn the CPU (the start then counts as taken, deterministically).
 */
export interface TimedItem<T> {
  readonly startMs: number;
  readonly endMs: number;
  readonly candidates: readonly T[];
}

/** The candidate chosen for each item, or null when impossible (or past `budget` steps). */
export function pickWithoutOverlap<T>(items: readonly TimedItem<T>[], budget: number): T[] | null {
  const search = { items, chosen: [] as T[], budget };
  return assign(search, 0) ? search.chosen.slice(0, items.length) : null;
}

/** A module function rather than a closure per call: a query runs this search for thousands of starts. */
function assign<T>(
  search: { readonly items: readonly TimedItem<T>[]; readonly chosen: T[]; budget: number },
  i: number,
): boolean {
  const { items, chosen } = search;
  const item = items[i];
  if (!item) return true;
  if (--search.budget < 0) return false;
  for (const candidate of item.candidates) {
    let clash = false;
    for (let j = 0; j < i; j++) {
      const other = items[j] as TimedItem<T>;
      if (chosen[j] === candidate && other.startMs < item.endMs && item.startMs < other.endMs) {
        clash = true;
        break;
      }
    }
    if (clash) continue;
    chosen[i] = candidate;
    if (assign(search, i + 1)) return true;
  }
  return false;
}

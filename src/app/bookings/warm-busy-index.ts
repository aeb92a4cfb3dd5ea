/**
 * Busy indexes kept warm between requests (issue 22). Rebuilding a calendar's index from every
 * occupancy row on each free-slots request costs far more than the slot sweep itself (a 50-staff,
 * 10,000-booking month: ~25 ms of loading, parsing and indexing against ~2 ms of sweep).
 *
 * An index is reused only when nothing it was built from can have changed:
 * - its busy time: each index remembers the version (database snapshot) it was read at, and every
 *   request asks the store, in one short query, whether any of its staff's occupancy was changed by
 *   a transaction that version did not see. A missed notification, another process's booking, a
 *   psql session: all of them show up there, because the database records them in the writing
 *   transaction itself (migration `*_busy_change_triggers.sql`).
 * - time: holds and unpaid bookings stop blocking when they expire, so an index is used only
 *   between the instant it was built for and the first expiry after it.
 * - the calendar: rules the index depends on (type, whether requests block, the staff) are in its key.
 *
 * Change notifications (`busy_changes`, any process) only make it sooner: the indexes of the staff
 * they name are rebuilt in the background, so the next visitor does not wait for it. Bookings
 * themselves never trust this cache: the booking transaction and its exclusion constraint decide.
 */
import { indexBusy } from "../../core/availability/busy-index.ts";
import type { BusyIndex, CalendarRules } from "../../core/availability/model.ts";
import { WALL_DAY_MS, type EpochMs } from "../../core/shared/time.ts";
import { toBusy } from "./availability.ts";
import type { BookingStore } from "./ports.ts";

type VersionedStore = Required<Pick<BookingStore, "loadOccupancyVersioned" | "busyChangedSince">>;

export interface WarmBusyIndexOptions {
  /** Indexes kept at most (least recently used dropped first). */
  readonly maxEntries?: number;
  /** An index older than this is rebuilt even if nothing changed (bounds what the database must remember). */
  readonly maxAgeMs?: number;
  /** Wall clock for ages (not the booking clock, which tests may stop). */
  readonly wallClock?: () => number;
}

export interface WarmBusyIndex {
  /**
   * The busy index of these staff for `rules` over at least [fromMs, toMs), as at `nowMs`: the warm
   * one when the store confirms nothing changed since it was read, a fresh one otherwise.
   */
  get(
    rules: CalendarRules,
    staffIds: readonly string[],
    fromMs: EpochMs,
    toMs: EpochMs,
    nowMs: EpochMs,
  ): Promise<BusyIndex>;
  /**
   * These staff's busy time changed (a notification); without ids, anyone's may have (the
   * notification connection was lost). Their indexes are rebuilt in the background.
   */
  changed(staffIds?: readonly string[]): void;
  /** Indexes held (tests and benchmarks). */
  readonly size: number;
}

/** Entries cover whole blocks, so visitors in other zones and neighbouring ranges share one. */
const BLOCK_MS = 8 * WALL_DAY_MS;
/** No cached index lives as long as busy_changes rows are kept (an hour, reads.ts). */
export const BUSY_INDEX_MAX_AGE_MS = 10 * 60_000;

interface Built {
  readonly index: BusyIndex;
  readonly version: string;
  /** The `now` it was built for: busy time depends on it (expiries). */
  readonly nowMs: EpochMs;
  /** The first expiry after nowMs: from then on a hold or unpaid booking no longer blocks. */
  readonly validUntilMs: EpochMs;
  readonly builtAt: number;
  /** When its load began, in request order (see `ticket`). */
  readonly ticket: number;
}

interface Entry {
  readonly rules: CalendarRules;
  readonly staffIds: readonly string[];
  readonly fromMs: EpochMs;
  readonly toMs: EpochMs;
  built: Built | null;
  /** The latest rebuild in flight: requests that began before its load may share it. */
  pending: { readonly ticket: number; readonly promise: Promise<Built> } | null;
  /** When a notification last named one of its staff: anything built from a load begun before is stale. */
  notified: number;
  /** Another notification came during the background rebuild: rebuild once more after it. */
  again: boolean;
  /** A background rebuild is due (notifications of one burst share it). */
  due: ReturnType<typeof setTimeout> | null;
  lastNowMs: EpochMs;
  lastUsedAt: number;
}

/** Background rebuilds only for indexes someone asked for lately: the others wait for their next request. */
const RECENTLY_USED_MS = 60_000;
/** A burst of bookings (a batch, several processes) notifies several times: one rebuild after it. */
const REFRESH_DELAY_MS = 20;

export function createWarmBusyIndex(store: VersionedStore, options: WarmBusyIndexOptions = {}): WarmBusyIndex {
  const maxEntries = options.maxEntries ?? 1000;
  const maxAgeMs = options.maxAgeMs ?? BUSY_INDEX_MAX_AGE_MS;
  const wallClock = options.wallClock ?? Date.now;
  const entries = new Map<string, Entry>();
  /** The entries of each staff member, so a notification finds its indexes without a scan. */
  const byStaff = new Map<string, Set<Entry>>();
  /**
   * Orders requests, loads and notifications in this process: a load with a later ticket than a
   * request began after it, so its snapshot sees every change committed before the request.
   */
  let tickets = 0;

  function build(entry: Entry, nowMs: EpochMs): Promise<Built> {
    const ticket = ++tickets;
    const promise = (async () => {
      const builtAt = wallClock();
      const { occupancy, version } = await store.loadOccupancyVersioned(entry.staffIds, entry.fromMs, entry.toMs);
      let validUntilMs = Number.POSITIVE_INFINITY;
      for (const o of occupancy)
        if (o.expiresAtMs !== null && o.expiresAtMs > nowMs && o.expiresAtMs < validUntilMs)
          validUntilMs = o.expiresAtMs;
      const built: Built = {
        index: indexBusy(entry.rules, occupancy.map(toBusy), nowMs),
        version,
        nowMs,
        validUntilMs,
        builtAt,
        ticket,
      };
      // Kept unless a newer one is, or a notification came after this load began (it may have missed that change).
      if (ticket > entry.notified && (entry.built === null || ticket > entry.built.ticket)) entry.built = built;
      return built;
    })();
    entry.pending = { ticket, promise };
    const settle = () => {
      if (entry.pending?.promise !== promise) return;
      entry.pending = null;
      if (entry.again) {
        entry.again = false;
        refresh(entry);
      }
    };
    promise.then(settle, settle);
    return promise;
  }

  function refresh(entry: Entry): void {
    if (entry.due || wallClock() - entry.lastUsedAt > RECENTLY_USED_MS) return;
    entry.due = setTimeout(() => {
      entry.due = null;
      // A request may have rebuilt it meanwhile.
      if (entry.built && entry.built.ticket > entry.notified) return;
      // One background rebuild at a time per index; a burst of bookings costs one more, not one each.
      if (entry.pending) entry.again = true;
      else build(entry, entry.lastNowMs).catch(() => {});
    }, REFRESH_DELAY_MS);
    // Never what keeps a process alive.
    entry.due.unref?.();
  }

  const covers = (built: Built, nowMs: EpochMs) => nowMs >= built.nowMs && nowMs < built.validUntilMs;

  return {
    async get(rules, staffIds, fromMs, toMs, nowMs) {
      const ticket = ++tickets;
      const from = Math.floor(fromMs / BLOCK_MS) * BLOCK_MS;
      const to = Math.ceil(toMs / BLOCK_MS) * BLOCK_MS;
      const key = `${rules.calendarId}|${rules.type}|${rules.unconfirmedBlocks}|${staffIds.join(",")}|${from}|${to}`;
      let entry = entries.get(key);
      if (entry) {
        // Most recently used last: the first key is the one to drop.
        entries.delete(key);
        entries.set(key, entry);
      } else {
        entry = {
          rules,
          staffIds: [...staffIds],
          fromMs: from,
          toMs: to,
          built: null,
          pending: null,
          notified: 0,
          again: false,
          due: null,
          lastNowMs: nowMs,
          lastUsedAt: 0,
        };
        entries.set(key, entry);
        for (const id of entry.staffIds) {
          const set = byStaff.get(id) ?? new Set<Entry>();
          set.add(entry);
          byStaff.set(id, set);
        }
        if (entries.size > maxEntries) {
          const [oldestKey, oldest] = entries.entries().next().value as [string, Entry];
          entries.delete(oldestKey);
          for (const id of oldest.staffIds) {
            const set = byStaff.get(id);
            set?.delete(oldest);
            if (set?.size === 0) byStaff.delete(id);
          }
        }
      }
      entry.lastNowMs = nowMs;
      entry.lastUsedAt = wallClock();
      const built = entry.built;
      if (
        built !== null &&
        built.ticket > entry.notified &&
        covers(built, nowMs) &&
        wallClock() - built.builtAt < maxAgeMs &&
        !(await store.busyChangedSince(entry.staffIds, built.version))
      )
        return built.index;
      // A rebuild whose load began after this request sees all this request must; an older one may not.
      const shared = entry.pending && entry.pending.ticket > ticket ? await entry.pending.promise : null;
      if (shared && covers(shared, nowMs)) return shared.index;
      const newer = entry.built;
      if (newer && newer.ticket > ticket && covers(newer, nowMs)) return newer.index;
      return (await build(entry, nowMs)).index;
    },

    changed(staffIds) {
      const ticket = ++tickets;
      const touched = staffIds
        ? new Set(staffIds.flatMap((id) => [...(byStaff.get(id) ?? [])]))
        : new Set(entries.values());
      for (const entry of touched) {
        entry.notified = ticket;
        refresh(entry);
      }
    },

    get size() {
      return entries.size;
    },
  };
}

/**
 * Busy indexes kept warm between requests (issue 22). Rebuilding a calendar's index from every
 * occupancy row on each free-slots request costs far more than the slot sweep itself (a 50-staff,
 * 10,000-booking month: ~25 ms of loading, parsing and indexing against ~2 ms of sweep).
 *
 * An index is reused only when nothing it was built from can have changed:
 * - its busy time: each index remembers the version (database snapshot) it was read at, and every
 *   request asks the store, in one short query, which of its staff's occupancy was changed by a
 *   transaction that version did not see — and, in the same statement, their occupancy now. Those
 *   staff's part of the index is replaced; everyone else's is unchanged up to the new version. A
 *   missed notification, another process's booking, a psql session: all of them show up there,
 *   because the database records them in the writing transaction itself
 *   (migration `*_busy_change_triggers.sql`).
 * - time: holds and unpaid bookings stop blocking when they expire, so an index is used only
 *   between the instant it was built for and the first expiry after it.
 * - the calendar: rules the index depends on (type, whether requests block, the staff) are in its key.
 *
 * Change notifications (`busy_changes`, any process) only make it sooner: the indexes of the staff
 * they name are brought up to date in the background, so the next visitor does not wait for it. Bookings
 * themselves never trust this cache: the booking transaction and its exclusion constraint decide.
 */
import { calendarCountedStarts, indexBusy } from "../../core/availability/busy-index.ts";
import type { BusyIndex, BusyInterval, CalendarRules, StaffBusyIndex } from "../../core/availability/model.ts";
import { WALL_DAY_MS, type EpochMs } from "../../core/shared/time.ts";
import { toBusy } from "./availability.ts";
import type { BookingStore, Occupancy } from "./ports.ts";

type VersionedStore = Required<Pick<BookingStore, "loadOccupancyVersioned" | "occupancyChangedSince">>;

export interface WarmBusyIndexOptions {
  /** Indexes kept at most (least recently used dropped first). */
  readonly maxEntries?: number;
  /** An index older than this is rebuilt from scratch (bounds what the database must remember). */
  readonly maxAgeMs?: number;
  /** Wall clock for ages (not the booking clock, which tests may stop). */
  readonly wallClock?: () => number;
  /** The booking clock, for background updates (without it: the last request's `now`). */
  readonly now?: () => EpochMs;
}

export interface WarmBusyIndex {
  /**
   * The busy index of these staff of the business for `rules` over at least [fromMs, toMs), as at `nowMs`: the warm
   * one brought up to date with what the store says changed since it was read, or a fresh one.
   */
  get(
    businessId: string,
    rules: CalendarRules,
    staffIds: readonly string[],
    fromMs: EpochMs,
    toMs: EpochMs,
    nowMs: EpochMs,
  ): Promise<BusyIndex>;
  /**
   * These staff's busy time changed (a notification); without ids, anyone's may have (the
   * notification connection was lost). Their indexes are brought up to date in the background.
   */
  changed(staffIds?: readonly string[]): void;
  /**
   * From now on every change of busy time is told to `changed()` before its commit returns to
   * anyone: true of the embedded database, which runs in this process alone and delivers its
   * notifications within the committing call (app.ts calls this once a probe notification came back,
   * so an instance that does not listen never does). An index nothing was told about since its read
   * began is then used without asking the store. Never on PostgreSQL: another process's commit can be
   * seen before its notification arrives.
   */
  trustNotifications(): void;
  /** Indexes held (tests and benchmarks). */
  readonly size: number;
}

/** Entries cover whole blocks, so visitors in other zones and neighbouring ranges share one. */
const BLOCK_MS = 8 * WALL_DAY_MS;
/** No cached index lives as long as busy_changes rows are kept (an hour, reads.ts). */
export const BUSY_INDEX_MAX_AGE_MS = 10 * 60_000;
/** Background updates only for indexes someone asked for lately: the others wait for their next request. */
const RECENTLY_USED_MS = 60_000;
/** A burst of bookings (a batch, several processes) notifies several times: one update after it. */
const REFRESH_DELAY_MS = 20;

interface Built {
  readonly index: BusyIndex;
  /** What it was indexed from, per staff member: a change replaces a member's list and part. */
  readonly busyByStaff: ReadonlyMap<string, readonly BusyInterval[]>;
  readonly version: string;
  /** The `now` it was built for: busy time depends on it (expiries). */
  readonly nowMs: EpochMs;
  /** The first expiry after nowMs: from then on a hold or unpaid booking no longer blocks. */
  readonly validUntilMs: EpochMs;
  /** When it was first built from scratch (updates keep it: the age limit counts from there). */
  readonly builtAt: number;
  /** When its read began, in request order (see `tickets`). */
  readonly ticket: number;
  /** How many changes had been told (`changed()`) when its read began. */
  readonly told: number;
}

interface Entry {
  readonly businessId: string;
  readonly rules: CalendarRules;
  readonly staffIds: readonly string[];
  readonly fromMs: EpochMs;
  readonly toMs: EpochMs;
  built: Built | null;
  /** The latest read in flight. */
  pending: { readonly ticket: number; readonly full: boolean; readonly promise: Promise<Built> } | null;
  /**
   * A read that begins once `pending` settles, shared by every request that arrives until then
   * (it begins after each of them arrived, so it sees whatever they must see).
   */
  queued: { readonly nowMs: EpochMs; readonly promise: Promise<Built> } | null;
  /** Another notification came during the background update: update once more after it. */
  again: boolean;
  /** A background update is due (notifications of one burst share it). */
  due: ReturnType<typeof setTimeout> | null;
  lastNowMs: EpochMs;
  lastUsedAt: number;
}

function byStaffOf(occupancy: readonly Occupancy[], staffIds: Iterable<string>): Map<string, BusyInterval[]> {
  const out = new Map<string, BusyInterval[]>();
  for (const id of staffIds) out.set(id, []);
  for (const o of occupancy) out.get(o.staffId)?.push(toBusy(o));
  return out;
}

function firstExpiryAfter(busyByStaff: ReadonlyMap<string, readonly BusyInterval[]>, nowMs: EpochMs): EpochMs {
  let first = Number.POSITIVE_INFINITY;
  for (const list of busyByStaff.values())
    for (const b of list)
      if (b.expiresAtMs !== undefined && b.expiresAtMs > nowMs && b.expiresAtMs < first) first = b.expiresAtMs;
  return first;
}

function* allOf(busyByStaff: ReadonlyMap<string, readonly BusyInterval[]>): Iterable<BusyInterval> {
  for (const list of busyByStaff.values()) yield* list;
}

export function createWarmBusyIndex(store: VersionedStore, options: WarmBusyIndexOptions = {}): WarmBusyIndex {
  const maxEntries = options.maxEntries ?? 1000;
  const maxAgeMs = options.maxAgeMs ?? BUSY_INDEX_MAX_AGE_MS;
  const wallClock = options.wallClock ?? Date.now;
  const entries = new Map<string, Entry>();
  /** The entries of each staff member, so a notification finds its indexes without a scan. */
  const byStaff = new Map<string, Set<Entry>>();
  /** Orders reads in this process: of two finished reads, the later-begun one's index is kept. */
  let tickets = 0;
  /** Changes told so far (`changed()` calls), and whether every change is told before it is seen. */
  let told = 0;
  let trusted = false;

  /** Whether `built` may be brought up to date for `nowMs` (else: read everything afresh). */
  const updatable = (built: Built | null, nowMs: EpochMs): built is Built =>
    built !== null && nowMs >= built.nowMs && nowMs < built.validUntilMs && wallClock() - built.builtAt < maxAgeMs;

  /** Everything read afresh. */
  async function build(entry: Entry, nowMs: EpochMs, ticket: number, toldAtStart: number): Promise<Built> {
    const builtAt = wallClock();
    const { occupancy, version } = await store.loadOccupancyVersioned(
      entry.businessId,
      entry.staffIds,
      entry.fromMs,
      entry.toMs,
    );
    const busyByStaff = byStaffOf(occupancy, entry.staffIds);
    return {
      index: indexBusy(entry.rules, occupancy.map(toBusy), nowMs),
      busyByStaff,
      version,
      nowMs,
      validUntilMs: firstExpiryAfter(busyByStaff, nowMs),
      builtAt,
      ticket,
      told: toldAtStart,
    };
  }

  /** `base` with the staff changed since its version replaced (the same index object when none did). */
  async function update(
    entry: Entry,
    base: Built,
    nowMs: EpochMs,
    ticket: number,
    toldAtStart: number,
  ): Promise<Built> {
    const delta = await store.occupancyChangedSince(
      entry.businessId,
      entry.staffIds,
      entry.fromMs,
      entry.toMs,
      base.version,
    );
    // Nothing changed: the same index (kept answers stay valid), now known current as of this read.
    if (delta.changed.length === 0) return toldAtStart === base.told ? base : { ...base, ticket, told: toldAtStart };
    const fresh = byStaffOf(delta.occupancy, delta.changed);
    const busyByStaff = new Map(base.busyByStaff);
    for (const [id, list] of fresh) busyByStaff.set(id, list);
    // Their part indexed at this `now`, the others' as before: valid from the later `now` on.
    const part = indexBusy(entry.rules, [...allOf(fresh)], nowMs);
    const parts: Record<string, StaffBusyIndex> = { ...base.index.byStaff };
    for (const id of fresh.keys()) {
      const own = part.byStaff[id];
      if (own) parts[id] = own;
      else delete parts[id];
    }
    return {
      index: {
        calendarId: base.index.calendarId,
        byStaff: parts,
        calendarCountedStarts: calendarCountedStarts(entry.rules, allOf(busyByStaff), nowMs),
      },
      busyByStaff,
      version: delta.version,
      nowMs,
      validUntilMs: firstExpiryAfter(busyByStaff, nowMs),
      builtAt: base.builtAt,
      ticket,
      told: toldAtStart,
    };
  }

  /** Brings the entry up to date for `nowMs`: what changed since its version, or everything. */
  function read(entry: Entry, nowMs: EpochMs): Promise<Built> {
    const ticket = ++tickets;
    const toldAtStart = told;
    const base = entry.built;
    const full = !updatable(base, nowMs);
    const promise = (async () => {
      const built = updatable(base, nowMs)
        ? await update(entry, base, nowMs, ticket, toldAtStart)
        : await build(entry, nowMs, ticket, toldAtStart);
      // Kept unless a read begun later was kept already.
      if (entry.built === null || built.ticket > entry.built.ticket) entry.built = built;
      return built;
    })();
    entry.pending = { ticket, full, promise };
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

  /** A read to begin once the one in flight settles (see `Entry.queued`). */
  function queueRead(entry: Entry, nowMs: EpochMs): NonNullable<Entry["queued"]> {
    const inFlight = entry.pending?.promise ?? Promise.resolve();
    const queued = {
      nowMs,
      promise: inFlight
        .catch(() => {})
        .then(() => {
          if (entry.queued === queued) entry.queued = null;
          return read(entry, nowMs);
        }),
    };
    entry.queued = queued;
    return queued;
  }

  function refresh(entry: Entry): void {
    if (entry.due || wallClock() - entry.lastUsedAt > RECENTLY_USED_MS) return;
    entry.due = setTimeout(() => {
      entry.due = null;
      // One background read at a time per index; a burst of bookings costs one more, not one each.
      if (entry.pending) entry.again = true;
      else read(entry, options.now?.() ?? entry.lastNowMs).catch(() => {});
    }, REFRESH_DELAY_MS);
    // Never what keeps a process alive.
    entry.due.unref?.();
  }

  function entryFor(
    businessId: string,
    rules: CalendarRules,
    staffIds: readonly string[],
    fromMs: EpochMs,
    toMs: EpochMs,
  ): Entry {
    const from = Math.floor(fromMs / BLOCK_MS) * BLOCK_MS;
    const to = Math.ceil(toMs / BLOCK_MS) * BLOCK_MS;
    // The calendar names its business: the business id is what the reads filter by, not a key part.
    const key = `${rules.calendarId}|${rules.type}|${rules.unconfirmedBlocks}|${staffIds.join(",")}|${from}|${to}`;
    const found = entries.get(key);
    if (found) {
      // Most recently used last: the first key is the one to drop.
      entries.delete(key);
      entries.set(key, found);
      return found;
    }
    const entry: Entry = {
      businessId,
      rules,
      staffIds: [...staffIds],
      fromMs: from,
      toMs: to,
      built: null,
      pending: null,
      queued: null,
      again: false,
      due: null,
      lastNowMs: 0,
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
    return entry;
  }

  return {
    async get(businessId, rules, staffIds, fromMs, toMs, nowMs) {
      const entry = entryFor(businessId, rules, staffIds, fromMs, toMs);
      entry.lastNowMs = nowMs;
      entry.lastUsedAt = wallClock();
      // Nothing was told since the index's read began, and everything would have been (embedded):
      // the store's answer to "what changed since?" is known to be "nothing".
      const built = entry.built;
      if (trusted && entry.pending === null && built?.told === told && updatable(built, nowMs)) return built.index;
      // Otherwise every request reads what changed since the index's version itself: a read begun before it
      // may have missed a change committed before it began. Only a full read in flight (a cold start)
      // is waited for, so that concurrent visitors then read its small delta instead of everything again.
      if (entry.pending?.full) await entry.pending.promise.catch(() => {});
      // A read in flight began before this request (it may miss a change committed just before the
      // request): the next read, begun after it, is shared by everyone arriving meanwhile — one
      // version query for a burst of concurrent visitors instead of one each. Its index is built at
      // the first of their `now`s, so it serves the others while no expiry lies between.
      if (entry.pending) {
        const queued = entry.queued && entry.queued.nowMs <= nowMs ? entry.queued : queueRead(entry, nowMs);
        const built = await queued.promise;
        if (updatable(built, nowMs)) return built.index;
      }
      return (await read(entry, nowMs)).index;
    },

    changed(staffIds) {
      told += 1;
      const touched = staffIds
        ? new Set(staffIds.flatMap((id) => [...(byStaff.get(id) ?? [])]))
        : new Set(entries.values());
      for (const entry of touched) refresh(entry);
    },

    trustNotifications() {
      trusted = true;
    },

    get size() {
      return entries.size;
    },
  };
}

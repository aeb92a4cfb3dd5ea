/**
 * Slot reads on a read replica (issue 19, `DATABASE_READ_URL`; docs/decisions/0056-read-replica-slot-reads.md).
 *
 * A streaming replica lags the primary. Before a slot read goes to it, this checks that the replica
 * has replayed the primary's WAL up to a position this process must see, else the read goes to the
 * primary (never a stale answer unnoticed):
 * - **what this process must see**: the primary's flushed WAL position, asked of the primary at
 *   most `boundMs` before the read's request arrived, and asked anew after anything this process
 *   was told of — its own commits that change slots or calendars, and every change notification
 *   from other processes (`changed()`). Such a position is asked after the commit it stands for was
 *   told of, so it lies at or past that commit's record.
 * - **what the replica has**: `pg_last_wal_replay_lsn()`, asked before the read (a statement's own
 *   snapshot is taken before anything in it runs, so the check must come first). Replay only moves
 *   forward, so a replica once seen at or past a position needs no new check for it.
 * - **a read on the primary** (the replica was behind) sees more than any earlier position: the
 *   next read asks the primary's position anew, so the replica does not serve anything older after it.
 */
import { drizzle } from "drizzle-orm/node-postgres";
import type pg from "pg";
import type { Db } from "./client.ts";
import type { Executor } from "./bookings/executor.ts";
import * as schema from "./schema.ts";

export interface SlotReadRouting {
  /** Slot reads: on the replica when it has what this process must see, else on the primary. */
  readonly executor: Executor;
  /** A change this process must see in its next slot read was committed (own write or notification). */
  changed(): void;
  /** Slot reads answered so far by each server, and the replica's replay position checks. */
  readonly counts: { readonly replica: number; readonly primary: number; readonly replayChecks: number };
}

export interface SlotReadRoutingOptions {
  /**
   * A commit this process was told nothing of is seen by slot reads of requests arriving this long
   * after it (the primary's position is asked at most this often while slot reads come).
   */
  readonly boundMs?: number;
  readonly wallClock?: () => number;
}

export const SLOT_READ_STALENESS_BOUND_MS = 250;

/** A `pg_lsn`'s text (`16/B374D848`) as one comparable number. */
export function lsnOf(text: unknown): bigint {
  const match = /^([0-9A-F]+)\/([0-9A-F]+)$/i.exec(String(text));
  if (!match) throw new Error(`Not a WAL position: ${String(text)}`);
  return (BigInt(`0x${match[1]}`) << 32n) + BigInt(`0x${match[2]}`);
}

/**
 * Errors of the replica rather than of the statement (those would fail on the primary too): the
 * connection's, and a read cancelled by a conflict with recovery (40001: replay had to remove rows
 * the read still needed, after `max_standby_streaming_delay`).
 */
function isReplicaError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  // Node's own (ECONNREFUSED, ECONNRESET, ETIMEDOUT…): no SQLSTATE class begins with E.
  if (typeof code !== "string" || code.startsWith("E")) return true;
  return code.startsWith("08") || code.startsWith("57P") || code === "40001";
}

type QueryArgs = Parameters<pg.Pool["query"]>;

export function slotReadRouting(
  primary: pg.Pool,
  replica: pg.Pool,
  options: SlotReadRoutingOptions = {},
): SlotReadRouting {
  const boundMs = options.boundMs ?? SLOT_READ_STALENESS_BOUND_MS;
  const wallClock = options.wallClock ?? performance.now.bind(performance);
  /** Bumped by every change told of: a position asked before the bump may lie before that change. */
  let epoch = 0;
  /** The latest primary position known, the epoch at which it was asked, and when the asking began. */
  let required = { lsn: 0n, epoch: -1, askedAt: Number.NEGATIVE_INFINITY };
  let asking: { readonly epoch: number; readonly askedAt: number; readonly promise: Promise<bigint> } | null = null;
  /** How far the replica was seen to have replayed. */
  let replayed = 0n;
  const counts = { replica: 0, primary: 0, replayChecks: 0 };

  /** The primary's position as of a moment after both `arrivedAt - boundMs` and every change of `mustEpoch`. */
  function requiredLsn(arrivedAt: number, mustEpoch: number): Promise<bigint> {
    const fits = (at: { epoch: number; askedAt: number }) => at.epoch >= mustEpoch && at.askedAt >= arrivedAt - boundMs;
    if (fits(required)) return Promise.resolve(required.lsn);
    if (asking && fits(asking)) return asking.promise;
    const ask = { epoch, askedAt: wallClock() };
    const promise = primary.query("select pg_current_wal_flush_lsn()::text as lsn").then(({ rows }) => {
      const lsn = lsnOf(rows[0]?.lsn);
      if (ask.askedAt >= required.askedAt) required = { ...ask, lsn: lsn > required.lsn ? lsn : required.lsn };
      return lsn;
    });
    const current = { ...ask, promise };
    asking = current;
    const settle = () => {
      if (asking === current) asking = null;
    };
    promise.then(settle, settle);
    return promise;
  }

  /** Where a read of a request that arrived at `arrivedAt` (with `mustEpoch`) goes. */
  async function pick(arrivedAt: number, mustEpoch: number): Promise<pg.Pool> {
    const lsn = await requiredLsn(arrivedAt, mustEpoch);
    if (replayed < lsn) {
      counts.replayChecks++;
      // A replica that does not answer (down, restarting, not a standby: null) serves nothing.
      const now = await replica
        .query("select pg_last_wal_replay_lsn()::text as lsn")
        .then(({ rows }) => lsnOf(rows[0]?.lsn))
        .catch(() => 0n);
      if (now > replayed) replayed = now;
    }
    return replayed >= lsn ? replica : primary;
  }

  async function run<T>(query: (pool: pg.Pool) => Promise<T>): Promise<T> {
    const pool = await pick(wallClock(), epoch);
    if (pool === replica) {
      try {
        const result = await query(replica);
        counts.replica++;
        return result;
      } catch (error) {
        // The replica went away or cancelled the read: the primary answers; its position is checked anew next time.
        if (!isReplicaError(error)) throw error;
        replayed = 0n;
      }
    }
    counts.primary++;
    try {
      return await query(primary);
    } finally {
      // It saw more than the replica had: later reads ask for a position at or past what it saw.
      epoch++;
    }
  }

  /** A pool-like client for drizzle: each query is routed on its own. */
  const routedClient = {
    query: (...args: QueryArgs) => run((pool) => (pool.query as (...a: QueryArgs) => Promise<unknown>)(...args)),
    totalCount: 0,
  };
  const db = drizzle({ client: routedClient as unknown as pg.Pool, schema }) as unknown as Db;

  return {
    executor: {
      db,
      pooled: true,
      execute: (text, params = [], name) =>
        run(
          (pool) =>
            pool.query(name ? { name, text, values: params } : { text, values: params }) as Promise<{
              rows: Record<string, unknown>[];
            }>,
        ),
    },
    changed() {
      epoch++;
    },
    counts,
  };
}

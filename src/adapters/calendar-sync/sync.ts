/**
 * Syncing connected calendars: read the busy time of the window, store it, say how it went. Run for
 * due connections by every process (claimDueConnections: each takes different ones) and on demand
 * through the business API. A calendar that cannot be read keeps its last busy time in force and
 * shows `status: "error"` with the reason; it is tried again after RETRY_MS.
 */
import type { Db } from "../db/client.ts";
import type { WorkerLogger } from "../outbox/outbox-worker.ts";
import { claimDueConnections, recordSynced, recordSyncFailed, type StoredConnection } from "./connection-store.ts";
import type { CalendarSource, OpenConnection } from "./sources.ts";
import { syncFailureReason } from "./sync-failure.ts";

export const SYNC_EVERY_MS = 10 * 60_000;
export const RETRY_MS = 5 * 60_000;
/** Longer than any one sync may take (requests time out after 15 s each). */
export const SYNC_LEASE_MS = 2 * 60_000;
const DAY_MS = 86_400_000;

export interface CalendarSyncDeps {
  readonly db: Db;
  readonly sources: CalendarSource;
  /** Opens what was sealed under APP_SECRET. */
  readonly openSecret: (sealed: string) => string;
  readonly clock: () => Date;
  /**
   * A sync (or a disconnect) changed this staff member's busy time: open booking pages that show
   * them refresh their slots now rather than on their next request.
   */
  readonly onBusyChanged?: (staffId: string) => void;
}

/** The busy time read: from a day ago (zones, long events) to a year ahead (every booking window). */
export function syncWindow(now: Date) {
  return { fromMs: now.getTime() - DAY_MS, toMs: now.getTime() + 366 * DAY_MS };
}

export function openConnection(connection: StoredConnection, openSecret: (s: string) => string): OpenConnection {
  return {
    kind: connection.kind,
    url: openSecret(connection.urlSealed),
    username: connection.username,
    password: connection.passwordSealed ? openSecret(connection.passwordSealed) : null,
    calendarUrl: connection.calendarUrl,
    timeZone: connection.timeZone,
  };
}

/** One sync; never throws for the calendar's own failures (they become the connection's status). */
export async function syncConnection(
  deps: CalendarSyncDeps,
  connection: StoredConnection,
): Promise<{ ok: boolean; changed: boolean }> {
  try {
    const read = await deps.sources.readBusy(openConnection(connection, deps.openSecret), syncWindow(deps.clock()));
    const { changed } = await recordSynced(deps.db, connection, read.spans, {
      calendarUrl: read.calendarUrl,
      nextSyncInMs: SYNC_EVERY_MS,
    });
    if (changed) deps.onBusyChanged?.(connection.staffId);
    return { ok: true, changed };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await recordSyncFailed(
      deps.db,
      connection,
      { reason: syncFailureReason(error), message: message || "the calendar could not be read" },
      RETRY_MS,
    );
    return { ok: false, changed: false };
  }
}

/** Syncs every due connection once (a few at a time); returns how many were synced. */
export async function syncDueConnections(deps: CalendarSyncDeps, batch = 5): Promise<number> {
  let done = 0;
  for (;;) {
    const due = await claimDueConnections(deps.db, batch, SYNC_LEASE_MS);
    if (due.length === 0) return done;
    await Promise.all(due.map((c) => syncConnection(deps, c)));
    done += due.length;
  }
}

/** The schedule every server process runs: a look for due connections every `everyMs`. */
export function startCalendarSync(deps: CalendarSyncDeps & { logger: Pick<WorkerLogger, "warn"> }, everyMs = 30_000) {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = syncDueConnections(deps)
      .catch((error: unknown) => deps.logger.warn({ err: error }, "calendar sync failed"))
      .finally(() => (running = null));
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

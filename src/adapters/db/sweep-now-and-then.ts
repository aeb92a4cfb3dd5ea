/**
 * Tables of rows that end (rate-limit windows, spent proofs) are cleared by whichever process
 * notices, at most once a minute each, off the request's path: deleting twice is harmless, and a
 * failure only leaves rows for the next sweep.
 */
import type { Database } from "./client.ts";

const SWEEP_EVERY_MS = 60_000;

/**
 * A function to call on each request with its `nowMs`: now and then it runs `statement` (a delete
 * whose one parameter is that instant, ISO) without waiting for it.
 */
export function sweepNowAndThen(
  database: Database,
  statement: string,
  onError: ((error: unknown) => void) | undefined,
): (nowMs: number) => void {
  let lastSweepMs = 0;
  return (nowMs) => {
    if (nowMs - lastSweepMs < SWEEP_EVERY_MS) return;
    lastSweepMs = nowMs;
    database.execute(statement, [new Date(nowMs).toISOString()]).catch((error: unknown) => onError?.(error));
  };
}

/**
 * Spec §4/§9: after a chunk-loading failure during navigation the page is reloaded at the target
 * path with its state kept, and the same path is never reloaded again within 10000 ms (so a chunk
 * that is really gone shows an error instead of a reload loop).
 */
export const RELOAD_GUARD_MS = 10_000;

export type ReloadLog = Record<string, number>;

export function shouldReload(target: string, nowMs: number, log: ReloadLog, windowMs = RELOAD_GUARD_MS): boolean {
  const last = log[target];
  return last === undefined || nowMs - last >= windowMs;
}

/** Records a reload and forgets entries older than the window, so the log stays small. */
export function recordReload(target: string, nowMs: number, log: ReloadLog, windowMs = RELOAD_GUARD_MS): ReloadLog {
  const kept = Object.fromEntries(Object.entries(log).filter(([, at]) => nowMs - at < windowMs));
  return { ...kept, [target]: nowMs };
}

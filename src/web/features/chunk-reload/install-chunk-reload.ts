import { createPath } from "react-router";
import { readSession, writeSession } from "../../components/session-storage.ts";
import { recordReload, shouldReload, type ReloadLog } from "./reload-guard.ts";

const STORAGE_KEY = "chunk-reloads";
/** React Router logs this, then calls `location.reload()` on the *current* URL (routeModules.ts). */
const ROUTE_MODULE_FAILURE = "Error loading route module";

interface RouterLike {
  state: { navigation: { location?: { pathname: string; search: string; hash: string; state: unknown; key: string } } };
}

export class ChunkReloadSuppressedError extends Error {
  override name = "ChunkReloadSuppressedError";
}

function readLog(): ReloadLog {
  try {
    return JSON.parse(readSession(STORAGE_KEY) ?? "{}") as ReloadLog;
  } catch {
    return {};
  }
}

/**
 * React Router reloads the page it is leaving when a route chunk fails to load. We want the
 * *target* page instead, with its state, and a loop guard. `location.reload` cannot be replaced
 * (it is unforgeable), so we act on the log line React Router writes just before it: point the
 * current history entry at the target (keeping its state) so the reload lands there. When the
 * target was reloaded less than 10 s ago we leave the history entry alone, so the reload stays on
 * the page the visitor is on; only if that page too was reloaded within the window do we throw,
 * which stops the reload (the last resort against a loop).
 */
export function installChunkReload(): void {
  const original = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    original(...args);
    if (typeof args[0] !== "string" || !args[0].startsWith(ROUTE_MODULE_FAILURE)) return;
    const router = (window as unknown as { __reactRouterDataRouter?: RouterLike }).__reactRouterDataRouter;
    const next = router?.state.navigation.location;
    const target = next ? createPath(next) : window.location.pathname + window.location.search + window.location.hash;
    const current = window.location.pathname + window.location.search + window.location.hash;
    const now = Date.now();
    const log = readLog();
    if (!shouldReload(target, now, log)) {
      if (!shouldReload(current, now, log)) {
        throw new ChunkReloadSuppressedError(`Not reloading ${target} or ${current} again within 10000 ms`);
      }
      writeSession(STORAGE_KEY, JSON.stringify(recordReload(current, now, log)));
      return;
    }
    writeSession(STORAGE_KEY, JSON.stringify(recordReload(target, now, log)));
    if (next) {
      const entry = (window.history.state ?? {}) as { idx?: number };
      window.history.replaceState({ usr: next.state, key: next.key, idx: entry.idx ?? 0 }, "", target);
    }
  };
}

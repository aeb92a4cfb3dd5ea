/**
 * Pages that are read, not used: content routes export `handle = STATIC_PAGE` and the document is
 * sent without React Router's scripts (no hydration, no client bundle — issue 16 "content pages need
 * no JavaScript to read"). Their links are plain links and the language switcher is a <details>
 * list of links, so nothing on them needs script. An error screen keeps its scripts (it logs the
 * error to the console, spec §2 screen 10).
 */
import type { UIMatch } from "react-router";

export const STATIC_PAGE = { hydrate: false } as const;

export function needsScripts(matches: readonly UIMatch[]): boolean {
  const leaf = matches.at(-1);
  if (!leaf || leaf.data === undefined) return true;
  return (leaf.handle as { hydrate?: boolean } | undefined)?.hydrate !== false;
}

/**
 * Cache headers of a content page: public for a minute, then revalidated with its ETag
 * (src/server/http/content-etag.ts) — a scheduled post is visible within a minute of its time.
 * Error answers (404) keep the defaults.
 */
export function contentPageHeaders({ errorHeaders }: { errorHeaders?: Headers }): HeadersInit {
  return errorHeaders ? {} : { "Cache-Control": "public, max-age=60, stale-while-revalidate=300" };
}

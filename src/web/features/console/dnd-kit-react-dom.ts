/**
 * What @dnd-kit/core imports from react-dom's index, given without it (vite.config.ts resolves
 * dnd-kit's `react-dom` here; ADR 0050). Importing the real index from a console chunk made the
 * build split it out of the booking page's entry into a chunk of its own, which cost the booking
 * page ~550 bytes gzip over its budget (tests/e2e/bundle-size.e2e.test.ts).
 */

/** React 19's own: updates are batched everywhere, so this only calls `fn` (react-dom.production.js). */
export function unstable_batchedUpdates<A, R>(fn: (a: A) => R, a: A): R {
  return fn(a);
}

/** dnd-kit portals its announcements only when given `accessibility.container`, which the console never sets. */
export function createPortal(): never {
  throw new Error("createPortal is not available to dnd-kit here: do not set accessibility.container (ADR 0050)");
}

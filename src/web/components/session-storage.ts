/**
 * sessionStorage that may be missing: inside a business's page on another site, with third-party
 * storage blocked, merely reading `window.sessionStorage` throws, and the widget broke with a 500
 * (found by the cross-origin embed journey). What it keeps is a convenience — the place across a
 * language switch, the chunk-reload guard — so without storage the widget works and keeps nothing.
 */
function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function readSession(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeSession(key: string, value: string): void {
  try {
    storage()?.setItem(key, value);
  } catch {
    // Full or blocked: nothing is kept.
  }
}

export function removeSession(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // Blocked: nothing was kept either.
  }
}

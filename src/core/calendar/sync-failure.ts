/**
 * Why a connected calendar could not be read or written (issue 20). The business sees this as a
 * sentence in its own language; the server's own words ("getaddrinfo ENOTFOUND …") stay in
 * `statusMessage` for support, in English.
 */
export const SYNC_FAILURE_REASONS = [
  /** The server's name does not resolve. */
  "host_not_found",
  /** Nothing answers at that address (refused, reset, no route). */
  "unreachable",
  "timeout",
  /** The https certificate or handshake failed. */
  "tls",
  /** The user name or password (or the feed's secret address) was refused: HTTP 401 or 403. */
  "auth",
  /** The calendar or feed is not there (HTTP 404 or 410). */
  "not_found",
  /** The server answers, but not as a CalDAV server (no principal or calendar home). */
  "not_caldav",
  /** The account has no calendar that holds events. */
  "no_calendar",
  /** The address is on a private network, which this server may not call. */
  "private_address",
  /** The answer was larger than a calendar may be. */
  "too_large",
  /** Another HTTP error (5xx, …). */
  "http_error",
  "unknown",
] as const;

export type SyncFailureReason = (typeof SYNC_FAILURE_REASONS)[number];

/** The reason an HTTP status stands for. */
export function reasonOfHttpStatus(status: number): SyncFailureReason {
  if (status === 401 || status === 403) return "auth";
  if (status === 404 || status === 410) return "not_found";
  return "http_error";
}

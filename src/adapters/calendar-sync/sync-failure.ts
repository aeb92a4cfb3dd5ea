/**
 * Node's and tsdav's errors, read as one of the reasons the console can put in the business's own
 * language (core/calendar/sync-failure.ts). The raw message is kept beside it for support.
 */
import { reasonOfHttpStatus, type SyncFailureReason } from "../../core/calendar/sync-failure.ts";
import { WebhookTargetRefused } from "../webhooks/send-webhook.ts";

/** A calendar that answered, but not with what we need: the reason is known where it is thrown. */
export class CalendarUnreachable extends Error {
  override name = "CalendarUnreachable";
  constructor(
    message: string,
    readonly reason: SyncFailureReason,
  ) {
    super(message);
  }

  /** "the feed answered HTTP 401" and its reason. */
  static ofStatus(what: string, status: number): CalendarUnreachable {
    return new CalendarUnreachable(`${what}: HTTP ${status}`, reasonOfHttpStatus(status));
  }
}

const NETWORK_CODES: Record<string, SyncFailureReason> = {
  ENOTFOUND: "host_not_found",
  EAI_AGAIN: "host_not_found",
  ECONNREFUSED: "unreachable",
  ECONNRESET: "unreachable",
  EHOSTUNREACH: "unreachable",
  ENETUNREACH: "unreachable",
  EPIPE: "unreachable",
  ETIMEDOUT: "timeout",
};

export function syncFailureReason(error: unknown): SyncFailureReason {
  if (error instanceof CalendarUnreachable) return error.reason;
  if (error instanceof WebhookTargetRefused) return "private_address";
  const code = String((error as { code?: unknown } | null)?.code ?? "");
  if (code in NETWORK_CODES) return NETWORK_CODES[code]!;
  if (/^(ERR_TLS|ERR_SSL|CERT_|DEPTH_ZERO|SELF_SIGNED|UNABLE_TO_)/.test(code)) return "tls";
  const message = error instanceof Error ? error.message : String(error);
  if (/^Invalid credentials/.test(message)) return "auth";
  if (/cannot find (principalUrl|homeUrl)/.test(message)) return "not_caldav";
  if (/^no answer within/.test(message)) return "timeout";
  if (/larger than \d+ bytes/.test(message)) return "too_large";
  return "unknown";
}

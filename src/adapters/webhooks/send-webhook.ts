/**
 * One webhook request, signed as the Standard Webhooks specification says (`webhook-id`,
 * `webhook-timestamp`, `webhook-signature: v1,<HMAC-SHA256>`), with the official library. The
 * address is resolved here and every address it resolves to is checked before connecting, so a
 * name that points into a private network (or is rebound to one) is refused — unless the deployment
 * allows private targets (local development and the tests).
 */
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { Webhook } from "standardwebhooks";
import { isPrivateAddress } from "./private-address.ts";

export interface WebhookRequest {
  readonly url: string;
  readonly secret: string;
  /** Stable across retries: receivers use it to drop duplicates. */
  readonly id: string;
  readonly timestamp: Date;
  readonly body: string;
}

export interface WebhookResponse {
  readonly status: number;
  /** The first KB of the answer, for the delivery log. */
  readonly body: string;
}

export class WebhookTargetRefused extends Error {
  override name = "WebhookTargetRefused";
}

const TIMEOUT_MS = 10_000;
const KEEP_BYTES = 1024;

/** A DNS lookup that refuses names resolving to a private address (shared by every outbound call to a business-given URL). */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, "", 0);
      const list = addresses as unknown as LookupAddress[];
      const refused = list.find((a) => !allowPrivate && isPrivateAddress(a.address));
      if (refused || list.length === 0)
        return callback(new WebhookTargetRefused(`${hostname} resolves to a private address`), "", 0);
      if ((options as { all?: boolean }).all)
        return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

export function sendWebhook(request: WebhookRequest, options: { allowPrivate: boolean }): Promise<WebhookResponse> {
  const url = new URL(request.url);
  const signature = new Webhook(request.secret).sign(request.id, request.timestamp, request.body);
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: "POST",
        lookup: guardedLookup(options.allowPrivate),
        timeout: TIMEOUT_MS,
        headers: {
          "content-type": "application/json",
          "user-agent": "booking-widget-webhooks/1",
          "webhook-id": request.id,
          "webhook-timestamp": String(Math.floor(request.timestamp.getTime() / 1000)),
          "webhook-signature": signature,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        res.on("data", (chunk: Buffer) => {
          if (kept < KEEP_BYTES) chunks.push(chunk);
          kept += chunk.length;
        });
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8").slice(0, KEEP_BYTES) }),
        );
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`no answer within ${TIMEOUT_MS / 1000} s`)));
    req.on("error", reject);
    req.end(request.body);
  });
}

/** Literal IP hosts are checked without a lookup (Node skips `lookup` for them). */
export function refusesLiteralTarget(rawUrl: string, allowPrivate: boolean): boolean {
  const host = new URL(rawUrl).hostname.replace(/^\[|\]$/g, "");
  return !allowPrivate && /^[\d.]+$|:/.test(host) && isPrivateAddress(host);
}

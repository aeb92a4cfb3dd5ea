/**
 * `fetch` for URLs a business gave us (CalDAV servers, ICS feeds), through the webhooks' SSRF guard:
 * every address a name resolves to is checked before connecting, literal private addresses are
 * refused, unless private targets are allowed (local development, tests). Redirects are not followed
 * here (tsdav reads them itself during discovery); `followRedirects` follows a few, each guarded.
 * Answers are cut at MAX_BYTES and time out, so a hostile server cannot hold or fill the process.
 */
import http from "node:http";
import https from "node:https";
import { guardedLookup, refusesLiteralTarget, WebhookTargetRefused } from "../webhooks/send-webhook.ts";

const TIMEOUT_MS = 15_000;
export const MAX_BYTES = 5 * 1024 * 1024;
const NO_BODY = new Set([101, 204, 205, 304]);

export class PrivateTargetRefused extends WebhookTargetRefused {
  override name = "PrivateTargetRefused";
}

export function guardedFetch(allowPrivate: boolean): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.protocol !== "https:" && url.protocol !== "http:") throw new TypeError(`unsupported URL ${url.protocol}`);
    if (refusesLiteralTarget(url.href, allowPrivate) || (!allowPrivate && isLocalName(url.hostname)))
      throw new PrivateTargetRefused(`${url.hostname} is a private address`);
    const headers = new Headers(init?.headers);
    const body =
      init?.body == null ? undefined : typeof init.body === "string" ? init.body : await new Response(init.body).text();
    const client = url.protocol === "https:" ? https : http;
    return new Promise<Response>((resolve, reject) => {
      const req = client.request(
        url,
        {
          method: init?.method ?? "GET",
          lookup: guardedLookup(allowPrivate),
          timeout: TIMEOUT_MS,
          headers: Object.fromEntries(headers.entries()),
        },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on("data", (chunk: Buffer) => {
            size += chunk.length;
            if (size > MAX_BYTES) return req.destroy(new Error(`the answer is larger than ${MAX_BYTES} bytes`));
            chunks.push(chunk);
          });
          res.on("end", () => {
            const status = res.statusCode ?? 0;
            const responseHeaders = new Headers();
            for (const [name, value] of Object.entries(res.headers))
              for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value])
                responseHeaders.append(name, v);
            resolve(
              new Response(NO_BODY.has(status) ? null : Buffer.concat(chunks), { status, headers: responseHeaders }),
            );
          });
          res.on("error", reject);
        },
      );
      init?.signal?.addEventListener("abort", () => req.destroy(new Error("aborted")));
      req.on("timeout", () => req.destroy(new Error(`no answer within ${TIMEOUT_MS / 1000} s`)));
      req.on("error", reject);
      req.end(body);
    });
  };
}

const isLocalName = (host: string) => host === "localhost" || host.endsWith(".localhost");

/** GET following up to three redirects, each one guarded like the first. */
export async function fetchFollowing(fetcher: typeof fetch, url: string, init?: RequestInit): Promise<Response> {
  let target = url;
  for (let hop = 0; hop < 4; hop++) {
    const response = await fetcher(target, init);
    const location = response.headers.get("location");
    if (response.status < 300 || response.status >= 400 || !location) return response;
    target = new URL(location, target).href;
  }
  throw new Error("too many redirects");
}

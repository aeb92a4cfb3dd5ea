/**
 * Who is asking: the address a request came from, for rate limits and logs. Taken from the socket;
 * `X-Forwarded-For` is believed only as far as a configured trusted proxy vouches for it, because any
 * client can send that header (issue 13: rotating it bypassed every limit). The rule is the usual one:
 * walk the chain from the right — the socket peer, then X-Forwarded-For's entries right to left — past
 * the trusted proxies; the first hop that is not one is the client.
 */
import { BlockList, isIP } from "node:net";
import type { Context, MiddlewareHandler } from "hono";

declare module "hono" {
  interface ContextVariableMap {
    /** Set by `clientAddressMiddleware` for every request. */
    clientAddress: string;
  }
}

/** TRUSTED_PROXY: nobody (default), the N proxies nearest the server, or proxies by address range. */
export type TrustedProxy =
  | { readonly kind: "none" }
  | { readonly kind: "hops"; readonly count: number }
  | { readonly kind: "ranges"; readonly ranges: readonly string[] };

export const NO_TRUSTED_PROXY: TrustedProxy = { kind: "none" };

/** What stands for a request with no socket (in-process `app.request()` in tests). */
export const UNKNOWN_CLIENT = "unknown";

/** Parses TRUSTED_PROXY: empty → none; `2` → two hops; `10.0.0.0/8, 127.0.0.1` → those ranges. */
export function parseTrustedProxy(value: string | undefined): TrustedProxy | { error: string } {
  const text = value?.trim() ?? "";
  if (text === "" || text === "false" || text === "0") return NO_TRUSTED_PROXY;
  if (/^\d+$/.test(text)) {
    const count = Number(text);
    return count <= 32 ? { kind: "hops", count } : { error: "expected a hop count from 0 to 32" };
  }
  const ranges = text.split(",").map((part) => part.trim());
  for (const range of ranges) {
    if (toBlockList([range]) === null)
      return { error: `expected a hop count or a comma-separated list of addresses / CIDR ranges (bad: ${range})` };
  }
  return { kind: "ranges", ranges };
}

function toBlockList(ranges: readonly string[]): BlockList | null {
  const list = new BlockList();
  for (const range of ranges) {
    const [address = "", prefix] = range.split("/");
    const family = isIP(address);
    if (family === 0) return null;
    const type = family === 6 ? "ipv6" : "ipv4";
    if (prefix === undefined) {
      list.addAddress(address, type);
      continue;
    }
    const bits = Number(prefix);
    if (!/^\d+$/.test(prefix) || bits > (family === 6 ? 128 : 32)) return null;
    list.addSubnet(address, bits, type);
  }
  return list;
}

/** `::ffff:192.0.2.1` (IPv4 on a dual-stack socket) reads as `192.0.2.1`. */
function normalise(address: string): string {
  return address.startsWith("::ffff:") && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

function socketAddress(c: Context): string | null {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  const address = incoming?.socket?.remoteAddress;
  return address ? normalise(address) : null;
}

/** The forwarded hops, nearest first; stops at the first entry that is not an address. */
function forwardedHops(header: string | undefined): string[] {
  if (!header) return [];
  const hops: string[] = [];
  for (const raw of header.split(",").reverse()) {
    const hop = normalise(raw.trim());
    if (isIP(hop) === 0) break; // a forged or garbled entry: nothing left of it can be believed
    hops.push(hop);
  }
  return hops;
}

export function resolveClientAddress(c: Context, trust: TrustedProxy, blockList: BlockList | null): string {
  const socket = socketAddress(c);
  if (trust.kind === "none" || socket === null) return socket ?? UNKNOWN_CLIENT;
  const hops = forwardedHops(c.req.header("x-forwarded-for"));
  if (trust.kind === "hops") {
    // The socket peer is the nearest proxy; `count` proxies in all, so the client is hop `count`.
    if (trust.count === 0) return socket;
    return hops[Math.min(trust.count, hops.length) - 1] ?? socket;
  }
  const isTrusted = (address: string) => blockList!.check(address, isIP(address) === 6 ? "ipv6" : "ipv4");
  if (!isTrusted(socket)) return socket;
  for (const hop of hops) if (!isTrusted(hop)) return hop;
  return hops.at(-1) ?? socket;
}

/**
 * The rate-limit key of an address: IPv6 clients get a whole /64 each (one customer's allocation),
 * so a client cannot rotate through its own prefix to escape a limit.
 */
export function clientKey(address: string): string {
  if (isIP(address) !== 6) return address;
  const groups = expandIpv6(address);
  return `${groups.slice(0, 4).join(":")}::/64`;
}

function expandIpv6(address: string): string[] {
  const [head = "", tail] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const missing = 8 - left.length - right.length;
  return [...left, ...Array<string>(Math.max(0, missing)).fill("0"), ...right].map((g) => g.toLowerCase());
}

/** Puts the client's address on the context (`c.get("clientAddress")`) for everything after it. */
export function clientAddressMiddleware(trust: TrustedProxy): MiddlewareHandler {
  const blockList = trust.kind === "ranges" ? toBlockList(trust.ranges) : null;
  return async (c, next) => {
    c.set("clientAddress", resolveClientAddress(c, trust, blockList));
    await next();
  };
}

const FORWARDING_HEADERS = ["x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "forwarded"];

/**
 * The request as the page code may read it: with no trusted proxy, the X-Forwarded-* headers are the
 * client's to forge (a host to impersonate another business's domain, a protocol), so they are removed
 * here once instead of being ignored in every place that reads a host or an origin.
 */
export function withoutUntrustedForwarding(request: Request, trust: TrustedProxy): Request {
  if (trust.kind !== "none" || !FORWARDING_HEADERS.some((name) => request.headers.has(name))) return request;
  const headers = new Headers(request.headers);
  for (const name of FORWARDING_HEADERS) headers.delete(name);
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  return new Request(request.url, {
    method: request.method,
    headers,
    signal: request.signal,
    ...(hasBody ? { body: request.body, duplex: "half" } : {}),
  } as RequestInit);
}

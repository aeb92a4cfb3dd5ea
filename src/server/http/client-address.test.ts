import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import {
  clientAddressMiddleware,
  clientKey,
  parseTrustedProxy,
  withoutUntrustedForwarding,
  type TrustedProxy,
} from "./client-address.ts";

async function addressOf(trust: TrustedProxy, socket: string | null, forwardedFor?: string) {
  const app = new Hono();
  app.use(clientAddressMiddleware(trust));
  app.get("/", (c) => c.text(c.get("clientAddress")));
  const env = socket ? { incoming: { socket: { remoteAddress: socket } } } : undefined;
  const headers: Record<string, string> = forwardedFor ? { "x-forwarded-for": forwardedFor } : {};
  return (await app.request("/", { headers }, env)).text();
}

describe("client address", () => {
  it("is the socket address when no proxy is trusted, whatever X-Forwarded-For says", async () => {
    expect(await addressOf({ kind: "none" }, "203.0.113.1", "1.2.3.4")).toBe("203.0.113.1");
    expect(await addressOf({ kind: "none" }, "::ffff:203.0.113.1")).toBe("203.0.113.1");
    expect(await addressOf({ kind: "none" }, null, "1.2.3.4")).toBe("unknown");
  });

  it("with N trusted hops is the N-th entry from the right", async () => {
    expect(await addressOf({ kind: "hops", count: 1 }, "10.0.0.1", "1.1.1.1, 198.51.100.2")).toBe("198.51.100.2");
    expect(await addressOf({ kind: "hops", count: 2 }, "10.0.0.1", "1.1.1.1, 198.51.100.2, 10.0.0.9")).toBe(
      "198.51.100.2",
    );
    expect(await addressOf({ kind: "hops", count: 3 }, "10.0.0.1", "198.51.100.2")).toBe("198.51.100.2");
    expect(await addressOf({ kind: "hops", count: 1 }, "10.0.0.1")).toBe("10.0.0.1");
  });

  it("with trusted ranges is the right-most hop outside them; an untrusted socket is the client", async () => {
    const trust: TrustedProxy = { kind: "ranges", ranges: ["10.0.0.0/8", "::1"] };
    expect(await addressOf(trust, "10.1.2.3", "9.9.9.9, 198.51.100.7, 10.0.0.5")).toBe("198.51.100.7");
    expect(await addressOf(trust, "::1", "2001:db8::1")).toBe("2001:db8::1");
    expect(await addressOf(trust, "203.0.113.50", "198.51.100.7")).toBe("203.0.113.50");
    expect(await addressOf(trust, "10.1.2.3", "10.0.0.4")).toBe("10.0.0.4");
  });

  it("stops believing the chain at a garbled entry", async () => {
    const trust: TrustedProxy = { kind: "ranges", ranges: ["10.0.0.0/8"] };
    expect(await addressOf(trust, "10.1.2.3", "1.1.1.1, <script>, 10.0.0.5")).toBe("10.0.0.5");
    expect(await addressOf({ kind: "hops", count: 1 }, "10.1.2.3", "x".repeat(12_000))).toBe("10.1.2.3");
  });

  it("keys IPv6 clients by their /64, IPv4 by address", () => {
    expect(clientKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:db8:1:2:bbbb:cccc:dddd:eeee")).toBe("2001:db8:1:2::/64");
    expect(clientKey("203.0.113.1")).toBe("203.0.113.1");
  });

  it("parses TRUSTED_PROXY", () => {
    expect(parseTrustedProxy(undefined)).toEqual({ kind: "none" });
    expect(parseTrustedProxy("2")).toEqual({ kind: "hops", count: 2 });
    expect(parseTrustedProxy("10.0.0.0/8, ::1")).toEqual({ kind: "ranges", ranges: ["10.0.0.0/8", "::1"] });
    expect(parseTrustedProxy("10.0.0.0/33")).toHaveProperty("error");
    expect(parseTrustedProxy("proxy.local")).toHaveProperty("error");
  });

  it("removes forwarding headers a client could forge unless a proxy is trusted", () => {
    const request = new Request("http://book.example/", {
      headers: { "x-forwarded-host": "other.example", host: "book.example", "x-forwarded-proto": "https" },
    });
    const cleaned = withoutUntrustedForwarding(request, { kind: "none" });
    expect(cleaned.headers.get("x-forwarded-host")).toBeNull();
    expect(cleaned.headers.get("x-forwarded-proto")).toBeNull();
    expect(withoutUntrustedForwarding(request, { kind: "hops", count: 1 })).toBe(request);
  });
});

/**
 * Issue 13: every response carries the security headers, token-bearing ones are never cached, and a
 * body over the limit is refused before it is read. Over every route the API answers, in process.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/databases.ts";
import { expectSecureHeaders } from "../support/security-headers.ts";
import { bookingApp, contact, seedBookingFixture, type Fixture } from "./booking-fixtures.ts";

describe("security headers and body limit", () => {
  let testDb: TestDatabase;
  let fx: Fixture;
  let app: ReturnType<typeof bookingApp>;
  beforeAll(async () => {
    testDb = await createTestDatabase("pglite");
    fx = await seedBookingFixture(testDb.database);
    app = bookingApp(testDb.database);
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  it("are on every route the API answers, including errors and 404s", async () => {
    const routes = app.routes.filter((r) => r.path.startsWith("/api/") && r.method !== "ALL");
    expect(routes.length).toBeGreaterThan(30);
    for (const route of routes) {
      const path = route.path
        .replace(":calendarId", fx.calendars.personal)
        .replace(/:[A-Za-z]+/g, "00000000-0000-4000-8000-000000000000");
      const init: RequestInit =
        route.method === "GET"
          ? {}
          : { method: route.method, headers: { "content-type": "application/json" }, body: "{}" };
      const res = await app.request(path, init);
      expectSecureHeaders(res, `${route.method} ${route.path} → ${res.status}`);
    }
    expectSecureHeaders(await app.request("/api/no/such/thing"), "unknown API path");
  });

  it("the reference page runs its one script by nonce", async () => {
    const res = await app.request("/api/docs");
    const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
    expect(nonce).toBeTruthy();
    expect(await res.text()).toContain(`<script nonce="${nonce}">`);
    const again = await app.request("/api/docs");
    expect(again.headers.get("content-security-policy")).not.toContain(nonce);
  });

  it("never lets a token-bearing answer be cached", async () => {
    const created = await app.request("/api/bookings", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        calendarId: fx.calendars.personal,
        start: "2026-12-01T09:00:00.000Z",
        timezone: "Europe/Berlin",
        contact,
      }),
    });
    expect(created.headers.get("cache-control")).toBe("no-store");
    const body = (await created.json()) as { id?: string; bookingId?: string; manageToken?: string };
    const id = body.id ?? body.bookingId;
    for (const path of [`/api/bookings/${id}?token=${body.manageToken}`, `/api/bookings/${id}/calendar.ics?token=x`]) {
      const res = await app.request(path);
      expect(res.headers.get("cache-control"), path).toBe("no-store");
      expect(res.headers.get("referrer-policy"), path).toBe("no-referrer");
    }
  });

  it("sends HSTS only over TLS: an encrypted socket, or https said by a trusted proxy", async () => {
    const socket = (encrypted: boolean) => ({ incoming: { socket: { remoteAddress: "10.0.0.2", encrypted } } });
    const https = { "x-forwarded-proto": "https" };
    const hsts = (res: Response) => res.headers.get("strict-transport-security");
    expect(hsts(await app.request("/api/health", {}, socket(true)))).toMatch(/^max-age=31536000/);
    expect(hsts(await app.request("/api/health", {}, socket(false)))).toBeNull();
    // Without a trusted proxy the header is the client's word, not the connection's.
    expect(hsts(await app.request("/api/health", { headers: https }, socket(false)))).toBeNull();
    const proxied = bookingApp(testDb.database, {}, undefined, { trustedProxy: { kind: "hops", count: 1 } });
    expect(hsts(await proxied.request("/api/health", { headers: https }, socket(false)))).toMatch(/^max-age=/);
  });

  it("refuses a 100 MB body with 413 without reading it whole", async () => {
    let sent = 0;
    const chunk = new Uint8Array(64 * 1024).fill(0x20);
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 100 * 1024 * 1024) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const res = await app.request("/api/bookings", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(res.headers.get("content-type")).toContain("application/problem+json");
    expect(((await res.json()) as { code: string }).code).toBe("PAYLOAD_TOO_LARGE");
    expect(sent).toBeLessThan(2 * 1024 * 1024);

    const declared = await app.request("/api/bookings", {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": String(100 * 1024 * 1024) },
      body: "{}",
    });
    expect(declared.status).toBe(413);
  });
});

/**
 * The process as an operator sees it: immutable caching of fingerprinted assets, compression,
 * a graceful SIGTERM (in-flight requests finish, then the database closes), and a clear refusal of
 * bad configuration.
 */
import { spawnSync } from "node:child_process";
import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO } from "../../src/adapters/db/seed/demo-ids.ts";
import { startServer, type RunningServer } from "./support/start-server.ts";

describe("HTTP caching and compression", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("serves fingerprinted assets with a year of immutable caching, compressed", async () => {
    const html = await (await fetch(`${server.url}/widget/booking/${DEMO.calendars.introCall}`)).text();
    const asset = /\/assets\/[\w.-]+\.js/.exec(html)?.[0];
    expect(asset).toBeDefined();
    const res = await fetch(`${server.url}${asset}`, { headers: { "accept-encoding": "gzip, br" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("content-encoding")).toMatch(/gzip|br/);
  });

  it("compresses server-rendered pages and JSON", async () => {
    const page = await fetch(`${server.url}/`, { headers: { "accept-encoding": "gzip" } });
    expect(page.headers.get("content-encoding")).toBe("gzip");
    const api = await fetch(`${server.url}/api/calendars/${DEMO.calendars.introCall}`, {
      headers: { "accept-encoding": "gzip" },
    });
    expect(api.status).toBe(200);
    expect(api.headers.get("content-encoding")).toBe("gzip");
  });
});

describe("graceful shutdown", () => {
  it("finishes in-flight requests on SIGTERM, closes the database and exits 0", async () => {
    // A generous limit: twelve server renders at once can take seconds on a loaded 2-core machine.
    const server = await startServer({ LOG_LEVEL: "info", SHUTDOWN_TIMEOUT_MS: "20000" });
    // Twelve requests, each on its own connection, fully sent before the signal: they are in flight.
    const sent: Promise<void>[] = [];
    const inFlight = Array.from({ length: 12 }, () => {
      let markSent!: () => void;
      sent.push(new Promise<void>((resolve) => (markSent = resolve)));
      return new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.get(`${server.url}/widget/booking/${DEMO.calendars.introCall}`, { agent: false }, (res) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => (body += chunk));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
          res.on("error", reject);
        });
        req.on("finish", markSent);
        req.on("error", reject);
      });
    });
    await Promise.all(sent);
    await new Promise((r) => setTimeout(r, 50));
    const exit = server.stop("SIGTERM");
    const answers = await Promise.all(inFlight);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toContain("</html>");
    }
    expect(await exit).toBe(0);
    const log = server.output();
    expect(log).toContain("shutting down: finishing in-flight requests");
    expect(log.indexOf("stopped")).toBeGreaterThan(log.indexOf("shutting down"));
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
  });
});

describe("slow and large clients (issue 19)", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ HEADERS_TIMEOUT_MS: "1500", REQUEST_TIMEOUT_MS: "3000" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** A raw connection: what it writes, when, and what the server answers before it closes. */
  function rawClient() {
    const { port } = new URL(server.url);
    const socket = net.connect(Number(port), "127.0.0.1");
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (answer += chunk));
    const closed = new Promise<string>((resolve) => socket.on("close", () => resolve(answer)));
    socket.on("error", () => undefined);
    return { socket, closed };
  }

  it("cuts off a slowloris that trickles its headers: 408 and the connection closed, while others are served", async () => {
    const { socket, closed } = rawClient();
    socket.write("GET /api/health HTTP/1.1\r\nHost: localhost\r\n");
    const started = Date.now();
    // One more header line every 200 ms, never the blank line that ends the head.
    const drip = setInterval(() => socket.writable && socket.write(`X-Drip-${Date.now()}: 1\r\n`), 200);
    try {
      // Meanwhile a normal visitor is served at once.
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
      const answer = await closed;
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
      expect(Date.now() - started).toBeLessThan(1500 + 2 * 1000 + 1000);
    } finally {
      clearInterval(drip);
      socket.destroy();
    }
  });

  it("refuses a request head over 16 KB with 431", async () => {
    const { socket, closed } = rawClient();
    socket.write(`GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${"a".repeat(17 * 1024)}\r\n\r\n`);
    expect(await closed).toMatch(/^HTTP\/1\.1 431/);
  });

  it("answers a head just under the limit", async () => {
    const res = await fetch(`${server.url}/api/health`, { headers: { "x-big": "a".repeat(8 * 1024) } });
    expect(res.status).toBe(200);
  });
});

describe("configuration", () => {
  it("stops at start with a message naming the variable and what it expects", () => {
    const result = spawnSync(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
      env: { ...process.env, PORT: "eighty", DATA_DIR: "/tmp/never-created-booking-data" },
      encoding: "utf8",
    });
    expect(result.status).toBe(78);
    expect(result.stderr).toContain('PORT: expected an integer port number between 1 and 65535 (got "eighty")');
  });
});

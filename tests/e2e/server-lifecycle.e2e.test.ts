/**
 * The process as an operator sees it: immutable caching of fingerprinted assets, compression,
 * a graceful SIGTERM (in-flight requests finish, then the database closes), and a clear refusal of
 * bad configuration.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { solvedProof } from "../support/booking-proof.ts";
import { DEMO } from "../../src/adapters/db/seed/demo-ids.ts";
import { baseURL } from "./support/server.ts";
import { startServer, type RunningServer } from "./support/start-server.ts";

// The run's shared server: these two only read, so a server of their own (5 s to start) bought nothing.
describe("HTTP caching and compression", () => {
  const server = { url: baseURL };

  it("serves fingerprinted assets with a year of immutable caching, compressed", async () => {
    const html = await (await fetch(`${server.url}/widget/booking/${DEMO.calendars.introCall}`)).text();
    const asset = /\/assets\/[\w.-]+\.js/.exec(html)?.[0];
    expect(asset).toBeDefined();
    const res = await fetch(`${server.url}${asset}`, { headers: { "accept-encoding": "gzip, br" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("content-encoding")).toMatch(/gzip|br/);
  });

  it("sends the build's Brotli or gzip copy of an asset as the client accepts, the same bytes once decoded", async () => {
    const html = await (await fetch(`${server.url}/widget/booking/${DEMO.calendars.introCall}`)).text();
    const asset = /\/assets\/[\w.-]+\.js/.exec(html)![0];
    for (const url of [`${server.url}${asset}`, `${server.url}/embed.js`]) {
      const original = fs.readFileSync(`build/client${new URL(url).pathname}`);
      for (const [accept, encoding] of [
        ["gzip, deflate, br, zstd", "br"],
        ["gzip, deflate", "gzip"],
        ["identity", null],
      ] as const) {
        const res = await fetch(url, { headers: { "accept-encoding": accept } });
        expect(res.status).toBe(200);
        expect(res.headers.get("content-encoding")).toBe(encoding);
        // Compressed once by the build (scripts/precompress-assets.ts): its length is the stored copy's.
        if (encoding)
          expect(Number(res.headers.get("content-length"))).toBe(
            fs.statSync(`build/client${new URL(url).pathname}.${encoding === "br" ? "br" : "gz"}`).size,
          );
        if (encoding) expect(res.headers.get("vary")).toBe("Accept-Encoding");
        // fetch decodes the body: the same bytes as the file, whichever copy was sent.
        expect(Buffer.from(await res.arrayBuffer()).equals(original)).toBe(true);
      }
    }
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

describe("crash safety of the embedded database (issue 19)", () => {
  it("keeps every booking answered 201 after the app is killed with SIGKILL mid-burst", async () => {
    const first = await startServer();
    const url = first.url;
    // Free starts of the intro call over the next weeks, in the server's own answer.
    const from = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const to = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const slots = (await (
      await fetch(
        `${url}/api/calendars/${DEMO.calendars.introCall}/free-slots?startDate=${from}&endDate=${to}&timezone=UTC`,
      )
    ).json()) as Record<string, { slots: string[] }>;
    const starts = Object.keys(slots)
      .sort()
      .flatMap((d) => slots[d]!.slots)
      .slice(0, 24);
    expect(starts.length).toBe(24);
    const answered: { id: string; manageToken: string; startTime: string }[] = [];
    // Each booking's proof of work is solved beforehand, so the burst below is only bookings.
    const proofs = await Promise.all(starts.map(() => solvedProof(fetch(`${url}/api/booking-challenge`))));
    const book = (startTime: string, i: number) =>
      fetch(`${url}/api/bookings`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": `10.77.0.${i + 1}` },
        body: JSON.stringify({
          calendarId: DEMO.calendars.introCall,
          startTime,
          timezone: "UTC",
          contact: { firstName: "Crash", lastName: `Test ${i}`, email: `crash-${i}@example.com` },
          proof: proofs[i],
        }),
      })
        .then(async (res) => {
          if (res.status === 201)
            answered.push({ ...((await res.json()) as { id: string; manageToken: string }), startTime });
        })
        // Cut off by the kill, before or while its answer came: the visitor was told nothing.
        .catch(() => undefined);
    // The first twelve answered, the next twelve in flight when the process is killed.
    await Promise.all(starts.slice(0, 12).map(book));
    const inFlight = starts.slice(12).map((start, i) => book(start, i + 12));
    await new Promise((resolve) => setTimeout(resolve, 30));
    const exited = new Promise((resolve) => first.process.once("exit", resolve));
    first.process.kill("SIGKILL");
    await Promise.all([exited, ...inFlight]);
    expect(answered.length).toBeGreaterThanOrEqual(12);

    // The same data directory, started again (its lock left by the killed process is stale).
    const second = await startServer({ DATA_DIR: first.dataDir });
    try {
      for (const booking of answered) {
        const res = await fetch(`${second.url}/api/bookings/${booking.id}`, {
          headers: { authorization: `Bearer ${booking.manageToken}` },
        });
        expect(res.status, booking.startTime).toBe(200);
        expect(await res.json()).toMatchObject({ id: booking.id, status: "confirmed", startTime: booking.startTime });
      }
      // Their times are taken after the restart too.
      const after = (await (
        await fetch(
          `${second.url}/api/calendars/${DEMO.calendars.introCall}/free-slots?startDate=${from}&endDate=${to}&timezone=UTC`,
        )
      ).json()) as Record<string, { slots: string[] }>;
      const offered = new Set(Object.values(after).flatMap((d) => d.slots));
      for (const booking of answered) expect(offered.has(booking.startTime), booking.startTime).toBe(false);
    } finally {
      await second.stop();
      fs.rmSync(first.dataDir, { recursive: true, force: true });
    }
    // Two starts of the server: slow on a loaded 2-core machine.
  }, 180_000);
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

/**
 * The process as an operator sees it: immutable caching of fingerprinted assets, compression,
 * a graceful SIGTERM (in-flight requests finish, then the database closes), and a clear refusal of
 * bad configuration.
 */
import { spawnSync } from "node:child_process";
import http from "node:http";
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
    const server = await startServer({ LOG_LEVEL: "info", SHUTDOWN_TIMEOUT_MS: "5000" });
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

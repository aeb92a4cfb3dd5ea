import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchFollowing, guardedFetch, PrivateTargetRefused } from "./guarded-fetch.ts";

describe("guardedFetch", () => {
  let server: http.Server;
  let port = 0;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === "/moved") res.writeHead(302, { location: "/feed.ics" }).end();
      else res.writeHead(200, { "content-type": "text/calendar" }).end(`${req.method} ${req.url}`);
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((done) => server.close(done)));

  it("refuses private addresses, literal or localhost (names resolving to one: the webhooks' guarded lookup)", async () => {
    const strict = guardedFetch(false);
    await expect(strict(`http://127.0.0.1:${port}/feed.ics`)).rejects.toBeInstanceOf(PrivateTargetRefused);
    await expect(strict(`http://[::1]:${port}/feed.ics`)).rejects.toBeInstanceOf(PrivateTargetRefused);
    await expect(strict(`http://localhost:${port}/feed.ics`)).rejects.toBeInstanceOf(PrivateTargetRefused);
  });

  it("answers like fetch when private targets are allowed, and follows redirects only when asked", async () => {
    const open = guardedFetch(true);
    const moved = await open(`http://127.0.0.1:${port}/moved`);
    expect(moved.status).toBe(302);
    const followed = await fetchFollowing(open, `http://127.0.0.1:${port}/moved`);
    expect(followed.status).toBe(200);
    expect(followed.headers.get("content-type")).toBe("text/calendar");
    expect(await followed.text()).toBe("GET /feed.ics");
    const put = await open(`http://127.0.0.1:${port}/x.ics`, { method: "PUT", body: "BEGIN:VCALENDAR" });
    expect(await put.text()).toBe("PUT /x.ics");
  });
});

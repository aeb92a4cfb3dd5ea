import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { acceptsCompression, compression } from "./compression.ts";

describe("acceptsCompression", () => {
  it.each([
    ["gzip, deflate, br", true],
    ["br;q=1.0, gzip;q=0.8", true],
    ["deflate", true],
    ["*", true],
    ["br", false],
    ["identity", false],
    ["gzip;q=0", false],
    ["gzip;q=0.0, br", false],
    [undefined, false],
  ])("%s → %s", (header, expected) => {
    expect(acceptsCompression(header)).toBe(expected);
  });
});

describe("compression middleware", () => {
  const big = { items: Array.from({ length: 200 }, (_, i) => ({ i, text: "a compressible line of text" })) };
  const app = new Hono();
  app.use(compression());
  app.get("/big", (c) => c.json(big));

  it("leaves the response alone for a client that accepts no compression", async () => {
    const res = await app.request("/big");
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(res.headers.get("vary")).toBeNull();
    expect(await res.json()).toEqual(big);
  });

  it("gzips for a client that accepts it, with Vary: Accept-Encoding", async () => {
    const res = await app.request("/big", { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("vary")).toBe("Accept-Encoding");
    const plain = await new Response(res.body!.pipeThrough(new DecompressionStream("gzip"))).json();
    expect(plain).toEqual(big);
  });
});

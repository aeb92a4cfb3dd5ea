import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { resolveAppSecret } from "./app-secret.ts";
import { ConfigError, parseConfig } from "./config.ts";

describe("resolveAppSecret", () => {
  it("uses APP_SECRET when given", () => {
    expect(resolveAppSecret(parseConfig({ APP_SECRET: "x".repeat(40) }))).toBe("x".repeat(40));
  });

  it("creates one random secret in the data directory and keeps it", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "secret-"));
    const first = resolveAppSecret(parseConfig({ DATA_DIR: dir }));
    expect(first.length).toBeGreaterThanOrEqual(40);
    expect(resolveAppSecret(parseConfig({ DATA_DIR: dir }))).toBe(first);
    expect(fs.statSync(path.join(dir, "app-secret")).mode & 0o777).toBe(0o600);
  });

  it("is required with PostgreSQL, and must be long", () => {
    expect(() => resolveAppSecret(parseConfig({ DATABASE_URL: "postgres://x/y" }))).toThrow(
      /APP_SECRET: expected a random string/,
    );
    expect(() => parseConfig({ APP_SECRET: "short" })).toThrow(ConfigError);
  });
});

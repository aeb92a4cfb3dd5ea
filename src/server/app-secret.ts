import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { ConfigError, type Config } from "./config.ts";

/**
 * The server secret: APP_SECRET when given; with the embedded database, a random secret kept in
 * DATA_DIR (created on first start, readable only by the owner); with PostgreSQL it must be
 * configured, since several servers must share it.
 */
export function resolveAppSecret(config: Config): string {
  if (config.APP_SECRET) return config.APP_SECRET;
  if (config.DATABASE_URL) {
    throw new ConfigError(
      "Invalid configuration:\n  APP_SECRET: expected a random string of at least 32 characters (required with DATABASE_URL)",
    );
  }
  const file = path.join(config.dataDir, "app-secret");
  if (!fs.existsSync(file)) {
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600, flag: "wx" });
  }
  return fs.readFileSync(file, "utf8").trim();
}

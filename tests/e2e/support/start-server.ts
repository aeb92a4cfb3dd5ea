/**
 * Starts the real server (src/server/main.ts) as a child process on a free port with a fresh data
 * directory, and waits until /api/health answers. The data directory starts as a copy of a template
 * that global-setup.ts migrates and seeds once (E2E_DATA_TEMPLATE): migrating and seeding an embedded
 * database takes 10–15 s on the CI machine, and the suite starts half a dozen embedded ones.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export interface RunningServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/** The environment variable naming the template data directory (set by global-setup.ts). */
export const DATA_TEMPLATE_ENV = "E2E_DATA_TEMPLATE";

/**
 * A data directory with every migration applied and the demo seeded, exactly as a first start
 * leaves it (`npm run seed` in it), to copy for each server; remove it when done.
 */
export async function prepareDataTemplate(): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "booking-e2e-template-"));
  const { DATABASE_URL: _, ...inherited } = process.env;
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/seed.ts"], {
    env: { ...inherited, DATA_DIR: dir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`seeding the template data directory failed (${code}):\n${output}`);
  return dir;
}

/** `node`: the Node binary to run it on (default: the one running the tests). */
export async function startServer(
  env: Record<string, string> = {},
  { node = process.execPath }: { node?: string } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "booking-e2e-"));
  const template = process.env[DATA_TEMPLATE_ENV];
  if (template && !env.DATABASE_URL) fs.cpSync(template, dataDir, { recursive: true });
  const child = spawn(node, ["--import", "tsx", "src/server/main.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      // The journeys stand for many visitors behind one local proxy: each page sends its own
      // X-Forwarded-For (support/booking.ts), believed only because loopback is the trusted proxy.
      TRUSTED_PROXY: "127.0.0.1",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start in time:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    dataDir,
    process: child,
    output: () => output,
    stop(signal = "SIGTERM") {
      return new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        child.once("exit", (code) => {
          fs.rmSync(dataDir, { recursive: true, force: true });
          resolve(code);
        });
        child.kill(signal);
      });
    },
  };
}

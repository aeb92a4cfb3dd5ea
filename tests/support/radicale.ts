/**
 * A real CalDAV server for the tests: Radicale from Debian's packages (`apt-get install -y radicale`,
 * done by .ci/run), on a free loopback port with a temporary storage folder and no authentication
 * (every user name is accepted and owns `/<name>/`). Missing outside CI, the tests that need it skip.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export const hasRadicale = spawnSync("sh", ["-c", "command -v radicale"]).status === 0;
if (!hasRadicale && process.env.CI) throw new Error("radicale is required in CI (.ci/run installs it)");
if (!hasRadicale) console.warn("radicale is not installed (apt-get install -y radicale): CalDAV tests are skipped");

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise((done) => server.close(done));
  return port;
}

export interface Radicale {
  /** http://127.0.0.1:<port> */
  readonly url: string;
  /** A request as user `user` (Basic auth). */
  request(method: string, pathname: string, body?: string, user?: string): Promise<Response>;
  stop(): Promise<void>;
}

export async function startRadicale(): Promise<Radicale> {
  const port = await freePort();
  const folder = mkdtempSync(path.join(os.tmpdir(), "radicale-"));
  const child = spawn(
    "radicale",
    [
      "--server-hosts",
      `127.0.0.1:${port}`,
      "--storage-filesystem-folder",
      folder,
      "--auth-type",
      "none",
      "--rights-type",
      "owner_only",
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  let errors = "";
  child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const request = (method: string, pathname: string, body?: string, user = "staff") =>
    fetch(`${url}${pathname}`, {
      method,
      headers: {
        authorization: `Basic ${Buffer.from(`${user}:secret`).toString("base64")}`,
        ...(body ? { "content-type": "text/calendar; charset=utf-8" } : {}),
      },
      ...(body ? { body } : {}),
    });
  for (let i = 0; ; i++) {
    try {
      await request("OPTIONS", "/");
      break;
    } catch {
      if (i > 100 || child.exitCode !== null) throw new Error(`radicale did not start: ${errors}`);
      await new Promise((done) => setTimeout(done, 100));
    }
  }
  return {
    url,
    request,
    async stop() {
      if (child.exitCode === null) {
        child.kill();
        await new Promise((done) => child.once("exit", done));
      }
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** One VEVENT in a VCALENDAR, CRLF. */
export function vevent(uid: string, lines: string[]): string {
  return [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//tests//EN",
    "BEGIN:VEVENT",
    `UID:${uid}`,
    "DTSTAMP:20261101T000000Z",
    ...lines,
    "END:VEVENT",
    "END:VCALENDAR",
    "",
  ].join("\r\n");
}

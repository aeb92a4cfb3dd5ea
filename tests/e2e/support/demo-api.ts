/**
 * The demo business's API as its owner reaches it: a key issued by the CLI (through the running
 * server, as README says), and a JSON client that sends it.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { baseURL, dataDir } from "./server.ts";

const run = promisify(execFile);

/** A fresh key for the demo business; "" if the CLI printed none (the caller's expect says so). */
export async function issueDemoKey(): Promise<string> {
  const { stdout } = await run(process.execPath, ["--import", "tsx", "scripts/business-key.ts", "--slug", "demo"], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: new URL(baseURL).port },
  });
  return /bk_[A-Za-z0-9_-]{20,}/.exec(stdout)?.[0] ?? "";
}

/** One business API request with `key`; the body parsed when there is one. */
export async function businessApiAs(key: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${baseURL}/api/business${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are asserted field by field
  return { status: res.status, body: (await res.json().catch(() => null)) as any };
}

/**
 * The data directory lock on its own (issue 23, defect 1): the e2e suite shows a second server
 * refusing; these pin the rest — the refusal while the holder lives, release, a stale lock taken over,
 * and openDatabase taking and releasing it.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/adapters/db/client.ts";
import { acquireDataDirLock, DataDirInUseError, readDataDirLock } from "../../src/adapters/db/data-dir-lock.ts";

const LOCK_FILE = "booking.lock";
const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "booking-lock-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A lock file as another process would have left it. */
function lockHeldByAnotherProcess(dir: string, pid: number): void {
  fs.writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ pid, startedAt: new Date().toISOString() }));
}

describe("data directory lock", () => {
  it("refuses while another live process holds it, naming that process", () => {
    const dir = tempDir();
    // This worker's parent: alive, and not this process.
    lockHeldByAnotherProcess(dir, process.ppid);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirInUseError);
    expect(() => acquireDataDirLock(dir)).toThrow(`in use by process ${process.ppid}`);
    expect(readDataDirLock(dir)?.pid).toBe(process.ppid);
  });

  it("takes over a lock whose process is gone, and removes its own on release", () => {
    const dir = tempDir();
    const exited = spawnSync(process.execPath, ["-e", ""]);
    expect(exited.status).toBe(0);
    lockHeldByAnotherProcess(dir, exited.pid!);
    expect(readDataDirLock(dir)).toBeNull();
    const lock = acquireDataDirLock(dir);
    expect(readDataDirLock(dir)?.pid).toBe(process.pid);
    expect(fs.statSync(path.join(dir, LOCK_FILE)).mode & 0o777).toBe(0o600);
    lock.release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  });

  it("an embedded database holds the lock while open and releases it on close", async () => {
    const dir = tempDir();
    const database = await openDatabase({ kind: "pglite", dataDir: dir });
    expect(readDataDirLock(dir)?.pid).toBe(process.pid);
    await database.close();
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  });

  it("an embedded database held by another live process is not opened", async () => {
    const dir = tempDir();
    lockHeldByAnotherProcess(dir, process.ppid);
    await expect(openDatabase({ kind: "pglite", dataDir: dir })).rejects.toThrow(DataDirInUseError);
    expect(readDataDirLock(dir)?.pid).toBe(process.ppid);
  });
});

/**
 * One process per embedded data directory. PGlite keeps the database in memory and writes it back to
 * DATA_DIR; a second process opening the same directory works on its own copy and its writes are lost
 * (issue 23: a business created by the CLI while the server ran vanished). Whoever opens the directory
 * holds `booking.lock` (pid, and for a server the loopback address and token of its admin channel);
 * a lock left by a process that is gone is taken over.
 */
import fs from "node:fs";
import path from "node:path";

export interface LockHolder {
  readonly pid: number;
  readonly startedAt: string;
  /** A running server's local admin channel (src/server/routes/admin-api.ts), once it listens. */
  readonly adminUrl?: string;
  readonly adminToken?: string;
}

export class DataDirInUseError extends Error {
  override name = "DataDirInUseError";
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    super(
      `The data directory ${dataDir} is in use by process ${holder.pid}${holder.adminUrl ? ` (the server at ${holder.adminUrl})` : ""}. ` +
        "Two processes must never open one embedded database: stop that process first, or use DATABASE_URL (PostgreSQL).",
    );
  }
}

export interface DataDirLock {
  /** Adds facts for other processes to read (the admin channel); the file stays readable only by its owner. */
  update(details: Partial<Omit<LockHolder, "pid" | "startedAt">>): void;
  release(): void;
}

const lockPath = (dataDir: string) => path.join(dataDir, "booking.lock");

function isAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The live process holding the directory, or null (no lock, or a stale one). */
export function readDataDirLock(dataDir: string): LockHolder | null {
  try {
    const holder = JSON.parse(fs.readFileSync(lockPath(dataDir), "utf8")) as LockHolder;
    return Number.isInteger(holder.pid) && isAlive(holder.pid) ? holder : null;
  } catch {
    return null;
  }
}

export function acquireDataDirLock(dataDir: string): DataDirLock {
  const file = lockPath(dataDir);
  fs.mkdirSync(dataDir, { recursive: true });
  let holder: LockHolder = { pid: process.pid, startedAt: new Date().toISOString() };
  for (let attempt = 0; ; attempt++) {
    try {
      // `wx`: created only if absent, atomically — two processes cannot both succeed.
      fs.writeFileSync(file, JSON.stringify(holder), { flag: "wx", mode: 0o600 });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" || attempt >= 3) throw error;
      const current = readDataDirLock(dataDir);
      if (current && current.pid !== process.pid) throw new DataDirInUseError(dataDir, current);
      fs.rmSync(file, { force: true }); // stale: its process is gone
    }
  }
  let released = false;
  return {
    update(details) {
      holder = { ...holder, ...details };
      fs.writeFileSync(file, JSON.stringify(holder), { mode: 0o600 });
    },
    release() {
      if (released) return;
      released = true;
      const current = readDataDirLock(dataDir);
      if (!current || current.pid === process.pid) fs.rmSync(file, { force: true });
    },
  };
}

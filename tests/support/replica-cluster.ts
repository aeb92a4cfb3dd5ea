/**
 * A PostgreSQL primary and a streaming hot-standby replica of their own (issue 19, read replicas):
 * initdb in a temporary directory on a free port with this machine's binaries, then
 * `pg_basebackup -R` for the replica. Both are stopped and their directories removed by `stop()`.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../e2e/support/start-server.ts";

/** The newest PostgreSQL binaries on this machine, or null. */
export function postgresBin(): string | null {
  const root = "/usr/lib/postgresql";
  if (!fs.existsSync(root)) return null;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, "bin", "pg_basebackup")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], "bin") : null;
}

/** Runs a PostgreSQL tool of `bin`; as root, as the postgres user (PostgreSQL refuses to run as root). */
export function runAsPostgresOwner(bin: string, cmd: string, args: readonly string[]): void {
  const full = path.join(bin, cmd);
  const r =
    process.getuid?.() === 0
      ? spawnSync("runuser", ["-u", "postgres", "--", full, ...args], { encoding: "utf8" })
      : spawnSync(full, args, { encoding: "utf8" });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed:\n${r.stdout}${r.stderr}`);
}

export interface ReplicaCluster {
  readonly primaryUrl: string;
  readonly replicaUrl: string;
  /** Stops the replica only (immediate shutdown: as if its machine went away). */
  stopReplica(): void;
  stop(): void;
}

export async function startReplicaCluster(bin: string): Promise<ReplicaCluster> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "replica-pg-"));
  const primaryDir = path.join(root, "primary");
  const replicaDir = path.join(root, "replica");
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const asOwner = (cmd: string, args: string[]) => runAsPostgresOwner(bin, cmd, args);
  if (process.getuid?.() === 0) spawnSync("chown", ["postgres", root]);
  const started: string[] = [];
  const ctl = (dir: string, port: number, action: string, extra: string[] = []) =>
    asOwner("pg_ctl", [
      "-D",
      dir,
      "-o",
      `-p ${port} -c listen_addresses=127.0.0.1 -k ${root} -c max_connections=100 -c fsync=off`,
      "-l",
      path.join(root, `${path.basename(dir)}.log`),
      "-w",
      ...extra,
      action,
    ]);
  const stop = () => {
    for (const dir of started.reverse()) {
      try {
        asOwner("pg_ctl", ["-D", dir, "-w", "-m", "immediate", "stop"]);
      } catch {
        // Already down: nothing to stop.
      }
    }
    fs.rmSync(root, { recursive: true, force: true });
  };
  try {
    asOwner("initdb", ["-D", primaryDir, "-A", "trust", "-U", "postgres", "--no-sync"]);
    // Replication connections from 127.0.0.1 are trusted by initdb's -A trust; wal_level replica is the default.
    ctl(primaryDir, primaryPort, "start");
    started.push(primaryDir);
    asOwner("pg_basebackup", [
      "-h",
      "127.0.0.1",
      "-p",
      String(primaryPort),
      "-U",
      "postgres",
      "-D",
      replicaDir,
      "-R",
      "-X",
      "stream",
      "--no-sync",
    ]);
    ctl(replicaDir, replicaPort, "start");
    started.push(replicaDir);
  } catch (error) {
    stop();
    throw error;
  }
  return {
    primaryUrl: `postgres://postgres@127.0.0.1:${primaryPort}/postgres`,
    replicaUrl: `postgres://postgres@127.0.0.1:${replicaPort}/postgres`,
    stopReplica: () => asOwner("pg_ctl", ["-D", replicaDir, "-w", "-m", "immediate", "stop"]),
    stop,
  };
}

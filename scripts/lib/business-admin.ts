/**
 * How the business CLIs reach the data: PostgreSQL directly (any number of processes may); the
 * embedded database directly when no process holds its directory, or else through the running
 * server's local admin channel — never by opening a second copy whose writes would be lost (issue 23).
 */
import fs from "node:fs";
import type { BusinessDirectory, Result } from "../../src/app/business/ports.ts";
import { createBusinessDirectory } from "../../src/adapters/db/business-repository.ts";
import { openDatabase, type Db } from "../../src/adapters/db/client.ts";
import { consoleStore } from "../../src/adapters/db/console/console-store.ts";
import { argon2Passwords } from "../../src/adapters/passwords/argon2.ts";
import { DataDirInUseError, readDataDirLock } from "../../src/adapters/db/data-dir-lock.ts";
import { migrateDatabase } from "../../src/adapters/db/migrate.ts";
import { ConfigError, parseConfig, publicUrlOf, type Config } from "../../src/server/config.ts";

export type AdminOutcome<T> =
  | { readonly ok: true; readonly value: T; readonly where: string }
  | { readonly ok: false; readonly message: string; readonly exitCode: number };

export interface AdminCall<T> {
  /** The admin channel's path and body (src/server/routes/admin-api.ts). */
  readonly path: string;
  readonly body: unknown;
  /** The same command against the database, when this process may open it. */
  direct(directory: BusinessDirectory, db: Db): Promise<Result<T>>;
  /** Words for a refusal code (NOT_FOUND, SLUG_TAKEN …). */
  refusal(code: string): string;
}

export async function runBusinessAdmin<T>(config: Config, call: AdminCall<T>): Promise<AdminOutcome<T>> {
  if (!config.DATABASE_URL) {
    const holder = readDataDirLock(config.dataDir);
    if (holder?.adminUrl && holder.adminToken) return viaServer(holder.adminUrl, holder.adminToken, call);
    if (holder) return { ok: false, message: new DataDirInUseError(config.dataDir, holder).message, exitCode: 75 };
    fs.mkdirSync(config.dataDir, { recursive: true });
  }
  let database;
  try {
    database = await openDatabase(
      config.DATABASE_URL
        ? { kind: "postgres", url: config.DATABASE_URL }
        : { kind: "pglite", dataDir: config.dataDir },
    );
  } catch (error) {
    if (error instanceof DataDirInUseError) return { ok: false, message: error.message, exitCode: 75 };
    throw error;
  }
  try {
    await migrateDatabase(database);
    const result = await call.direct(createBusinessDirectory(database.db), database.db);
    if (!result.ok) return { ok: false, message: call.refusal(result.error.code), exitCode: 1 };
    return { ok: true, value: result.value, where: config.DATABASE_URL ? "PostgreSQL" : config.dataDir };
  } finally {
    await database.close();
  }
}

async function viaServer<T>(adminUrl: string, token: string, call: AdminCall<T>): Promise<AdminOutcome<T>> {
  let response: Response;
  try {
    response = await fetch(`${adminUrl}/api/admin${call.path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(call.body),
    });
  } catch (error) {
    return {
      ok: false,
      message: `The server holding this data directory (${adminUrl}) does not answer (${(error as Error).message}). Nothing was created.`,
      exitCode: 75,
    };
  }
  const body = (await response.json().catch(() => null)) as { code?: string; detail?: string } | null;
  if (!response.ok) return { ok: false, message: call.refusal(body?.code ?? `HTTP ${response.status}`), exitCode: 1 };
  return { ok: true, value: body as T, where: `the running server (${adminUrl})` };
}

/** The configuration, or the process ends with the message naming the bad variable (EX_CONFIG). */
export function configOrExit(): Config {
  try {
    return parseConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(78);
  }
}

/** The console's accounts on a database this command opened (business:create's owner login). */
export function consoleAccountsOn(db: Db, config: Config) {
  return {
    // Nothing is emailed from here, so no link waits sealed in the outbox.
    store: consoleStore(db, (link) => link),
    passwords: argon2Passwords,
    clock: () => new Date(),
    publicUrl: publicUrlOf(config),
  };
}

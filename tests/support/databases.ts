/**
 * The database suites run on embedded PGlite always, and on the local PostgreSQL server when it is
 * reachable. Under CI=true an unreachable server fails the run instead of silently skipping
 * (issue 2: ".ci/run starts it if it is down").
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase, type Database } from "../../src/adapters/db/client.ts";
import { migrateDatabase } from "../../src/adapters/db/migrate.ts";

export const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

async function isPostgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

const postgresReachable = await isPostgresReachable();
if (!postgresReachable && process.env.CI === "true") {
  throw new Error(`CI=true but PostgreSQL is not reachable at ${POSTGRES_ADMIN_URL}; .ci/run should have started it.`);
}

export type DatabaseKind = "pglite" | "postgres";
export const DATABASE_KINDS: DatabaseKind[] = postgresReachable ? ["pglite", "postgres"] : ["pglite"];

export interface TestDatabase {
  database: Database;
  /** A URL other processes (a server under test) can use; null for in-process PGlite. */
  url: string | null;
  drop(): Promise<void>;
}

/** A fresh, migrated database of the given kind: PGlite in memory, or a new database on the server. */
export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === "pglite") {
    const database = await openDatabase({ kind: "pglite", dataDir: null });
    await migrateDatabase(database);
    return { database, url: null, drop: () => database.close() };
  }
  const name = `test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = POSTGRES_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  const database = await openDatabase({ kind: "postgres", url });
  await migrateDatabase(database);
  return {
    database,
    url,
    async drop() {
      await database.close();
      const dropper = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

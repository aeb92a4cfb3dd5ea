/**
 * Opens the database: embedded PGlite by default, PostgreSQL when a connection URL is given.
 * Both speak the same SQL, so the same drizzle queries and migrations run on either
 * (docs/decisions/0002-database.md).
 */
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import * as schema from "./schema.ts";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseTarget = { kind: "pglite"; dataDir: string | null } | { kind: "postgres"; url: string };

export interface Database {
  db: Db;
  kind: DatabaseTarget["kind"];
  /** Plain SQL escape hatch for tests and the raw-rate benchmark. */
  execute(sqlText: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  close(): Promise<void>;
}

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === "pglite") {
    const client = await PGlite.create(target.dataDir ?? undefined, { extensions: { btree_gist } });
    return fromPglite(client);
  }
  const pool = new pg.Pool({ connectionString: target.url, max: 20 });
  // An idle client whose connection dies (server restart, a dropped test database) emits "error" on
  // the pool; unhandled it would crash the process. The pool replaces it on the next checkout.
  pool.on("error", () => {});
  // Fail fast with a clear error instead of on the first request.
  const probe = await pool.connect();
  probe.release();
  return {
    db: drizzlePg(pool, { schema }) as unknown as Db,
    kind: "postgres",
    async execute(sqlText, params) {
      const result = await pool.query(sqlText, params as unknown[]);
      return { rows: result.rows as Record<string, unknown>[] };
    },
    close: () => pool.end(),
  };
}

export function fromPglite(client: PGlite): Database {
  return {
    db: drizzlePglite(client, { schema }) as unknown as Db,
    kind: "pglite",
    async execute(sqlText, params) {
      const result = await client.query(sqlText, params as unknown[]);
      return { rows: result.rows as Record<string, unknown>[] };
    },
    close: () => client.close(),
  };
}

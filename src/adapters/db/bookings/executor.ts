/**
 * The statements of the booking store run through one executor: hand-written SQL with `$n`
 * parameters, prepared by name on a PostgreSQL pool (the hot paths skip re-planning), passed
 * through drizzle elsewhere.
 */
import { sql } from "drizzle-orm";
import type { Database, Db } from "../client.ts";

/** A PostgreSQL array literal of ids (ids are UUIDs: no quoting needed). */
export const uuidArray = (ids: readonly string[]) => `{${ids.join(",")}}`;
export const iso = (ms: number) => new Date(ms).toISOString();

export interface Executor {
  readonly db: Db;
  /** A connection pool (PostgreSQL): several statements can run at once. */
  readonly pooled: boolean;
  /** `name`: a prepared statement name, used where the driver supports it (pg), to skip re-planning. */
  execute(text: string, params?: unknown[], name?: string): Promise<{ rows: Record<string, unknown>[] }>;
}

interface PgPoolLike {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: Record<string, unknown>[] }>;
  totalCount: number;
}

/**
 * A plain drizzle handle as an executor: `$n` placeholders become drizzle parameters, so the same
 * hand-written statements run whichever the caller passes (the app passes the Database itself).
 */
export function executorOf(source: Database | Db): Executor {
  const db = "kind" in source && "db" in source ? source.db : source;
  const client = (db as unknown as { $client?: unknown }).$client;
  const pool = client && typeof client === "object" && "totalCount" in client ? (client as PgPoolLike) : null;
  const plain = "kind" in source && "db" in source ? source : null;
  return {
    db,
    pooled: pool !== null,
    async execute(text, params = [], name) {
      if (pool && name) return pool.query({ name, text, values: params });
      if (plain) return plain.execute(text, params);
      const chunks = text
        .split(/\$(\d+)/)
        .map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${params[Number(part) - 1]}`));
      const result = (await db.execute(sql.join(chunks))) as unknown as { rows: Record<string, unknown>[] };
      return { rows: result.rows };
    },
  };
}

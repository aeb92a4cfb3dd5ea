import path from "node:path";
import { fileURLToPath } from "node:url";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { Database } from "./client.ts";

export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/** Applies pending migrations; drizzle records applied ones in `drizzle.__drizzle_migrations`. */
export async function migrateDatabase(database: Database): Promise<{ applied: number; total: number }> {
  const before = await countApplied(database);
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  // The two migrators share one implementation; they differ only in the session type they accept.
  if (database.kind === "pglite") await migratePglite(database.db as never, config);
  else await migratePg(database.db as never, config);
  const after = await countApplied(database);
  return { applied: after - before, total: after };
}

async function countApplied(database: Database): Promise<number> {
  const exists = await database.execute("select to_regclass('drizzle.__drizzle_migrations') is not null as present");
  if (!exists.rows[0]?.present) return 0;
  const result = await database.execute("select count(*)::int as n from drizzle.__drizzle_migrations");
  return Number(result.rows[0]?.n ?? 0);
}

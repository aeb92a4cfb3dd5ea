/**
 * `npm run seed`: resets the demo business (removes it with everything it owns, then creates it
 * again) in the configured database — PGlite in DATA_DIR, or DATABASE_URL.
 */
import fs from "node:fs";
import { openDatabase } from "../src/adapters/db/client.ts";
import { DataDirInUseError } from "../src/adapters/db/data-dir-lock.ts";
import { migrateDatabase } from "../src/adapters/db/migrate.ts";
import { resetDemo } from "../src/adapters/db/seed/demo.ts";
import { parseConfig } from "../src/server/config.ts";

const config = parseConfig(process.env);
if (!config.DATABASE_URL) fs.mkdirSync(config.dataDir, { recursive: true });
let database;
try {
  database = await openDatabase(
    config.DATABASE_URL ? { kind: "postgres", url: config.DATABASE_URL } : { kind: "pglite", dataDir: config.dataDir },
  );
} catch (error) {
  if (!(error instanceof DataDirInUseError)) throw error;
  console.error(error.message);
  process.exit(75);
}
try {
  await migrateDatabase(database);
  await resetDemo(database.db);
  console.log(`Demo business reset in ${config.DATABASE_URL ? "PostgreSQL" : config.dataDir}.`);
} finally {
  await database.close();
}

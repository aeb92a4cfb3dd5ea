/**
 * An embedded database migrated up to, but not including, one migration: the state a business's
 * database was in before an upgrade, for tests that prove the upgrade keeps what was there.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { MIGRATIONS_FOLDER } from "../../src/adapters/db/migrate.ts";
import { emptyPglite } from "./databases.ts";

/** `tagSuffix` names the first migration left out (`_contacts` for `0026_contacts`). */
export async function databaseMigratedBefore(tagSuffix: string): Promise<PGlite> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "migrated-before-"));
  try {
    fs.cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
    const journalPath = path.join(folder, "meta", "_journal.json");
    const journal = JSON.parse(fs.readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
    const cut = journal.entries.findIndex((e) => e.tag.endsWith(tagSuffix));
    if (cut <= 0) throw new Error(`no migration after the first ends with ${tagSuffix}`);
    fs.writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
    const client = await emptyPglite();
    await migrate(drizzle(client), { migrationsFolder: folder });
    return client;
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

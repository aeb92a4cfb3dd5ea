/**
 * The database suites run on embedded PGlite always, and on the local PostgreSQL server when it is
 * reachable. Under CI=true an unreachable server fails the run instead of silently skipping
 * (issue 2: ".ci/run starts it if it is down").
 */
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import pg from "pg";
import { fromPglite, openDatabase, type Database } from "../../src/adapters/db/client.ts";
import { migrateDatabase, MIGRATIONS_FOLDER } from "../../src/adapters/db/migrate.ts";
import { reachable } from "../../bench/support.ts";

export const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

const postgresReachable = await reachable(POSTGRES_ADMIN_URL);
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

/**
 * Migrating costs more than copying: each suite gets a copy of one database migrated once per
 * migration set — a dumped data directory for PGlite (`loadDataDir`), a template on the server
 * (`create database … template`),
 * named by a hash of the migrations so a changed migration builds a new template.
 */
const MIGRATIONS_HASH = createHash("sha256")
  .update(
    fs
      .readdirSync(MIGRATIONS_FOLDER, { recursive: true, encoding: "utf8" })
      .filter((f) => f.endsWith(".sql") || f.endsWith(".json"))
      .sort()
      .map((f) => `${f}\n${fs.readFileSync(path.join(MIGRATIONS_FOLDER, f), "utf8")}`)
      .join("\n"),
  )
  .digest("hex")
  .slice(0, 16);

/**
 * The migrated PGlite data directory, dumped once per migration set (and PGlite version) to a file
 * that every test file loads: vitest isolates each file in its own module graph, so a template kept
 * in memory would be migrated again for every file. Written under a temporary name, then renamed, so
 * a worker never reads a half-written dump; two workers building it at once both write a whole one.
 */
const PGLITE_VERSION = JSON.parse(
  fs.readFileSync(
    path.join(path.dirname(fileURLToPath(import.meta.resolve("@electric-sql/pglite"))), "..", "package.json"),
    "utf8",
  ),
).version as string;
const PGLITE_DUMP = path.join(os.tmpdir(), `booking-test-pglite-${PGLITE_VERSION}-${MIGRATIONS_HASH}.tar`);

/**
 * A new embedded database with nothing in it but what initdb leaves. A cold `PGlite.create` runs
 * initdb (1.4–2.2 s on a quiet 2-core machine; ~10 s under load), loading its dump ~0.4 s: initdb
 * runs once per worker (vitest.config.ts: isolate false), every later one is loaded from its dump.
 */
let emptyClusterDump: Promise<Blob> | undefined;
export async function emptyPglite(): Promise<PGlite> {
  emptyClusterDump ??= (async () => {
    const cluster = await PGlite.create(undefined, { extensions: { btree_gist } });
    try {
      return await cluster.dumpDataDir("none");
    } finally {
      await cluster.close();
    }
  })();
  return PGlite.create({ loadDataDir: await emptyClusterDump, extensions: { btree_gist } });
}

async function pgliteDump(): Promise<Blob> {
  if (!fs.existsSync(PGLITE_DUMP)) {
    const template = await emptyPglite();
    try {
      await migrateDatabase(fromPglite(template));
      const dump = await template.dumpDataDir("none");
      const partial = `${PGLITE_DUMP}.${process.pid}.${randomBytes(3).toString("hex")}`;
      fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      fs.renameSync(partial, PGLITE_DUMP);
      // Other checkouts on this machine may be using another migration set's dump right now: only
      // dumps untouched for a day are removed.
      for (const file of fs.readdirSync(os.tmpdir()).filter((f) => /^booking-test-pglite-.*\.tar$/.test(f))) {
        const stale = path.join(os.tmpdir(), file);
        const touched = fs.statSync(stale, { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
        if (stale !== PGLITE_DUMP && Date.now() - touched > 86_400_000) fs.rmSync(stale, { force: true });
      }
    } finally {
      await template.close();
    }
  }
  return new Blob([fs.readFileSync(PGLITE_DUMP)]);
}

async function migratedPglite(): Promise<Database> {
  return fromPglite(await PGlite.create({ loadDataDir: await pgliteDump(), extensions: { btree_gist } }));
}

const adminQuery = async (text: string) => {
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  try {
    return await admin.query(text);
  } finally {
    await admin.end();
  }
};

let postgresTemplate: Promise<string> | null = null;

/** The migrated template database of this migration set; built once, by whichever worker gets there first. */
function postgresTemplateName(): Promise<string> {
  postgresTemplate ??= (async () => {
    const name = `test_template_${MIGRATIONS_HASH}`;
    const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await admin.connect();
    try {
      await admin.query("select pg_advisory_lock(hashtext('booking test template'))");
      const exists = await admin.query("select 1 from pg_database where datname = $1", [name]);
      if (exists.rowCount === 0) {
        const building = `${name}_building_${randomBytes(3).toString("hex")}`;
        await admin.query(`create database ${building}`);
        const database = await openDatabase({
          kind: "postgres",
          url: POSTGRES_ADMIN_URL.replace(/\/[^/]*$/, `/${building}`),
        });
        await migrateDatabase(database);
        await database.close();
        // Renamed only once complete: a template that exists is a template that is fully migrated.
        await admin.query(`alter database ${building} rename to ${name}`);
        // Other migration sets' templates, once a day old: a checkout with other migrations (another
        // branch's worktree) may be running its tests on this server right now, from its own template.
        const stale = await admin
          .query(
            `select datname from pg_database
              where datname like 'test\\_template\\_%' and datname <> $1
                and (pg_stat_file('base/' || oid || '/PG_VERSION')).modification < now() - interval '1 day'`,
            [name],
          )
          .catch(() => ({ rows: [] as { datname: string }[] }));
        for (const row of stale.rows) await admin.query(`drop database if exists ${row.datname} with (force)`);
      }
    } finally {
      await admin.query("select pg_advisory_unlock(hashtext('booking test template'))").catch(() => undefined);
      await admin.end();
    }
    return name;
  })();
  return postgresTemplate;
}

/** A fresh, migrated database of the given kind: PGlite in memory, or a new database on the server. */
export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === "pglite") {
    const database = await migratedPglite();
    return { database, url: null, drop: () => database.close() };
  }
  const name = `test_${randomBytes(6).toString("hex")}`;
  const template = await postgresTemplateName();
  // Copying a template needs it free of sessions; another worker's copy in progress is one: retry.
  for (let attempt = 0; ; attempt++) {
    try {
      await adminQuery(`create database ${name} template ${template}`);
      break;
    } catch (error) {
      if ((error as { code?: string }).code !== "55006" || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const url = POSTGRES_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  const database = await openDatabase({ kind: "postgres", url });
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

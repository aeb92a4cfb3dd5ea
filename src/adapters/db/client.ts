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
import { acquireDataDirLock, type DataDirLock } from "./data-dir-lock.ts";
import * as schema from "./schema.ts";
import { slotReadRouting, type SlotReadRouting } from "./slot-read-routing.ts";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseTarget =
  | { kind: "pglite"; dataDir: string | null }
  /** `readUrl`: a streaming replica of `url` for slot reads (slot-read-routing.ts). */
  | { kind: "postgres"; url: string; readUrl?: string };

export interface Database {
  db: Db;
  kind: DatabaseTarget["kind"];
  /** Plain SQL escape hatch for tests and the raw-rate benchmark. */
  execute(sqlText: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /**
   * Calls `onNotify` on every NOTIFY of `channel`, from any connection or process, and whenever the
   * listening connection was lost and again once it listens anew (notifications may have been missed
   * meanwhile). On PostgreSQL a dedicated connection listens and reconnects; close() ends it.
   * `payload` is the notification's (absent when notifications may have been missed).
   */
  listen(channel: string, onNotify: (payload?: string) => void): Promise<void>;
  close(): Promise<void>;
  /** The embedded database's data-directory lock (null in memory and on PostgreSQL). */
  readonly lock: DataDirLock | null;
  /** Slot reads on a read replica when one is configured (ADR 0056); null: they read here. */
  readonly slotReads: SlotReadRouting | null;
}

/** LISTEN takes an identifier, not a parameter: only plain lower-case names are accepted. */
function assertChannel(channel: string): void {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
}
const RECONNECT_MS = 1000;

/**
 * The embedded database's settings (issue 19, "cut its memory where PGlite allows"). PostgreSQL's
 * default 128 MB of shared buffers sit in PGlite's WebAssembly memory, which never shrinks, on top of
 * the operating system's own cache of the same files: 16 MB took an idle demo server from 615 MB to
 * 502 MB of RSS (ADR 0029, "Memory of the embedded database").
 */
const EMBEDDED_POSTGRESQL_CONF = ["shared_buffers = 16MB"];

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === "pglite") {
    // Throws DataDirInUseError while another live process has the directory open.
    const lock = target.dataDir ? acquireDataDirLock(target.dataDir) : null;
    try {
      const client = await PGlite.create(target.dataDir ?? undefined, {
        extensions: { btree_gist },
        postgresqlconf: EMBEDDED_POSTGRESQL_CONF,
      });
      return fromPglite(client, lock);
    } catch (error) {
      lock?.release();
      throw error;
    }
  }
  const url = target.url;
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  // An idle client whose connection dies (server restart, a dropped test database) emits "error" on
  // the pool; unhandled it would crash the process. The pool replaces it on the next checkout.
  pool.on("error", () => {});
  // Fail fast with a clear error instead of on the first request.
  const probe = await pool.connect();
  probe.release();
  const replica = target.readUrl ? await openReplica(target.readUrl) : null;
  const listeners = new Set<pg.Client>();
  let closed = false;
  /**
   * A connection that LISTENs on `channel`; when it dies, `onNotify` and a new one a second later,
   * which calls `onNotify` again once it listens: whatever was notified in between is lost.
   */
  async function listenOn(channel: string, onNotify: (payload?: string) => void, again = false): Promise<void> {
    const client = new pg.Client({ connectionString: url });
    client.on("notification", (message) => message.channel === channel && onNotify(message.payload ?? ""));
    client.on("error", () => {});
    // Only a connection that listened hands over to a new one: one that failed to connect is
    // retried by whoever called (a second retry from here would double the listeners).
    let listening = false;
    client.on("end", () => {
      listeners.delete(client);
      if (closed || !listening) return;
      onNotify();
      const retry = () =>
        void listenOn(channel, onNotify, true).catch(() => !closed && setTimeout(retry, RECONNECT_MS));
      setTimeout(retry, RECONNECT_MS);
    });
    listeners.add(client);
    try {
      await client.connect();
      await client.query(`listen ${channel}`);
      listening = true;
      if (closed) return void (await client.end());
      if (again) onNotify();
    } catch (error) {
      listeners.delete(client);
      await client.end().catch(() => {});
      throw error;
    }
  }
  return {
    db: drizzlePg(pool, { schema }) as unknown as Db,
    kind: "postgres",
    async execute(sqlText, params) {
      const result = await pool.query(sqlText, params as unknown[]);
      return { rows: result.rows as Record<string, unknown>[] };
    },
    async listen(channel, onNotify) {
      assertChannel(channel);
      await listenOn(channel, onNotify);
    },
    lock: null,
    slotReads: replica ? slotReadRouting(pool, replica) : null,
    async close() {
      closed = true;
      await Promise.all([...listeners].map((client) => client.end().catch(() => {})));
      await Promise.all([pool.end(), replica?.end()]);
    },
  };
}

/** The replica's pool; refused at start unless it is a hot standby (a second primary is no replica of the first). */
async function openReplica(url: string): Promise<pg.Pool> {
  // A replica that does not answer must not hold slot reads up: they go to the primary instead.
  const pool = new pg.Pool({
    connectionString: url,
    max: 20,
    application_name: "slot-reads",
    connectionTimeoutMillis: 1_000,
  });
  pool.on("error", () => {});
  try {
    const { rows } = await pool.query("select pg_is_in_recovery() as standby");
    if (rows[0]?.standby !== true)
      throw new Error("DATABASE_READ_URL is not a streaming replica (pg_is_in_recovery() is false)");
    return pool;
  } catch (error) {
    await pool.end();
    throw error;
  }
}

export function fromPglite(client: PGlite, lock: DataDirLock | null = null): Database {
  return {
    db: drizzlePglite(client, { schema }) as unknown as Db,
    kind: "pglite",
    async execute(sqlText, params) {
      const result = await client.query(sqlText, params as unknown[]);
      return { rows: result.rows as Record<string, unknown>[] };
    },
    async listen(channel, onNotify) {
      assertChannel(channel);
      await client.listen(channel, (payload) => onNotify(payload));
    },
    lock,
    slotReads: null,
    async close() {
      await client.close();
      lock?.release();
    },
  };
}

/**
 * The schema keeps the rule of ADR 0057 (issue 19, "past one PostgreSQL"): on a distributed PostgreSQL
 * (Citus) sharded by business, every table carries `business_id` (uuid, not null), and every primary
 * key, unique constraint or index and exclusion constraint includes it (with `=` in an exclusion
 * constraint), and every foreign key between two such tables includes it on both sides — or the table
 * or constraint is listed below, with its reason, as in the ADR.
 *
 * The lists are exact: a new table or constraint that breaks the rule fails this test until it is
 * fixed or listed, and a listed exception that is no longer needed (the table got `business_id`, the
 * constraint now includes it, or it is gone) fails it too, so the lists only shrink.
 *
 * Read from the catalog of a freshly migrated database (pg_class, pg_index, pg_constraint), on PGlite
 * and on the local PostgreSQL when it is reachable.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fromPglite } from "../../src/adapters/db/client.ts";
import { migrateDatabase } from "../../src/adapters/db/migrate.ts";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "../support/databases.ts";
import { databaseMigratedBefore } from "../support/migrated-before.ts";

type TableKind =
  /** Replicated to every node (create_reference_table): small, read everywhere, rarely written. */
  | "reference"
  /** Stays on the coordinator only, a plain table there: never joined with business data. */
  | "local"
  /** Belongs to one business but does not carry business_id yet: to be distributed once it does. */
  | "gap";

/** Tables without a business_id column, by schema-qualified name. See ADR 0057, "Tables". */
const TABLE_EXCEPTIONS: Record<string, { kind: TableKind; reason: string }> = {
  "drizzle.__drizzle_migrations": {
    kind: "local",
    reason: "the migrator's bookkeeping; migrations (DDL) run from the coordinator only",
  },
  "public.businesses": {
    kind: "reference",
    reason: "the business itself (its id is the distribution value); resolved by slug or host on every request",
  },
  "public.rate_limit_windows": {
    kind: "local",
    reason: "counts per client address before any business is known; unlogged, one upsert per request",
  },
  "public.used_booking_proofs": {
    kind: "local",
    reason: "spent proofs of work, checked before the calendar matters, in a statement of its own",
  },
};

/**
 * Primary keys, unique constraints and indexes, and exclusion constraints of tables that carry
 * business_id, which do not include it: `table.index`. See ADR 0057, "Constraints".
 */
const UNIQUE_EXCEPTIONS: Record<string, string> = {
  // Since migration 0038 the only global key: a look-up table distributed by that key, in a co-location group of
  // its own (the six secret look-ups keep business_id in their keys and are named cross-business queries).
  "console_logins.console_logins_pkey": "one sign-in per address across the deployment, distributed by the address",
};

/**
 * Foreign keys from a table with business_id to another table with business_id (not to a reference
 * table) that do not carry business_id on both sides: `table.constraint`. See ADR 0057, "Foreign keys".
 */
const FOREIGN_KEY_EXCEPTIONS: Record<string, string> = {
  // None since migration 0035: every key between two business tables is (x, business_id) → parent (id, business_id).
};

interface Violation {
  key: string;
  what: string;
}

describe.each(DATABASE_KINDS)("the schema keeps the distribution rule of ADR 0057 on %s", (kind) => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  async function rows(sql: string) {
    return (await testDb.database.execute(sql)).rows as Record<string, unknown>[];
  }

  const USER_SCHEMAS = `n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'`;

  async function tables() {
    const found = await rows(
      `select n.nspname || '.' || c.relname as name, c.relname as table_name,
              (select format_type(a.atttypid, a.atttypmod) || case when a.attnotnull then ' not null' else '' end
                 from pg_attribute a
                where a.attrelid = c.oid and a.attname = 'business_id' and not a.attisdropped) as business_id
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p') and not c.relispartition and ${USER_SCHEMAS}
        order by 1`,
    );
    return found.map((r) => ({
      name: String(r.name),
      table: String(r.table_name),
      businessId: r.business_id === null || r.business_id === undefined ? null : String(r.business_id),
    }));
  }

  /** Every unique or exclusion index (primary keys and unique constraints have one), key columns in order. */
  async function uniqueIndexes() {
    const found = await rows(
      `select n.nspname || '.' || c.relname as table_name, i.relname as index_name, x.indisexclusion as exclusion,
              (select string_agg(coalesce(a.attname, '(expression)') || coalesce(' ' || o.oprname, ''), ', ' order by k.ord)
                 from unnest(x.indkey::int2[]) with ordinality k(attnum, ord)
                 left join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
                 left join pg_constraint con on con.conindid = x.indexrelid and con.contype = 'x'
                 left join pg_operator o on o.oid = con.conexclop[k.ord]
                where k.ord <= x.indnkeyatts) as columns
         from pg_index x
         join pg_class c on c.oid = x.indrelid
         join pg_class i on i.oid = x.indexrelid
         join pg_namespace n on n.oid = c.relnamespace
        where (x.indisunique or x.indisexclusion) and ${USER_SCHEMAS}
        order by 1, 2`,
    );
    return found.map((r) => ({
      table: String(r.table_name),
      index: String(r.index_name),
      exclusion: r.exclusion === true,
      columns: String(r.columns).split(", "),
    }));
  }

  async function foreignKeys() {
    const found = await rows(
      `select n.nspname || '.' || c.relname as table_name, con.conname as name,
              fn.nspname || '.' || f.relname as target,
              (select string_agg(a.attname, ', ' order by k.ord) from unnest(con.conkey) with ordinality k(attnum, ord)
                 join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum) as columns,
              (select string_agg(a.attname, ', ' order by k.ord) from unnest(con.confkey) with ordinality k(attnum, ord)
                 join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum) as target_columns
         from pg_constraint con
         join pg_class c on c.oid = con.conrelid
         join pg_namespace n on n.oid = c.relnamespace
         join pg_class f on f.oid = con.confrelid
         join pg_namespace fn on fn.oid = f.relnamespace
        where con.contype = 'f' and ${USER_SCHEMAS}
        order by 1, 2`,
    );
    return found.map((r) => ({
      table: String(r.table_name),
      name: String(r.name),
      target: String(r.target),
      columns: String(r.columns).split(", "),
      targetColumns: String(r.target_columns).split(", "),
    }));
  }

  const shortName = (qualified: string) => qualified.replace(/^public\./, "");

  /** Everything that breaks the rule, keyed as the exception lists are. */
  async function violations() {
    const all = await tables();
    const distributed = new Set(all.filter((t) => t.businessId !== null).map((t) => t.name));
    const found = { tables: [] as Violation[], unique: [] as Violation[], foreignKeys: [] as Violation[] };
    for (const t of all) {
      if (t.businessId === null) found.tables.push({ key: t.name, what: "no business_id column" });
      else if (t.businessId !== "uuid not null")
        found.tables.push({ key: t.name, what: `business_id is ${t.businessId}, not uuid not null` });
    }
    for (const u of await uniqueIndexes()) {
      if (!distributed.has(u.table)) continue; // the table itself is listed (or reported) above
      const ok = u.exclusion ? u.columns.includes("business_id =") : u.columns.includes("business_id");
      if (!ok)
        found.unique.push({
          key: `${shortName(u.table)}.${u.index}`,
          what: `${u.exclusion ? "exclusion" : "unique"} (${u.columns.join(", ")})`,
        });
    }
    for (const f of await foreignKeys()) {
      if (!distributed.has(f.table)) continue;
      if (TABLE_EXCEPTIONS[f.target]?.kind === "reference") continue; // distributed → reference: any columns
      const position = f.columns.indexOf("business_id");
      if (position >= 0 && f.targetColumns[position] === "business_id" && distributed.has(f.target)) continue;
      found.foreignKeys.push({
        key: `${shortName(f.table)}.${f.name}`,
        what: `(${f.columns.join(", ")}) → ${shortName(f.target)} (${f.targetColumns.join(", ")})`,
      });
    }
    return found;
  }

  /** What breaks the rule unlisted, and what is listed yet no longer breaks it. */
  function compare(found: Violation[], listed: string[]) {
    const keys = new Set(found.map((v) => v.key));
    return {
      unlisted: found.filter((v) => !listed.includes(v.key)).map((v) => `${v.key}: ${v.what}`),
      noLongerNeeded: listed.filter((key) => !keys.has(key)),
    };
  }

  it("every table carries business_id (uuid, not null), or is listed with its kind and reason", async () => {
    const found = await violations();
    expect(compare(found.tables, Object.keys(TABLE_EXCEPTIONS))).toEqual({ unlisted: [], noLongerNeeded: [] });
  });

  it("every primary key, unique index and exclusion constraint includes business_id, or is listed", async () => {
    const found = await violations();
    expect(compare(found.unique, Object.keys(UNIQUE_EXCEPTIONS))).toEqual({ unlisted: [], noLongerNeeded: [] });
  });

  it("every foreign key between two tables with business_id carries it on both sides, or is listed", async () => {
    const found = await violations();
    expect(compare(found.foreignKeys, Object.keys(FOREIGN_KEY_EXCEPTIONS))).toEqual({
      unlisted: [],
      noLongerNeeded: [],
    });
  });

  it("counts the rule's reach (reported in ADR 0057)", async () => {
    const all = await tables();
    const unique = await uniqueIndexes();
    const keys = await foreignKeys();
    const summary = {
      tables: all.length,
      tablesWithBusinessId: all.filter((t) => t.businessId !== null).length,
      tableExceptions: Object.keys(TABLE_EXCEPTIONS).length,
      uniqueAndExclusion: unique.length,
      uniqueAndExclusionWithBusinessId: unique.filter((u) =>
        u.exclusion ? u.columns.includes("business_id =") : u.columns.includes("business_id"),
      ).length,
      uniqueAndExclusionOnTablesWithBusinessId: unique.filter((u) => !(u.table in TABLE_EXCEPTIONS)).length,
      uniqueExceptions: Object.keys(UNIQUE_EXCEPTIONS).length,
      foreignKeys: keys.length,
      foreignKeysFromTablesWithBusinessId: keys.filter((f) => !(f.table in TABLE_EXCEPTIONS)).length,
      foreignKeyExceptions: Object.keys(FOREIGN_KEY_EXCEPTIONS).length,
    };
    expect(summary.tablesWithBusinessId + summary.tableExceptions).toBe(summary.tables);
    console.info(`schema distribution (${kind}): ${JSON.stringify(summary)}`);
  });
});

it("gives image and product variants made before migration 0033 their parent's business", async () => {
  const client = await databaseMigratedBefore("_variants_business_id");
  try {
    const [a, b] = ["00000000-0000-4000-8000-0000000000a1", "00000000-0000-4000-8000-0000000000a2"];
    await client.exec(`
      insert into businesses (id, slug, name, time_zone) values ('${a}', 'a', 'A', 'UTC'), ('${b}', 'b', 'B', 'UTC');
      insert into images (id, business_id, source_type, source_bytes, width, height)
      values ('00000000-0000-4000-8000-0000000000c1', '${a}', 'image/png', 10, 640, 480),
             ('00000000-0000-4000-8000-0000000000c2', '${b}', 'image/png', 10, 320, 240);
      insert into image_variants (image_id, width, height, content_type, byte_size, content)
      values ('00000000-0000-4000-8000-0000000000c1', 320, 240, 'image/webp', 1, '\\x01'),
             ('00000000-0000-4000-8000-0000000000c1', 640, 480, 'image/webp', 1, '\\x02'),
             ('00000000-0000-4000-8000-0000000000c2', 320, 240, 'image/webp', 1, '\\x03');
      insert into products (id, business_id, slug, name, currency)
      values ('00000000-0000-4000-8000-0000000000d1', '${b}', 'oil', 'Oil', 'EUR');
      insert into product_variants (product_id, price_minor) values ('00000000-0000-4000-8000-0000000000d1', 1900);
    `);
    expect((await migrateDatabase(fromPglite(client))).applied).toBeGreaterThanOrEqual(1);
    const images = await client.query("select image_id, width, business_id from image_variants order by 1, 2");
    expect(images.rows).toEqual([
      { image_id: "00000000-0000-4000-8000-0000000000c1", width: 320, business_id: a },
      { image_id: "00000000-0000-4000-8000-0000000000c1", width: 640, business_id: a },
      { image_id: "00000000-0000-4000-8000-0000000000c2", width: 320, business_id: b },
    ]);
    const products = await client.query("select product_id, business_id from product_variants");
    expect(products.rows).toEqual([{ product_id: "00000000-0000-4000-8000-0000000000d1", business_id: b }]);
  } finally {
    await client.close();
  }
});

it("gives the join tables, external busy time and busy changes made before migration 0034 their business", async () => {
  const client = await databaseMigratedBefore("_gap_tables_business_id");
  const id = (n: string) => `00000000-0000-4000-8000-0000000000${n}`;
  const [a, b] = [id("a1"), id("a2")];
  try {
    await client.exec(`
      insert into businesses (id, slug, name, time_zone) values ('${a}', 'a', 'A', 'UTC'), ('${b}', 'b', 'B', 'UTC');
      insert into staff (id, business_id, name, email, time_zone)
      values ('${id("b1")}', '${a}', 'Ann', 'ann@a.example', 'UTC'), ('${id("b2")}', '${b}', 'Bo', 'bo@b.example', 'UTC');
      insert into calendars (id, business_id, slug, type, name, settings)
      values ('${id("c1")}', '${a}', 'ann', 'personal', 'Ann', '{}'), ('${id("c2")}', '${b}', 'bo', 'service', 'Bo', '{}');
      insert into services (id, business_id, slug, name, duration_minutes)
      values ('${id("d1")}', '${a}', 'cut', 'Cut', 30), ('${id("d2")}', '${b}', 'dye', 'Dye', 60);
      insert into calendar_members (calendar_id, staff_id) values ('${id("c1")}', '${id("b1")}'), ('${id("c2")}', '${id("b2")}');
      insert into calendar_services (calendar_id, service_id) values ('${id("c2")}', '${id("d2")}');
      insert into service_staff (service_id, staff_id) values ('${id("d1")}', '${id("b1")}'), ('${id("d2")}', '${id("b2")}');
      insert into service_menus (id, business_id, calendar_id, slug, name) values ('${id("e2")}', '${b}', '${id("c2")}', 'm', 'M');
      insert into service_menu_items (service_menu_id, service_id) values ('${id("e2")}', '${id("d2")}');
      insert into products (id, business_id, slug, name, currency) values ('${id("f1")}', '${a}', 'oil', 'Oil', 'EUR');
      insert into collections (id, business_id, slug, name) values ('${id("f2")}', '${a}', 'care', 'Care');
      insert into product_collections (product_id, collection_id) values ('${id("f1")}', '${id("f2")}');
      insert into calendar_connections (id, business_id, staff_id, kind, display_url, url_sealed)
      values ('${id("a9")}', '${b}', '${id("b2")}', 'ics', 'https://feed.example', 'sealed');
      insert into external_busy (connection_id, staff_id, starts_at, ends_at)
      values ('${id("a9")}', '${id("b2")}', '2026-01-01T10:00Z', '2026-01-01T11:00Z');
      delete from busy_changes;
      insert into busy_changes (staff_id, xid) values ('${id("b1")}', '1'), ('${id("b2")}', '2'), ('${id("99")}', '3');
    `);
    expect((await migrateDatabase(fromPglite(client))).applied).toBeGreaterThanOrEqual(1);
    const businessOf = async (table: string, column: string) =>
      (await client.query(`select ${column} as parent, business_id from ${table} order by 1`)).rows;
    expect(await businessOf("calendar_members", "calendar_id")).toEqual([
      { parent: id("c1"), business_id: a },
      { parent: id("c2"), business_id: b },
    ]);
    expect(await businessOf("calendar_services", "calendar_id")).toEqual([{ parent: id("c2"), business_id: b }]);
    expect(await businessOf("service_staff", "service_id")).toEqual([
      { parent: id("d1"), business_id: a },
      { parent: id("d2"), business_id: b },
    ]);
    expect(await businessOf("service_menu_items", "service_menu_id")).toEqual([{ parent: id("e2"), business_id: b }]);
    expect(await businessOf("product_collections", "product_id")).toEqual([{ parent: id("f1"), business_id: a }]);
    expect(await businessOf("external_busy", "connection_id")).toEqual([{ parent: id("a9"), business_id: b }]);
    // A change of a staff member who is gone concerns no warm index: it is dropped, not left without a business.
    expect(await businessOf("busy_changes", "staff_id")).toEqual([
      { parent: id("b1"), business_id: a },
      { parent: id("b2"), business_id: b },
    ]);
    // The triggers record the business of the rows they see.
    await client.exec(`
      delete from busy_changes;
      insert into bookings (id, business_id, calendar_id, status, starts_at, ends_at, time_zone, staff_id, staff_ids,
        service_ids, contact, manage_token_hash, currency)
      values ('${id("ab")}', '${b}', '${id("c2")}', 'confirmed', '2026-02-01T10:00Z', '2026-02-01T11:00Z', 'UTC',
        '${id("b2")}', '{${id("b2")}}', '{}', '{}', 'h', 'EUR');
      insert into booking_items (business_id, booking_id, staff_id, blocked, starts_at, ends_at)
      values ('${b}', '${id("ab")}', '${id("b2")}', tstzrange('2026-02-01T10:00Z', '2026-02-01T11:00Z'),
        '2026-02-01T10:00Z', '2026-02-01T11:00Z');
    `);
    expect(await businessOf("busy_changes", "staff_id")).toEqual([{ parent: id("b2"), business_id: b }]);
  } finally {
    await client.close();
  }
});

it("keys the rows made before migration 0035 by (id, business_id), and refuses a child of another business", async () => {
  const client = await databaseMigratedBefore("_keys_with_business_id");
  const id = (n: string) => `00000000-0000-4000-8000-0000000000${n}`;
  const [a, b] = [id("a1"), id("a2")];
  const item = (business: string, staff: string, from: string, to: string) =>
    `insert into booking_items (business_id, booking_id, staff_id, blocked, starts_at, ends_at)
     values ('${business}', '${id("ab")}', '${staff}', tstzrange('${from}', '${to}'), '${from}', '${to}')`;
  try {
    await client.exec(`
      insert into businesses (id, slug, name, time_zone) values ('${a}', 'a', 'A', 'UTC'), ('${b}', 'b', 'B', 'UTC');
      insert into staff (id, business_id, name, email, time_zone)
      values ('${id("b1")}', '${a}', 'Ann', 'ann@a.example', 'UTC'), ('${id("b2")}', '${b}', 'Bo', 'bo@b.example', 'UTC');
      insert into calendars (id, business_id, slug, type, name, settings)
      values ('${id("c1")}', '${a}', 'ann', 'personal', 'Ann', '{}');
      insert into contacts (id, business_id, email, email_normalised, first_seen_at, last_seen_at)
      values ('${id("d1")}', '${a}', 'Vi@example.com', 'vi@example.com', now(), now());
      insert into bookings (id, business_id, calendar_id, status, starts_at, ends_at, time_zone, staff_id, staff_ids,
        service_ids, contact, manage_token_hash, currency, contact_id)
      values ('${id("ab")}', '${a}', '${id("c1")}', 'confirmed', '2026-02-01T10:00Z', '2026-02-01T11:00Z', 'UTC',
        '${id("b1")}', '{${id("b1")}}', '{}', '{}', 'h', 'EUR', '${id("d1")}');
      ${item(a, id("b1"), "2026-02-01T10:00Z", "2026-02-01T11:00Z")};
    `);
    expect((await migrateDatabase(fromPglite(client))).applied).toBeGreaterThanOrEqual(1);
    expect((await client.query("select id, business_id from bookings")).rows).toEqual([
      { id: id("ab"), business_id: a },
    ]);
    expect((await client.query("select count(*)::int as n from booking_items")).rows).toEqual([{ n: 1 }]);
    // A child names its parent with the parent's business: another business's booking or staff member is refused.
    await expect(client.exec(item(b, id("b2"), "2026-02-02T10:00Z", "2026-02-02T11:00Z"))).rejects.toThrow(
      /booking_items_booking_id_bookings_id_fk/,
    );
    await expect(client.exec(item(a, id("b2"), "2026-02-02T10:00Z", "2026-02-02T11:00Z"))).rejects.toThrow(
      /booking_items_staff_id_staff_id_fk/,
    );
    // The double-booking guard still refuses an overlap for one staff member.
    await expect(client.exec(item(a, id("b1"), "2026-02-01T10:30Z", "2026-02-01T11:30Z"))).rejects.toThrow(
      /booking_items_no_overlap/,
    );
    // `on delete set null (contact_id)`: erasing the contact keeps the booking and its business.
    await client.exec(`delete from contacts where id = '${id("d1")}'`);
    expect((await client.query("select contact_id, business_id from bookings")).rows).toEqual([
      { contact_id: null, business_id: a },
    ]);
  } finally {
    await client.close();
  }
});

it("gives idempotency keys made before migration 0036 their booking's business, and drops those that name none", async () => {
  const client = await databaseMigratedBefore("_idempotency_keys_business_id");
  const id = (n: string) => `00000000-0000-4000-8000-0000000000${n}`;
  const [a, b] = [id("a1"), id("a2")];
  // As stored: the answer's JSON text in a jsonb string (a replay returns its very bytes).
  const answer = (body: unknown) => JSON.stringify(JSON.stringify(body));
  try {
    await client.exec(`
      insert into businesses (id, slug, name, time_zone) values ('${a}', 'a', 'A', 'UTC'), ('${b}', 'b', 'B', 'UTC');
      insert into staff (id, business_id, name, email, time_zone) values ('${id("b2")}', '${b}', 'Bo', 'bo@b.example', 'UTC');
      insert into calendars (id, business_id, slug, type, name, settings) values ('${id("c2")}', '${b}', 'bo', 'personal', 'Bo', '{}');
      insert into bookings (id, business_id, calendar_id, status, starts_at, ends_at, time_zone, staff_id, staff_ids,
        service_ids, contact, manage_token_hash, currency)
      values ('${id("ab")}', '${b}', '${id("c2")}', 'confirmed', '2026-02-01T10:00Z', '2026-02-01T11:00Z', 'UTC',
        '${id("b2")}', '{${id("b2")}}', '{}', '{}', 'h', 'EUR');
      insert into idempotency_keys (endpoint, key, request_hash, status_code, response, created_at) values
        ('POST /api/bookings', 'booked', 'h1', 201, '${answer({ id: id("ab"), status: "confirmed" })}', now() - interval '1 hour'),
        ('POST /api/bookings', 'refused', 'h2', 409, '${answer({ code: "STAFF_BUSY" })}', now() - interval '1 hour'),
        ('POST /api/bookings', 'in-flight', 'h3', null, null, now() - interval '1 minute'),
        ('POST /api/bookings', 'old', 'h4', 201, '${answer({ id: id("ab") })}', now() - interval '26 hours');
    `);
    expect((await migrateDatabase(fromPglite(client))).applied).toBeGreaterThanOrEqual(1);
    expect((await client.query("select key, business_id from idempotency_keys")).rows).toEqual([
      { key: "booked", business_id: b },
    ]);
    // The key is now the business's: the same key of another business is another row.
    await client.exec(`insert into idempotency_keys (endpoint, key, business_id, request_hash)
                       values ('POST /api/bookings', 'booked', '${a}', 'h5')`);
    expect((await client.query("select count(*)::int as n from idempotency_keys where key = 'booked'")).rows).toEqual([
      { n: 2 },
    ]);
  } finally {
    await client.close();
  }
});

it("gives console sessions and links made before migration 0037 their user's business, keyed with it", async () => {
  const client = await databaseMigratedBefore("_console_sessions_business_id");
  const id = (n: string) => `00000000-0000-4000-8000-0000000000${n}`;
  const [a, b] = [id("a1"), id("a2")];
  try {
    await client.exec(`
      insert into businesses (id, slug, name, time_zone) values ('${a}', 'a', 'A', 'UTC'), ('${b}', 'b', 'B', 'UTC');
      insert into console_users (id, business_id, email, name, role)
      values ('${id("c1")}', '${a}', 'ann@a.example', 'Ann', 'owner'), ('${id("c2")}', '${b}', 'bo@b.example', 'Bo', 'owner');
      insert into console_sessions (token_hash, user_id, expires_at)
      values ('s1', '${id("c1")}', now() + interval '1 day'), ('s2', '${id("c2")}', now() + interval '1 day');
      insert into console_link_tokens (token_hash, user_id, purpose, expires_at)
      values ('l2', '${id("c2")}', 'sign_in', now() + interval '1 hour');
    `);
    expect((await migrateDatabase(fromPglite(client))).applied).toBeGreaterThanOrEqual(1);
    expect((await client.query("select token_hash, business_id from console_sessions order by 1")).rows).toEqual([
      { token_hash: "s1", business_id: a },
      { token_hash: "s2", business_id: b },
    ]);
    expect((await client.query("select token_hash, business_id from console_link_tokens")).rows).toEqual([
      { token_hash: "l2", business_id: b },
    ]);
    // A session names its user with the user's business: another business's user is refused.
    await expect(
      client.exec(`insert into console_sessions (token_hash, business_id, user_id, expires_at)
                   values ('s3', '${a}', '${id("c2")}', now() + interval '1 day')`),
    ).rejects.toThrow(/console_sessions_user_id_console_users_id_fk/);
    // Deleting the user still takes its sessions and links with it.
    await client.exec(`delete from console_users where id = '${id("c2")}'`);
    expect((await client.query("select count(*)::int as n from console_link_tokens")).rows).toEqual([{ n: 0 }]);
  } finally {
    await client.close();
  }
});

it("gives console users made before migration 0038 their sign-in address, and keeps one login per address", async () => {
  const client = await databaseMigratedBefore("_secret_lookups_business_id");
  const id = (n: string) => `00000000-0000-4000-8000-0000000000${n}`;
  const [a, b] = [id("a1"), id("a2")];
  try {
    await client.exec(`
      insert into businesses (id, slug, name, time_zone) values ('${a}', 'a', 'A', 'UTC'), ('${b}', 'b', 'B', 'UTC');
      insert into console_users (id, business_id, email, name, role)
      values ('${id("c1")}', '${a}', 'ann@a.example', 'Ann', 'owner'), ('${id("c2")}', '${b}', 'bo@b.example', 'Bo', 'owner');
      insert into api_keys (business_id, name, prefix, key_hash) values ('${a}', 'k', 'bk_', 'h1');
    `);
    expect((await migrateDatabase(fromPglite(client))).applied).toBeGreaterThanOrEqual(1);
    expect((await client.query("select email, business_id, user_id from console_logins order by 1")).rows).toEqual([
      { email: "ann@a.example", business_id: a, user_id: id("c1") },
      { email: "bo@b.example", business_id: b, user_id: id("c2") },
    ]);
    // The address is still one login across businesses: the look-up table's key refuses a second.
    await expect(
      client.exec(
        `insert into console_logins (email, business_id, user_id) values ('ann@a.example', '${b}', '${id("c2")}')`,
      ),
    ).rejects.toThrow(/console_logins_pkey/);
    // A secret's key names the business now; within one business it is still unique.
    await expect(
      client.exec(`insert into api_keys (business_id, name, prefix, key_hash) values ('${a}', 'k2', 'bk_', 'h1')`),
    ).rejects.toThrow(/api_keys_key_hash_uq/);
    // The business's deletion takes its logins with it (its key to the reference table).
    await client.exec(`delete from businesses where id = '${b}'`);
    expect((await client.query("select email from console_logins")).rows).toEqual([{ email: "ann@a.example" }]);
  } finally {
    await client.close();
  }
});

it("gives a service's providers made before migration 0039 the positions of the order they were written in", async () => {
  const client = await databaseMigratedBefore("_service_staff_position");
  const id = (n: string) => `00000000-0000-4000-8000-0000000000${n}`;
  const a = id("a1");
  try {
    await client.exec(`
      insert into businesses (id, slug, name, time_zone) values ('${a}', 'a', 'A', 'UTC');
      insert into staff (id, business_id, name, email, time_zone)
      values ('${id("b1")}', '${a}', 'Ann', 'ann@a.example', 'UTC'), ('${id("b2")}', '${a}', 'Bo', 'bo@a.example', 'UTC');
      insert into services (id, business_id, slug, name, duration_minutes)
      values ('${id("d1")}', '${a}', 'cut', 'Cut', 30), ('${id("d2")}', '${a}', 'dye', 'Dye', 60);
      insert into service_staff (business_id, service_id, staff_id)
      values ('${a}', '${id("d1")}', '${id("b2")}'), ('${a}', '${id("d2")}', '${id("b1")}'), ('${a}', '${id("d1")}', '${id("b1")}');
    `);
    expect((await migrateDatabase(fromPglite(client))).applied).toBeGreaterThanOrEqual(1);
    expect(
      (await client.query("select service_id, staff_id, position from service_staff order by service_id, position"))
        .rows,
    ).toEqual([
      { service_id: id("d1"), staff_id: id("b2"), position: 0 },
      { service_id: id("d1"), staff_id: id("b1"), position: 1 },
      { service_id: id("d2"), staff_id: id("b1"), position: 0 },
    ]);
  } finally {
    await client.close();
  }
});

/**
 * Migration 0031 (docs/decisions/0053-one-time-link-slugs-hashed.md): one-time links made before it
 * stored their slug as it is; after it only the slug's SHA-256 is kept, and the links already sent
 * to visitors keep working — used ones stay used.
 */
import { expect, it } from "vitest";
import { fromPglite } from "../../src/adapters/db/client.ts";
import { migrateDatabase } from "../../src/adapters/db/migrate.ts";
import { createPublicPagesRepository } from "../../src/adapters/db/public-pages-repository.ts";
import { databaseMigratedBefore } from "../support/migrated-before.ts";

it("replaces each stored slug by its hash, and links already sent still open their page", async () => {
  const client = await databaseMigratedBefore("_one_time_link_slug_hash");
  const business = "00000000-0000-4000-8000-0000000000b1";
  const calendar = "00000000-0000-4000-8000-0000000000c1";
  await client.exec(`
    insert into businesses (id, slug, name, time_zone) values ('${business}', 'old', 'Old studio', 'UTC');
    insert into calendars (id, business_id, slug, type, name, settings)
      values ('${calendar}', '${business}', 'intro', 'personal', 'Intro', '{}');
    insert into one_time_links (business_id, calendar_id, slug) values ('${business}', '${calendar}', 'sent-before-upgrade');
    insert into one_time_links (business_id, calendar_id, slug, used_at)
      values ('${business}', '${calendar}', 'used-before-upgrade', now());
  `);

  const database = fromPglite(client);
  await migrateDatabase(database);
  const stored = await client.query<{ slug_hash: string }>("select slug_hash from one_time_links order by slug_hash");
  expect(JSON.stringify(stored.rows)).not.toContain("before-upgrade");
  expect(stored.rows.map((r) => r.slug_hash)).toHaveLength(2);
  for (const { slug_hash } of stored.rows) expect(slug_hash).toMatch(/^[0-9a-f]{64}$/);

  const pages = createPublicPagesRepository(database.db);
  const now = new Date();
  expect(await pages.oneTimeLink("sent-before-upgrade", now)).toMatchObject({
    state: "active",
    calendar: { id: calendar },
  });
  expect(await pages.oneTimeLink("used-before-upgrade", now)).toEqual({ state: "expired" });
  expect(await pages.oneTimeLink(stored.rows[0]!.slug_hash, now)).toBeNull();
  await client.close();
});

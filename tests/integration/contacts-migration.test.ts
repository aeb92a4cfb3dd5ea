/**
 * Migration 0026 (docs/decisions/0041-contacts.md): submissions and bookings stored before contacts
 * get one contact per business and email — however the email was typed — and reference it.
 */
import { expect, it } from "vitest";
import { fromPglite } from "../../src/adapters/db/client.ts";
import { migrateDatabase } from "../../src/adapters/db/migrate.ts";
import { databaseMigratedBefore } from "../support/migrated-before.ts";

it("makes one contact per business and email from earlier submissions and bookings", async () => {
  const client = await databaseMigratedBefore("_contacts");
  const business = "00000000-0000-4000-8000-0000000000b1";
  const form = "00000000-0000-4000-8000-0000000000f1";
  const calendar = "00000000-0000-4000-8000-0000000000c1";
  await client.exec(`
    insert into businesses (id, slug, name, time_zone) values ('${business}', 'old', 'Old studio', 'UTC');
    insert into forms (id, business_id, kind, name) values ('${form}', '${business}', 'form', 'Contact');
    insert into form_versions (form_id, version, business_id, name, definition) values ('${form}', 1, '${business}', 'Contact', '{}');
    insert into form_submissions (business_id, form_id, version, answers, contact_email, locale, created_at)
    values ('${business}', '${form}', 1, '{}', 'ada@example.com', 'en', '2026-01-01T10:00:00Z'),
           ('${business}', '${form}', 1, '{}', ' ADA@example.com', 'en', '2026-02-01T10:00:00Z'),
           ('${business}', '${form}', 1, '{}', null, 'en', '2026-02-01T10:00:00Z');
    insert into staff (id, business_id, name, email, time_zone, weekly_hours)
    values ('00000000-0000-4000-8000-0000000000a1', '${business}', 'Anna', 'anna@old.example', 'UTC', '{}');
    insert into calendars (id, business_id, slug, type, name, settings)
    values ('${calendar}', '${business}', 'intro', 'personal', 'Intro', '{}');
    insert into bookings (business_id, calendar_id, staff_id, staff_ids, status, starts_at, ends_at, time_zone, locale, contact, currency,
                          manage_token_hash, created_at)
    values ('${business}', '${calendar}', '00000000-0000-4000-8000-0000000000a1',
            '{00000000-0000-4000-8000-0000000000a1}', 'confirmed', '2026-03-01T10:00:00Z', '2026-03-01T11:00:00Z', 'UTC', 'en',
            '{"firstName": "Ada", "lastName": "Lovelace", "email": "Ada@Example.com", "phone": "+44 1"}', 'EUR', 'x',
            '2026-03-01T09:00:00Z');
  `);

  await migrateDatabase(fromPglite(client));
  const contacts = await client.query<Record<string, unknown>>(
    "select email_normalised, name, phone, first_seen_at, last_seen_at from contacts",
  );
  expect(contacts.rows).toEqual([
    {
      email_normalised: "ada@example.com",
      name: "Ada Lovelace",
      phone: "+44 1",
      first_seen_at: new Date("2026-01-01T10:00:00Z"),
      last_seen_at: new Date("2026-03-01T09:00:00Z"),
    },
  ]);
  const linked = await client.query<{ n: number }>(
    "select (select count(*) from form_submissions where contact_id is not null)::int + (select count(*) from bookings where contact_id is not null)::int as n",
  );
  expect(linked.rows[0]!.n).toBe(3);
  await client.close();
});

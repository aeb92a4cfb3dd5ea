/**
 * Contacts on the database (src/app/contacts/ports.ts). `upsertContact` is the one way a contact is
 * made or matched: an `insert … on conflict (business_id, email_normalised) do update`, so two
 * concurrent sends with one email end on one row (the unique index decides, not a read before the
 * write). It runs inside the caller's transaction, next to the submission or booking it is for.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Contact, ContactDetail, ContactStore } from "../../../app/contacts/ports.ts";
import { personKey } from "../../../core/privacy/personal-data.ts";
import type { Db } from "../client.ts";
import type { Q } from "../kernel.ts";
import { isUuid } from "../public-pages-repository.ts";

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(q: Q, query: SQL): Promise<T[]> => ((await q.execute(query)) as unknown as Rows<T>).rows;
const iso = (value: string | Date): string => new Date(value).toISOString();

export interface SeenContact {
  readonly email: string;
  readonly name?: string | null;
  readonly phone?: string | null;
  readonly at: Date;
}

/**
 * What an upsert sets on a contact already there: the latest email spelling, a name and phone
 * when given (kept otherwise), first seen the earliest and last seen the latest.
 */
const ON_CONFLICT_TEXT = `on conflict (business_id, email_normalised) do update set
  email = excluded.email,
  name = coalesce(excluded.name, contacts.name),
  phone = coalesce(excluded.phone, contacts.phone),
  first_seen_at = least(contacts.first_seen_at, excluded.first_seen_at),
  last_seen_at = greatest(contacts.last_seen_at, excluded.last_seen_at)`;
const ON_CONFLICT = sql.raw(ON_CONFLICT_TEXT);

const blankToNull = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim() ?? "";
  return trimmed === "" ? null : trimmed;
};

/** The contact with this email in business `businessId`, made or updated; its id. Null for a blank email. */
export async function upsertContact(q: Q, businessId: string, seen: SeenContact): Promise<string | null> {
  const key = personKey(seen.email);
  if (key === "") return null;
  const [row] = await rowsOf<{ id: string }>(
    q,
    sql`insert into contacts (business_id, email_normalised, email, name, phone, first_seen_at, last_seen_at)
        values (${businessId}::uuid, ${key}, ${seen.email.trim()}, ${blankToNull(seen.name)}, ${blankToNull(seen.phone)},
                ${seen.at}, ${seen.at})
        ${ON_CONFLICT} returning id`,
  );
  return row!.id;
}

/**
 * The same upsert as SQL text for the batched booking statement (simple-bookings.ts): contacts of
 * the rows of `input` (columns business_id, contact, created_at), one per business and email, so
 * one statement never updates a row twice. Returns `id, business_id, email_normalised`.
 */
export const UPSERT_BOOKING_CONTACTS_SQL = `insert into contacts (business_id, email_normalised, email, name, phone, first_seen_at, last_seen_at)
         select distinct on (business_id, lower(trim(contact->>'email'))) business_id, lower(trim(contact->>'email')),
           trim(contact->>'email'),
           nullif(trim(coalesce(contact->>'firstName', '') || ' ' || coalesce(contact->>'lastName', '')), ''),
           nullif(trim(coalesce(contact->>'phone', '')), ''), created_at, created_at
         from input where trim(coalesce(contact->>'email', '')) <> ''
         order by business_id, lower(trim(contact->>'email')), created_at desc
         ${ON_CONFLICT_TEXT}
         returning id, business_id, email_normalised`;

/** A `contacts` row as read (a timestamp comes as a string or a Date, by driver). */
export interface ContactRow {
  id: string;
  email: string;
  name: string | null;
  phone: string | null;
  first_seen_at: string | Date;
  last_seen_at: string | Date;
}

const contactView = (r: ContactRow): Contact => ({
  id: r.id,
  email: r.email,
  name: r.name,
  phone: r.phone,
  firstSeenAt: iso(r.first_seen_at),
  lastSeenAt: iso(r.last_seen_at),
});

/** A page cursor: the last item's last-seen instant and id, so equal instants page stably. */
const encodeCursor = (r: ContactRow) => Buffer.from(`${iso(r.last_seen_at)}|${r.id}`).toString("base64url");
function decodeCursor(cursor: string | undefined): { at: Date; id: string } | null {
  if (!cursor) return null;
  const [at, id] = Buffer.from(cursor, "base64url").toString().split("|");
  const when = new Date(at ?? "");
  return id && isUuid(id) && Number.isFinite(when.getTime()) ? { at: when, id } : null;
}

/** `%` and `_` in a search are letters, not patterns. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export function contactStore(db: Db, businessId: string): ContactStore {
  const B = businessId;
  return {
    async listContacts({ limit, after, search }) {
      const cursor = decodeCursor(after);
      const term = search?.trim().toLowerCase() ?? "";
      const rows = await rowsOf<ContactRow>(
        db,
        sql`select id, email, name, phone, first_seen_at, last_seen_at from contacts
             where business_id = ${B}::uuid
               ${term === "" ? sql`` : sql`and (email_normalised like ${`%${likeEscaped(term)}%`} or lower(coalesce(name, '')) like ${`%${likeEscaped(term)}%`})`}
               ${cursor ? sql`and (last_seen_at, id) < (${cursor.at}, ${cursor.id}::uuid)` : sql``}
             order by last_seen_at desc, id desc limit ${limit + 1}`,
      );
      const items = rows.slice(0, limit);
      return {
        items: items.map(contactView),
        nextAfter: rows.length > limit ? encodeCursor(items[items.length - 1]!) : null,
      };
    },

    async getContact(id) {
      if (!isUuid(id)) return null;
      const [row] = await rowsOf<ContactRow>(
        db,
        sql`select id, email, name, phone, first_seen_at, last_seen_at from contacts
             where business_id = ${B}::uuid and id = ${id}::uuid`,
      );
      if (!row) return null;
      const submissions = await rowsOf<{
        id: string;
        form_id: string;
        form_name: string;
        kind: "form" | "survey";
        version: number;
        booking_id: string | null;
        created_at: string | Date;
      }>(
        db,
        sql`select s.id, s.form_id, f.name as form_name, f.kind, s.version, s.booking_id, s.created_at
              from form_submissions s join forms f on f.id = s.form_id
             where s.business_id = ${B}::uuid and s.contact_id = ${id}::uuid
             order by s.created_at desc, s.id`,
      );
      const bookings = await rowsOf<{
        id: string;
        calendar_id: string;
        calendar_name: string;
        status: string;
        starts_at: string | Date;
        ends_at: string | Date;
        created_at: string | Date;
      }>(
        db,
        sql`select b.id, b.calendar_id, c.name as calendar_name, b.status, b.starts_at, b.ends_at, b.created_at
              from bookings b join calendars c on c.id = b.calendar_id
             where b.business_id = ${B}::uuid and b.contact_id = ${id}::uuid
             order by b.starts_at desc, b.id`,
      );
      return {
        ...contactView(row),
        submissions: submissions.map((s) => ({
          id: s.id,
          formId: s.form_id,
          formName: s.form_name,
          kind: s.kind,
          version: s.version,
          bookingId: s.booking_id,
          createdAt: iso(s.created_at),
        })),
        bookings: bookings.map((b) => ({
          id: b.id,
          calendarId: b.calendar_id,
          calendarName: b.calendar_name,
          status: b.status,
          startTime: iso(b.starts_at),
          endTime: iso(b.ends_at),
          createdAt: iso(b.created_at),
        })),
      } satisfies ContactDetail;
    },
  };
}

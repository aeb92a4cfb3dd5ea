/**
 * One person's data in the database (src/app/privacy/person-data.ts): where it lies and how it is
 * erased. Besides the booking rows, a booking's people are copied into JSON documents written at the
 * time — the outbox's notifications, the webhook deliveries' payloads, the payment's prepared
 * confirmation — and those are erased with it, in the same transaction. Every statement is bound to
 * the business (docs/decisions/0007-tenancy.md), but for the retention sweep, which runs over every
 * business that set a period and is named as such.
 */
import { sql, type SQL } from "drizzle-orm";
import type {
  ErasureCounts,
  PersonBooking,
  PersonCouponUse,
  PersonData,
  PersonDataStore,
  PersonSubmission,
  RetentionStore,
} from "../../../app/privacy/person-data.ts";
import { ERASED_CONTACT, ERASED_GUEST, retentionCutoff } from "../../../core/privacy/personal-data.ts";
import type { Db } from "../client.ts";
import { withConflictRetries, type Q } from "../kernel.ts";
import type { ContactRow } from "../contacts/contact-store.ts";

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(q: Q, query: SQL): Promise<T[]> => ((await q.execute(query)) as unknown as Rows<T>).rows;
const isoOf = (value: string | Date | null): string | null => (value === null ? null : new Date(value).toISOString());

const ERASED_GUEST_JSON = JSON.stringify(ERASED_GUEST);
/** A notification's or webhook's contact: the snapshot's four fields, emptied. */
const ERASED_SNAPSHOT_CONTACT_JSON = JSON.stringify({
  firstName: ERASED_CONTACT.firstName,
  lastName: ERASED_CONTACT.lastName,
  email: ERASED_CONTACT.email,
  phone: ERASED_CONTACT.phone,
});

/**
 * The guests array `guests`, erased: every entry (the booker is erased), or only the entries with
 * the email `key` (a guest is). Order and count are kept: the seats were taken.
 */
function erasedGuests(guests: SQL, key: string | null): SQL {
  const entry =
    key === null
      ? sql`${ERASED_GUEST_JSON}::jsonb`
      : sql`case when lower(trim(g->>'email')) = ${key} then ${ERASED_GUEST_JSON}::jsonb else g end`;
  return sql`coalesce((select jsonb_agg(${entry} order by n) from jsonb_array_elements(${guests}) with ordinality as x(g, n)), '[]'::jsonb)`;
}

/** A booking snapshot (notification, prepared confirmation) inside `doc` at `at`, erased. */
function erasedSnapshot(doc: SQL, at: string, key: string | null): SQL {
  const guests = sql.raw(`'{${at},guests}'`);
  const withGuests = sql`jsonb_set(${doc}, ${guests}, ${erasedGuests(sql`${doc}->${sql.raw(`'${at}'`)}->'guests'`, key)})`;
  if (key !== null) return withGuests;
  return sql`jsonb_set(${withGuests} #- ${sql.raw(`'{${at},businessSide}'`)}, ${sql.raw(`'{${at},contact}'`)}, ${ERASED_SNAPSHOT_CONTACT_JSON}::jsonb)`;
}

/** A webhook delivery's payload (`data` holds the booking, its notes and answers), erased. */
function erasedWebhookPayload(key: string | null): SQL {
  const withGuests = sql`jsonb_set(payload, '{data,guests}', ${erasedGuests(sql`payload->'data'->'guests'`, key)})`;
  if (key !== null) return withGuests;
  return sql`jsonb_set(jsonb_set(jsonb_set(${withGuests}, '{data,contact}', ${ERASED_SNAPSHOT_CONTACT_JSON}::jsonb), '{data,notes}', 'null'::jsonb), '{data,answers}', '[]'::jsonb)`;
}

const uuidArray = (ids: readonly string[]) => sql`${sql.param([...ids])}::uuid[]`;
const textArray = (ids: readonly string[]) => sql`${sql.param([...ids])}::text[]`;

/**
 * Erases the people of these bookings of business `B`: all of them (`key` null: the booker asked,
 * or the retention period ran out) or only the guest entries with the email `key`.
 */
async function eraseBookings(tx: Q, B: string, ids: readonly string[], key: string | null, now: Date) {
  if (ids.length === 0) return;
  await tx.execute(
    key === null
      ? sql`update bookings set contact = ${JSON.stringify(ERASED_CONTACT)}::jsonb, guests = ${erasedGuests(sql`guests`, null)},
              answers = '{}'::jsonb, contact_id = null, personal_data_erased_at = ${now}, updated_at = ${now}
             where business_id = ${B}::uuid and id = any(${uuidArray(ids)})`
      : sql`update bookings set guests = ${erasedGuests(sql`guests`, key)}, updated_at = ${now}
             where business_id = ${B}::uuid and id = any(${uuidArray(ids)})`,
  );
  await tx.execute(sql`update outbox set payload = ${erasedSnapshot(sql`payload`, "booking", key)}
                        where business_id = ${B}::uuid and payload ? 'booking'
                          and payload->'booking'->>'bookingId' = any(${textArray(ids)})`);
  await tx.execute(sql`update payments set notification = ${erasedSnapshot(sql`notification`, "booking", key)}
                        where business_id = ${B}::uuid and booking_id = any(${uuidArray(ids)}) and notification ? 'booking'`);
  await tx.execute(sql`update webhook_deliveries set payload = ${erasedWebhookPayload(key)}
                        where business_id = ${B}::uuid and payload->'data'->>'bookingId' = any(${textArray(ids)})`);
  if (key === null) {
    await tx.execute(sql`update coupon_redemptions set visitor_email = 'erased:' || id
                          where business_id = ${B}::uuid and booking_id = any(${uuidArray(ids)})`);
    // The key of the booking's creation goes with its people (its answer names the booking, not them).
    // The answer is JSON text kept as a jsonb string (a replay returns its very bytes), so it is read
    // as text: `response->>'id'` of a jsonb string is null, and matched nothing before (2026-11-28).
    await tx.execute(sql`delete from idempotency_keys
                          where business_id = ${B}::uuid and status_code = 201
                            and (response #>> '{}')::jsonb ->> 'id' = any(${textArray(ids)})`);
  }
}

/** Deletes these submissions of business `B`, their pending notices and their webhook deliveries. */
async function deleteSubmissions(tx: Q, B: string, ids: readonly string[]) {
  if (ids.length === 0) return;
  await tx.execute(sql`delete from webhook_deliveries
                        where business_id = ${B}::uuid and payload->'data'->>'submissionId' = any(${textArray(ids)})`);
  await tx.execute(sql`delete from outbox where business_id = ${B}::uuid and id = any(${uuidArray(ids)})`);
  await tx.execute(sql`delete from form_submissions where business_id = ${B}::uuid and id = any(${uuidArray(ids)})`);
}

interface BookingRow {
  id: string;
  is_booker: boolean;
  status: string;
  calendar_id: string;
  calendar_name: string;
  starts_at: string | Date;
  ends_at: string | Date;
  time_zone: string;
  service_names: string[] | null;
  contact: Record<string, unknown>;
  guests: { name: string; email: string | null }[];
  answers: Record<string, unknown>;
  price_cents: number;
  currency: string;
  payments: { amountMinor: number; currency: string; status: string; refundedMinor: number }[] | null;
  created_at: string | Date;
}

/** The person's bookings: made by them, or with them as a named guest. */
const personBookings = (B: string, key: string, lock: boolean) => sql`
  select b.id, lower(trim(b.contact->>'email')) = ${key} as is_booker, b.status, b.calendar_id, c.name as calendar_name,
         b.starts_at, b.ends_at, b.time_zone, b.contact, b.guests, b.answers, b.price_cents, b.currency, b.created_at,
         (select array_agg(s.name order by array_position(b.service_ids, s.id)) from services s
           where s.business_id = b.business_id and s.id = any(b.service_ids)) as service_names,
         (select jsonb_agg(jsonb_build_object('amountMinor', p.amount_minor, 'currency', p.currency,
                 'status', p.status, 'refundedMinor', p.refunded_minor) order by p.created_at)
            from payments p where p.booking_id = b.id) as payments
    from bookings b join calendars c on c.id = b.calendar_id
   where b.business_id = ${B}::uuid
     and (lower(trim(b.contact->>'email')) = ${key}
          or exists (select 1 from jsonb_array_elements(b.guests) g where lower(trim(g->>'email')) = ${key}))
   order by b.starts_at, b.id
   ${lock ? sql`for update of b` : sql``}`;

export function personDataStore(db: Db, businessId: string): PersonDataStore {
  const B = businessId;
  return {
    async find(key) {
      const bookings = await rowsOf<BookingRow>(db, personBookings(B, key, false));
      const submissions = await rowsOf<{
        id: string;
        form_id: string;
        form_name: string;
        kind: string;
        answers: Record<string, unknown>;
        consent_text: string | null;
        consented_at: string | Date | null;
        locale: string;
        created_at: string | Date;
      }>(
        db,
        sql`select s.id, s.form_id, f.name as form_name, f.kind, s.answers, s.consent_text, s.consented_at, s.locale, s.created_at
              from form_submissions s join forms f on f.id = s.form_id
             where s.business_id = ${B}::uuid and lower(trim(s.contact_email)) = ${key}
             order by s.created_at, s.id`,
      );
      const couponUses = await rowsOf<{
        code: string;
        discount_minor: number;
        booking_id: string | null;
        created_at: string | Date;
      }>(
        db,
        sql`select c.code, r.discount_minor, r.booking_id, r.created_at
              from coupon_redemptions r join coupons c on c.id = r.coupon_id
             where r.business_id = ${B}::uuid and lower(r.visitor_email) = ${key}
             order by r.created_at`,
      );
      const [contact] = await rowsOf<ContactRow>(
        db,
        sql`select id, email, name, phone, first_seen_at, last_seen_at from contacts
             where business_id = ${B}::uuid and email_normalised = ${key}`,
      );
      return {
        email: key,
        contact: contact
          ? {
              id: contact.id,
              email: contact.email,
              name: contact.name,
              phone: contact.phone,
              firstSeenAt: isoOf(contact.first_seen_at)!,
              lastSeenAt: isoOf(contact.last_seen_at)!,
            }
          : null,
        bookings: bookings.map((r): PersonBooking => ({
          id: r.id,
          role: r.is_booker ? "booker" : "guest",
          status: r.status,
          calendarId: r.calendar_id,
          calendarName: r.calendar_name,
          startTime: isoOf(r.starts_at)!,
          endTime: isoOf(r.ends_at)!,
          timeZone: r.time_zone,
          serviceNames: r.service_names ?? [],
          // A guest sees their own entry, not the booker's details.
          contact: r.is_booker ? r.contact : null,
          guests: r.is_booker ? r.guests : r.guests.filter((g) => g.email?.trim().toLowerCase() === key),
          answers: r.is_booker ? r.answers : {},
          priceCents: r.price_cents,
          currency: r.currency,
          payments: r.is_booker ? (r.payments ?? []) : [],
          createdAt: isoOf(r.created_at)!,
        })),
        submissions: submissions.map((r): PersonSubmission => ({
          id: r.id,
          formId: r.form_id,
          formName: r.form_name,
          kind: r.kind,
          answers: r.answers,
          consentText: r.consent_text,
          consentedAt: isoOf(r.consented_at),
          locale: r.locale,
          createdAt: isoOf(r.created_at)!,
        })),
        couponUses: couponUses.map((r): PersonCouponUse => ({
          code: r.code,
          discountMinor: r.discount_minor,
          bookingId: r.booking_id,
          createdAt: isoOf(r.created_at)!,
        })),
      } satisfies PersonData;
    },

    async erase(key, now, blockers) {
      return withConflictRetries(() =>
        db.transaction(async (tx) => {
          const bookings = await rowsOf<BookingRow>(tx, personBookings(B, key, true));
          const upcoming = blockers(
            bookings.map((b) => ({ id: b.id, status: b.status, endsAtMs: new Date(b.ends_at).getTime() })),
          );
          if (upcoming.length > 0) return { upcoming };
          const made = bookings.filter((b) => b.is_booker).map((b) => b.id);
          const joined = bookings.filter((b) => !b.is_booker).map((b) => b.id);
          await eraseBookings(tx, B, made, null, now);
          await eraseBookings(tx, B, joined, key, now);
          const submissions = await rowsOf<{ id: string }>(
            tx,
            sql`select id from form_submissions where business_id = ${B}::uuid and lower(trim(contact_email)) = ${key}`,
          );
          await deleteSubmissions(
            tx,
            B,
            submissions.map((s) => s.id),
          );
          const coupons = await rowsOf<{ id: string }>(
            tx,
            sql`update coupon_redemptions set visitor_email = 'erased:' || id
                 where business_id = ${B}::uuid and lower(visitor_email) = ${key} returning id`,
          );
          // Their contact goes whole: nothing refers to it any more (the bookings' links were emptied).
          const contacts = await rowsOf<{ id: string }>(
            tx,
            sql`delete from contacts where business_id = ${B}::uuid and email_normalised = ${key} returning id`,
          );
          const erased: ErasureCounts = {
            bookings: made.length,
            guestEntries: joined.length,
            submissions: submissions.length,
            couponUses: coupons.length,
            contacts: contacts.length,
          };
          return { erased };
        }),
      );
    },
  };
}

/** At most this many rows a business per transaction: a first sweep over years of data stays short. */
const RETENTION_BATCH = 500;

/** How long a file attached to a form that is not (yet) sent is kept. */
export const UNCLAIMED_UPLOAD_MS = 24 * 60 * 60 * 1000;

/**
 * Retention runs over every business with a period: the one store that crosses businesses, by name. It
 * claims per business already (ADR 0057, "Named cross-business queries" 2): the businesses come from
 * `businesses` (the reference table, no lock), then each one's due rows are claimed `for update skip
 * locked` in statements that name it, so each transaction stays on one shard.
 */
export function retentionStore(db: Db): RetentionStore {
  return {
    async eraseExpired(now) {
      const businesses = await rowsOf<{ id: string; days: number }>(
        db,
        sql`select id, personal_data_retention_days as days from businesses where personal_data_retention_days is not null`,
      );
      let bookings = 0;
      let submissions = 0;
      let contacts = 0;
      for (const business of businesses) {
        const cutoff = retentionCutoff(now.getTime(), business.days);
        for (;;) {
          const done = await withConflictRetries(() =>
            db.transaction(async (tx) => {
              const due = await rowsOf<{ id: string }>(
                tx,
                sql`select id from bookings
                     where business_id = ${business.id}::uuid and ends_at < ${cutoff} and personal_data_erased_at is null
                     limit ${RETENTION_BATCH} for update skip locked`,
              );
              await eraseBookings(
                tx,
                business.id,
                due.map((b) => b.id),
                null,
                now,
              );
              const old = await rowsOf<{ id: string }>(
                tx,
                sql`select id from form_submissions
                     where business_id = ${business.id}::uuid and created_at < ${cutoff}
                     limit ${RETENTION_BATCH} for update skip locked`,
              );
              await deleteSubmissions(
                tx,
                business.id,
                old.map((s) => s.id),
              );
              // Contacts not seen since the cutoff with nothing kept about them any more go as well.
              const gone = await rowsOf<{ id: string }>(
                tx,
                sql`delete from contacts c where c.business_id = ${business.id}::uuid and c.id in (
                      select id from contacts where business_id = ${business.id}::uuid and last_seen_at < ${cutoff}
                         and not exists (select 1 from form_submissions s
                                          where s.business_id = contacts.business_id and s.contact_id = contacts.id)
                         and not exists (select 1 from bookings b
                                          where b.business_id = contacts.business_id and b.contact_id = contacts.id)
                       limit ${RETENTION_BATCH} for update skip locked)
                    returning c.id`,
              );
              return { erased: due.length, deleted: old.length, contacts: gone.length };
            }),
          );
          bookings += done.erased;
          submissions += done.deleted;
          contacts += done.contacts;
          if (done.erased < RETENTION_BATCH && done.deleted < RETENTION_BATCH && done.contacts < RETENTION_BATCH) break;
        }
      }
      // Files attached on a step of a form that was never sent (ADR 0035): kept a day, then deleted.
      const unclaimed = await rowsOf<{ id: string }>(
        db,
        sql`delete from form_uploads where submission_id is null
             and created_at < ${new Date(now.getTime() - UNCLAIMED_UPLOAD_MS)} returning id`,
      );
      return { bookings, submissions, contacts, uploads: unclaimed.length };
    },
  };
}

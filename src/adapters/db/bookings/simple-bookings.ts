/**
 * Common bookings (one booking, no link, no hold, no class seats) written as ONE statement, several
 * at once under load (ADR 0011).
 */
import type { CreateCommand, NewBooking } from "../../../app/bookings/ports.ts";
import type { NotificationMessage } from "../../../core/notifications/notification.ts";
import { UPSERT_BOOKING_CONTACTS_SQL } from "../contacts/contact-store.ts";
import { createWriteBatcher } from "../write-batcher.ts";
import { iso, type Executor } from "./executor.ts";

/** A common booking waiting for its batch (see createWriteBatcher). */
export interface SimpleWrite {
  readonly booking: NewBooking;
  readonly idempotency: CreateCommand["idempotency"];
  readonly nowMs: number;
}

export function simpleBookingWriter(
  database: Executor,
  options: {
    readonly seal: (message: NotificationMessage) => NotificationMessage;
    readonly storedAnswer: (body: unknown) => string;
    readonly writeConcurrency: number | undefined;
  },
) {
  const { seal, storedAnswer } = options;
  /** One booking of a batch, as a row of the statement's JSON input (column names as in the SQL). */
  function simpleBookingRecord({ booking: b, idempotency, nowMs }: SimpleWrite) {
    return {
      id: b.id,
      business_id: b.businessId,
      calendar_id: b.calendarId,
      series_id: b.seriesId,
      occurrence_index: b.occurrenceIndex,
      status: b.status,
      starts_at: iso(b.startMs),
      ends_at: iso(b.endMs),
      time_zone: b.timeZone,
      locale: b.locale,
      staff_id: b.staffId,
      staff_ids: b.staffIds,
      service_ids: b.serviceIds,
      buffer_before_minutes: b.bufferBeforeMinutes,
      buffer_after_minutes: b.bufferAfterMinutes,
      seats: b.seats,
      guests: b.guests,
      contact: b.contact,
      answers: b.answers,
      price_cents: b.priceCents,
      deposit_cents: b.depositCents,
      currency: b.currency,
      manage_token_hash: b.manageTokenHash,
      confirmed_at: b.status === "confirmed" ? iso(nowMs) : null,
      carts: b.carts,
      offer_lines: b.offerLines,
      active: b.active,
      items: b.items.map((item) => ({
        staff_id: item.staffId,
        service_id: item.serviceId,
        lo: iso(item.blockedStartMs),
        hi: iso(item.blockedEndMs),
        s: iso(item.startMs),
        e: iso(item.endMs),
      })),
      notification: seal(b.notification),
      key_endpoint: idempotency?.endpoint ?? null,
      key: idempotency?.key ?? null,
      request_hash: idempotency?.requestHash ?? null,
      status_code: idempotency?.statusCode ?? null,
      // Stored as JSON text in a jsonb string: a replay returns the very bytes of the first answer.
      response: idempotency ? storedAnswer(idempotency.body) : null,
      created_at: iso(nowMs),
    };
  }

  /**
   * Common bookings (one booking, no link, no hold, no class seats) as ONE statement: bookings,
   * occupancy, outbox rows and idempotent responses in data-modifying CTEs over a JSON array. A
   * single statement is atomic on its own, so this is the same transaction in one round trip
   * instead of six; the write batcher hands it several bookings at once under load (ADR 0011).
   */
  async function insertSimpleBookings(writes: readonly SimpleWrite[]): Promise<void> {
    await database.execute(
      `with input as (
         select * from jsonb_to_recordset($1::jsonb) as x(id uuid, business_id uuid, calendar_id uuid, series_id uuid,
           occurrence_index int, status text, starts_at timestamptz, ends_at timestamptz, time_zone text, locale text,
           staff_id uuid, staff_ids uuid[], service_ids uuid[], buffer_before_minutes int, buffer_after_minutes int,
           seats int, guests jsonb, contact jsonb, answers jsonb, price_cents int, deposit_cents int, currency text,
           manage_token_hash text, confirmed_at timestamptz, carts jsonb, offer_lines jsonb, active boolean, items jsonb,
           notification jsonb, key_endpoint text, key text, request_hash text, status_code int, response jsonb,
           created_at timestamptz)
       ), c as (
         ${UPSERT_BOOKING_CONTACTS_SQL}
       ), b as (
         insert into bookings (id, business_id, calendar_id, series_id, occurrence_index, status, starts_at, ends_at,
           time_zone, locale, staff_id, staff_ids, service_ids, buffer_before_minutes, buffer_after_minutes, seats,
           guests, contact, answers, price_cents, deposit_cents, currency, manage_token_hash, confirmed_at, carts,
           offer_lines, contact_id)
         select input.id, input.business_id, calendar_id, series_id, occurrence_index, status, starts_at, ends_at, time_zone,
           locale, staff_id, staff_ids, service_ids, buffer_before_minutes, buffer_after_minutes, seats, guests,
           contact, answers, price_cents, deposit_cents, currency, manage_token_hash, confirmed_at, carts,
           coalesce(offer_lines, '[]'::jsonb), c.id
         from input left join c on c.business_id = input.business_id
           and c.email_normalised = lower(trim(input.contact->>'email'))
         returning id
       ), i as (
         insert into booking_items (business_id, booking_id, staff_id, service_id, blocked, starts_at, ends_at, active)
         select input.business_id, b.id, x.staff_id, x.service_id, tstzrange(x.lo, x.hi), x.s, x.e, input.active
         from b join input on input.id = b.id,
           jsonb_to_recordset(input.items) as x(staff_id uuid, service_id uuid, lo timestamptz, hi timestamptz, s timestamptz, e timestamptz)
       ), o as (
         insert into outbox (business_id, topic, payload)
         select input.business_id, 'notification', input.notification from b join input on input.id = b.id
       ), k as (
         insert into idempotency_keys (endpoint, key, business_id, request_hash, status_code, response, created_at)
         select input.key_endpoint, input.key, input.business_id, input.request_hash, input.status_code, input.response,
           input.created_at
         from b join input on input.id = b.id where input.key is not null
       )
       select count(*)::int as n from b`,
      [JSON.stringify(writes.map(simpleBookingRecord))],
      "bookings_create_batch_v4",
    );
  }

  /** Concurrent common bookings share statements; bookings of one staff member never share one. */
  const simpleBookings = createWriteBatcher<SimpleWrite>({
    concurrency: options.writeConcurrency ?? (database.pooled ? 2 : 1),
    maxBatch: 64,
    conflictKeys: ({ booking, idempotency }) => {
      const keys = booking.items.map((item) => item.staffId);
      if (idempotency) keys.push(`${booking.businessId}\n${idempotency.endpoint}\n${idempotency.key}`);
      return keys;
    },
    writeBatch: insertSimpleBookings,
  });

  return simpleBookings;
}

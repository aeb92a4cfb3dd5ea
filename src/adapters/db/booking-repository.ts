/**
 * Bookings on the database (PGlite or PostgreSQL, same code). Every change is one short
 * transaction that contains only SQL — the notification goes into the outbox table and is
 * delivered after commit — and relies on constraints, not on earlier reads:
 *
 * - overlapping occupancy of one staff member → EXCLUDE constraint, SQLSTATE 23P01 → STAFF_BUSY;
 * - class seats → conditional `update … where seats_taken + n <= seats_total` (+ CHECK, 23514);
 * - one-time links → conditional `update … where used_at is null … returning`.
 */
import { randomBytes } from "node:crypto";
import { and, eq, gt, inArray, isNull, lte, sql } from "drizzle-orm";
import type {
  BookingRecord,
  CreateCommand,
  NewBooking,
  BookingStore,
  CalendarContext,
  ClassSeatRequest,
  CommitRefusal,
  CommitResult,
  HoldRecord,
  IdempotencyClaim,
  Occupancy,
  OccupancyItem,
} from "../../app/bookings/ports.ts";
import type { CalendarSettings, CalendarType } from "../../core/calendar/calendar.ts";
import type { NotificationMessage } from "../../core/notifications/notification.ts";
import { createLinkSealer, type LinkSealer } from "../outbox/link-sealing.ts";
import type { Database, Db } from "./client.ts";
import { sqlStateOf, withConflictRetries } from "./kernel.ts";
import { isUuid } from "./public-pages-repository.ts";
import * as t from "./schema.ts";
import { createWriteBatcher } from "./write-batcher.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** A refusal raised inside a transaction to roll it back. */
class Refused extends Error {
  constructor(readonly refusal: CommitRefusal) {
    super(refusal.code);
  }
}

const UUID_IN_TEXT = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/** Maps a database error to a refusal; anything unexpected is rethrown. */
function refusalOf(error: unknown): CommitRefusal {
  if (error instanceof Refused) return error.refusal;
  const { code, detail, constraint } = sqlStateOf(error);
  if (code === "23P01") return { code: "STAFF_BUSY", staffId: UUID_IN_TEXT.exec(detail)?.[0] ?? null };
  if (code === "23514" && constraint === "class_sessions_seats_check")
    return { code: "SEATS_EXCEEDED", availableSeats: 0 };
  // Deadlock / serialization failure after the retries below: the visitor should simply try again.
  if (code === "40P01" || code === "40001" || code === "23505") return { code: "SCHEDULING_FAILED" };
  throw error;
}

const rangeLiteral = (fromMs: number, toMs: number) =>
  `["${new Date(fromMs).toISOString()}","${new Date(toMs).toISOString()}")`;

function itemRows(
  businessId: string,
  owner: { bookingId?: string; holdId?: string; holdExpiresAt?: Date },
  items: readonly OccupancyItem[],
  active: boolean,
) {
  return items.map((item) => ({
    businessId,
    bookingId: owner.bookingId ?? null,
    holdId: owner.holdId ?? null,
    holdExpiresAt: owner.holdExpiresAt ?? null,
    staffId: item.staffId,
    serviceId: item.serviceId,
    blocked: rangeLiteral(item.blockedStartMs, item.blockedEndMs),
    startsAt: new Date(item.startMs),
    endsAt: new Date(item.endMs),
    active,
  }));
}

function outboxRow(businessId: string, message: NotificationMessage) {
  return { businessId, topic: "notification", payload: message as unknown as Record<string, unknown> };
}

const leaveAsIs = (message: NotificationMessage) => message;

type BookingRow = typeof t.bookings.$inferSelect;
function toRecord(row: BookingRow): BookingRecord {
  return {
    id: row.id,
    businessId: row.businessId,
    calendarId: row.calendarId,
    seriesId: row.seriesId,
    status: row.status,
    startMs: row.startsAt.getTime(),
    endMs: row.endsAt.getTime(),
    timeZone: row.timeZone,
    locale: row.locale,
    staffId: row.staffId,
    staffIds: row.staffIds,
    serviceIds: row.serviceIds,
    bufferBeforeMinutes: row.bufferBeforeMinutes,
    bufferAfterMinutes: row.bufferAfterMinutes,
    seats: row.seats,
    guests: row.guests,
    carts: row.carts,
    contact: row.contact,
    answers: row.answers,
    priceCents: row.priceCents,
    depositCents: row.depositCents,
    currency: row.currency,
    manageTokenHash: row.manageTokenHash,
    sequence: row.sequence,
    previousStartMs: row.previousStartsAt ? row.previousStartsAt.getTime() : null,
    cancelReason: row.cancelReason,
    classSessionId: row.classSessionId,
    createdAtMs: row.createdAt.getTime(),
  };
}

/** How long an unanswered idempotency key counts as in flight before it is taken over. */
const IN_FLIGHT_TIMEOUT_MS = 2 * 60_000;
/** Keys are kept at least 24 hours (issue 4); purged lazily after 25. */
const IDEMPOTENCY_RETENTION_MS = 25 * 3_600_000;

export interface BookingRepositoryOptions {
  /**
   * How long a loaded calendar (settings, members, hours, services) is reused, in ms. Bookings and
   * holds are never cached — the guarantees live in the database — so a stale calendar can only
   * offer or refuse by rules that changed moments ago. 0 disables the cache.
   */
  readonly calendarCacheMs?: number;
  /**
   * Applied to every notification before it is written to the outbox: the server seals the manage
   * links (src/adapters/outbox/link-sealing.ts) so the outbox holds no token in the clear.
   */
  readonly sealNotification?: (message: NotificationMessage) => NotificationMessage;
  /**
   * Seals the manage token inside an answer stored for idempotent replay, so the database never
   * holds it in the clear (issue 13). The server passes its APP_SECRET sealer; without one, a
   * random per-process key is used (replays then work until the process restarts).
   */
  readonly secretSealer?: Pick<LinkSealer, "sealText" | "openText">;
  /**
   * Statements writing common bookings in flight at once (ADR 0011); bookings arriving while they
   * are all busy share the next one. Default: 2 on a PostgreSQL pool, 1 on PGlite.
   */
  readonly writeConcurrency?: number;
}

/** A common booking waiting for its batch (see createWriteBatcher). */
interface SimpleWrite {
  readonly booking: NewBooking;
  readonly idempotency: CreateCommand["idempotency"];
  readonly nowMs: number;
}

/** A PostgreSQL array literal of ids (ids are UUIDs: no quoting needed). */
const uuidArray = (ids: readonly string[]) => `{${ids.join(",")}}`;
const iso = (ms: number) => new Date(ms).toISOString();

interface Executor {
  readonly db: Db;
  /** A connection pool (PostgreSQL): several statements can run at once. */
  readonly pooled: boolean;
  /** `name`: a prepared statement name, used where the driver supports it (pg), to skip re-planning. */
  execute(text: string, params?: unknown[], name?: string): Promise<{ rows: Record<string, unknown>[] }>;
}

interface PgPoolLike {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: Record<string, unknown>[] }>;
  totalCount: number;
}

/**
 * A plain drizzle handle as an executor: `$n` placeholders become drizzle parameters, so the same
 * hand-written statements run whichever the caller passes (the app passes the Database itself).
 */
function executorOf(source: Database | Db): Executor {
  const db = "kind" in source && "db" in source ? source.db : source;
  const client = (db as unknown as { $client?: unknown }).$client;
  const pool = client && typeof client === "object" && "totalCount" in client ? (client as PgPoolLike) : null;
  const plain = "kind" in source && "db" in source ? source : null;
  return {
    db,
    pooled: pool !== null,
    async execute(text, params = [], name) {
      if (pool && name) return pool.query({ name, text, values: params });
      if (plain) return plain.execute(text, params);
      const chunks = text
        .split(/\$(\d+)/)
        .map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${params[Number(part) - 1]}`));
      const result = (await db.execute(sql.join(chunks))) as unknown as { rows: Record<string, unknown>[] };
      return { rows: result.rows };
    },
  };
}

/** The answer with its `manageToken` (the one secret a 201 carries) passed through `fn`. */
function mapManageToken(body: unknown, fn: (value: string) => string): unknown {
  if (typeof body !== "object" || body === null || !("manageToken" in body)) return body;
  const token = (body as { manageToken: unknown }).manageToken;
  return typeof token === "string" ? { ...body, manageToken: fn(token) } : body;
}

export function createBookingRepository(source: Database | Db, options: BookingRepositoryOptions = {}): BookingStore {
  const database = executorOf(source);
  const db = database.db;
  const calendarCacheMs = options.calendarCacheMs ?? 2000;
  const seal = options.sealNotification ?? leaveAsIs;
  const secrets = options.secretSealer ?? createLinkSealer(randomBytes(32).toString("hex"));
  const storedAnswer = (body: unknown) => JSON.stringify(mapManageToken(body, secrets.sealText));
  /** Loaded calendars, by id; a load in progress is shared by every request that needs it (single flight). */
  const calendarCache = new Map<string, { context: Promise<CalendarContext | null>; expiresAt: number }>();
  /** Runs a transaction, retrying deadlocks and serialization failures a few times. */
  async function transact(work: (tx: Tx) => Promise<void>): Promise<CommitResult> {
    return statement(() => db.transaction(work));
  }

  /**
   * Expired holds stop blocking at once for the engine, but their rows stay until deleted. When the
   * exclusion constraint trips, delete the expired holds of these staff and say whether any went.
   */
  async function purgeExpiredHolds(staffIds: readonly string[], nowMs: number): Promise<boolean> {
    if (staffIds.length === 0) return false;
    const holdIds = db
      .select({ id: t.bookingItems.holdId })
      .from(t.bookingItems)
      .where(and(inArray(t.bookingItems.staffId, [...staffIds]), lte(t.bookingItems.holdExpiresAt, new Date(nowMs))));
    const deleted = await db
      .delete(t.holds)
      .where(and(lte(t.holds.expiresAt, new Date(nowMs)), inArray(t.holds.id, holdIds)))
      .returning({ id: t.holds.id });
    return deleted.length > 0;
  }

  async function withHoldPurge(
    staffIds: readonly string[],
    nowMs: number,
    run: () => Promise<CommitResult>,
  ): Promise<CommitResult> {
    const first = await run();
    if (first.ok || first.refusal.code !== "STAFF_BUSY") return first;
    return (await purgeExpiredHolds(staffIds, nowMs)) ? run() : first;
  }

  /** Takes seats of a class session, creating the session (and its single occupancy of the host) on first use. */
  async function takeSeats(tx: Tx, businessId: string, calendarId: string, request: ClassSeatRequest): Promise<string> {
    const [created] = await tx
      .insert(t.classSessions)
      .values({
        businessId,
        calendarId,
        staffId: request.staffId,
        startsAt: new Date(request.startMs),
        endsAt: new Date(request.endMs),
        seatsTotal: request.seatsTotal,
      })
      .onConflictDoNothing({ target: [t.classSessions.calendarId, t.classSessions.startsAt] })
      .returning({ id: t.classSessions.id });
    let sessionId = created?.id;
    if (sessionId) {
      await tx.insert(t.bookingItems).values({
        businessId,
        classSessionId: sessionId,
        staffId: request.staffId,
        blocked: rangeLiteral(request.blockedStartMs, request.blockedEndMs),
        startsAt: new Date(request.startMs),
        endsAt: new Date(request.endMs),
        active: true,
      });
    } else {
      const [existing] = await tx
        .select({ id: t.classSessions.id })
        .from(t.classSessions)
        .where(
          and(eq(t.classSessions.calendarId, calendarId), eq(t.classSessions.startsAt, new Date(request.startMs))),
        );
      if (!existing) throw new Refused({ code: "SCHEDULING_FAILED" });
      sessionId = existing.id;
    }
    const [taken] = await tx
      .update(t.classSessions)
      .set({ seatsTaken: sql`${t.classSessions.seatsTaken} + ${request.seats}` })
      .where(
        and(
          eq(t.classSessions.id, sessionId),
          sql`${t.classSessions.seatsTaken} + ${request.seats} <= ${t.classSessions.seatsTotal}`,
        ),
      )
      .returning({ seatsTaken: t.classSessions.seatsTaken });
    if (!taken) {
      const [row] = await tx.select().from(t.classSessions).where(eq(t.classSessions.id, sessionId));
      throw new Refused({
        code: "SEATS_EXCEEDED",
        availableSeats: Math.max(0, (row?.seatsTotal ?? 0) - (row?.seatsTaken ?? 0)),
      });
    }
    if (!created && taken.seatsTaken === request.seats) {
      // The session had emptied (all cancelled) and released its host: occupy again (may be refused).
      await tx
        .update(t.bookingItems)
        .set({ active: true })
        .where(and(eq(t.bookingItems.classSessionId, sessionId), eq(t.bookingItems.active, false)));
    }
    return sessionId;
  }

  async function releaseSeats(tx: Tx, sessionId: string, seats: number): Promise<void> {
    const [row] = await tx
      .update(t.classSessions)
      .set({ seatsTaken: sql`greatest(0, ${t.classSessions.seatsTaken} - ${seats})` })
      .where(eq(t.classSessions.id, sessionId))
      .returning({ seatsTaken: t.classSessions.seatsTaken });
    if (row && row.seatsTaken === 0) {
      await tx.update(t.bookingItems).set({ active: false }).where(eq(t.bookingItems.classSessionId, sessionId));
    }
  }

  async function loadCalendarUncached(calendarId: string): Promise<CalendarContext | null> {
    if (!isUuid(calendarId)) return null;
    const [row] = await db
      .select({
        calendar: t.calendars,
        business: {
          id: t.businesses.id,
          name: t.businesses.name,
          timeZone: t.businesses.timeZone,
          currency: t.businesses.currency,
          locale: t.businesses.locale,
        },
      })
      .from(t.calendars)
      .innerJoin(t.businesses, eq(t.businesses.id, t.calendars.businessId))
      .where(eq(t.calendars.id, calendarId));
    if (!row) return null;
    const [members, serviceRows] = await Promise.all([
      db.select().from(t.calendarMembers).where(eq(t.calendarMembers.calendarId, calendarId)),
      db
        .select({
          service: t.services,
          position: t.calendarServices.position,
          staffIds: sql<
            string[]
          >`coalesce((select array_agg(ss.staff_id::text) from ${t.serviceStaff} ss where ss.service_id = ${t.services.id}), '{}')`,
        })
        .from(t.calendarServices)
        .innerJoin(t.services, eq(t.services.id, t.calendarServices.serviceId))
        .where(and(eq(t.calendarServices.calendarId, calendarId), isNull(t.services.deletedAt)))
        .orderBy(t.calendarServices.position),
    ]);
    const staffIds = [...new Set([...members.map((m) => m.staffId), ...serviceRows.flatMap((s) => s.staffIds)])];
    const [staffRows, timeOffRows] = staffIds.length
      ? await Promise.all([
          db
            .select()
            .from(t.staff)
            .where(and(inArray(t.staff.id, staffIds), isNull(t.staff.deletedAt))),
          db
            .select()
            .from(t.timeOff)
            .where(and(inArray(t.timeOff.staffId, staffIds), gt(t.timeOff.endsAt, sql`now() - interval '2 days'`))),
        ])
      : [[], []];
    const liveStaff = new Set(staffRows.map((s) => s.id));
    const context: CalendarContext = {
      business: row.business,
      calendar: {
        id: row.calendar.id,
        type: row.calendar.type as CalendarType,
        name: row.calendar.name,
        description: row.calendar.description,
        settings: row.calendar.settings as CalendarSettings,
        isLive: row.calendar.isActive && row.calendar.deletedAt === null,
      },
      members: members
        .filter((m) => liveStaff.has(m.staffId))
        // Primary first: personal and class calendars use the first member as host.
        .sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary))
        .map((m) => ({ staffId: m.staffId, priority: m.priority / 2, isPrimary: m.isPrimary })),
      staff: staffRows.map((s) => ({
        id: s.id,
        name: s.name,
        email: s.email,
        photoUrl: s.photoUrl,
        timeZone: s.timeZone,
        weeklyHours: s.weeklyHours,
        dateOverrides: s.dateOverrides,
      })),
      services: serviceRows.map(({ service, staffIds: ids }) => ({
        id: service.id,
        name: service.name,
        description: service.description,
        category: service.category,
        durationMinutes: service.durationMinutes,
        priceCents: service.priceCents,
        deposit: service.deposit ?? null,
        maxGuestsPerSlot: service.maxGuestsPerSlot,
        staffIds: ids.filter((id) => liveStaff.has(id)),
      })),
      timeOff: timeOffRows.map((r) => ({
        staffId: r.staffId,
        startMs: r.startsAt.getTime(),
        endMs: r.endsAt.getTime(),
      })),
    };
    return context;
  }

  /** An idempotency key's row (`createdAt` as PostgreSQL text, exact to the microsecond). */
  async function storedKey(endpoint: string, key: string) {
    const { rows } = await database.execute(
      "select request_hash, status_code, response, created_at::text as created_at, (extract(epoch from created_at) * 1000)::float8 as created_ms from idempotency_keys where endpoint = $1 and key = $2",
      [endpoint, key],
      "bookings_key_lookup_v2",
    );
    const row = rows[0];
    if (!row) return null;
    return {
      requestHash: String(row.request_hash),
      statusCode: row.status_code === null || row.status_code === undefined ? null : Number(row.status_code),
      response: row.response,
      createdAt: String(row.created_at),
      createdMs: Number(row.created_ms),
    };
  }

  /**
   * The answer a stored key gives, or null when it was a stale key without an answer (left by a
   * request that died under an earlier version, which claimed keys first) and is now deleted.
   */
  async function answerOf(
    row: NonNullable<Awaited<ReturnType<typeof storedKey>>>,
    endpoint: string,
    key: string,
    requestHash: string,
    nowMs: number,
  ): Promise<IdempotencyClaim | null> {
    if (row.requestHash !== requestHash) return { kind: "mismatch" };
    if (row.statusCode !== null) {
      // Stored as JSON text (a jsonb string): jsonb would reorder keys, and a replay must be identical.
      return {
        kind: "replay",
        statusCode: row.statusCode,
        body: mapManageToken(
          typeof row.response === "string" ? JSON.parse(row.response) : row.response,
          secrets.openText,
        ),
      };
    }
    if (row.createdMs >= nowMs - IN_FLIGHT_TIMEOUT_MS) return { kind: "in_flight" };
    const { rows } = await database.execute(
      "delete from idempotency_keys where endpoint = $1 and key = $2 and status_code is null and created_at = $3::timestamptz returning key",
      [endpoint, key, row.createdAt],
    );
    return rows.length > 0 ? null : { kind: "in_flight" };
  }

  /** Lazy retention: roughly one key write in a hundred clears keys older than the retention period. */
  async function purgeOldKeys(nowMs: number): Promise<void> {
    if (Math.random() < 0.01)
      await db
        .delete(t.idempotencyKeys)
        .where(lte(t.idempotencyKeys.createdAt, new Date(nowMs - IDEMPOTENCY_RETENTION_MS)));
  }

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
           manage_token_hash text, confirmed_at timestamptz, carts jsonb, active boolean, items jsonb,
           notification jsonb, key_endpoint text, key text, request_hash text, status_code int, response jsonb,
           created_at timestamptz)
       ), b as (
         insert into bookings (id, business_id, calendar_id, series_id, occurrence_index, status, starts_at, ends_at,
           time_zone, locale, staff_id, staff_ids, service_ids, buffer_before_minutes, buffer_after_minutes, seats,
           guests, contact, answers, price_cents, deposit_cents, currency, manage_token_hash, confirmed_at, carts)
         select id, business_id, calendar_id, series_id, occurrence_index, status, starts_at, ends_at, time_zone,
           locale, staff_id, staff_ids, service_ids, buffer_before_minutes, buffer_after_minutes, seats, guests,
           contact, answers, price_cents, deposit_cents, currency, manage_token_hash, confirmed_at, carts
         from input
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
         insert into idempotency_keys (endpoint, key, request_hash, status_code, response, created_at)
         select input.key_endpoint, input.key, input.request_hash, input.status_code, input.response, input.created_at
         from b join input on input.id = b.id where input.key is not null
       )
       select count(*)::int as n from b`,
      [JSON.stringify(writes.map(simpleBookingRecord))],
      "bookings_create_batch_v1",
    );
  }

  /** Concurrent common bookings share statements; bookings of one staff member never share one. */
  const simpleBookings = createWriteBatcher<SimpleWrite>({
    concurrency: options.writeConcurrency ?? (database.pooled ? 2 : 1),
    maxBatch: 64,
    conflictKeys: ({ booking, idempotency }) => {
      const keys = booking.items.map((item) => item.staffId);
      if (idempotency) keys.push(`${idempotency.endpoint}\n${idempotency.key}`);
      return keys;
    },
    writeBatch: insertSimpleBookings,
  });

  /** Runs one write, retried on transient conflicts; a refusal the database gave becomes the booking's answer. */
  async function statement(run: () => Promise<void>): Promise<CommitResult> {
    try {
      await withConflictRetries(run);
      return { ok: true };
    } catch (error) {
      return { ok: false, refusal: refusalOf(error) };
    }
  }

  return {
    forgetCalendars() {
      calendarCache.clear();
    },
    async loadCalendar(calendarId) {
      if (calendarCacheMs <= 0) return loadCalendarUncached(calendarId);
      const now = Date.now();
      const hit = calendarCache.get(calendarId);
      if (hit && hit.expiresAt > now) return hit.context;
      if (calendarCache.size > 10_000) calendarCache.clear();
      const context = loadCalendarUncached(calendarId);
      const entry = { context, expiresAt: now + calendarCacheMs };
      calendarCache.set(calendarId, entry);
      // A failed load is not kept: the next request tries again.
      context.catch(() => calendarCache.get(calendarId) === entry && calendarCache.delete(calendarId));
      return context;
    },

    async loadOccupancy(staffIds, fromMs, toMs) {
      if (staffIds.length === 0) return [];
      const epoch = (column: string) => `(extract(epoch from ${column}) * 1000)::float8`;
      // One row holding a JSON array of arrays: a busy staff member has dozens of rows here, and
      // one JSON.parse costs far less in the driver than a result row (and an object) per row.
      const { rows } = await database.execute(
        `select coalesce(json_agg(json_build_array(bi.staff_id, ${epoch("bi.starts_at")}, ${epoch("bi.ends_at")}, ${epoch("lower(bi.blocked)")}, ${epoch("upper(bi.blocked)")},
                  bi.booking_id, bi.hold_id, bi.class_session_id, ${epoch("bi.hold_expires_at")}, coalesce(b.calendar_id, cs.calendar_id), b.status, cs.seats_taken)), '[]'::json) as occupancy
           from booking_items bi
           left join bookings b on b.id = bi.booking_id
           left join class_sessions cs on cs.id = bi.class_session_id
          where bi.active and bi.staff_id = any($1::uuid[]) and bi.blocked && tstzrange($2::timestamptz, $3::timestamptz)`,
        [uuidArray(staffIds), iso(fromMs), iso(toMs)],
        "bookings_occupancy_v2",
      );
      const value = rows[0]?.occupancy ?? [];
      const list = (typeof value === "string" ? JSON.parse(value) : value) as [
        string,
        number,
        number,
        number,
        number,
        string | null,
        string | null,
        string | null,
        number | null,
        string | null,
        Occupancy["status"],
        number | null,
      ][];
      return list.map(
        ([staffId, s, e, lo, hi, bookingId, holdId, sessionId, x, calendarId, status, seatsTaken]): Occupancy => ({
          staffId,
          kind: holdId ? "hold" : sessionId ? "session" : "booking",
          startMs: s,
          endMs: e,
          blockedStartMs: lo,
          blockedEndMs: hi,
          bookingId,
          holdId,
          sessionId,
          calendarId,
          status,
          seats: seatsTaken === null ? 1 : seatsTaken,
          expiresAtMs: x,
        }),
      );
    },

    async recentCounts(calendarId, sinceMs) {
      const rows = await db
        .select({ staffId: t.bookings.staffId, n: sql<number>`count(*)::int`.mapWith(Number) })
        .from(t.bookings)
        .where(
          and(
            eq(t.bookings.calendarId, calendarId),
            gt(t.bookings.createdAt, new Date(sinceMs)),
            sql`${t.bookings.status} <> 'cancelled'`,
          ),
        )
        .groupBy(t.bookings.staffId);
      return Object.fromEntries(rows.map((r) => [r.staffId, r.n]));
    },

    async oneTimeLink(slug, nowMs) {
      const [link] = await db.select().from(t.oneTimeLinks).where(eq(t.oneTimeLinks.slug, slug));
      if (!link) return null;
      const expired =
        link.usedAt !== null ||
        link.revokedAt !== null ||
        (link.expiresAt !== null && link.expiresAt.getTime() <= nowMs);
      return expired ? { state: "expired" } : { state: "active", calendarId: link.calendarId };
    },

    async loadHold(holdId) {
      if (!isUuid(holdId)) return null;
      const [row] = await db.select().from(t.holds).where(eq(t.holds.id, holdId));
      if (!row) return null;
      const hold: HoldRecord = {
        id: row.id,
        calendarId: row.calendarId,
        startMs: row.startsAt.getTime(),
        endMs: row.endsAt.getTime(),
        staffIds: row.staffIds,
        expiresAtMs: row.expiresAt.getTime(),
      };
      return hold;
    },

    async loadBooking(bookingId) {
      if (!isUuid(bookingId)) return null;
      const [row] = await db.select().from(t.bookings).where(eq(t.bookings.id, bookingId));
      return row ? toRecord(row) : null;
    },

    async createBookings(command) {
      if (command.idempotency) await purgeOldKeys(command.nowMs);
      const staffIds = [
        ...new Set(
          command.bookings.flatMap((b) =>
            b.items.map((i) => i.staffId).concat(b.classSeats ? [b.classSeats.staffId] : []),
          ),
        ),
      ];
      const now = new Date(command.nowMs);
      const only = command.bookings[0];
      if (only && command.bookings.length === 1 && !command.holdId && !command.oneTimeSlug && !only.classSeats) {
        return withHoldPurge(staffIds, command.nowMs, () =>
          statement(() =>
            simpleBookings.write({ booking: only, idempotency: command.idempotency, nowMs: command.nowMs }),
          ),
        );
      }
      return withHoldPurge(staffIds, command.nowMs, () =>
        transact(async (tx) => {
          if (command.holdId) await tx.delete(t.holds).where(eq(t.holds.id, command.holdId));
          let oneTimeLinkId: string | null = null;
          if (command.oneTimeSlug) {
            const [link] = await tx
              .update(t.oneTimeLinks)
              .set({ usedAt: now })
              .where(
                and(
                  eq(t.oneTimeLinks.slug, command.oneTimeSlug),
                  isNull(t.oneTimeLinks.usedAt),
                  isNull(t.oneTimeLinks.revokedAt),
                  sql`(${t.oneTimeLinks.expiresAt} is null or ${t.oneTimeLinks.expiresAt} > ${now})`,
                ),
              )
              .returning({ id: t.oneTimeLinks.id });
            if (!link) throw new Refused({ code: "SLUG_EXPIRED" });
            oneTimeLinkId = link.id;
          }
          const sessionIds = new Map<string, string>();
          for (const b of command.bookings) {
            if (b.classSeats) sessionIds.set(b.id, await takeSeats(tx, b.businessId, b.calendarId, b.classSeats));
          }
          await tx.insert(t.bookings).values(
            command.bookings.map((b, i) => ({
              id: b.id,
              businessId: b.businessId,
              calendarId: b.calendarId,
              seriesId: b.seriesId,
              occurrenceIndex: b.occurrenceIndex,
              status: b.status,
              startsAt: new Date(b.startMs),
              endsAt: new Date(b.endMs),
              timeZone: b.timeZone,
              locale: b.locale,
              staffId: b.staffId,
              staffIds: [...b.staffIds],
              serviceIds: [...b.serviceIds],
              bufferBeforeMinutes: b.bufferBeforeMinutes,
              bufferAfterMinutes: b.bufferAfterMinutes,
              seats: b.seats,
              guests: [...b.guests],
              carts: b.carts.map((c) => [...c]),
              contact: b.contact,
              answers: { ...b.answers },
              oneTimeLinkId: i === 0 ? oneTimeLinkId : null,
              classSessionId: sessionIds.get(b.id) ?? null,
              priceCents: b.priceCents,
              depositCents: b.depositCents,
              currency: b.currency,
              manageTokenHash: b.manageTokenHash,
              confirmedAt: b.status === "confirmed" ? now : null,
            })),
          );
          const items = command.bookings.flatMap((b) => itemRows(b.businessId, { bookingId: b.id }, b.items, b.active));
          if (items.length > 0) await tx.insert(t.bookingItems).values(items);
          await tx.insert(t.outbox).values(command.bookings.map((b) => outboxRow(b.businessId, seal(b.notification))));
          if (command.idempotency) {
            // A key stored meanwhile by a concurrent request fails the insert (23505): nothing is booked.
            const { endpoint, key, requestHash, statusCode, body } = command.idempotency;
            await tx
              .insert(t.idempotencyKeys)
              .values({ endpoint, key, requestHash, statusCode, response: storedAnswer(body), createdAt: now });
          }
        }),
      );
    },

    async createHold(command) {
      return withHoldPurge(command.staffIds, command.nowMs, () =>
        transact(async (tx) => {
          const expiresAt = new Date(command.expiresAtMs);
          await tx.insert(t.holds).values({
            id: command.id,
            businessId: command.businessId,
            calendarId: command.calendarId,
            startsAt: new Date(command.startMs),
            endsAt: new Date(command.endMs),
            staffIds: [...command.staffIds],
            serviceIds: [...command.serviceIds],
            seats: command.seats,
            expiresAt,
          });
          await tx
            .insert(t.bookingItems)
            .values(
              itemRows(command.businessId, { holdId: command.id, holdExpiresAt: expiresAt }, command.items, true),
            );
        }),
      );
    },

    async reschedule(command) {
      const staffIds = [
        ...new Set(command.items.map((i) => i.staffId).concat(command.classSeats ? [command.classSeats.staffId] : [])),
      ];
      return withHoldPurge(staffIds, command.nowMs, () =>
        transact(async (tx) => {
          const [before] = await tx
            .select()
            .from(t.bookings)
            .where(
              and(
                eq(t.bookings.id, command.bookingId),
                eq(t.bookings.sequence, command.expectedSequence),
                sql`${t.bookings.status} <> 'cancelled'`,
              ),
            )
            .for("update");
          if (!before) throw new Refused({ code: "BOOKING_CHANGED" });
          let classSessionId = before.classSessionId;
          if (command.classSeats) {
            if (before.classSessionId) await releaseSeats(tx, before.classSessionId, before.seats);
            classSessionId = await takeSeats(tx, before.businessId, before.calendarId, command.classSeats);
          }
          await tx
            .update(t.bookings)
            .set({
              startsAt: new Date(command.startMs),
              endsAt: new Date(command.endMs),
              previousStartsAt: before.startsAt,
              sequence: before.sequence + 1,
              classSessionId,
              updatedAt: new Date(command.nowMs),
            })
            .where(eq(t.bookings.id, command.bookingId));
          await tx.delete(t.bookingItems).where(eq(t.bookingItems.bookingId, command.bookingId));
          if (command.items.length > 0)
            await tx
              .insert(t.bookingItems)
              .values(itemRows(before.businessId, { bookingId: before.id }, command.items, command.active));
          await tx.insert(t.outbox).values(outboxRow(before.businessId, seal(command.notification)));
        }),
      );
    },

    async changeStatus(command) {
      let record: BookingRecord | undefined;
      const result = await transact(async (tx) => {
        const now = new Date(command.nowMs);
        const [row] = await tx
          .update(t.bookings)
          .set({
            status: command.to,
            sequence: sql`${t.bookings.sequence} + 1`,
            updatedAt: now,
            ...(command.to === "cancelled" ? { cancelledAt: now, cancelReason: command.cancelReason } : {}),
            ...(command.to === "confirmed" ? { confirmedAt: now } : {}),
          })
          .where(
            and(
              eq(t.bookings.id, command.bookingId),
              eq(t.bookings.businessId, command.businessId),
              inArray(t.bookings.status, [...command.from]),
            ),
          )
          .returning();
        if (!row) throw new Refused({ code: "BOOKING_CHANGED" });
        await tx.update(t.bookingItems).set({ active: command.active }).where(eq(t.bookingItems.bookingId, row.id));
        if (row.classSessionId && command.to === "cancelled") await releaseSeats(tx, row.classSessionId, row.seats);
        record = toRecord(row);
        await tx.insert(t.outbox).values(outboxRow(row.businessId, seal(command.notification(record))));
      });
      return result.ok ? { ok: true, record } : result;
    },

    async claimIdempotencyKey(endpoint, key, requestHash, nowMs) {
      await purgeOldKeys(nowMs);
      const row = await storedKey(endpoint, key);
      if (!row) return { kind: "claimed" };
      return (await answerOf(row, endpoint, key, requestHash, nowMs)) ?? { kind: "claimed" };
    },

    async completeIdempotencyKey({ endpoint, key, requestHash, statusCode, body }, nowMs) {
      await purgeOldKeys(nowMs);
      const inserted = await database.execute(
        "insert into idempotency_keys (endpoint, key, request_hash, status_code, response, created_at) values ($1, $2, $3, $4::int, $5::jsonb, $6::timestamptz) on conflict do nothing returning key",
        [endpoint, key, requestHash, statusCode, JSON.stringify(JSON.stringify(body)), iso(nowMs)],
        "bookings_complete_key_v2",
      );
      if (inserted.rows.length > 0) return { kind: "claimed" };
      const row = await storedKey(endpoint, key);
      // Taken over meanwhile (stale and deleted): the client's retry will find the key free.
      return (row && (await answerOf(row, endpoint, key, requestHash, nowMs))) ?? { kind: "in_flight" };
    },

    async releaseIdempotencyKey(endpoint, key) {
      await db
        .delete(t.idempotencyKeys)
        .where(
          and(
            eq(t.idempotencyKeys.endpoint, endpoint),
            eq(t.idempotencyKeys.key, key),
            isNull(t.idempotencyKeys.statusCode),
          ),
        );
    },
  };
}

/**
 * The booking path's statements name the business (ADR 0057, "Hot queries"): on a database sharded by
 * business each goes to that business's one shard. Asked under another business's id, a statement
 * reads and changes nothing — a hold is not found nor let go, a booking is not moved, class seats are
 * not given back, a booking, its series, round-robin counts, rooms' occupancy and a one-time link are not
 * read, a console login's password, name, sessions and links are not touched — while under its own
 * business it does.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBookingRepository } from "../../src/adapters/db/booking-repository.ts";
import { releaseSeats } from "../../src/adapters/db/bookings/class-seats.ts";
import { consoleStore } from "../../src/adapters/db/console/console-store.ts";
import type { BookingStore, RescheduleCommand } from "../../src/app/bookings/ports.ts";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "../support/databases.ts";
import { at, seedBookingFixture, type Fixture } from "./booking-fixtures.ts";

describe.each(DATABASE_KINDS)("statements under another business's id on %s (ADR 0057)", (kind) => {
  let testDb: TestDatabase;
  let fx: Fixture;
  let store: BookingStore;
  const elsewhere = randomUUID();

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    fx = await seedBookingFixture(testDb.database);
    store = createBookingRepository(testDb.database);
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  const one = async (sql: string, params: unknown[]) => (await testDb.database.execute(sql, params)).rows[0];
  /** A confirmed booking of the fixture's business on its personal calendar, [from, to) with one staff member. */
  const insertBooking = async (from: string, to: string, staffId: string, seriesId: string | null = null) => {
    const row = await one(
      `insert into bookings (business_id, calendar_id, status, starts_at, ends_at, time_zone, staff_id, staff_ids,
         service_ids, contact, manage_token_hash, currency, series_id)
       values ($1, $2, 'confirmed', $3, $4, 'Europe/Berlin', $5, array[$5::uuid], '{}', '{}', 'h', 'EUR', $6)
       returning id`,
      [fx.businessId, fx.calendars.personal, from, to, staffId, seriesId],
    );
    return String(row?.id);
  };
  /** A room of one unit of the fixture's business: its id and its unit's. */
  const insertRoom = async (name: string) => {
    const room = await one(
      `insert into resources (business_id, name, kind, capacity, time_zone) values ($1, $2, 'room', 1, 'Europe/Berlin')
       returning id`,
      [fx.businessId, name],
    );
    const unit = await one(
      `insert into resource_units (business_id, resource_id, number) values ($1, $2, 1) returning id`,
      [fx.businessId, room?.id],
    );
    return { roomId: String(room?.id), unitId: String(unit?.id) };
  };
  const holdUnit = (bookingId: string, room: { roomId: string; unitId: string }, from: string, to: string) =>
    testDb.database.execute(
      `insert into booking_resource_units (business_id, booking_id, unit_id, resource_id, blocked, starts_at, ends_at)
       values ($1, $2, $3, $4, tstzrange($5, $6), $5, $6)`,
      [fx.businessId, bookingId, room.unitId, room.roomId, from, to],
    );

  it("a hold is neither read nor let go under another business", async () => {
    const holdId = randomUUID();
    await testDb.database.execute(
      `insert into holds (id, business_id, calendar_id, starts_at, ends_at, staff_ids, expires_at)
       values ($1, $2, $3, $4, $5, array[$6::uuid], $7)`,
      [holdId, fx.businessId, fx.calendars.personal, at(3, "10:00"), at(3, "11:00"), fx.staff.s1, at(3, "09:00")],
    );
    await testDb.database.execute(
      `insert into booking_items (business_id, hold_id, staff_id, blocked, starts_at, ends_at, hold_expires_at)
       values ($1, $2, $3, tstzrange($4, $5), $4, $5, $6)`,
      [fx.businessId, holdId, fx.staff.s1, at(3, "10:00"), at(3, "11:00"), at(3, "09:00")],
    );
    expect(await store.loadHold(elsewhere, holdId)).toBeNull();
    expect(await store.releaseHold(elsewhere, fx.calendars.personal, holdId)).toBeNull();
    expect(await store.loadHold(fx.businessId, holdId)).toMatchObject({ id: holdId, staffIds: [fx.staff.s1] });
    expect(await store.releaseHold(fx.businessId, fx.calendars.personal, holdId)).toEqual({
      staffIds: [fx.staff.s1],
      resourceIds: [],
    });
    expect(await store.loadHold(fx.businessId, holdId)).toBeNull();
  });

  it("a booking is not moved under another business", async () => {
    const bookingId = await insertBooking(at(4, "10:00"), at(4, "11:00"), fx.staff.s1);
    const [startMs, endMs] = [Date.parse(at(4, "13:00")), Date.parse(at(4, "14:00"))];
    const move = (businessId: string): RescheduleCommand => ({
      bookingId,
      businessId,
      expectedSequence: 0,
      startMs,
      endMs,
      staffId: fx.staff.s1,
      staffIds: [fx.staff.s1],
      active: true,
      items: [{ staffId: fx.staff.s1, serviceId: null, startMs, endMs, blockedStartMs: startMs, blockedEndMs: endMs }],
      classSeats: null,
      notification: { kind: "booking_rescheduled" } as never,
      nowMs: Date.parse(at(1, "08:00")),
    });
    expect(await store.reschedule(move(elsewhere))).toEqual({ ok: false, refusal: { code: "BOOKING_CHANGED" } });
    const startOf = async () => (await one("select starts_at from bookings where id = $1", [bookingId]))?.starts_at;
    expect(new Date(String(await startOf())).getTime()).toBe(Date.parse(at(4, "10:00")));
    expect(await store.reschedule(move(fx.businessId))).toEqual({ ok: true });
    expect(new Date(String(await startOf())).getTime()).toBe(startMs);
  });

  it("class seats are not given back under another business", async () => {
    const session = await one(
      `insert into class_sessions (business_id, calendar_id, staff_id, starts_at, ends_at, seats_total, seats_taken)
       values ($1, $2, $3, $4, $5, 10, 2) returning id`,
      [fx.businessId, fx.calendars.yoga, fx.staff.s3, at(5, "18:00"), at(5, "19:00")],
    );
    const sessionId = String(session?.id);
    const taken = async () =>
      (await one("select seats_taken from class_sessions where id = $1", [sessionId]))?.seats_taken;
    await testDb.database.db.transaction((tx) => releaseSeats(tx, elsewhere, sessionId, 1));
    expect(await taken()).toBe(2);
    await testDb.database.db.transaction((tx) => releaseSeats(tx, fx.businessId, sessionId, 1));
    expect(await taken()).toBe(1);
  });

  it("a booking and its series are not read under another business", async () => {
    const seriesId = randomUUID();
    const bookingId = await insertBooking(at(6, "10:00"), at(6, "11:00"), fx.staff.s2, seriesId);
    await insertBooking(at(13, "10:00"), at(13, "11:00"), fx.staff.s2, seriesId);
    // What loadBooking reads beside the row: the money paid (payments) and the rooms it holds.
    await testDb.database.execute(
      `insert into payments (business_id, booking_id, provider, provider_ref, kind, amount_minor, currency, status,
         client_secret_hash, confirms_as, notification)
       values ($1, $2, 'test', $3, 'full', 2500, 'EUR', 'succeeded', 'x', 'confirmed', '{}')`,
      [fx.businessId, bookingId, `pi_${randomUUID()}`],
    );
    const room = await insertRoom("Blue room");
    await holdUnit(bookingId, room, at(6, "10:00"), at(6, "11:00"));

    expect(await store.loadBooking(elsewhere, bookingId)).toBeNull();
    expect(await store.loadSeries(elsewhere, seriesId)).toEqual([]);
    expect(await store.loadBooking(fx.businessId, bookingId)).toMatchObject({
      id: bookingId,
      businessId: fx.businessId,
      paidMinor: 2500,
      resources: ["Blue room"],
      resourceIds: [room.roomId],
    });
    const series = await store.loadSeries(fx.businessId, seriesId);
    expect(series.map((b) => b.startMs)).toEqual([Date.parse(at(6, "10:00")), Date.parse(at(13, "10:00"))]);
  });

  it("round-robin counts are not read under another business", async () => {
    const sinceMs = Date.now() - 60_000;
    await insertBooking(at(7, "10:00"), at(7, "11:00"), fx.staff.s4);
    expect(await store.recentCounts(elsewhere, fx.calendars.personal, sinceMs)).toEqual({});
    expect(await store.recentCounts(fx.businessId, fx.calendars.personal, sinceMs)).toMatchObject({ [fx.staff.s4]: 1 });
  });

  it("a room's occupancy is not read under another business", async () => {
    const bookingId = await insertBooking(at(8, "10:00"), at(8, "11:00"), fx.staff.s5);
    const room = await insertRoom("Green room");
    await holdUnit(bookingId, room, at(8, "10:00"), at(8, "11:00"));
    const [fromMs, toMs] = [Date.parse(at(8, "00:00")), Date.parse(at(9, "00:00"))];
    expect(await store.loadUnitOccupancy!(elsewhere, [room.unitId], fromMs, toMs)).toEqual([]);
    expect(await store.loadUnitOccupancy!(fx.businessId, [room.unitId], fromMs, toMs)).toEqual([
      expect.objectContaining({ unitId: room.unitId, bookingId, blockedStartMs: Date.parse(at(8, "10:00")) }),
    ]);
  });

  it("a one-time link is not read under another business; by its slug alone it is (the named look-up)", async () => {
    const now = Date.now();
    expect(await store.oneTimeLink(fx.oneTimeSlug, now, elsewhere)).toBeNull();
    expect(await store.oneTimeLink(fx.oneTimeSlug, now, fx.businessId)).toEqual({
      state: "active",
      calendarId: fx.calendars.personal,
    });
    expect(await store.oneTimeLink(fx.oneTimeSlug, now)).toEqual({
      state: "active",
      calendarId: fx.calendars.personal,
    });
  });

  it("a console login's password, name, sessions and links are not touched under another business", async () => {
    const accounts = consoleStore(testDb.database.db, (link) => link);
    const created = await accounts.createUser({
      businessId: fx.businessId,
      email: `owner-${randomUUID()}@isolation.example`,
      name: "Olga",
      role: "owner",
      staffId: null,
      locale: "en",
      passwordHash: null,
    });
    if (!created.ok) throw new Error(created.error);
    const user = created.value;
    const other = { id: user.id, businessId: elsewhere };
    const now = new Date();
    await accounts.createSession({
      tokenHash: `s-${randomUUID()}`,
      userId: user.id,
      businessId: fx.businessId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + 3_600_000),
      userAgent: null,
    });
    await accounts.setPasswordHash(other, "elsewhere");
    await accounts.setName(other, "Elsewhere");
    await accounts.revokeSessionsOf(other, now);
    expect(await accounts.listSessions(other, now)).toEqual([]);
    expect(await accounts.findUser(fx.businessId, user.id)).toMatchObject({ name: "Olga", passwordHash: null });
    const [session] = await accounts.listSessions(user, now);
    expect(session).toBeDefined();
    expect(await accounts.revokeSessionById(other, session!.id, now)).toBe(false);
    expect(await accounts.listSessions(user, now)).toHaveLength(1);
    await accounts.setName(user, "Olga O.");
    expect(await accounts.findUser(fx.businessId, user.id)).toMatchObject({ name: "Olga O." });
    expect(await accounts.revokeSessionById(user, session!.id, now)).toBe(true);
  });
});

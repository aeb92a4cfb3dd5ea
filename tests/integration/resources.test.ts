/**
 * Resources (issue 21) on PGlite and PostgreSQL: the business API defines rooms and links them to
 * services; the widget's API never offers or books more than the rooms allow — 150 simultaneous
 * bookings for the last free room give exactly one — and cancel, reschedule and expired holds give
 * units back. A hand-written overlapping insert is refused by the database itself.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sqlStateOf } from "../../src/adapters/db/kernel.ts";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "../support/databases.ts";
import {
  answerRequest,
  at,
  bookingApp,
  businessHeaders,
  contact,
  NOW,
  patchCalendarSettings,
  post,
  seedBookingFixture,
  type Fixture,
} from "./booking-fixtures.ts";

const TZ = "Europe/Berlin";
const CONCURRENT = 150;
type Json = Record<string, unknown>;

describe.each(DATABASE_KINDS)("resources on %s", (kind) => {
  let testDb: TestDatabase;
  let fx: Fixture;
  let app: ReturnType<typeof bookingApp>;
  let headers: Record<string, string>;
  let roomId: string;

  const api = (method: string, path: string, body?: unknown) =>
    app.request(`/api/business${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const freeOn = async (day: number, cart: string) => {
    const date = `2026-12-${String(day).padStart(2, "0")}`;
    const res = await app.request(
      `/api/calendars/${fx.calendars.salon}/free-slots?startDate=${date}&endDate=${date}&timezone=${TZ}&${cart}`,
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, { slots: string[] }>;
    return body[date]?.slots ?? [];
  };
  const bookCut = (day: number, time: string, email = contact.email) =>
    post(app, "/api/bookings", {
      calendarId: fx.calendars.salon,
      startTime: at(day, time),
      timezone: TZ,
      serviceIds: [fx.services.cut],
      contact: { ...contact, email },
    });

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    fx = await seedBookingFixture(testDb.database);
    app = bookingApp(testDb.database);
    headers = await businessHeaders(testDb.database, fx, "resources");
    // One treatment room; the cut needs it (two stylists could cut at once, the room holds one).
    const created = await api("POST", "/resources", {
      name: "Treatment room",
      kind: "room",
      capacity: 1,
      timeZone: TZ,
    });
    expect(created.status).toBe(201);
    roomId = ((await created.json()) as Json).id as string;
    const linked = await api("PUT", `/services/${fx.services.cut}/resources`, [{ mode: "any", resourceIds: [roomId] }]);
    expect(linked.status).toBe(200);
    expect(await linked.json()).toEqual([{ mode: "any", resourceIds: [roomId] }]);
    // Every service's needs in one read: only the services that need anything.
    expect(await (await api("GET", "/resource-needs")).json()).toEqual({
      [fx.services.cut]: [{ mode: "any", resourceIds: [roomId] }],
    });
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  it("the business API lists, reads, changes and validates resources and service links", async () => {
    const list = (await (await api("GET", "/resources")).json()) as Json[];
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      id: roomId,
      name: "Treatment room",
      kind: "room",
      capacity: 1,
      weeklyHours: null,
      serviceIds: [fx.services.cut],
    });
    const bad = await api("POST", "/resources", { name: "", kind: "boat", capacity: 0, timeZone: "Mars/Base" });
    expect(bad.status).toBe(400);
    const fields = ((await bad.json()) as { errors: { path: string }[] }).errors.map((e) => e.path).sort();
    expect(fields).toEqual(expect.arrayContaining(["capacity", "kind", "name", "timeZone"]));
    const unknown = await api("PUT", `/services/${fx.services.colour}/resources`, [
      { mode: "all", resourceIds: [roomId, "00000000-0000-4000-8000-000000000000"] },
    ]);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: "REFERENCE_NOT_FOUND" });
    const other = await api("POST", "/resources", { name: "Ultrasound", kind: "equipment", capacity: 3, timeZone: TZ });
    const otherId = ((await other.json()) as Json).id as string;
    const patched = await api("PATCH", `/resources/${otherId}`, { capacity: 2 });
    expect(await patched.json()).toMatchObject({ capacity: 2 });
    const units = await testDb.database.execute(
      "select count(*)::int as n from resource_units where resource_id = $1",
      [otherId],
    );
    expect(units.rows[0]?.n).toBe(3); // units are kept; only the first two are offered
    expect((await api("DELETE", `/resources/${otherId}`)).status).toBe(204);
    expect((await api("GET", `/resources/${otherId}`)).status).toBe(404);
  });

  it("another business cannot see or change the resources (tenancy)", async () => {
    const otherFx = await seedBookingFixture(testDb.database);
    const otherHeaders = await businessHeaders(testDb.database, otherFx, "other");
    const as = (method: string, path: string, body?: unknown) =>
      app.request(`/api/business${path}`, {
        method,
        headers: otherHeaders,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    expect(await (await as("GET", "/resources")).json()).toEqual([]);
    expect((await as("GET", `/resources/${roomId}`)).status).toBe(404);
    expect((await as("PATCH", `/resources/${roomId}`, { capacity: 5 })).status).toBe(404);
    expect((await as("DELETE", `/resources/${roomId}`)).status).toBe(404);
    expect((await as("GET", `/resources/${roomId}/time-off`)).status).toBe(404);
    expect((await as("GET", `/services/${fx.services.cut}/resources`)).status).toBe(404);
    // Linking its own service to our room: the room is not found for it.
    const link = await as("PUT", `/services/${otherFx.services.cut}/resources`, [
      { mode: "any", resourceIds: [roomId] },
    ]);
    expect(link.status).toBe(404);
    expect(await link.json()).toMatchObject({ code: "REFERENCE_NOT_FOUND" });
    expect(((await (await api("GET", `/resources/${roomId}`)).json()) as Json).capacity).toBe(1);
  });

  it(`${CONCURRENT} simultaneous bookings for the last free room: exactly one succeeds, the rest hear the spec's message`, async () => {
    // Two stylists (s2, s3) can cut at 10:00 on day 4; the one room is the limit.
    expect(await freeOn(4, `serviceIds=${fx.services.cut}`)).toContain(at(4, "10:00"));
    const responses = await Promise.all(
      Array.from({ length: CONCURRENT }, (_, i) => bookCut(4, "10:00", `c${i}@example.com`)),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    const refused = await Promise.all(responses.filter((r) => r.status !== 201).map((r) => r.json() as Promise<Json>));
    expect(new Set(refused.map((b) => b.code))).toEqual(new Set(["RESOURCE_UNAVAILABLE"]));
    expect(refused[0]?.detail).toBe("Booking unsuccessful, resource unavailable at the moment.");
    const held = await testDb.database.execute(
      `select count(*)::int as n from booking_resource_units u join bookings b on b.id = u.booking_id
        where b.calendar_id = $1 and u.active and b.starts_at = $2`,
      [fx.calendars.salon, new Date(at(4, "10:00")).toISOString()],
    );
    expect(held.rows[0]?.n).toBe(1);
    // The staff member left free is not offered: no room.
    expect(await freeOn(4, `serviceIds=${fx.services.cut}`)).not.toContain(at(4, "10:00"));
  });

  it("cancel gives the room back; reschedule moves it; the database refuses a hand-written overlap", async () => {
    const first = await bookCut(5, "11:00");
    expect(first.status).toBe(201);
    const booking = (await first.json()) as { id: string; manageToken: string };
    const auth = { authorization: `Bearer ${booking.manageToken}` };
    // The booking names the room it holds (the manage page and the confirmation show it).
    const view = await app.request(`/api/bookings/${booking.id}`, { headers: auth });
    expect(await view.json()).toMatchObject({ resources: ["Treatment room"] });
    // So does the business's view of it: the single booking and the list (the console's card).
    expect(await (await api("GET", `/bookings/${booking.id}`)).json()).toMatchObject({ resources: ["Treatment room"] });
    const listed = (await (await api("GET", `/bookings?from=2026-12-05T00:00:00Z&to=2026-12-06T00:00:00Z`)).json()) as {
      id: string;
      resources: string[];
    }[];
    expect(listed.find((b) => b.id === booking.id)?.resources).toEqual(["Treatment room"]);
    expect(await freeOn(5, `serviceIds=${fx.services.cut}`)).not.toContain(at(5, "11:00"));
    const moved = await post(
      app,
      `/api/bookings/${booking.id}/reschedule`,
      { startTime: at(5, "14:00"), timezone: TZ },
      auth,
    );
    expect(moved.status).toBe(200);
    const slots = await freeOn(5, `serviceIds=${fx.services.cut}`);
    expect(slots).toContain(at(5, "11:00"));
    expect(slots).not.toContain(at(5, "14:00"));

    const [unit] = (
      await testDb.database.execute("select unit_id, business_id from booking_resource_units where booking_id = $1", [
        booking.id,
      ])
    ).rows;
    const insert = () =>
      testDb.database
        .execute(
          `insert into booking_resource_units (business_id, booking_id, unit_id, resource_id, blocked, starts_at, ends_at)
           values ($1, $2, $3, $4, tstzrange($5, $6), $5, $6)`,
          [unit!.business_id, booking.id, unit!.unit_id, roomId, "2026-12-05T13:15:00Z", "2026-12-05T13:45:00Z"],
        )
        .then(
          () => null,
          (e: unknown) => sqlStateOf(e).code,
        );
    expect(await insert()).toBe("23P01");

    // The visitor's emails name the room too (booked, then moved).
    const told = await testDb.database.execute(
      "select payload->>'kind' as kind, payload->'booking'->'resources' as resources from outbox where payload->'booking'->>'bookingId' = $1 order by created_at",
      [booking.id],
    );
    expect(told.rows.map((r) => [r.kind, r.resources])).toEqual([
      ["booking_confirmed", ["Treatment room"]],
      ["booking_rescheduled", ["Treatment room"]],
    ]);

    const cancelled = await post(app, `/api/bookings/${booking.id}/cancel`, {}, auth);
    expect(cancelled.status).toBe(200);
    expect(await freeOn(5, `serviceIds=${fx.services.cut}`)).toContain(at(5, "14:00"));
    const active = await testDb.database.execute(
      "select count(*)::int as n from booking_resource_units where booking_id = $1 and active",
      [booking.id],
    );
    expect(active.rows[0]?.n).toBe(0);
    // Cancelled, its unit no longer blocks: the same overlap is accepted now.
    expect(await insert()).toBeNull();
    await testDb.database.execute("delete from booking_resource_units where booking_id = $1 and starts_at = $2", [
      booking.id,
      "2026-12-05T13:15:00Z",
    ]);
  });

  it("an open page of another calendar that shares only the room is told when a booking takes it", async () => {
    // A spa calendar: its facial is done by someone who never works in the salon, in the same room.
    const facial = await api("POST", "/services", {
      slug: "facial",
      name: "Facial",
      durationMinutes: 30,
      priceCents: 0,
      staffIds: [fx.staff.s5],
    });
    expect(facial.status).toBe(201);
    const facialId = ((await facial.json()) as Json).id as string;
    await api("PUT", `/services/${facialId}/resources`, [{ mode: "any", resourceIds: [roomId] }]);
    const spa = await api("POST", "/calendars", {
      slug: "spa",
      type: "service",
      name: "Spa",
      serviceIds: [facialId],
      members: [{ staffId: fx.staff.s5 }],
    });
    expect(spa.status).toBe(201);
    const spaId = ((await spa.json()) as Json).id as string;

    const stream = await app.request(`/api/calendars/${spaId}/events`);
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    let received = "";
    const readUntil = async (needle: string) => {
      const deadline = Date.now() + 5_000;
      while (!received.includes(needle)) {
        const left = deadline - Date.now();
        if (left <= 0) return false;
        const chunk = await Promise.race([
          reader.read(),
          new Promise<null>((resolve) => setTimeout(() => resolve(null), left)),
        ]);
        if (chunk === null || chunk.done) return false;
        received += decoder.decode(chunk.value);
      }
      return true;
    };
    try {
      expect(await readUntil("event: ready")).toBe(true);
      expect(received).not.toContain("event: slots");
      // A haircut in the salon takes the room: the spa's open page refreshes though it shares no staff.
      expect((await bookCut(9, "10:00", "room-watch@example.com")).status).toBe(201);
      expect(await readUntil("event: slots")).toBe(true);
    } finally {
      await reader.cancel();
    }
  });

  it("a visitor's two services in the one room back to back share the buffer between them, as staff do", async () => {
    // A wash then the cut, both in the one treatment room, on a calendar with a 15-minute turnover after
    // each service. The visitor stays in the room: no turnover between their own services (ADR 0038).
    const wash = await api("POST", "/services", {
      slug: "wash",
      name: "Wash",
      durationMinutes: 15,
      priceCents: 0,
      staffIds: [fx.staff.s2],
    });
    expect(wash.status).toBe(201);
    const washId = ((await wash.json()) as Json).id as string;
    await api("PUT", `/services/${washId}/resources`, [{ mode: "any", resourceIds: [roomId] }]);
    const visit = await api("POST", "/calendars", {
      slug: "visit",
      type: "service",
      name: "Visit",
      serviceIds: [washId, fx.services.cut],
      members: [{ staffId: fx.staff.s2 }, { staffId: fx.staff.s3 }],
      settings: { slotIntervalMinutes: 15, bufferAfterMinutes: 15, minimumNoticeMinutes: 0 },
    });
    expect(visit.status).toBe(201);
    const visitId = ((await visit.json()) as Json).id as string;
    const cart = `serviceIds=${washId},${fx.services.cut}`;
    const day = "2026-12-10";
    const free = await app.request(
      `/api/calendars/${visitId}/free-slots?startDate=${day}&endDate=${day}&timezone=${TZ}&${cart}`,
    );
    const slots = ((await free.json()) as Record<string, { slots: string[] }>)[day]?.slots ?? [];
    expect(slots).toContain(at(10, "10:00"));
    const booked = await post(app, "/api/bookings", {
      calendarId: visitId,
      startTime: at(10, "10:00"),
      timezone: TZ,
      serviceIds: [washId, fx.services.cut],
      contact: { ...contact, email: "stay@example.com" },
    });
    expect(booked.status).toBe(201);
    const { id } = (await booked.json()) as { id: string };
    // One unit for both services; the database holds two disjoint rows covering 10:00–11:00 with the
    // turnover after the stay only.
    const rows = await testDb.database.execute(
      `select unit_id, extract(epoch from lower(blocked)) * 1000 as lo, extract(epoch from upper(blocked)) * 1000 as hi
         from booking_resource_units where booking_id = $1 and active order by lower(blocked)`,
      [id],
    );
    expect(new Set(rows.rows.map((r) => r.unit_id)).size).toBe(1);
    expect(rows.rows.map((r) => [Number(r.lo), Number(r.hi)])).toEqual([
      [Date.parse(at(10, "10:00")), Date.parse(at(10, "10:15"))],
      [Date.parse(at(10, "10:15")), Date.parse(at(10, "11:00"))],
    ]);
    // The room's next visitor still waits for the turnover after the stay.
    expect(await freeOn(10, `serviceIds=${fx.services.cut}`)).not.toContain(at(10, "10:45"));
    expect(await freeOn(10, `serviceIds=${fx.services.cut}`)).toContain(at(10, "11:00"));
  });

  it("a hold takes the room until it expires; then a booking gets it", async () => {
    const hold = await post(app, `/api/calendars/${fx.calendars.salon}/holds`, {
      startTime: at(6, "10:00"),
      timezone: TZ,
      serviceIds: [fx.services.cut],
    });
    expect(hold.status).toBe(201);
    expect(await freeOn(6, `serviceIds=${fx.services.cut}`)).not.toContain(at(6, "10:00"));
    expect((await bookCut(6, "10:00")).status).toBe(409);
    // Ten minutes after the hold expired (holds last minutes, not an hour), the room is free again.
    const later = bookingApp(testDb.database, {}, () => new Date(NOW.getTime() + 2 * 60 * 60_000));
    const res = await post(later, "/api/bookings", {
      calendarId: fx.calendars.salon,
      startTime: at(6, "10:00"),
      timezone: TZ,
      serviceIds: [fx.services.cut],
      contact,
    });
    expect(res.status).toBe(201);
    const holds = await testDb.database.execute("select count(*)::int as n from holds where starts_at = $1", [
      new Date(at(6, "10:00")).toISOString(),
    ]);
    expect(holds.rows[0]?.n).toBe(0);
  });

  it("room time off and opening hours hide starts", async () => {
    const off = await api("POST", `/resources/${roomId}/time-off`, {
      startsAt: "2026-12-07T09:00:00Z",
      endsAt: "2026-12-07T10:00:00Z",
      reason: "Cleaning",
    });
    expect(off.status).toBe(201);
    const slots = await freeOn(7, `serviceIds=${fx.services.cut}`);
    expect(slots).not.toContain(at(7, "10:00"));
    expect(slots).toContain(at(7, "11:00"));
    await api("PATCH", `/resources/${roomId}`, { weeklyHours: { "1": [{ start: "13:00", end: "15:00" }] } });
    // 2026-12-07 is a Monday: only 13:00–15:00 now (30-minute cut, 15-minute grid).
    const open = await freeOn(7, `serviceIds=${fx.services.cut}`);
    expect(open[0]).toBe(at(7, "13:00"));
    expect(open.at(-1)).toBe(at(7, "14:30"));
    await api("PATCH", `/resources/${roomId}`, { weeklyHours: null });
  });
  it("requests that do not block hold no room; confirming one takes it, the next confirmation is refused", async () => {
    await patchCalendarSettings(testDb.database, fx.calendars.salon, { autoConfirm: false, unconfirmedBlocks: false });
    try {
      const first = (await (await bookCut(8, "10:00", "r1@example.com")).json()) as { id: string; status: string };
      const second = (await (await bookCut(8, "10:00", "r2@example.com")).json()) as { id: string; status: string };
      expect([first.status, second.status]).toEqual(["new", "new"]);
      const activeUnits = async () =>
        (
          await testDb.database.execute(
            "select booking_id from booking_resource_units where booking_id = any($1::uuid[]) and active",
            [`{${first.id},${second.id}}`],
          )
        ).rows.map((r) => r.booking_id);
      expect(await activeUnits()).toEqual([]);
      expect((await answerRequest(app, headers, first.id, "confirm")).status).toBe(200);
      expect(await activeUnits()).toEqual([first.id]);
      const refused = await answerRequest(app, headers, second.id, "confirm");
      expect(refused.status).toBe(409);
      expect(await refused.json()).toMatchObject({ code: "RESOURCE_UNAVAILABLE" });
      expect(await activeUnits()).toEqual([first.id]);
    } finally {
      await patchCalendarSettings(testDb.database, fx.calendars.salon, { autoConfirm: true, unconfirmedBlocks: true });
    }
  });
});

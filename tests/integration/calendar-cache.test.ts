/**
 * Cached calendars follow every change at once, whoever makes it: a change written straight to the
 * database (as another server process or a script would) reaches the public API through the
 * `calendar_changes` notification, on PGlite and PostgreSQL — also after the listening connection
 * was lost.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "../support/databases.ts";
import { bookingApp, seedBookingFixture, type Fixture } from "./booking-fixtures.ts";

/** Polls until `read` gives `expected` or two seconds have passed; returns the last value read. */
async function eventually<T>(read: () => Promise<T>, expected: T): Promise<T> {
  const deadline = Date.now() + 2000;
  let value = await read();
  while (value !== expected && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 20));
    value = await read();
  }
  return value;
}

describe.each(DATABASE_KINDS)("calendar cache on %s", (kind) => {
  let testDb: TestDatabase;
  let fx: Fixture;
  let app: ReturnType<typeof bookingApp>;
  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    fx = await seedBookingFixture(testDb.database);
    app = bookingApp(testDb.database);
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  const calendarName = async () =>
    ((await (await app.request(`/api/calendars/${fx.calendars.personal}`)).json()) as { name: string }).name;
  const rename = (name: string) =>
    testDb.database.execute("update calendars set name = $1 where id = $2", [name, fx.calendars.personal]);

  it("serves a calendar changed directly in the database with its new settings", async () => {
    expect(await calendarName()).toBe("personal");
    await rename("Renamed elsewhere");
    expect(await eventually(calendarName, "Renamed elsewhere")).toBe("Renamed elsewhere");
  });

  it("drops the cache when a staff member's hours change", async () => {
    const day = "2026-12-07";
    const slots = async () => {
      const res = await app.request(
        `/api/calendars/${fx.calendars.personal}/free-slots?startDate=${day}&endDate=${day}&timezone=Europe/Berlin`,
      );
      const body = (await res.json()) as Record<string, { slots: string[] }>;
      return body[day]?.slots[0] ?? null;
    };
    expect(await slots()).toBe(`${day}T09:00:00+01:00`);
    const lateStart = Object.fromEntries(
      ["1", "2", "3", "4", "5", "6", "7"].map((d) => [d, [{ start: "13:00", end: "17:00" }]]),
    );
    await testDb.database.execute("update staff set weekly_hours = $1::jsonb where id = $2", [
      JSON.stringify(lateStart),
      fx.staff.s1,
    ]);
    expect(await eventually(slots, `${day}T13:00:00+01:00`)).toBe(`${day}T13:00:00+01:00`);
  });

  it.runIf(kind === "postgres")("listens again after its connection was lost", async () => {
    const listeners = async () =>
      (
        await testDb.database.execute(
          "select pid from pg_stat_activity where datname = current_database() and query ilike 'listen %'",
        )
      ).rows.map((row) => Number(row.pid));
    const lost = await listeners();
    expect(lost.length).toBeGreaterThan(0);
    await testDb.database.execute("select pg_terminate_backend(pid) from unnest($1::int[]) as pid", [lost]);
    // The lost connection drops the cache; a change after the reconnection (a new listening
    // connection, about a second later) is seen as well.
    await expect
      .poll(async () => (await listeners()).filter((pid) => !lost.includes(pid)).length, {
        timeout: 10_000,
        interval: 50,
      })
      .toBe(lost.length);
    expect(await calendarName()).toBe("Renamed elsewhere");
    await rename("Renamed after reconnect");
    expect(await eventually(calendarName, "Renamed after reconnect")).toBe("Renamed after reconnect");
  });
});

/**
 * Slot changes between server processes (issue 19): two database clients on one PostgreSQL database
 * stand for two processes. A change published by one reaches the other's subscribers once, and its
 * own once; a lost listening connection tells every page to refresh, and changes flow again after
 * it listens anew. On PGlite the bus is the process's own.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../src/adapters/db/client.ts";
import { slotChangeChannel } from "../../src/adapters/db/slot-change-channel.ts";
import type { SlotChange, SlotChangeEvents } from "../../src/app/bookings/slot-change-events.ts";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "../support/databases.ts";

const noErrors = { onError: (error: unknown) => expect.fail(String(error)) };

function collect(events: SlotChangeEvents): SlotChange[] {
  const seen: SlotChange[] = [];
  events.subscribe((change) => seen.push(change));
  return seen;
}

describe.runIf(DATABASE_KINDS.includes("postgres"))("slot changes across processes on PostgreSQL", () => {
  let testDb: TestDatabase;
  let other: Database;
  let a: SlotChangeEvents;
  let b: SlotChangeEvents;
  beforeAll(async () => {
    testDb = await createTestDatabase("postgres");
    other = await openDatabase({ kind: "postgres", url: testDb.url! });
    a = await slotChangeChannel(testDb.database, noErrors);
    b = await slotChangeChannel(other, noErrors);
  });
  afterAll(async () => {
    await other?.close();
    await testDb?.drop();
  });

  it("a change published by one process reaches the other's subscribers, and its own once", async () => {
    const seenByA = collect(a);
    const seenByB = collect(b);
    a.publish({ calendarId: "cal-1", staffIds: ["s1", "s2"] });
    // The publisher's own subscribers hear it at once, before any round trip.
    expect(seenByA).toEqual([{ calendarId: "cal-1", staffIds: ["s1", "s2"] }]);
    await expect
      .poll(() => seenByB, { timeout: 5_000, interval: 20 })
      .toEqual([{ calendarId: "cal-1", staffIds: ["s1", "s2"] }]);
    // A room taken on another calendar travels with its resource ids (issue 21).
    b.publish({ calendarId: "cal-2", staffIds: [], resourceIds: ["room-1"] });
    await expect.poll(() => seenByA.length, { timeout: 5_000, interval: 20 }).toBe(2);
    // Give a stray echo of its own notification time to arrive: none must.
    await new Promise((r) => setTimeout(r, 200));
    expect(seenByA).toEqual([
      { calendarId: "cal-1", staffIds: ["s1", "s2"] },
      { calendarId: "cal-2", staffIds: [], resourceIds: ["room-1"] },
    ]);
    expect(seenByB).toHaveLength(2);
  });

  it("a change too large for one notification reaches the others as 'any calendar'", async () => {
    const seenByB = collect(b);
    const staffIds = Array.from({ length: 400 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`);
    a.publish({ calendarId: "cal-big", staffIds });
    await expect
      .poll(() => seenByB, { timeout: 5_000, interval: 20 })
      .toEqual([{ calendarId: "cal-big", staffIds: [], anyCalendar: true }]);
  });

  it("a lost listening connection tells every page to refresh, and changes flow again once it listens anew", async () => {
    const seenByB = collect(b);
    const listeners = async () =>
      (
        await testDb.database.execute(
          "select pid from pg_stat_activity where datname = current_database() and query = 'listen slot_changes'",
        )
      ).rows.map((row) => Number(row.pid));
    const before = await listeners();
    expect(before).toHaveLength(2);
    // Cut every listener: B's (and A's) are lost; B tells its pages to refresh at once.
    await testDb.database.execute("select pg_terminate_backend(pid) from unnest($1::int[]) as pid", [before]);
    await expect.poll(() => seenByB.some((c) => c.anyCalendar), { timeout: 5_000, interval: 20 }).toBe(true);
    await expect
      .poll(async () => (await listeners()).filter((pid) => !before.includes(pid)).length, {
        timeout: 10_000,
        interval: 50,
      })
      .toBe(2);
    // Once listening again it says so once more (whatever was sent in the gap is lost), and hears new changes.
    await expect.poll(() => seenByB.filter((c) => c.anyCalendar).length, { timeout: 5_000, interval: 20 }).toBe(2);
    a.publish({ calendarId: "cal-after", staffIds: ["s9"] });
    await expect
      .poll(() => seenByB.at(-1), { timeout: 5_000, interval: 20 })
      .toEqual({ calendarId: "cal-after", staffIds: ["s9"] });
  });
});

describe.runIf(DATABASE_KINDS.includes("pglite"))("slot changes on the embedded database", () => {
  it("is the process's own bus: published changes reach its subscribers at once", async () => {
    const testDb = await createTestDatabase("pglite");
    try {
      const events = await slotChangeChannel(testDb.database, noErrors);
      const seen = collect(events);
      events.publish({ calendarId: "cal-1", staffIds: ["s1"] });
      expect(seen).toEqual([{ calendarId: "cal-1", staffIds: ["s1"] }]);
    } finally {
      await testDb.drop();
    }
  });
});

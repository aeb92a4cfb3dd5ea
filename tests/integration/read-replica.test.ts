/**
 * Free slots read from a real streaming replica (issue 19, ADR 0056): a primary and a hot standby of
 * the test's own (initdb + `pg_basebackup -R`). With the replica's replay paused, plain reads there are
 * stale — and yet the app never offers a slot booked by its own visitor, by another process once its
 * notification arrived, or by anyone longer than the staleness bound ago: it reads from the primary
 * instead. Resumed, the replica serves again.
 */
import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../src/adapters/db/client.ts";
import { migrateDatabase } from "../../src/adapters/db/migrate.ts";
import { lsnOf, SLOT_READ_STALENESS_BOUND_MS } from "../../src/adapters/db/slot-read-routing.ts";
import { postgresBin, startReplicaCluster, type ReplicaCluster } from "../support/replica-cluster.ts";
import { at, bookingApp, contact, NOW, post, seedBookingFixture, type Fixture } from "./booking-fixtures.ts";

const TZ = "Europe/Berlin";
const bin = postgresBin();
if (!bin && process.env.CI === "true") throw new Error("CI=true but no PostgreSQL binaries under /usr/lib/postgresql");

describe.skipIf(!bin)("free slots on a read replica (PostgreSQL binaries under /usr/lib/postgresql)", () => {
  let cluster: ReplicaCluster;
  let primary: Database;
  /** What the app under test opened: the primary with DATABASE_READ_URL. */
  let routed: Database;
  /** The same, for an app that hears no notification at all. */
  let deafRouted: Database;
  let replica: pg.Client;
  let fx: Fixture;
  let app: ReturnType<typeof bookingApp>;
  let deaf: ReturnType<typeof bookingApp>;
  /** Another process on the primary alone. */
  let elsewhere: ReturnType<typeof bookingApp>;
  /** Resolved when the app under test next hears `busy_changes`. */
  let heard: Promise<void> = Promise.resolve();
  let hear = () => {};
  const expectNotification = () => (heard = new Promise<void>((resolve) => (hear = resolve)));

  beforeAll(async () => {
    cluster = await startReplicaCluster(bin!);
    primary = await openDatabase({ kind: "postgres", url: cluster.primaryUrl });
    await migrateDatabase(primary);
    fx = await seedBookingFixture(primary);
    routed = await openDatabase({ kind: "postgres", url: cluster.primaryUrl, readUrl: cluster.replicaUrl });
    deafRouted = await openDatabase({ kind: "postgres", url: cluster.primaryUrl, readUrl: cluster.replicaUrl });
    replica = new pg.Client(cluster.replicaUrl);
    await replica.connect();
    const listening: Database = {
      ...routed,
      listen: (channel, onNotify) =>
        routed.listen(channel, (payload) => {
          onNotify(payload);
          if (channel === "busy_changes") hear();
        }),
    };
    app = bookingApp(listening, {}, () => NOW);
    deaf = bookingApp({ ...deafRouted, listen: async () => {} }, {}, () => NOW);
    elsewhere = bookingApp(primary, {}, () => NOW);
    await caughtUp();
  }, 60_000);
  afterAll(async () => {
    await replica?.end().catch(() => {});
    await Promise.all([routed?.close(), deafRouted?.close(), primary?.close()]);
    cluster?.stop();
  });

  /** Until the replica has replayed everything the primary flushed. */
  async function caughtUp() {
    const { rows } = await primary.execute("select pg_current_wal_flush_lsn()::text as lsn");
    const target = lsnOf(rows[0]?.lsn);
    for (let i = 0; i < 200; i++) {
      const replayed = await replica.query("select pg_last_wal_replay_lsn()::text as lsn");
      if (lsnOf(replayed.rows[0]?.lsn) >= target) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error("the replica did not catch up");
  }
  async function pauseReplay() {
    await replica.query("select pg_wal_replay_pause()");
    for (let i = 0; i < 200; i++) {
      const { rows } = await replica.query("select pg_get_wal_replay_pause_state() as state");
      if (rows[0]?.state === "paused") return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error("replay did not pause");
  }
  /** Whether the replica's own plain read sees this booking (it does not while replay is paused). */
  const onReplica = async (bookingId: string) =>
    (await replica.query("select count(*)::int as n from bookings where id = $1", [bookingId])).rows[0]?.n === 1;

  const day = async (on: ReturnType<typeof bookingApp>, d: number) => {
    const date = `2026-12-${String(d).padStart(2, "0")}`;
    const res = await on.request(
      `/api/calendars/${fx.calendars.personal}/free-slots?startDate=${date}&endDate=${date}&timezone=${TZ}`,
    );
    expect(res.status).toBe(200);
    return ((await res.json()) as Record<string, { slots: string[] }>)[date]?.slots ?? [];
  };
  const book = async (on: ReturnType<typeof bookingApp>, d: number, time: string) => {
    const res = await post(on, "/api/bookings", {
      calendarId: fx.calendars.personal,
      startTime: at(d, time),
      timezone: TZ,
      contact,
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };
  const counts = () => ({ ...routed.slotReads!.counts });
  /** A half-hour hold of the personal calendar's member, written by hand (as a script would), with `run`. */
  const writeHold = async (run: (text: string, params: unknown[]) => Promise<unknown>, d: number, time: string) => {
    const holdId = randomUUID();
    const [start, end, expires] = [at(d, time), at(d, time.replace(":00", ":30")), "2026-11-30T08:00:00Z"];
    await run(
      `insert into holds (id, business_id, calendar_id, starts_at, ends_at, staff_ids, expires_at)
       values ($1, $2, $3, $4, $5, array[$6::uuid], $7)`,
      [holdId, fx.businessId, fx.calendars.personal, start, end, fx.staff.s1, expires],
    );
    await run(
      `insert into booking_items (business_id, hold_id, staff_id, blocked, starts_at, ends_at, hold_expires_at)
       values ($1, $2, $3, tstzrange($4, $5), $4, $5, $6)`,
      [fx.businessId, holdId, fx.staff.s1, start, end, expires],
    );
    return holdId;
  };

  it("reads slots from the replica while it is up to date", async () => {
    expect(await day(app, 7)).toContain(at(7, "10:00"));
    const before = counts();
    const commitsBefore = await replicaCommits();
    for (let i = 0; i < 10; i++) expect(await day(app, 7)).toContain(at(7, "10:00"));
    const after = counts();
    // Most of them at least: any WAL the primary writes meanwhile (autovacuum, statistics) may find the
    // replica a few milliseconds behind once the position is asked again, and that read goes to the primary.
    expect(after.replica - before.replica).toBeGreaterThanOrEqual(5);
    expect(after.replica - before.replica).toBeGreaterThan(after.primary - before.primary);
    // The replica server itself counts them (its statistics are flushed within a second or so).
    await expect.poll(replicaCommits, { timeout: 5_000, interval: 200 }).toBeGreaterThanOrEqual(commitsBefore + 5);
    const { rows } = await replica.query(
      "select count(*)::int as n from pg_stat_activity where application_name = 'slot-reads'",
    );
    expect(rows[0]?.n).toBeGreaterThan(0);
  });

  async function replicaCommits(): Promise<number> {
    await replica.query("select pg_stat_clear_snapshot()");
    const { rows } = await replica.query(
      "select xact_commit::int as n from pg_stat_database where datname = current_database()",
    );
    return Number(rows[0]?.n);
  }

  it("never offers a visitor's own booking again, while the replica stands still", async () => {
    await caughtUp();
    await pauseReplay();
    expect(await day(app, 8)).toContain(at(8, "11:00"));
    const id = await book(app, 8, "11:00");
    const before = counts();
    expect(await day(app, 8)).not.toContain(at(8, "11:00"));
    // Read on the replica, the booking would still be free: the answer came from the primary.
    expect(await onReplica(id)).toBe(false);
    expect(counts().primary).toBeGreaterThan(before.primary);
  });

  it("drops another process's booking from the next answer once its notification arrived", async () => {
    expect(await day(app, 8)).toContain(at(8, "12:00"));
    expectNotification();
    const id = await book(elsewhere, 8, "12:00");
    await heard;
    expect(await day(app, 8)).not.toContain(at(8, "12:00"));
    expect(await onReplica(id)).toBe(false);
  });

  it(`shows a write nobody was told of within ${SLOT_READ_STALENESS_BOUND_MS} ms`, async () => {
    expect(await day(deaf, 9)).toContain(at(9, "11:00"));
    // A hold written by hand on the primary: this app hears nothing of it.
    const holdId = await writeHold((text, params) => primary.execute(text, params), 9, "11:00");
    await new Promise((resolve) => setTimeout(resolve, SLOT_READ_STALENESS_BOUND_MS + 50));
    expect(await day(deaf, 9)).not.toContain(at(9, "11:00"));
    const { rows } = await replica.query("select count(*)::int as n from holds where id = $1", [holdId]);
    expect(rows[0]?.n).toBe(0);
  });

  it("serves from the replica again once it caught up, with the same answers as the primary", async () => {
    await replica.query("select pg_wal_replay_resume()");
    await caughtUp();
    // The position is asked anew after the bound; the replica has it.
    await new Promise((resolve) => setTimeout(resolve, SLOT_READ_STALENESS_BOUND_MS + 50));
    const before = counts();
    const answers = [await day(app, 8), await day(app, 9)];
    const after = counts();
    expect(after.replica - before.replica).toBeGreaterThan(after.primary - before.primary);
    expect(answers).toEqual([await day(elsewhere, 8), await day(elsewhere, 9)]);
    expect(answers[0]).not.toContain(at(8, "11:00"));
    expect(answers[0]).not.toContain(at(8, "12:00"));
  });

  it("picks up a transaction that was still running when the replica's snapshot was read", async () => {
    await caughtUp();
    expect(await day(app, 10)).toContain(at(10, "11:00"));
    // X: a hold written in a transaction left open (its transaction id is taken now).
    const open = new pg.Client(cluster.primaryUrl);
    await open.connect();
    try {
      await open.query("begin");
      await writeHold((text, params) => open.query(text, params), 10, "11:00");
      // Y: a later transaction of the same staff commits, so the replica's snapshot ends past X.
      expectNotification();
      await book(elsewhere, 10, "14:00");
      await heard;
      await caughtUp();
      const before = counts();
      const offered = await day(app, 10);
      expect(counts().replica).toBeGreaterThan(before.replica);
      expect(offered).not.toContain(at(10, "14:00"));
      expect(offered).toContain(at(10, "11:00"));
      expectNotification();
      await open.query("commit");
      await heard;
      expect(await day(app, 10)).not.toContain(at(10, "11:00"));
    } finally {
      await open.end();
    }
  });

  it("answers from the primary when the replica goes away", async () => {
    expectNotification();
    await book(elsewhere, 11, "10:00");
    await heard;
    await caughtUp();
    const offered = await day(app, 11);
    expect(offered).not.toContain(at(11, "10:00"));
    await replica.end();
    cluster.stopReplica();
    // The replica's last known position still covers what must be seen (unless the primary wrote WAL
    // meanwhile): the read is tried there, refused at connect, and answered by the primary.
    const before = counts();
    expect(await day(app, 11)).toEqual(offered);
    expect(counts().primary).toBeGreaterThan(before.primary);
    // And once more, the position now checked on a replica that does not answer.
    expectNotification();
    await book(elsewhere, 11, "11:00");
    await heard;
    const now = await day(app, 11);
    expect(now).not.toContain(at(11, "11:00"));
    expect(now).toEqual(await day(elsewhere, 11));
  });
});

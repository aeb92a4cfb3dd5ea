/**
 * Crash harness (issue 19): visitors book against two real app processes (src/server/main.ts) on one
 * PostgreSQL while the harness SIGKILLs a random app process every few seconds (and starts a new one)
 * and restarts PostgreSQL itself under the load. Afterwards it counts, from the database and a real
 * SMTP receiver:
 *
 *   answered    bookings answered 201 to some attempt
 *   present     of those, found in the database (exactly once: duplicated counts the extra ones)
 *   lost        answered 201 but not in the database
 *   half-made   bookings without their occupancy or their confirmation in the outbox
 *   emailed     bookings whose confirmation reached the receiver at least once; resent ones carry
 *               the same Message-ID, so a mail system can suppress them
 *
 * Visitors behave as a careful client does: every booking carries an Idempotency-Key, and an attempt
 * cut off (connection reset, 5xx, "still in flight") is sent again with the same key to whichever
 * process is alive. So a booking that was committed but never answered is answered by the replay,
 * and one that was not committed is made once.
 *
 *   npx tsx bench/crash.bench.ts   (BENCH_CRASH_SECONDS=40 BENCH_CRASH_CLIENTS=8 BENCH_CRASH_KILL_EVERY_MS=2500)
 *
 * PostgreSQL: a server of its own, initialised in a temporary directory on a free port with this
 * machine's PostgreSQL binaries (/usr/lib/postgresql/<version>/bin), so restarting it disturbs no one
 * else. Needs a web build (`npm run build`): the app processes are the production server. Skips with
 * a message when either is missing. The embedded database (one process) is covered by
 * tests/e2e/server-lifecycle.e2e.test.ts: committed bookings survive an app SIGKILL.
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { simpleParser } from "mailparser";
import { openDatabase } from "../src/adapters/db/client.ts";
import { migrateDatabase } from "../src/adapters/db/migrate.ts";
import { seedPersonalCalendars } from "../tests/integration/booking-fixtures.ts";
import { freePort, startServer, type RunningServer } from "../tests/e2e/support/start-server.ts";
import { postgresBin, runAsPostgresOwner } from "../tests/support/replica-cluster.ts";
import { startSmtpReceiver } from "../tests/support/smtp-receiver.ts";
import { solvedProof } from "../tests/support/booking-proof.ts";
import { BENCH_PROOF_MAX_NUMBER, benchBookingBody } from "./support.ts";

const SECONDS = Number(process.env.BENCH_CRASH_SECONDS ?? 40);
const CLIENTS = Number(process.env.BENCH_CRASH_CLIENTS ?? 8);
const KILL_EVERY_MS = Number(process.env.BENCH_CRASH_KILL_EVERY_MS ?? 2500);
const PROCESSES = 2;
const STAFF = 64;
const ATTEMPTS = 60;

/** A PostgreSQL server of the harness's own; `restart` is `pg_ctl restart -m fast` under the load. */
async function ownPostgres(bin: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "crash-pg-"));
  const port = await freePort();
  const asOwner = (cmd: string, args: string[]) => runAsPostgresOwner(bin, cmd, args);
  if (process.getuid?.() === 0) spawnSync("chown", ["postgres", dir]);
  asOwner("initdb", ["-D", dir, "-A", "trust", "-U", "postgres", "--no-sync"]);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c max_connections=200 -c fsync=on`;
  const ctl = (action: string, extra: string[] = []) =>
    asOwner("pg_ctl", ["-D", dir, "-o", options, "-l", path.join(dir, "log"), "-w", ...extra, action]);
  ctl("start");
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restart: () => ctl("restart", ["-m", "fast"]),
    stop() {
      try {
        ctl("stop", ["-m", "immediate"]);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

type Outcome = { kind: "answered"; id: string; attempts: number } | { kind: "refused"; status: number; body: string };

async function main() {
  const bin = postgresBin();
  if (!bin) return console.log("crash bench skipped: no PostgreSQL binaries under /usr/lib/postgresql");
  if (!fs.existsSync("build/server/index.js"))
    return console.log("crash bench skipped: no web build (run `npm run build` first)");

  const postgres = await ownPostgres(bin);
  const smtp = await startSmtpReceiver();
  const database = await openDatabase({ kind: "postgres", url: postgres.url });
  const servers: RunningServer[] = [];
  try {
    await migrateDatabase(database);
    const { calendarIds } = await seedPersonalCalendars(database, STAFF, 400);
    // Tomorrow 00:00 UTC: every booking k is a distinct free half hour after it.
    const start = new Date(Math.ceil(Date.now() / 86_400_000) * 86_400_000 + 86_400_000);
    const env = {
      DATABASE_URL: postgres.url,
      // Every process of one deployment shares its secret (sealed links, CSRF and form tokens).
      APP_SECRET: randomBytes(32).toString("hex"),
      SMTP_URL: smtp.url,
      RATE_LIMIT_BOOKINGS_PER_MINUTE: "1000000",
      BOOKING_PROOF_MAX_NUMBER: String(BENCH_PROOF_MAX_NUMBER),
      LOG_LEVEL: process.env.BENCH_CRASH_LOG_LEVEL ?? "fatal",
    };
    // One after the other: the first one seeds the demo into the migrated database.
    for (let i = 0; i < PROCESSES; i++) servers.push(await startServer(env));

    let kills = 0;
    let restarts = 0;
    let running = true;
    let next = 0;
    const outcomes = new Map<number, Outcome>();
    const pickServer = () => servers[Math.floor(Math.random() * servers.length)]!;

    const book = async (k: number): Promise<Outcome> => {
      const address = `10.9.${Math.floor(k / 250) % 250}.${k % 250}`;
      // One solved challenge a booking, kept for its retries: the ledger lets the same Idempotency-Key
      // through again. A challenge not fetched (its process killed) is a failed attempt like any other.
      let body: string | null = null;
      let last: { status: number; body: string } = { status: 0, body: "never answered" };
      for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
        try {
          body ??= JSON.stringify({
            ...(JSON.parse(benchBookingBody(calendarIds, start, k)) as object),
            proof: await solvedProof(
              fetch(`${pickServer().url}/api/booking-challenge`, {
                headers: { "x-forwarded-for": address },
                signal: AbortSignal.timeout(10_000),
              }),
            ),
          });
          const res = await fetch(`${pickServer().url}/api/bookings`, {
            method: "POST",
            headers: {
              "content-type": "application/json",
              "idempotency-key": `crash-${k}`,
              "x-forwarded-for": address,
            },
            body,
            signal: AbortSignal.timeout(10_000),
          });
          const text = await res.text();
          if (res.status === 201)
            return { kind: "answered", id: (JSON.parse(text) as { id: string }).id, attempts: attempt };
          last = { status: res.status, body: text.slice(0, 200) };
          // Cut off or still in flight elsewhere: the same request again. Anything else is an answer.
          if (res.status < 500 && !text.includes("IDEMPOTENCY_IN_FLIGHT")) return { kind: "refused", ...last };
        } catch (error) {
          last = { status: 0, body: String(error) };
        }
        await new Promise((r) => setTimeout(r, Math.min(2_000, 50 * attempt)));
      }
      return { kind: "refused", ...last };
    };
    const visitor = async () => {
      while (running) {
        const k = next++;
        outcomes.set(k, await book(k));
      }
    };

    // Faults: a random app process killed (and a new one started) every KILL_EVERY_MS; PostgreSQL
    // restarted once at a third and once at two thirds of the run.
    const faults = (async () => {
      const began = Date.now();
      let restartAt = [SECONDS / 3, (2 * SECONDS) / 3].map((s) => began + s * 1000);
      while (running) {
        const due = Date.now() + KILL_EVERY_MS * (0.5 + Math.random());
        while (running && Date.now() < due) await new Promise((r) => setTimeout(r, 100));
        if (!running) break;
        if (restartAt.length > 0 && Date.now() >= restartAt[0]!) {
          restartAt = restartAt.slice(1);
          postgres.restart();
          restarts += 1;
          continue;
        }
        const victim = servers.splice(Math.floor(Math.random() * servers.length), 1)[0]!;
        await victim.stop("SIGKILL");
        kills += 1;
        servers.push(await startServer(env));
      }
    })();

    const visitors = Array.from({ length: CLIENTS }, visitor);
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    running = false;
    await Promise.all([...visitors, faults]);

    // Every committed booking's confirmation: give the outbox workers time to deliver.
    const answered = [...outcomes.values()].filter(
      (o): o is Extract<Outcome, { kind: "answered" }> => o.kind === "answered",
    );
    const count = async (sql: string, params: unknown[] = []) =>
      Number((await database.execute(sql, params)).rows[0]?.n ?? 0);
    // Wait while the outbox drains (up to 30 s without progress).
    const drainStarted = Date.now();
    let pending = Number.POSITIVE_INFINITY;
    let progressAt = Date.now();
    while (Date.now() - progressAt < 30_000) {
      // Reminders wait for their time (next_attempt_at in the future): only what is due counts.
      const now = await count(
        "select count(*)::int as n from outbox where delivered_at is null and next_attempt_at <= now()",
      );
      if (now < pending) progressAt = Date.now();
      pending = now;
      if (pending === 0) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const drainSeconds = (Date.now() - drainStarted) / 1000;
    const errors = await database.execute(
      `select left(coalesce(last_error, '(none)'), 160) as e, payload->>'kind' as topic, count(*)::int as n,
              max(attempts) as a, min(next_attempt_at) as due
         from outbox where delivered_at is null and next_attempt_at <= now() group by 1, 2 order by 3 desc limit 3`,
    );
    if (process.env.BENCH_CRASH_LOG_LEVEL) for (const s of servers) console.log(s.output().slice(-3000));
    for (const r of errors.rows)
      console.log(`  undelivered: ${r.n} × ${r.topic} (attempts ≤ ${r.a}, next ${String(r.due)}): ${r.e}`);

    const ids = answered.map((o) => o.id);
    const present = await count("select count(*)::int as n from bookings where id = any($1::uuid[])", [ids]);
    const business = await count(
      "select count(*)::int as n from bookings b join calendars c on c.id = b.calendar_id where c.id = any($1::uuid[])",
      [calendarIds],
    );
    const duplicated = await count(
      `select coalesce(sum(n - 1), 0)::int as n from (
         select count(*) as n from bookings b
          where b.calendar_id = any($1::uuid[]) group by b.contact->>'email' having count(*) > 1) d`,
      [calendarIds],
    );
    const halfMade = await count(
      `select count(*)::int as n from bookings b
        where b.calendar_id = any($1::uuid[])
          and (not exists (select 1 from booking_items i where i.booking_id = b.id)
            or not exists (select 1 from outbox o where o.payload->'booking'->>'bookingId' = b.id::text))`,
      [calendarIds],
    );
    // Confirmations at the receiver, by booking: the contact's address names it (c<k>@bench.example).
    const byRecipient = new Map<string, Set<string>>();
    let deliveries = 0;
    for (const mail of smtp.messages) {
      const parsed = await simpleParser(mail.raw);
      for (const to of mail.to.filter((a) => a.endsWith("@bench.example"))) {
        deliveries += 1;
        const ids = byRecipient.get(to) ?? new Set<string>();
        ids.add(parsed.messageId ?? "");
        byRecipient.set(to, ids);
      }
    }
    const answeredKeys = [...outcomes.entries()].filter(([, o]) => o.kind === "answered").map(([k]) => k);
    const emailed = answeredKeys.filter((k) => byRecipient.has(`c${k}@bench.example`)).length;
    const distinctIds = [...byRecipient.values()].reduce((n, s) => n + s.size, 0);
    const refused = [...outcomes.values()].filter((o) => o.kind === "refused");
    const retried = answered.filter((o) => o.attempts > 1).length;

    console.log(
      `crash harness: ${SECONDS} s, ${CLIENTS} visitors, ${PROCESSES} app processes on one PostgreSQL (${path.basename(path.dirname(bin))}); faults: ${kills} app processes SIGKILLed, PostgreSQL restarted ${restarts}×`,
    );
    console.log(
      `  answered ${answered.length} (${retried} after a retry) · present ${present} · duplicated ${duplicated} · lost ${answered.length - present} · half-made ${halfMade} · bookings in the database ${business} · never answered ${refused.length}`,
    );
    console.log(
      `  confirmations: ${emailed} of ${answered.length} answered bookings emailed at least once · ${deliveries} deliveries, ${distinctIds} distinct Message-IDs (${deliveries - distinctIds} resent with the same id); outbox drained in ${drainSeconds.toFixed(0)} s after the load, ${pending} undelivered`,
    );
    for (const o of refused.slice(0, 3))
      if (o.kind === "refused") console.log(`  never answered: ${o.status} ${o.body}`);
    const ok = present === answered.length && duplicated === 0 && halfMade === 0 && emailed === answered.length;
    console.log(
      `  ${ok ? "✓ every answered booking present exactly once, none half-made, every one emailed" : "✗ see the counts above"}`,
    );
    if (!ok) process.exitCode = 1;
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await database.close().catch(() => {});
    await smtp.close();
    postgres.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

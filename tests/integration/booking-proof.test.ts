/**
 * Bot protection of new bookings (issue 19, ADR 0055), on PGlite and PostgreSQL: a booking needs a
 * solved proof-of-work challenge, each challenge books once — also when two app processes on one
 * PostgreSQL are sent the same solution at the same moment — and a filled honeypot books nothing.
 * Two apps with one APP_SECRET stand for two processes (on PostgreSQL each has its own connection).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createLinkSealer } from "../../src/adapters/outbox/link-sealing.ts";
import { openDatabase, type Database } from "../../src/adapters/db/client.ts";
import { DEFAULT_PROOF_MAX_NUMBER } from "../../src/server/routes/public-api.ts";
import { solvedProof } from "../support/booking-proof.ts";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "../support/databases.ts";
import { at, bookingApp, contact, seedBookingFixture, type Fixture } from "./booking-fixtures.ts";

const APP_SECRET = "booking-proof-test-secret-of-32-characters";
const TZ = "Europe/Berlin";
type App = ReturnType<typeof bookingApp>;
type Json = Record<string, unknown>;

describe.each(DATABASE_KINDS)("booking proof of work on %s", (kind) => {
  let testDb: TestDatabase;
  let other: Database;
  let fx: Fixture;
  let a: App;
  let b: App;
  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    other = testDb.url ? await openDatabase({ kind: "postgres", url: testDb.url }) : testDb.database;
    fx = await seedBookingFixture(testDb.database);
  });
  afterAll(async () => {
    if (other !== testDb.database) await other?.close();
    await testDb?.drop();
  });
  // Fresh apps per test: a refusal makes the (one, unnamed) test client suspect for ten minutes.
  beforeEach(() => {
    const proofs = { bookingProof: { maxNumber: 1_000, raisedMaxNumber: 3_000 } };
    // As main.ts: one APP_SECRET signs challenges and seals stored answers in every process.
    const shared = { appSecret: APP_SECRET, linkSealer: createLinkSealer(APP_SECRET) };
    a = bookingApp(testDb.database, proofs, undefined, shared);
    b = bookingApp(other, proofs, undefined, shared);
  });

  const bookingsAt = async (startTime: string) =>
    Number(
      (
        await testDb.database.execute(
          "select count(*)::int as n from bookings where calendar_id = $1 and starts_at = $2",
          [fx.calendars.personal, new Date(startTime).toISOString()],
        )
      ).rows[0]!.n,
    );
  const body = (startTime: string, extra: Json = {}) => ({
    calendarId: fx.calendars.personal,
    startTime,
    timezone: TZ,
    contact,
    ...extra,
  });
  const send = (app: App, sent: unknown, headers: Record<string, string> = {}) =>
    app.request("/api/bookings", {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(sent),
    });
  const proofFrom = (app: App) => solvedProof(app.request("/api/booking-challenge"));
  const challengeOf = async (app: App) => (await (await app.request("/api/booking-challenge")).json()) as Json;

  it("a booking without a proof is refused with PROOF_REQUIRED and stores nothing; with one it books", async () => {
    const start = at(1, "09:00");
    const refused = await send(a, body(start));
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as Json).code).toBe("PROOF_REQUIRED");
    expect(await bookingsAt(start)).toBe(0);
    const booked = await send(a, body(start, { proof: await proofFrom(a) }));
    expect(booked.status).toBe(201);
    expect(await bookingsAt(start)).toBe(1);
  });

  it("a proof that does not solve its challenge is refused with PROOF_INVALID", async () => {
    const proof = await proofFrom(a);
    const solution = JSON.parse(atob(proof)) as Json;
    const wrong = btoa(JSON.stringify({ ...solution, number: Number(solution.number) + 1 }));
    const res = await send(a, body(at(1, "09:30"), { proof: wrong }));
    expect(res.status).toBe(403);
    expect(((await res.json()) as Json).code).toBe("PROOF_INVALID");
    expect(await bookingsAt(at(1, "09:30"))).toBe(0);
  });

  it("the same solution twice: the second booking is refused with PROOF_USED", async () => {
    const proof = await proofFrom(a);
    expect((await send(a, body(at(1, "10:00"), { proof }))).status).toBe(201);
    const again = await send(b, body(at(1, "11:00"), { proof }));
    expect(again.status).toBe(409);
    expect(((await again.json()) as Json).code).toBe("PROOF_USED");
    expect(await bookingsAt(at(1, "11:00"))).toBe(0);
  });

  it("one solution sent to two processes at the same moment books once", async () => {
    // Issued by A, spent on both: the key is the shared APP_SECRET's.
    const proof = await proofFrom(a);
    const starts = [at(1, "12:00"), at(1, "13:00")];
    const answers = await Promise.all([send(a, body(starts[0]!, { proof })), send(b, body(starts[1]!, { proof }))]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    expect((await bookingsAt(starts[0]!)) + (await bookingsAt(starts[1]!))).toBe(1);
  });

  it("a retry of the same request with its Idempotency-Key is answered, not refused", async () => {
    const sent = body(at(1, "14:00"), { proof: await proofFrom(a) });
    const first = await send(a, sent, { "idempotency-key": "proof-retry" });
    expect(first.status).toBe(201);
    const retry = await send(b, sent, { "idempotency-key": "proof-retry" });
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    // Another key cannot reuse the spent challenge.
    const other = await send(a, { ...sent, startTime: at(1, "15:00") }, { "idempotency-key": "proof-other" });
    expect(((await other.json()) as Json).code).toBe("PROOF_USED");
    expect(await bookingsAt(at(1, "14:00"))).toBe(1);
  });

  it("a filled honeypot books nothing, says so, and raises the client's next challenges", async () => {
    const start = at(1, "16:00");
    const easy = await proofFrom(a);
    const res = await send(a, body(start, { proof: await proofFrom(a), _website: "https://spam.example" }));
    expect(res.status).toBe(422);
    const problem = (await res.json()) as Json;
    expect(problem.code).toBe("BOOKING_NOT_ACCEPTED");
    expect(await bookingsAt(start)).toBe(0);
    expect((await challengeOf(a)).maxnumber).toBe(3_000);
    // An easy challenge fetched before the refusal no longer books for this client.
    const tooEasy = await send(a, body(start, { proof: easy }));
    expect(((await tooEasy.json()) as Json).code).toBe("PROOF_TOO_EASY");
    // A person whose browser filled it books once it is cleared (the widget clears it).
    expect((await send(a, body(start, { proof: await proofFrom(a) }))).status).toBe(201);
  });

  it("the default difficulty is modest", async () => {
    const plain = bookingApp(testDb.database, { bookingProof: { maxNumber: DEFAULT_PROOF_MAX_NUMBER } });
    expect((await challengeOf(plain)).maxnumber).toBe(DEFAULT_PROOF_MAX_NUMBER);
    expect(DEFAULT_PROOF_MAX_NUMBER).toBe(20_000);
  });
});

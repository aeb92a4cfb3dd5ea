/**
 * Several app processes on one PostgreSQL (issue 19): two real servers (src/server/main.ts) share a
 * fresh database, and one visit's requests land on either. A booking committed on A reaches the
 * live slot updates of a page served by B; a rate limit counts across both (exactly the limit is
 * allowed); a one-time link used on A is refused on B; an idempotent booking replays on B; a hold
 * taken on A keeps its time from a booking on B. Runs where PostgreSQL answers (always under CI).
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isBookingPost, withBookingProof } from "../support/booking-proof.ts";
import { DEMO } from "../../src/adapters/db/seed/demo-ids.ts";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "../support/databases.ts";
import { clientAddress } from "./support/booking.ts";
import { startServer, type RunningServer } from "./support/start-server.ts";

const SLOTS_PER_MINUTE = 12;
const BOOKINGS_PER_MINUTE = 30;
const TZ = "Europe/Berlin";
const calendar = DEMO.calendars.introCall;
const contact = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" };

type Json = Record<string, unknown>;

/** Every free start of `calendarId` over the next four weeks, asked of `server` as `client`. */
async function freeStarts(server: RunningServer, client: string, calendarId = calendar): Promise<string[]> {
  const starts: string[] = [];
  for (let week = 0; week < 4 && starts.length < 20; week++) {
    const day = (offset: number) => new Date(Date.now() + (week * 7 + offset) * 86_400_000).toISOString().slice(0, 10);
    const res = await fetch(
      `${server.url}/api/calendars/${calendarId}/free-slots?startDate=${day(1)}&endDate=${day(7)}&timezone=${TZ}`,
      { headers: { "x-forwarded-for": client } },
    );
    expect(res.status).toBe(200);
    const days = (await res.json()) as Record<string, { slots: string[] }>;
    for (const d of Object.values(days)) starts.push(...d.slots);
  }
  expect(starts.length).toBeGreaterThan(4);
  return starts;
}

/** A JSON POST from a new client; a new booking gets its solved proof of work. */
async function post(server: RunningServer, path: string, body: Json, headers: Record<string, string> = {}) {
  const client = { "x-forwarded-for": clientAddress() };
  const sent = isBookingPost("POST", path)
    ? await withBookingProof((p, i) => fetch(`${server.url}${p}`, i), body, client)
    : body;
  return fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...client, ...headers },
    body: JSON.stringify(sent),
  });
}

/** The live slot updates of a booking page (server-sent events), read as they arrive. */
async function openSlotEvents(server: RunningServer, calendarId: string) {
  const controller = new AbortController();
  const res = await fetch(`${server.url}/api/calendars/${calendarId}/events`, {
    signal: controller.signal,
    headers: { "x-forwarded-for": clientAddress() },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("text/event-stream");
  let text = "";
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        text += decoder.decode(value, { stream: true });
      }
    } catch {
      // aborted
    }
  })();
  const events = () => [...text.matchAll(/^event: (\w+)$/gm)].map((m) => m[1]);
  await expect.poll(events, { timeout: 5_000, interval: 20 }).toContain("ready");
  return { events, close: () => controller.abort() };
}

describe.runIf(DATABASE_KINDS.includes("postgres"))("two app processes on one PostgreSQL", () => {
  let testDb: TestDatabase;
  let a: RunningServer;
  let b: RunningServer;
  beforeAll(async () => {
    testDb = await createTestDatabase("postgres");
    const env = {
      DATABASE_URL: testDb.url!,
      // Every process of one deployment shares its secret (sealed links, CSRF and form tokens).
      APP_SECRET: randomBytes(32).toString("hex"),
      RATE_LIMIT_SLOTS_PER_MINUTE: String(SLOTS_PER_MINUTE),
      RATE_LIMIT_BOOKINGS_PER_MINUTE: String(BOOKINGS_PER_MINUTE),
    };
    // One after the other: the first seeds the demo business into the empty database.
    a = await startServer(env);
    b = await startServer(env);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await testDb?.drop();
  });

  it("a booking made on A reaches the live slot updates of a page served by B", async () => {
    const stream = await openSlotEvents(b, calendar);
    try {
      const [start] = await freeStarts(a, clientAddress());
      const booked = await post(a, "/api/bookings", { calendarId: calendar, startTime: start, timezone: TZ, contact });
      expect(booked.status).toBe(201);
      await expect.poll(stream.events, { timeout: 5_000, interval: 20 }).toContain("slots");
      // B serves the taken time as taken.
      expect(await freeStarts(b, clientAddress())).not.toContain(start);
    } finally {
      stream.close();
    }
  });

  /** Requests of one minute-aligned window: waits out the end of a minute if it is close. */
  const withinOneMinute = async () => {
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 50_000) await new Promise((r) => setTimeout(r, 60_500 - intoMinute));
  };

  it("the bookings limit counts across both processes: exactly the limit is allowed", async () => {
    await withinOneMinute();
    const client = clientAddress();
    const statuses: number[] = [];
    // Limits run before validation: empty bodies count as booking attempts (400) until refused (429).
    // Two past the limit: each process's first refusal (a repeated one would wait a second).
    for (let i = 0; i < BOOKINGS_PER_MINUTE + 2; i++) {
      const res = await post(i % 2 === 0 ? a : b, "/api/bookings", {}, { "x-forwarded-for": client });
      statuses.push(res.status);
      await res.body?.cancel();
    }
    expect(statuses.filter((s) => s === 400)).toHaveLength(BOOKINGS_PER_MINUTE);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
    expect(statuses.slice(0, BOOKINGS_PER_MINUTE).every((s) => s === 400)).toBe(true);
  });

  it("the free-slots limit counts across both processes in batches: never refused early, at most a batch over", async () => {
    await withinOneMinute();
    const client = clientAddress();
    const day = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const statuses: number[] = [];
    // Until each process has refused once (a repeated refusal would wait a second).
    for (let i = 0; i < SLOTS_PER_MINUTE * 2 && statuses.filter((s) => s === 429).length < 2; i++) {
      const server = i % 2 === 0 ? a : b;
      const res = await fetch(
        `${server.url}/api/calendars/${calendar}/free-slots?startDate=${day}&endDate=${day}&timezone=${TZ}`,
        { headers: { "x-forwarded-for": client } },
      );
      statuses.push(res.status);
      await res.body?.cancel();
    }
    // A batch is a tenth of the limit (at least one hit) per process (rate-limit.ts, SharedPrecision).
    const batch = Math.max(1, Math.floor(SLOTS_PER_MINUTE / 10));
    expect(statuses.slice(0, SLOTS_PER_MINUTE).every((s) => s === 200)).toBe(true);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(SLOTS_PER_MINUTE + 2 * batch);
    expect(statuses.at(-1)).toBe(429);
  });

  it("a one-time link used on A is refused on B", async () => {
    const starts = await freeStarts(a, clientAddress());
    const slug = DEMO.oneTimeLinkSlug;
    expect((await fetch(`${b.url}/api/one-time-links/${slug}`)).status).toBe(200);
    const used = await post(a, "/api/bookings", {
      calendarId: calendar,
      startTime: starts[1],
      timezone: TZ,
      contact,
      oneTimeSlug: slug,
    });
    expect(used.status).toBe(201);
    expect((await fetch(`${b.url}/api/one-time-links/${slug}`)).status).toBe(410);
    const again = await post(b, "/api/bookings", {
      calendarId: calendar,
      startTime: starts[2],
      timezone: TZ,
      contact,
      oneTimeSlug: slug,
    });
    expect(again.status).toBe(410);
    expect(((await again.json()) as Json).code).toBe("SLUG_EXPIRED");
  });

  it("a booking sent again with its Idempotency-Key to B replays A's answer", async () => {
    const [start] = await freeStarts(a, clientAddress());
    const key = `several-processes-${Date.now()}`;
    // One proof for both: a retry is the same request.
    const body = await withBookingProof((p, i) => fetch(`${a.url}${p}`, i), {
      calendarId: calendar,
      startTime: start,
      timezone: TZ,
      contact,
    });
    const first = await post(a, "/api/bookings", body, { "Idempotency-Key": key });
    expect(first.status).toBe(201);
    const replay = await post(b, "/api/bookings", body, { "Idempotency-Key": key });
    expect(replay.status).toBe(201);
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect(((await replay.json()) as Json).id).toBe(((await first.json()) as Json).id);
    const count = await testDb.database.execute(
      "select count(*)::int as n from bookings where calendar_id = $1 and starts_at = $2::timestamptz",
      [calendar, start],
    );
    expect(count.rows[0]?.n).toBe(1);
  });

  it("a hold taken on A keeps its time from a booking on B, and its holder books it on B", async () => {
    const [start] = await freeStarts(a, clientAddress());
    const hold = await post(a, `/api/calendars/${calendar}/holds`, { startTime: start, timezone: TZ });
    expect(hold.status).toBe(201);
    const { holdId } = (await hold.json()) as Json;
    expect(await freeStarts(b, clientAddress())).not.toContain(start);
    const other = await post(b, "/api/bookings", { calendarId: calendar, startTime: start, timezone: TZ, contact });
    expect(other.status).toBe(409);
    const holder = await post(b, "/api/bookings", {
      calendarId: calendar,
      startTime: start,
      timezone: TZ,
      contact,
      holdId,
    });
    expect(holder.status).toBe(201);
  });
});

/**
 * A small business for the booking suites: staff working every day 09:00–17:00 in Berlin and one
 * calendar per kind of rule under test. The clock is pinned (STYLE.md "Time").
 */
import { randomUUID } from "node:crypto";
import { createBusinessDirectory } from "../../src/adapters/db/business-repository.ts";
import type { Database } from "../../src/adapters/db/client.ts";
import { createPublicPagesRepository } from "../../src/adapters/db/public-pages-repository.ts";
import * as t from "../../src/adapters/db/schema.ts";
import { DEFAULT_CALENDAR_SETTINGS } from "../../src/adapters/db/seed/demo.ts";
import { issueKeyForBusiness } from "../../src/app/business/create-business.ts";
import { hashSecretToken } from "../../src/app/shared/secret-token.ts";
import type { CalendarSettings, CalendarType } from "../../src/core/calendar/calendar.ts";
import { createApp, type AppDependencies } from "../../src/server/app.ts";
import { createLogger } from "../../src/server/logger.ts";
import { isBookingPost, TEST_BOOKING_PROOF, withBookingProof } from "../support/booking-proof.ts";

/** Monday 30 November 2026, 08:00 in Berlin. */
export const NOW = new Date("2026-11-30T07:00:00Z");
const everyDay = Object.fromEntries(
  ["1", "2", "3", "4", "5", "6", "7"].map((d) => [d, [{ start: "09:00", end: "17:00" }]]),
);

/** `2026-12-0{day}T{time}:00+01:00` (Berlin is UTC+1 in December). */
export const at = (day: number, time: string) => `2026-12-${String(day).padStart(2, "0")}T${time}:00+01:00`;

export interface Fixture {
  businessId: string;
  staff: Record<"s1" | "s2" | "s3" | "s4" | "s5", string>;
  calendars: Record<
    "personal" | "roundRobin" | "collective" | "yoga" | "salon" | "requests" | "questions" | "locked" | "late",
    string
  >;
  services: Record<"cut" | "colour", string>;
  oneTimeSlug: string;
}

export async function seedBookingFixture(database: Database): Promise<Fixture> {
  const db = database.db;
  const businessId = randomUUID();
  await db.insert(t.businesses).values({
    id: businessId,
    slug: `b-${businessId.slice(0, 8)}`,
    name: "Test Studio",
    timeZone: "Europe/Berlin",
    currency: "EUR",
  });
  const staff = { s1: randomUUID(), s2: randomUUID(), s3: randomUUID(), s4: randomUUID(), s5: randomUUID() };
  await db.insert(t.staff).values(
    Object.entries(staff).map(([key, id]) => ({
      id,
      businessId,
      name: `Staff ${key}`,
      email: `${key}@studio.example`,
      timeZone: "Europe/Berlin",
      weeklyHours: everyDay,
    })),
  );
  const services = { cut: randomUUID(), colour: randomUUID() };
  await db.insert(t.services).values([
    {
      id: services.cut,
      businessId,
      slug: "cut",
      name: "Cut",
      durationMinutes: 30,
      priceCents: 3000,
      maxGuestsPerSlot: 2,
    },
    {
      id: services.colour,
      businessId,
      slug: "colour",
      name: "Colour",
      durationMinutes: 60,
      priceCents: 9000,
      maxGuestsPerSlot: 1,
      deposit: { kind: "percentage", percent: 50 },
    },
  ]);
  await db.insert(t.serviceStaff).values([
    { businessId, serviceId: services.cut, staffId: staff.s2, position: 0 },
    { businessId, serviceId: services.cut, staffId: staff.s3, position: 1 },
    { businessId, serviceId: services.colour, staffId: staff.s3, position: 0 },
  ]);
  const base: CalendarSettings = {
    ...DEFAULT_CALENDAR_SETTINGS,
    minimumNoticeMinutes: 0,
    bookingWindow: { kind: "rolling_days", days: 400 },
    changeCutoffMinutes: 60,
  };
  const calendars = {
    personal: randomUUID(),
    roundRobin: randomUUID(),
    collective: randomUUID(),
    yoga: randomUUID(),
    salon: randomUUID(),
    requests: randomUUID(),
    questions: randomUUID(),
    locked: randomUUID(),
    late: randomUUID(),
  };
  const cal = (id: string, type: CalendarType, name: string, settings: Partial<CalendarSettings> = {}) => ({
    id,
    businessId,
    slug: `${name}-${id.slice(0, 6)}`,
    type,
    name,
    settings: { ...base, ...settings },
  });
  await db.insert(t.calendars).values([
    cal(calendars.personal, "personal", "personal", {
      bufferAfterMinutes: 15,
      priceCents: 2000,
      deposit: { kind: "amount", amountCents: 500 },
    }),
    cal(calendars.roundRobin, "round_robin", "round-robin"),
    cal(calendars.collective, "collective", "collective", { durationMinutes: 60, slotIntervalMinutes: 60 }),
    cal(calendars.yoga, "class", "yoga", {
      durationMinutes: 60,
      slotIntervalMinutes: 60,
      seatsPerSlot: 5,
      guestMode: "none",
    }),
    cal(calendars.salon, "service", "salon", { slotIntervalMinutes: 15 }),
    cal(calendars.requests, "personal", "requests", { autoConfirm: false, unconfirmedBlocks: false }),
    cal(calendars.questions, "personal", "questions", {
      location: { kind: "ask_booker", value: "" },
      questions: [
        { id: "goal", label: "Your goal", kind: "text", required: true },
        { id: "topics", label: "Topics", kind: "checkbox", required: true, options: ["diet", "sleep"] },
      ],
    }),
    cal(calendars.locked, "personal", "locked", { allowReschedule: false, allowCancel: false }),
    cal(calendars.late, "personal", "late", { changeCutoffMinutes: 7 * 24 * 60 }),
  ]);
  await db.insert(t.calendarMembers).values([
    { businessId, calendarId: calendars.personal, staffId: staff.s1, isPrimary: true },
    { businessId, calendarId: calendars.roundRobin, staffId: staff.s2, priority: 2 },
    { businessId, calendarId: calendars.roundRobin, staffId: staff.s3, priority: 1 },
    { businessId, calendarId: calendars.collective, staffId: staff.s1, isPrimary: true },
    { businessId, calendarId: calendars.collective, staffId: staff.s4 },
    { businessId, calendarId: calendars.yoga, staffId: staff.s4, isPrimary: true },
    { businessId, calendarId: calendars.salon, staffId: staff.s2 },
    { businessId, calendarId: calendars.salon, staffId: staff.s3 },
    { businessId, calendarId: calendars.requests, staffId: staff.s5, isPrimary: true },
    { businessId, calendarId: calendars.questions, staffId: staff.s5, isPrimary: true },
    { businessId, calendarId: calendars.locked, staffId: staff.s5, isPrimary: true },
    { businessId, calendarId: calendars.late, staffId: staff.s5, isPrimary: true },
  ]);
  await db.insert(t.calendarServices).values([
    { businessId, calendarId: calendars.salon, serviceId: services.cut, position: 0 },
    { businessId, calendarId: calendars.salon, serviceId: services.colour, position: 1 },
  ]);
  const oneTimeSlug = `otl-${randomUUID()}`;
  await db
    .insert(t.oneTimeLinks)
    .values({ businessId, calendarId: calendars.personal, slugHash: hashSecretToken(oneTimeSlug) });
  return { businessId, staff, calendars, services, oneTimeSlug };
}

/**
 * A business in UTC whose `count` staff work around the clock, each with a personal calendar of
 * their own (no notice, a `windowDays` rolling window): bookings of different calendars never
 * compete, as in the booking benchmark and the batching suite.
 */
export async function seedPersonalCalendars(
  database: Database,
  count: number,
  windowDays = 400,
): Promise<{ businessId: string; staffIds: string[]; calendarIds: string[] }> {
  const db = database.db;
  const businessId = randomUUID();
  const allDay = Object.fromEntries(
    ["1", "2", "3", "4", "5", "6", "7"].map((d) => [d, [{ start: "00:00", end: "24:00" }]]),
  );
  const staffIds = Array.from({ length: count }, () => randomUUID());
  const calendarIds = Array.from({ length: count }, () => randomUUID());
  await db.insert(t.businesses).values({
    id: businessId,
    slug: `p-${businessId.slice(0, 8)}`,
    name: "Personal calendars",
    timeZone: "UTC",
    currency: "EUR",
  });
  await db.insert(t.staff).values(
    staffIds.map((id, i) => ({
      id,
      businessId,
      name: `Staff ${i}`,
      email: `s${i}@personal.example`,
      timeZone: "UTC",
      weeklyHours: allDay,
    })),
  );
  await db.insert(t.calendars).values(
    calendarIds.map((id, i) => ({
      id,
      businessId,
      slug: `c${i}`,
      type: "personal" as const,
      name: `Calendar ${i}`,
      settings: {
        ...DEFAULT_CALENDAR_SETTINGS,
        minimumNoticeMinutes: 0,
        bookingWindow: { kind: "rolling_days" as const, days: windowDays },
      },
    })),
  );
  await db
    .insert(t.calendarMembers)
    .values(calendarIds.map((calendarId, i) => ({ businessId, calendarId, staffId: staffIds[i]!, isPrimary: true })));
  return { businessId, staffIds, calendarIds };
}

export function bookingApp(
  database: Database,
  overrides: AppDependencies["bookingApi"] = {},
  clock: () => Date = () => NOW,
  appOverrides: Partial<AppDependencies> = {},
) {
  return createApp({
    ...appOverrides,
    database,
    // The manage routes find a link's business with the pages' ownerOfBooking (ADR 0057).
    pages: createPublicPagesRepository(database.db),
    logger: createLogger("silent"),
    clock,
    mode: "test",
    bookingApi: {
      publicUrl: "https://book.example.com",
      rateLimits: { bookingsPerMinute: 100_000, slotsPerMinute: 100_000 },
      ...overrides,
      bookingProof: { ...TEST_BOOKING_PROOF, ...overrides?.bookingProof },
    },
  });
}

export const contact = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" };

/** A JSON POST; a new booking gets its solved proof of work (tests/support/booking-proof.ts). */
export async function post(
  app: ReturnType<typeof createApp>,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const sent = isBookingPost("POST", path) ? await withBookingProof((p, i) => app.request(p, i), body, headers) : body;
  return app.request(path, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(sent),
  });
}

/** Changes some of a fixture calendar's settings in place (the rest stay as seeded). */
export async function patchCalendarSettings(database: Database, calendarId: string, patch: Partial<CalendarSettings>) {
  await database.execute("update calendars set settings = settings || $1::jsonb where id = $2", [
    JSON.stringify(patch),
    calendarId,
  ]);
}

/** Headers of the business API for the fixture's business, with a key issued as its owner gets one. */
export async function businessHeaders(database: Database, fixture: Fixture, keyName: string) {
  const issued = await issueKeyForBusiness(
    createBusinessDirectory(database.db),
    `b-${fixture.businessId.slice(0, 8)}`,
    keyName,
  );
  if (!issued.ok) throw new Error("the fixture business has no key");
  return { authorization: `Bearer ${issued.value.key}`, "content-type": "application/json" };
}

/** The business confirms or declines a request through its API. */
export const answerRequest = (
  app: ReturnType<typeof createApp>,
  headers: Record<string, string>,
  bookingId: string,
  action: "confirm" | "decline",
) =>
  app.request(`/api/business/bookings/${bookingId}/${action}`, {
    method: "POST",
    headers,
    ...(action === "decline" ? { body: "{}" } : {}),
  });

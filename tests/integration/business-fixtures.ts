/**
 * Helpers for the business API suites: the app in process (no web build), businesses created the
 * way the CLI creates them, and a JSON client that sends the key as a Bearer token.
 */
import type { Database } from "../../src/adapters/db/client.ts";
import { createBusinessDirectory } from "../../src/adapters/db/business-repository.ts";
import { createPublicPagesRepository } from "../../src/adapters/db/public-pages-repository.ts";
import { createBusinessWithKey } from "../../src/app/business/create-business.ts";
import { createApp } from "../../src/server/app.ts";
import { createLogger, type Logger } from "../../src/server/logger.ts";
import { isBookingPost, TEST_BOOKING_PROOF, withBookingProof } from "../support/booking-proof.ts";

/** Monday 30 November 2026, 08:00 in Paris. */
export const NOW = new Date("2026-11-30T07:00:00Z");
export const PUBLIC_URL = "https://book.example.com";

export type App = ReturnType<typeof createApp>;
// Response bodies are arbitrary JSON; the suites assert on them field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

export function businessApp(
  database: Database,
  logger: Logger = createLogger("silent"),
  clock: () => Date = () => NOW,
): App {
  return createApp({
    database,
    // The manage routes find a link's business with the pages' ownerOfBooking (ADR 0057).
    pages: createPublicPagesRepository(database.db),
    logger,
    clock,
    mode: "test",
    bookingApi: {
      publicUrl: PUBLIC_URL,
      rateLimits: { bookingsPerMinute: 100_000, slotsPerMinute: 100_000 },
      bookingProof: TEST_BOOKING_PROOF,
    },
  });
}

export async function newBusiness(database: Database, name: string, timeZone = "Europe/Paris") {
  const created = await createBusinessWithKey(createBusinessDirectory(database.db), {
    name,
    timeZone,
    locale: "fr",
    currency: "EUR",
  });
  if (!created.ok) throw new Error(`could not create ${name}: ${JSON.stringify(created.error)}`);
  return { id: created.value.business.id, key: created.value.key };
}

export interface Reply<T = Json> {
  status: number;
  body: T;
  text: string;
  headers: Headers;
}

/** One request; the body is parsed when there is one. */
export async function call<T = Json>(
  app: App,
  method: string,
  path: string,
  key: string | null,
  body?: unknown,
): Promise<Reply<T>> {
  const headers: Record<string, string> = {};
  if (key !== null) headers.authorization = `Bearer ${key}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  // A new booking gets its solved proof of work (tests/support/booking-proof.ts).
  const sent = isBookingPost(method, path) ? await withBookingProof((p, i) => app.request(p, i), body) : body;
  const response = await app.request(path, {
    method,
    headers,
    ...(sent !== undefined ? { body: JSON.stringify(sent) } : {}),
  });
  const text = await response.text();
  return { status: response.status, text, body: text ? JSON.parse(text) : null, headers: response.headers };
}

/** Like `call`, but fails the test with the problem document unless the status is the expected one. */
export async function expectStatus<T = Json>(
  status: number,
  app: App,
  method: string,
  path: string,
  key: string | null,
  body?: unknown,
): Promise<T> {
  const reply = await call<T>(app, method, path, key, body);
  if (reply.status !== status)
    throw new Error(`${method} ${path}: expected ${status}, got ${reply.status}: ${reply.text}`);
  return reply.body;
}

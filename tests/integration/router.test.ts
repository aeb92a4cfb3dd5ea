/**
 * Every route the app answers fits Hono's RegExpRouter, the one SmartRouter prefers. One route it
 * cannot take (a static segment beside a parameter with different routes below, e.g.
 * `/payments/stripe/webhook` next to `/payments/:id/abandon`) silently moves the whole app to the
 * trie router — measurably slower on every request (the booking benchmark found it).
 */
import { RegExpRouter } from "hono/router/reg-exp-router";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/databases.ts";
import { bookingApp } from "./booking-fixtures.ts";

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase("pglite");
});
afterAll(async () => {
  await testDb?.drop();
});

it("the app's routes all fit the regular-expression router", () => {
  const app = bookingApp(testDb.database);
  const router = new RegExpRouter<string>();
  for (const route of app.routes) router.add(route.method, route.path, route.path);
  expect(() => router.match("GET", "/api/health")).not.toThrow();
});

/**
 * Issue 23: the demo can be administered. Its first start seeds it and issues an API key, which
 * then answers for the demo business (its bookings, requests to confirm among them); a later start
 * seeds nothing and issues nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoOnFirstStart } from "../../src/adapters/db/seed/demo.ts";
import { createTestDatabase, type TestDatabase } from "../support/databases.ts";
import { businessApp, call } from "./business-fixtures.ts";

describe("the demo's first start", () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase("pglite");
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  it("issues a key that administers the demo business, once", async () => {
    const first = await seedDemoOnFirstStart(testDb.database.db);
    expect(first?.key).toMatch(/^bk_/);
    const app = businessApp(testDb.database);
    const me = await call(app, "GET", "/api/business", first!.key);
    expect(me.status).toBe(200);
    expect(me.body.slug).toBe(first!.slug);
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const requests = await call(
      app,
      "GET",
      `/api/business/bookings?from=${day(-30)}&to=${day(300)}&status=new`,
      first!.key,
    );
    expect(requests.status, requests.text).toBe(200);
    expect(Array.isArray(requests.body)).toBe(true); // where requests to confirm are listed
    expect(await seedDemoOnFirstStart(testDb.database.db)).toBeNull();
  });
});

/**
 * Issue 12: list endpoints answer in a fixed number of statements, whatever the list's length — no
 * query per row (the group listing used to run one per group). Counted at the driver, on PGlite.
 */
import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fromPglite } from "../../src/adapters/db/client.ts";
import { migrateDatabase } from "../../src/adapters/db/migrate.ts";
import { emptyPglite } from "../support/databases.ts";
import { businessApp, expectStatus, newBusiness, type App } from "./business-fixtures.ts";

describe("list endpoints run a fixed number of statements", () => {
  let client: PGlite;
  let app: App;
  let key: string;
  let statements = 0;
  beforeAll(async () => {
    client = await emptyPglite();
    const database = fromPglite(client);
    await migrateDatabase(database);
    // Every statement drizzle sends goes through query(); count them.
    const query = client.query.bind(client);
    client.query = ((...args: Parameters<typeof query>) => {
      statements += 1;
      return query(...args);
    }) as typeof client.query;
    app = businessApp(database);
    key = (await newBusiness(database, "Counting Studio")).key;
    const staff = await expectStatus(201, app, "POST", "/api/business/staff", key, {
      name: "Ana",
      email: "ana@count.example",
      timeZone: "Europe/Paris",
    });
    const service = await expectStatus(201, app, "POST", "/api/business/services", key, {
      slug: "cut",
      name: "Cut",
      durationMinutes: 30,
      staffIds: [staff.id],
    });
    const salon = await expectStatus(201, app, "POST", "/api/business/calendars", key, {
      slug: "salon",
      type: "service",
      name: "Salon",
      members: [{ staffId: staff.id }],
      serviceIds: [service.id],
    });
    for (let i = 0; i < 20; i++) {
      await expectStatus(201, app, "POST", "/api/business/groups", key, { slug: `group-${i}`, name: `Group ${i}` });
      await expectStatus(201, app, "POST", "/api/business/service-menus", key, {
        slug: `menu-${i}`,
        name: `Menu ${i}`,
        calendarId: salon.id,
        serviceIds: [service.id],
      });
    }
  });
  afterAll(async () => {
    await client?.close();
  });

  async function statementsFor(path: string) {
    statements = 0;
    await expectStatus(200, app, "GET", path, key);
    return statements;
  }

  it.each(["/api/business/groups", "/api/business/service-menus", "/api/business/calendars", "/api/business/services"])(
    "%s: 20 items in a fixed handful of statements",
    async (path) => {
      const all = await statementsFor(path); // 20 groups and menus: 42 statements before
      const body = (await (
        await app.request(path, { headers: { authorization: `Bearer ${key}` } })
      ).json()) as unknown[];
      expect(body.length).toBeGreaterThanOrEqual(1);
      // The key check and a query or two for the rows and their parts: never one per row.
      expect(all).toBeLessThanOrEqual(5);
    },
  );
});

/**
 * Issue 12: the served OpenAPI document lints clean under Redocly's recommended rules, and it
 * describes exactly the routes the server answers — a route added without its documentation (or a
 * documented one that no longer exists) fails here.
 */
import { createConfig, lintFromString } from "@redocly/openapi-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/databases.ts";
import { bookingApp } from "./booking-fixtures.ts";

/** Answered under /api but deliberately not operations of the document, each for a stated reason. */
const UNDOCUMENTED = new Set([
  "GET /api/openapi.json", // the document itself
  "GET /api/docs", // its human-readable page
  "GET /api/health", // for load balancers and monitoring, not for clients
]);

describe("the OpenAPI document", () => {
  let testDb: TestDatabase;
  let app: ReturnType<typeof bookingApp>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let doc: any;
  beforeAll(async () => {
    testDb = await createTestDatabase("pglite");
    app = bookingApp(testDb.database);
    doc = await (await app.request("/api/openapi.json")).json();
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  it("has no error under Redocly's recommended rules, and every operation is named", async () => {
    const config = await createConfig({ extends: ["recommended"] });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: "/openapi.json", config });
    const errors = problems.filter((p) => p.severity === "error").map((p) => `${p.ruleId}: ${p.message}`);
    expect(errors).toEqual([]);
    expect(problems.filter((p) => p.ruleId === "operation-operationId")).toEqual([]);
  });

  it("documents every route the server answers, and nothing else", () => {
    const answered = new Set(
      app.routes
        .filter((r) => r.path.startsWith("/api/") && r.method !== "ALL" && !r.path.includes("*"))
        .map((r) => `${r.method} ${r.path.replace(/:([A-Za-z]+)/g, "{$1}")}`),
    );
    const documented = new Set<string>();
    for (const [path, item] of Object.entries<Record<string, unknown>>(doc.paths))
      for (const method of Object.keys(item))
        if (["get", "post", "put", "patch", "delete"].includes(method))
          documented.add(`${method.toUpperCase()} ${path}`);
    expect([...answered].filter((r) => !documented.has(r) && !UNDOCUMENTED.has(r)).sort()).toEqual([]);
    expect([...documented].filter((r) => !answered.has(r)).sort()).toEqual([]);
  });

  it("does not require what the API may leave out: a calendar's daily limits and seats", () => {
    const required: string[] = doc.components.schemas.Calendar.properties.settings.required;
    for (const optional of ["maxBookingsPerDay", "maxBookingsPerDayPerStaff", "seatsPerSlot"])
      expect(required).not.toContain(optional);
    expect(required).toContain("durationMinutes");
  });
});

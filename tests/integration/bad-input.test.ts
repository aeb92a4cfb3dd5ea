/**
 * Issue 13's bad-input regression suite: for every operation of the served OpenAPI document, random
 * requests built from the kinds of malformed input a probe sent (NUL, unpaired surrogates, year 0 and
 * 9999, reversed ranges, amounts of 2^31 and more, wrong types, overlong strings) in path, query and
 * body. Whatever arrives, the answer is never a 5xx, and every refusal is a problem document with a
 * stable code and a detail in the request's language. On PGlite and PostgreSQL.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverI18n } from "../../src/i18n/server-i18n.ts";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "../support/databases.ts";
import { bookingApp, seedBookingFixture, type Fixture } from "./booking-fixtures.ts";
import { newBusiness } from "./business-fixtures.ts";

// The document is arbitrary JSON read field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const MALFORMED: unknown[] = [
  "\u0000",
  "a\u0000b",
  "\ud800",
  "x\udc00y",
  "\udfff\ud800",
  "0000-01-01",
  "9999-12-31",
  "2026-12-31",
  "2026-01-01",
  "0000-01-01T00:00:00Z",
  "9999-12-31T23:59:59+14:00",
  "2026-13-45T25:61:00Z",
  "Mars/Olympus",
  2 ** 31,
  2 ** 31 - 1,
  2 ** 53,
  -1,
  -(2 ** 31) - 1,
  1.5,
  1e308,
  0,
  "",
  "x".repeat(5_000),
  null,
  true,
  [],
  {},
  ["\u0000"],
  { "a\u0000": 1 },
  [{ staffId: "\u0000", priority: 2 ** 31 }],
];
/** Path segments: malformed, percent-encoded as a client would send them, plus a real id now and then. */
const MALFORMED_SEGMENTS = ["%00", "a%00b", "%ED%A0%80", "%ZZ", "0000-01-01", "x".repeat(300), "%F0%9F%98%80"];

const malformed = fc.constantFrom(...MALFORMED);

function resolveSchema(doc: Json, schema: Json): Json {
  return schema?.$ref ? doc.components.schemas[String(schema.$ref).split("/").pop()!] : schema;
}

/** A body with each declared property either absent, malformed, or (for objects) malformed inside. */
function bodyFor(doc: Json, schema: Json): fc.Arbitrary<unknown> {
  const resolved = resolveSchema(doc, schema);
  const properties = Object.keys(resolved?.properties ?? {});
  if (properties.length === 0) return fc.oneof(malformed, fc.dictionary(fc.string(), malformed));
  return fc.record(Object.fromEntries(properties.map((p) => [p, malformed])), { requiredKeys: [] });
}

interface Operation {
  method: string;
  path: string;
  params: { name: string; in: string }[];
  body: Json | null;
  isBusiness: boolean;
}

function operationsOf(doc: Json): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries<Json>(doc.paths)) {
    for (const [method, op] of Object.entries<Json>(item)) {
      if (!["get", "post", "put", "patch", "delete"].includes(method)) continue;
      operations.push({
        method: method.toUpperCase(),
        path,
        params: [...(item.parameters ?? []), ...(op.parameters ?? [])],
        body: op.requestBody?.content?.["application/json"]?.schema ?? null,
        isBusiness: path.startsWith("/api/business"),
      });
    }
  }
  return operations;
}

describe.each(DATABASE_KINDS)("bad input on %s", (kind) => {
  let testDb: TestDatabase;
  let fx: Fixture;
  let app: ReturnType<typeof bookingApp>;
  let key: string;
  let doc: Json;
  const englishDetails = new Set<string>();
  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    fx = await seedBookingFixture(testDb.database);
    key = (await newBusiness(testDb.database, "Bad Input Spa")).key;
    app = bookingApp(testDb.database);
    doc = await (await app.request("/api/openapi.json")).json();
    const english = serverI18n("en");
    const german = serverI18n("de");
    // Codes whose German text differs from the English one must come back in German.
    for (const id of ["VALIDATION_FAILED", "NOT_FOUND", "INVALID_JSON", "CALENDAR_NOT_FOUND", "INVALID_RANGE"]) {
      if (english.t(`problem.${id}`) !== german.t(`problem.${id}`)) englishDetails.add(id);
    }
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  it("never answers 5xx; every refusal is a localised problem document", async () => {
    const operations = operationsOf(doc);
    expect(operations.length).toBeGreaterThan(40);
    const seen = new Map<string, number>();
    for (const operation of operations) {
      const pathParams = operation.path.match(/\{[^}]+\}/g) ?? [];
      const queryParams = operation.params.filter((p) => p.in === "query").map((p) => p.name);
      const request = fc.record({
        segments: fc.tuple(
          ...pathParams.map((name) =>
            fc.constantFrom(
              ...MALFORMED_SEGMENTS,
              name === "{calendarId}" ? fx.calendars.personal : "00000000-0000-4000-8000-000000000000",
            ),
          ),
        ),
        query: fc.record(Object.fromEntries(queryParams.map((q) => [q, malformed])), { requiredKeys: [] }),
        body: operation.body ? bodyFor(doc, operation.body) : fc.constant(undefined),
        language: fc.constantFrom("en", "de"),
      });
      await fc.assert(
        fc.asyncProperty(request, async ({ segments, query, body, language }) => {
          let i = 0;
          const path = operation.path.replace(/\{[^}]+\}/g, () => String(segments[i++]));
          const search = new URLSearchParams(
            Object.entries(query).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]),
          );
          const headers: Record<string, string> = { "accept-language": language };
          if (operation.isBusiness) headers.authorization = `Bearer ${key}`;
          if (body !== undefined) headers["content-type"] = "application/json";
          const res = await app.request(`${path}${search.size ? `?${search}` : ""}`, {
            method: operation.method,
            headers,
            ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
          });
          const where = `${operation.method} ${path}?${search} ${JSON.stringify(body)?.slice(0, 300)}`;
          expect(res.status, where).toBeLessThan(500);
          if (res.status < 400) return;
          expect(res.headers.get("content-type"), where).toContain("application/problem+json");
          const problem = (await res.json()) as { code?: unknown; detail?: unknown };
          expect(problem.code, where).toMatch(/^[A-Z][A-Z_]+$/);
          seen.set(String(problem.code), (seen.get(String(problem.code)) ?? 0) + 1);
          expect(typeof problem.detail === "string" && problem.detail.length > 0, where).toBe(true);
          if (language === "de" && englishDetails.has(String(problem.code)))
            expect(problem.detail, where).toBe(serverI18n("de").t(`problem.${String(problem.code)}`));
        }),
        { numRuns: 20, seed: 20261125 },
      );
    }
    // The suite reaches the routes' own checks, not only the edge's: refusals of several codes.
    expect(seen.size).toBeGreaterThan(3);
  });

  it("reads a JSON request with an empty body as {}: the route's own answer, never a 5xx", async () => {
    for (const operation of operationsOf(doc).filter((o) => o.body !== null)) {
      const path = operation.path.replace(/\{[^}]+\}/g, "00000000-0000-4000-8000-000000000000");
      const headers: Record<string, string> = { "content-type": "application/json", "accept-language": "de" };
      if (operation.isBusiness) headers.authorization = `Bearer ${key}`;
      const res = await app.request(path, { method: operation.method, headers, body: "" });
      expect(res.status, `${operation.method} ${path}`).toBeLessThan(500);
    }
  });
});

/**
 * Business API keys: missing, malformed, unknown and revoked keys are 401 problems; only a SHA-256
 * hash is stored; a key never appears in the logs (the pino output is captured at trace level).
 */
import { createHash } from "node:crypto";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../src/server/logger.ts";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "../support/databases.ts";
import { businessApp, call, expectStatus, newBusiness, type App } from "./business-fixtures.ts";

describe.each(DATABASE_KINDS)("business API keys on %s", (kind) => {
  let testDb: TestDatabase;
  let app: App;
  let business: { id: string; key: string };
  const logLines: string[] = [];

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    const sink = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    app = businessApp(testDb.database, createLogger("trace", sink));
    business = await newBusiness(testDb.database, "Keyed Studio");
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  it("refuses missing, malformed and unknown keys with a 401 problem", async () => {
    const cases: [string | null, string][] = [
      [null, "AUTHENTICATION_REQUIRED"],
      ["", "AUTHENTICATION_REQUIRED"],
      ["bk_short", "INVALID_API_KEY"],
      [`bk_${"A".repeat(43)}`, "INVALID_API_KEY"],
      [business.key.toUpperCase(), "INVALID_API_KEY"],
      [createHash("sha256").update(business.key).digest("hex"), "INVALID_API_KEY"],
    ];
    for (const [key, code] of cases) {
      for (const path of [
        "/api/business",
        "/api/business/staff",
        "/api/business/calendars/00000000-0000-4000-8000-000000000001",
        "/api/business/nope",
      ]) {
        const reply = await call(app, "GET", path, key === "" ? null : key);
        expect(reply.status, `${path} with ${key}`).toBe(401);
        expect(reply.headers.get("content-type")).toMatch(/^application\/problem\+json/);
        expect(reply.headers.get("www-authenticate")).toMatch(/^Bearer/);
        expect(reply.body.code).toBe(code);
      }
    }
    const basic = await app.request("/api/business", {
      headers: { authorization: `Basic ${Buffer.from(`x:${business.key}`).toString("base64")}` },
    });
    expect(basic.status).toBe(401);
  });

  it("creates keys shown once, stores only their hash, lists no secrets, and revokes them", async () => {
    const created = await expectStatus(201, app, "POST", "/api/business/api-keys", business.key, { name: "Zapier" });
    const second: string = created.key;
    expect(second).toMatch(/^bk_[A-Za-z0-9_-]{43}$/);
    expect(created.apiKey).toMatchObject({ name: "Zapier", prefix: second.slice(0, 11), revokedAt: null });
    expect(await expectStatus(200, app, "GET", "/api/business", second)).toMatchObject({ id: business.id });

    const rows = await testDb.database.execute("select * from api_keys where business_id = $1", [business.id]);
    expect(rows.rows).toHaveLength(2);
    for (const row of rows.rows) {
      expect(JSON.stringify(row)).not.toContain(second);
      expect(JSON.stringify(row)).not.toContain(business.key);
    }
    const stored = rows.rows.find((r) => r.id === created.apiKey.id)!;
    expect(stored.key_hash).toBe(createHash("sha256").update(second).digest("hex"));
    expect(stored.key_hash).not.toBe(second);

    const listed = await call(app, "GET", "/api/business/api-keys", business.key);
    expect(listed.status).toBe(200);
    expect(listed.body).toHaveLength(2);
    expect(Object.keys(listed.body[0]).sort()).toEqual(["createdAt", "id", "name", "prefix", "revokedAt"]);
    expect(listed.text).not.toContain(second);
    expect(listed.text).not.toContain(business.key);
    expect(listed.text).not.toContain(stored.key_hash as string);

    const revoked = await call(app, "DELETE", `/api/business/api-keys/${created.apiKey.id}`, business.key);
    expect(revoked.status).toBe(204);
    const refused = await call(app, "GET", "/api/business", second);
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe("INVALID_API_KEY");
    // Revoking twice is harmless; the first key still works.
    expect((await call(app, "DELETE", `/api/business/api-keys/${created.apiKey.id}`, business.key)).status).toBe(204);
    expect((await call(app, "GET", "/api/business", business.key)).status).toBe(200);
    const after = await expectStatus(200, app, "GET", "/api/business/api-keys", business.key);
    expect(after.find((k: { id: string }) => k.id === created.apiKey.id).revokedAt).not.toBeNull();

    // A key can revoke itself; afterwards it is refused like any unknown key.
    const own = await expectStatus(201, app, "POST", "/api/business/api-keys", business.key, {});
    expect((await call(app, "DELETE", `/api/business/api-keys/${own.apiKey.id}`, own.key)).status).toBe(204);
    expect((await call(app, "GET", "/api/business", own.key)).status).toBe(401);
  });

  it("never writes a key to the logs, whatever happens to the request", async () => {
    const keys: string[] = [business.key];
    const made = await expectStatus(201, app, "POST", "/api/business/api-keys", business.key, { name: "logged?" });
    keys.push(made.key);
    await call(app, "GET", "/api/business", made.key);
    await call(app, "DELETE", `/api/business/api-keys/${made.apiKey.id}`, business.key);
    await call(app, "GET", "/api/business", made.key); // revoked: 401
    await call(app, "POST", "/api/business/staff", business.key, { name: "" }); // 400
    await call(app, "GET", "/api/business/staff/not-a-uuid", business.key); // 404
    await app.request("/api/business/staff", {
      method: "POST",
      headers: { authorization: `Bearer ${business.key}`, "content-type": "application/json" },
      body: "{oops",
    });
    await app.request(`/api/business?key=${encodeURIComponent("bk_" + "B".repeat(43))}`, {
      headers: { authorization: `Bearer ${business.key}` },
    });
    keys.push("bk_" + "B".repeat(43));

    const logs = logLines.join("");
    expect(logLines.length).toBeGreaterThan(5);
    expect(logs).toContain('"msg":"request"');
    for (const key of keys) {
      expect(logs).not.toContain(key);
      expect(logs).not.toContain(key.slice(3));
    }
  });
});

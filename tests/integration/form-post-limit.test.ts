/**
 * Form and survey pages take posts (issue 15, spam protection): each client gets a bounded number
 * a minute, on every locale prefix; the next one is 429 with Retry-After, and other clients and
 * other pages are not affected.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp, MAX_FORM_BODY_BYTES } from "../../src/server/app.ts";
import { createLogger } from "../../src/server/logger.ts";
import { createTestDatabase, type TestDatabase } from "../support/databases.ts";
import { NOW } from "./business-fixtures.ts";

describe("form post limit", () => {
  let testDb: TestDatabase;
  let app: ReturnType<typeof createApp>;

  beforeAll(async () => {
    testDb = await createTestDatabase("pglite");
    app = createApp({
      database: testDb.database,
      pages: {} as never,
      logger: createLogger("silent"),
      clock: () => NOW,
      mode: "test",
      formPostsPerMinute: 3,
    });
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  const post = (path: string, client: string) =>
    app.request(path, { method: "POST" }, { incoming: { socket: { remoteAddress: client } } });

  it("answers 429 after the limit, per client, on every locale prefix, and only for form pages", async () => {
    const statuses = [];
    for (const path of ["/widget/form/a", "/de/widget/survey/b", "/widget/form/c", "/fr/widget/form/d"])
      statuses.push((await post(path, "203.0.113.7")).status);
    expect(statuses.slice(0, 3)).not.toContain(429);
    expect(statuses[3]).toBe(429);
    expect((await post("/widget/form/a", "203.0.113.8")).status).not.toBe(429);
    expect((await post("/widget/booking/x", "203.0.113.7")).status).not.toBe(429);
  });

  it("answers a post too large to read with a page in the form's language that leads back", async () => {
    const body = new Uint8Array(MAX_FORM_BODY_BYTES + 1);
    const res = await app.request(
      "/de/widget/form/a",
      { method: "POST", body, headers: { "content-type": "multipart/form-data; boundary=x" } },
      { incoming: { socket: { remoteAddress: "203.0.113.9" } } },
    );
    expect(res.status).toBe(413);
    const html = await res.text();
    expect(html).toMatch(/<html lang="de(-DE)?">/);
    expect(html).toContain("Die gewählten Dateien sind zu groß zum Senden.");
    expect(html).toContain('<a href="/de/widget/form/a">Zurück zum Formular</a>');
  });
});

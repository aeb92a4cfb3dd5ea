/**
 * Forms and surveys through the business API (issue 15): definitions validated (shape and logic,
 * with the path of each problem), versioned on change, submissions stored against the version the
 * visitor saw, listed, read and exported as CSV — and none of it visible to another business.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFormDirectory } from "../../src/adapters/db/forms/form-store.ts";
import { issueFillToken, MIN_FILL_MS } from "../../src/app/forms/fill-token.ts";
import { submitForm } from "../../src/app/forms/submit-form.ts";
import type { FormDefinition } from "../../src/core/forms/definition.ts";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "../support/databases.ts";
import { businessApp, call, expectStatus, newBusiness, NOW, type App } from "./business-fixtures.ts";

const SECRET = "t".repeat(32);
const contact: FormDefinition = {
  formatVersion: 1,
  slides: [
    {
      id: "main",
      fields: [
        { id: "name", type: "text", label: { en: "Name", de: "Name" }, required: true },
        { id: "email", type: "email", label: { en: "Email", de: "E-Mail" }, required: true },
        { id: "message", type: "textarea", label: { en: "Message", de: "Nachricht" } },
        {
          id: "terms",
          type: "consent",
          label: { en: "I agree to be contacted.", de: "Ich bin einverstanden." },
          required: true,
        },
      ],
    },
  ],
  endings: [{ id: "thanks", kind: "message", title: { en: "Thank you!" } }],
};

describe.each(DATABASE_KINDS)("forms API on %s", (kind) => {
  let testDb: TestDatabase;
  let app: App;
  let owner: { id: string; key: string };
  let other: { id: string; key: string };

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    app = businessApp(testDb.database);
    owner = await newBusiness(testDb.database, "Form Studio");
    other = await newBusiness(testDb.database, "Other Studio");
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  async function submit(formId: string, version: number, answers: Record<string, string>) {
    const forms = createFormDirectory(testDb.database.db);
    const found = await forms.findPublished(formId, "form");
    return submitForm(
      { forms, secret: SECRET },
      {
        businessId: found!.businessId,
        form: found!.form,
        version,
        answers,
        current: "main",
        intent: "next",
        honeypot: "",
        fillToken: issueFillToken(SECRET, new Date(NOW.getTime() - MIN_FILL_MS)),
        locale: "de",
        chain: ["de", "en"],
        now: NOW,
      },
    );
  }

  it("creates, versions and reads a form; submissions keep the version they were made against", async () => {
    const created = await expectStatus(201, app, "POST", "/api/business/forms", owner.key, {
      kind: "form",
      name: "Contact",
      definition: contact,
    });
    expect(created).toMatchObject({
      kind: "form",
      name: "Contact",
      version: 1,
      url: `https://book.example.com/widget/form/${created.id}`,
    });

    const first = await submit(created.id, 1, {
      name: "Ann",
      email: "Ann@Example.com",
      message: '=HYPERLINK("x")',
      terms: "yes",
    });
    expect(first).toMatchObject({ kind: "done", ending: { id: "thanks" } });

    const renamed: FormDefinition = {
      ...contact,
      slides: [{ ...contact.slides[0]!, fields: contact.slides[0]!.fields.filter((f) => f.id !== "message") }],
    };
    const changed = await expectStatus(200, app, "PATCH", `/api/business/forms/${created.id}`, owner.key, {
      definition: renamed,
    });
    expect(changed.version).toBe(2);
    expect(await submit(created.id, 1, { name: "Late", email: "l@example.com", terms: "yes" })).toEqual({
      kind: "changed",
    });
    await submit(created.id, 2, { name: "Bob", email: "bob@example.com", terms: "yes" });

    const v1 = await expectStatus(200, app, "GET", `/api/business/forms/${created.id}/versions/1`, owner.key);
    expect(v1.definition.slides[0].fields.map((f: { id: string }) => f.id)).toEqual([
      "name",
      "email",
      "message",
      "terms",
    ]);

    const page = await expectStatus(
      200,
      app,
      "GET",
      `/api/business/forms/${created.id}/submissions?limit=1`,
      owner.key,
    );
    expect(page.items).toHaveLength(1);
    const all = await expectStatus(
      200,
      app,
      "GET",
      `/api/business/forms/${created.id}/submissions?limit=1&before=${page.nextBefore}`,
      owner.key,
    );
    expect([...page.items, ...all.items].map((s: { version: number }) => s.version).sort()).toEqual([1, 2]);
    const ann = [...page.items, ...all.items].find((s: { version: number }) => s.version === 1);
    expect(ann).toMatchObject({
      contactEmail: "ann@example.com",
      consentText: "Ich bin einverstanden.",
      consentedAt: NOW.toISOString(),
      locale: "de",
      answers: { name: "Ann", email: "Ann@Example.com", message: '=HYPERLINK("x")', terms: "yes" },
    });
    const one = await expectStatus(
      200,
      app,
      "GET",
      `/api/business/forms/${created.id}/submissions/${ann.id}`,
      owner.key,
    );
    expect(one.id).toBe(ann.id);

    const response = await app.request(`/api/business/forms/${created.id}/submissions.csv?lang=de`, {
      headers: { authorization: `Bearer ${owner.key}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/csv/);
    const csv = { text: await response.text() };
    const lines = csv.text.trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "id,created_at,version,language,contact_email,disqualified,consent_text,consented_at,Name,E-Mail,Ich bin einverstanden.,message",
    );
    expect(lines).toHaveLength(3);
    // The language each visitor answered in.
    expect(lines.slice(1).map((line) => line.split(",")[3])).toEqual(["de", "de"]);
    expect(csv.text).toContain(`"'=HYPERLINK(""x"")"`);

    const list = await expectStatus(200, app, "GET", "/api/business/forms", owner.key);
    expect(list.map((f: { id: string }) => f.id)).toContain(created.id);
    expect(list[0]).not.toHaveProperty("definition");
    // Counted over every version, for the console's list of forms.
    expect(list.find((f: { id: string }) => f.id === created.id).submissionCount).toBe(2);
  });

  it("refuses a definition whose jumps cycle or name nothing, saying where", async () => {
    const cyclic = {
      kind: "survey",
      name: "Loop",
      definition: {
        slides: [
          { id: "a", fields: [], fallback: "b" },
          {
            id: "b",
            fields: [],
            rules: [{ when: { combine: "or", conditions: [] }, action: { type: "jump", to: "ghost" } }],
            fallback: "a",
          },
        ],
        endings: [{ id: "end", kind: "message", title: { en: "Bye" } }],
      },
    };
    const refused = await call(app, "POST", "/api/business/forms", owner.key, cyclic);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe("VALIDATION_FAILED");
    expect(refused.body.errors).toEqual([
      {
        path: "definition.slides[1].rules[0].action.to",
        code: "UNKNOWN_TARGET",
        message: 'Slide "b" jumps to "ghost", which is no slide or ending.',
      },
      { path: "definition.slides[0]", code: "JUMP_CYCLE", message: "Jumps can go round in a circle: a → b → a." },
    ]);
    const badShape = await call(app, "POST", "/api/business/forms", owner.key, {
      kind: "form",
      name: "X",
      definition: { slides: [], endings: [] },
    });
    expect(badShape.status).toBe(400);
    expect(badShape.body.errors.map((e: { path: string }) => e.path)).toEqual(
      expect.arrayContaining(["definition.slides", "definition.endings"]),
    );
  });

  it("keeps each business's forms and submissions to itself", async () => {
    const mine = await expectStatus(201, app, "POST", "/api/business/forms", owner.key, {
      kind: "form",
      name: "Private",
      definition: contact,
    });
    for (const path of [`/forms/${mine.id}`, `/forms/${mine.id}/submissions`, `/forms/${mine.id}/versions/1`]) {
      const reply = await call(app, "GET", `/api/business${path}`, other.key);
      expect(reply.status, path).toBe(404);
    }
    expect((await call(app, "PATCH", `/api/business/forms/${mine.id}`, other.key, { name: "Stolen" })).status).toBe(
      404,
    );
    const csv = await app.request(`/api/business/forms/${mine.id}/submissions.csv`, {
      headers: { authorization: `Bearer ${other.key}` },
    });
    expect(csv.status).toBe(404);
    const theirs = await expectStatus(200, app, "GET", "/api/business/forms", other.key);
    expect(theirs).toEqual([]);
    const own = await expectStatus(200, app, "GET", "/api/business/forms", owner.key);
    expect(own.find((f: { id: string }) => f.id === mine.id).submissionCount).toBe(0);
  });
});

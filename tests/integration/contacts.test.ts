/**
 * Issue 15, the parts that tie forms to people and bookings: a contact per business and email,
 * made or matched by every submission and booking (one person across both, also when two sends race
 * on real PostgreSQL), the business API that lists and reads them, and a calendar that asks an
 * attached form's fields when booking — checked by the form engine with the same localised
 * messages, stored with the form's version, and recorded among the form's submissions.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBusinessDirectory } from "../../src/adapters/db/business-repository.ts";
import { createFormDirectory } from "../../src/adapters/db/forms/form-store.ts";
import { issueApiKey } from "../../src/app/business/api-keys.ts";
import type { FormDefinition } from "../../src/core/forms/definition.ts";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "../support/databases.ts";
import { at, bookingApp, NOW, post, seedBookingFixture, type Fixture } from "./booking-fixtures.ts";
import { call, newBusiness } from "./business-fixtures.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const intake: FormDefinition = {
  formatVersion: 1,
  slides: [
    {
      id: "main",
      fields: [
        { id: "goal", type: "text", label: { en: "Your goal", de: "Ihr Ziel" }, required: true },
        {
          id: "level",
          type: "radio",
          label: { en: "Experience" },
          required: true,
          options: [
            { value: "new", label: { en: "New" } },
            { value: "some", label: { en: "Some" } },
          ],
        },
        {
          id: "injury",
          type: "textarea",
          label: { en: "Which injury?" },
          required: true,
          visibility: {
            mode: "show",
            when: { combine: "and", conditions: [{ field: "level", op: "equals", value: "some" }] },
          },
        },
        { id: "ok", type: "consent", label: { en: "I agree to the studio's terms" }, required: true },
      ],
    },
  ],
  endings: [{ id: "thanks", kind: "message", title: { en: "Thanks" } }],
};
const survey: FormDefinition = {
  ...intake,
  slides: [intake.slides[0]!, { id: "two", fields: [{ id: "more", type: "text", label: { en: "More" } }] }],
};

describe.each(DATABASE_KINDS)("contacts and a calendar's attached form on %s", (kind) => {
  let testDb: TestDatabase;
  let fx: Fixture;
  let app: ReturnType<typeof bookingApp>;
  let key: string;
  let other: { id: string; key: string };
  let formId: string;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    fx = await seedBookingFixture(testDb.database);
    app = bookingApp(testDb.database, {}, () => NOW);
    key = (await issueApiKey(createBusinessDirectory(testDb.database.db).forBusiness(fx.businessId), "contacts")).key;
    other = await newBusiness(testDb.database, "Elsewhere");
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  const book = (body: Json, headers: Record<string, string> = {}) =>
    post(app, "/api/bookings", { calendarId: fx.calendars.personal, timezone: "Europe/Berlin", ...body }, headers);

  it("attaches only a form of the business, not a survey, and clears it with null", async () => {
    const created = await call(app, "POST", "/api/business/forms", key, {
      kind: "form",
      name: "Intake",
      definition: intake,
    });
    expect(created.status, created.text).toBe(201);
    formId = created.body.id;
    const surveyId = (
      await call(app, "POST", "/api/business/forms", key, { kind: "survey", name: "Survey", definition: survey })
    ).body.id;
    const theirs = (
      await call(app, "POST", "/api/business/forms", other.key, { kind: "form", name: "Theirs", definition: intake })
    ).body.id;
    const patch = (body: Json) => call(app, "PATCH", `/api/business/calendars/${fx.calendars.personal}`, key, body);

    const refused = await patch({ formId: surveyId });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([expect.objectContaining({ path: "formId", code: "FORM_IS_SURVEY" })]);
    const missing = await patch({ formId: theirs });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe("REFERENCE_NOT_FOUND");
    expect(missing.body.errors[0].path).toBe("formId");

    expect((await patch({ formId })).body.formId).toBe(formId);
    expect((await patch({ formId: null })).body.formId).toBeNull();
    expect((await patch({ formId })).body.formId).toBe(formId);
  });

  it("refuses a booking whose required form field is empty, with the form engine's localised codes", async () => {
    const res = await book(
      {
        startTime: at(7, "10:00"),
        contact: { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" },
        answers: { level: "some", ok: "yes" },
      },
      { "accept-language": "de" },
    );
    expect(res.status).toBe(400);
    const body = (await res.json()) as Json;
    expect(body.code).toBe("FIELD_REQUIRED");
    // The field shown by the answer to "level" is required too; a hidden one would not be.
    expect(body.errors.map((e: Json) => [e.path, e.code])).toEqual([
      ["answers.goal", "FIELD_REQUIRED"],
      ["answers.injury", "FIELD_REQUIRED"],
    ]);
    const bad = await book({
      startTime: at(7, "10:00"),
      contact: { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" },
      answers: { goal: "Run", level: "lots", ok: "yes" },
    });
    expect(((await bad.json()) as Json).errors).toEqual([
      expect.objectContaining({ path: "answers.level", code: "OPTION_INVALID" }),
    ]);
  });

  it("books with the form's answers and version, records a submission, and makes one contact of it all", async () => {
    const res = await book({
      startTime: at(7, "10:00"),
      contact: { firstName: "Ada", lastName: "Lovelace", email: "Ada@Example.com", phone: "+49 30 1234567" },
      answers: { goal: "  Run a marathon ", level: "new", injury: "hidden, so dropped", ok: "yes", extra: "x" },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const bookingId = ((await res.json()) as Json).id as string;
    const stored = (await call(app, "GET", `/api/business/bookings/${bookingId}`, key)).body;
    expect(stored.answers).toEqual({ goal: "Run a marathon", level: "new", ok: "yes" });
    const [row] = (
      await testDb.database.execute("select form_id, form_version, contact_id from bookings where id = $1", [bookingId])
    ).rows as Json[];
    expect(row).toMatchObject({ form_id: formId, form_version: 1 });
    expect(stored).toMatchObject({ form: { id: formId, version: 1 }, contactId: row.contact_id });
    expect(stored.answerLines).toEqual([
      { label: "Your goal", value: "Run a marathon" },
      { label: "Experience", value: "New" },
      { label: "I agree to the studio's terms", value: "yes" },
    ]);

    // The business's email lists the answers under the form's labels.
    const [told] = (
      await testDb.database.execute(
        "select payload->'booking'->'businessSide'->'answers' as answers from outbox where payload->'booking'->>'bookingId' = $1",
        [bookingId],
      )
    ).rows as Json[];
    expect(told.answers).toEqual([
      { label: "Your goal", value: "Run a marathon" },
      { label: "Experience", value: "New" },
      { label: "I agree to the studio's terms", value: "yes" },
    ]);
    const submissions = (await call(app, "GET", `/api/business/forms/${formId}/submissions`, key)).body.items;
    expect(submissions).toEqual([
      expect.objectContaining({
        bookingId,
        version: 1,
        contactId: row.contact_id,
        answers: { goal: "Run a marathon", level: "new", ok: "yes" },
        consentText: "I agree to the studio's terms",
      }),
    ]);

    // The same person sends the form on its own page: matched, not a second contact.
    const forms = createFormDirectory(testDb.database.db);
    await forms.forBusiness(fx.businessId).addSubmission({
      formId,
      version: 1,
      answers: { goal: "Swim" },
      contactEmail: "ada@example.com",
      consentText: null,
      consentedAt: null,
      isDisqualified: false,
      endingId: "thanks",
      locale: "en",
      createdAt: new Date(NOW.getTime() + 60_000),
    });
    const list = (await call(app, "GET", "/api/business/contacts", key)).body;
    expect(list.items).toEqual([
      expect.objectContaining({
        id: row.contact_id,
        email: "ada@example.com",
        name: "Ada Lovelace",
        phone: "+49 30 1234567",
      }),
    ]);
    const detail = (await call(app, "GET", `/api/business/contacts/${row.contact_id}`, key)).body;
    expect(detail.bookings.map((b: Json) => b.id)).toEqual([bookingId]);
    expect(detail.submissions).toHaveLength(2);
    expect(detail.submissions.filter((s: Json) => s.bookingId === bookingId)).toHaveLength(1);

    // Searching by part of the email or the name; another business sees nothing of her.
    expect((await call(app, "GET", "/api/business/contacts?search=LOVE", key)).body.items).toHaveLength(1);
    expect((await call(app, "GET", "/api/business/contacts?search=bob", key)).body.items).toHaveLength(0);
    expect((await call(app, "GET", "/api/business/contacts", other.key)).body.items).toEqual([]);
    expect((await call(app, "GET", `/api/business/contacts/${row.contact_id}`, other.key)).status).toBe(404);
  });

  it("pages contacts, most recently seen first", async () => {
    for (const [i, email] of ["b@example.com", "c@example.com"].entries()) {
      const res = await post(app, "/api/bookings", {
        calendarId: fx.calendars.roundRobin,
        timezone: "Europe/Berlin",
        startTime: at(8 + i, "10:00"),
        contact: { firstName: "P", lastName: String(i), email },
      });
      expect(res.status).toBe(201);
    }
    const first = (await call(app, "GET", "/api/business/contacts?limit=2", key)).body;
    expect(first.items).toHaveLength(2);
    expect(first.nextAfter).not.toBeNull();
    const next = (await call(app, "GET", `/api/business/contacts?limit=2&after=${first.nextAfter}`, key)).body;
    expect(next.items).toHaveLength(1);
    expect(next.nextAfter).toBeNull();
    const all = [...first.items, ...next.items].map((c: Json) => c.email);
    expect(new Set(all).size).toBe(3);
  });

  it.runIf(kind === "postgres")("two sends with one email at the same moment end with one contact", async () => {
    const forms = createFormDirectory(testDb.database.db).forBusiness(fx.businessId);
    const send = (i: number) =>
      forms.addSubmission({
        formId,
        version: 1,
        answers: { goal: `race ${i}` },
        contactEmail: "race@example.com",
        consentText: null,
        consentedAt: null,
        isDisqualified: false,
        endingId: "thanks",
        locale: "en",
        createdAt: NOW,
      });
    const stored = await Promise.all(Array.from({ length: 8 }, (_, i) => send(i)));
    expect(new Set(stored.map((s) => s.contactId)).size).toBe(1);
    const { rows } = await testDb.database.execute(
      "select count(*)::int as n from contacts where business_id = $1 and email_normalised = 'race@example.com'",
      [fx.businessId],
    );
    expect(rows).toEqual([{ n: 1 }]);
  });
});

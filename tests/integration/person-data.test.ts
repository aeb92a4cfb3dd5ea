/**
 * Issue 19, "Privacy": a business exports everything it holds about one person and erases it — the
 * bookings they made keep their time and money but lose who, with whom and what they wrote (also in
 * the notifications, webhook payloads and prepared confirmations that copied it); their entry as
 * someone else's guest goes; their form submissions go whole — and a retention period does the same
 * by itself. Another business's data and the person's upcoming appointments are never touched.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBusinessDirectory } from "../../src/adapters/db/business-repository.ts";
import { createFormDirectory } from "../../src/adapters/db/forms/form-store.ts";
import { retentionStore } from "../../src/adapters/db/privacy/person-data-store.ts";
import { issueApiKey } from "../../src/app/business/api-keys.ts";
import { issueFillToken, MIN_FILL_MS } from "../../src/app/forms/fill-token.ts";
import { submitForm } from "../../src/app/forms/submit-form.ts";
import type { FormDefinition } from "../../src/core/forms/definition.ts";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "../support/databases.ts";
import {
  at,
  bookingApp,
  NOW,
  patchCalendarSettings,
  post,
  seedBookingFixture,
  type Fixture,
} from "./booking-fixtures.ts";
import { call, newBusiness } from "./business-fixtures.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
const SECRET = "p".repeat(32);
const ADA = "ada@example.com";
const form: FormDefinition = {
  formatVersion: 1,
  slides: [
    {
      id: "main",
      fields: [
        { id: "email", type: "email", label: { en: "Email" }, required: true },
        { id: "message", type: "textarea", label: { en: "Message" } },
      ],
    },
  ],
  endings: [{ id: "thanks", kind: "message", title: { en: "Thank you!" } }],
};

describe.each(DATABASE_KINDS)("one person's data on %s", (kind) => {
  let testDb: TestDatabase;
  let fx: Fixture;
  let app: ReturnType<typeof bookingApp>;
  let key: string;
  let otherKey: string;
  let now = NOW;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    fx = await seedBookingFixture(testDb.database);
    app = bookingApp(testDb.database, {}, () => now);
    key = (await issueApiKey(createBusinessDirectory(testDb.database.db).forBusiness(fx.businessId), "privacy")).key;
    otherKey = (await newBusiness(testDb.database, "Elsewhere")).key;
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  const book = async (startTime: string, contact: Json, guests: Json[] = [], headers: Record<string, string> = {}) => {
    const res = await post(
      app,
      "/api/bookings",
      { calendarId: fx.calendars.personal, startTime, timezone: "Europe/Berlin", contact, guests },
      headers,
    );
    expect(res.status).toBe(201);
    return ((await res.json()) as Json).id as string;
  };
  const person = (path: "export" | "erase", email: string, withKey = key) =>
    call(app, "POST", `/api/business/people/${path}`, withKey, { email });
  /** Every place a booking's people are copied to, as text, for a search by email. */
  const everywhere = async () => {
    const tables = [
      "bookings",
      "outbox",
      "payments",
      "webhook_deliveries",
      "form_submissions",
      "idempotency_keys",
      "contacts",
    ];
    const texts = await Promise.all(
      tables.map(async (table) => {
        const rows = (await testDb.database.execute(`select t::text as row from ${table} t`)).rows as { row: string }[];
        return rows.map((r) => r.row).join("\n");
      }),
    );
    return texts.join("\n").toLowerCase();
  };

  it("exports what the business holds: the bookings Ada made, the one she joined, her submission", async () => {
    // Paid online: the payment keeps the confirmation it will send, Ada's details in it.
    await patchCalendarSettings(testDb.database, fx.calendars.personal, { payment: "full", priceCents: 4000 });
    // With an idempotency key: its stored answer, replayed to a retry, is a copy of her details too.
    ids.made = await book(
      at(4, "10:00"),
      { firstName: "Ada", lastName: "Lovelace", email: "Ada@Example.com" },
      [{ name: "Bo", email: "bo@example.com" }],
      { "Idempotency-Key": "ada-books" },
    );
    await patchCalendarSettings(testDb.database, fx.calendars.personal, { payment: "none" });
    ids.joined = await book(at(5, "10:00"), { firstName: "Bob", lastName: "Baker", email: "bob@example.com" }, [
      { name: "Ada L.", email: ADA },
      { name: "Cy", email: "cy@example.com" },
    ]);
    const created = await call(app, "POST", "/api/business/forms", key, {
      kind: "form",
      name: "Contact",
      definition: form,
    });
    expect(created.status).toBe(201);
    const forms = createFormDirectory(testDb.database.db);
    const found = await forms.findPublished(created.body.id, "form");
    const submitted = await submitForm(
      { forms, secret: SECRET },
      {
        businessId: found!.businessId,
        form: found!.form,
        version: 1,
        answers: { email: "ADA@example.com", message: "Please call me back" },
        current: "main",
        intent: "next",
        honeypot: "",
        fillToken: issueFillToken(SECRET, new Date(NOW.getTime() - MIN_FILL_MS)),
        locale: "en",
        chain: ["en"],
        now: NOW,
      },
    );
    expect(submitted).toMatchObject({ kind: "done" });

    const exported = await person("export", "ADA@Example.com");
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-disposition")).toContain("attachment");
    expect(exported.body.email).toBe(ADA);
    // One contact for her booking and her submission, however she typed her email.
    expect(exported.body.contact).toMatchObject({ email: "ada@example.com", name: "Ada Lovelace" });
    expect(exported.body.bookings).toHaveLength(2);
    const [made, joined] = exported.body.bookings;
    expect(made).toMatchObject({
      id: ids.made,
      role: "booker",
      status: "pending_payment",
      calendarId: fx.calendars.personal,
      contact: { firstName: "Ada", email: "Ada@Example.com" },
      guests: [{ name: "Bo", email: "bo@example.com" }],
    });
    // As a guest she sees her own entry only: not Bob's details, not Cy.
    expect(joined).toMatchObject({
      id: ids.joined,
      role: "guest",
      contact: null,
      guests: [{ name: "Ada L.", email: ADA }],
    });
    expect(exported.body.submissions).toEqual([
      expect.objectContaining({
        formName: "Contact",
        kind: "form",
        answers: expect.objectContaining({ message: "Please call me back" }),
      }),
    ]);
    // Another business holds nothing about her.
    const elsewhere = await person("export", ADA, otherKey);
    expect(elsewhere.body).toEqual({ email: ADA, contact: null, bookings: [], submissions: [], couponUses: [] });
    expect((await person("export", "not an email")).status).toBe(400);
  });

  it("refuses to erase while she has an appointment to come, and changes nothing", async () => {
    const refused = await person("erase", ADA);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("UPCOMING_BOOKINGS");
    expect([...refused.body.bookingIds].sort()).toEqual([ids.made, ids.joined].sort());
    expect((await person("export", ADA)).body.bookings).toHaveLength(2);
    expect((await person("erase", ADA, otherKey)).body.erased).toEqual({
      bookings: 0,
      guestEntries: 0,
      submissions: 0,
      couponUses: 0,
      contacts: 0,
    });
  });

  it("once they have taken place: erases her everywhere, keeps the bookings' time and the others' data", async () => {
    now = new Date("2026-12-10T09:00:00Z");
    const erased = await person("erase", ADA);
    expect(erased.status).toBe(200);
    expect(erased.body.erased).toEqual({
      bookings: 1,
      guestEntries: 1,
      submissions: 1,
      couponUses: 0,
      contacts: 1,
    });

    const made = (await call(app, "GET", `/api/business/bookings/${ids.made}`, key)).body;
    expect(made).toMatchObject({
      status: "pending_payment",
      startTime: new Date(at(4, "10:00")).toISOString(),
      contact: { firstName: "", lastName: "", email: "", phone: null, notes: null },
      guests: [{ name: "", email: null }],
      answers: {},
      personalDataErasedAt: now.toISOString(),
    });
    const joined = (await call(app, "GET", `/api/business/bookings/${ids.joined}`, key)).body;
    expect(joined).toMatchObject({
      contact: { firstName: "Bob", email: "bob@example.com" },
      guests: [
        { name: "", email: null },
        { name: "Cy", email: "cy@example.com" },
      ],
      personalDataErasedAt: null,
    });
    // Not in the rows, nor in any copy: notifications, payments' confirmations, webhooks, replays.
    const text = await everywhere();
    const keys = await testDb.database.execute("select key from idempotency_keys where key = 'ada-books'");
    expect(keys.rows).toEqual([]);
    expect(text).not.toContain(ADA);
    expect(text).not.toContain("lovelace");
    expect(text).not.toContain("please call me back");
    expect(text).toContain("bob@example.com");
    expect((await person("export", ADA)).body).toEqual({
      email: ADA,
      contact: null,
      bookings: [],
      submissions: [],
      couponUses: [],
    });
  });

  it("a retention period erases past bookings and old submissions by itself, and nothing still to come", async () => {
    expect(
      (await call(app, "PATCH", "/api/business", key, { personalDataRetentionDays: 0 })).body.errors?.[0]?.path,
    ).toBe("personalDataRetentionDays");
    const set = await call(app, "PATCH", "/api/business", key, { personalDataRetentionDays: 3 });
    expect(set.body.personalDataRetentionDays).toBe(3);
    ids.later = await book(at(20, "10:00"), { firstName: "Dee", lastName: "Later", email: "dee@example.com" });

    const swept = await retentionStore(testDb.database.db).eraseExpired(now);
    expect(swept.bookings).toBeGreaterThanOrEqual(1);
    // Bob's and Cy's contacts went with what was kept about them; Dee's, with a booking to come, stays.
    expect(swept.contacts).toBeGreaterThanOrEqual(1);
    const contacts = (await call(app, "GET", "/api/business/contacts", key)).body.items.map((c: Json) => c.email);
    expect(contacts).toEqual(["dee@example.com"]);
    const joined = (await call(app, "GET", `/api/business/bookings/${ids.joined}`, key)).body;
    expect(joined.contact.email).toBe("");
    expect(joined.guests).toEqual([
      { name: "", email: null },
      { name: "", email: null },
    ]);
    expect((await call(app, "GET", `/api/business/bookings/${ids.later}`, key)).body.contact.email).toBe(
      "dee@example.com",
    );
    // Already erased rows are not erased again.
    expect((await retentionStore(testDb.database.db).eraseExpired(now)).bookings).toBe(0);
    const text = await everywhere();
    expect(text).not.toContain("bob@example.com");
    expect(text).not.toContain("cy@example.com");
    expect(text).toContain("dee@example.com");
    const cleared = await call(app, "PATCH", "/api/business", key, { personalDataRetentionDays: null });
    expect(cleared.body.personalDataRetentionDays).toBeNull();
  });
});

/**
 * Issues 15 and 20: a stored submission tells the business. The outbox row is written with the
 * submission; the worker then emails every owner of the business in their own language (over real
 * SMTP, parsed back) and delivers `form.submitted` / `survey.submitted` to the webhooks that listen,
 * signed and checked with the Standard Webhooks library. Draining again sends nothing twice.
 */
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createFormDirectory, FORM_SUBMITTED_TOPIC } from "../../src/adapters/db/forms/form-store.ts";
import { createPublicPagesRepository } from "../../src/adapters/db/public-pages-repository.ts";
import * as t from "../../src/adapters/db/schema.ts";
import { buildTransport, type EmailTransport } from "../../src/adapters/email/build-transport.ts";
import { createSubmissionNoticeHandler } from "../../src/adapters/forms/submission-notice.ts";
import { createLinkSealer } from "../../src/adapters/outbox/link-sealing.ts";
import { createOutboxWorker } from "../../src/adapters/outbox/outbox-worker.ts";
import { createWebhookHandler, WEBHOOK_TOPIC } from "../../src/adapters/webhooks/webhook-outbox.ts";
import { issueFillToken, MIN_FILL_MS } from "../../src/app/forms/fill-token.ts";
import { submitForm } from "../../src/app/forms/submit-form.ts";
import type { FormDefinition } from "../../src/core/forms/definition.ts";
import { createLogger } from "../../src/server/logger.ts";
import { createApp } from "../../src/server/app.ts";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "../support/databases.ts";
import { parseMail, startSmtpReceiver, type SmtpReceiver } from "../support/smtp-receiver.ts";
import { expectStatus, newBusiness, NOW, PUBLIC_URL } from "./business-fixtures.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;
const SECRET = "s".repeat(32);

const intake: FormDefinition = {
  formatVersion: 1,
  slides: [
    {
      id: "main",
      fields: [
        { id: "name", type: "text", label: { en: "Your name", de: "Ihr Name" }, required: true },
        { id: "email", type: "email", label: { en: "Email", de: "E-Mail" }, required: true },
        {
          id: "goal",
          type: "radio",
          label: { en: "Your goal", de: "Ihr Ziel" },
          options: [
            { value: "strength", label: { en: "Strength", de: "Kraft" } },
            { value: "calm", label: { en: "Calm", de: "Ruhe" } },
          ],
        },
        { id: "note", type: "textarea", label: { en: "Anything else?", de: "Sonst noch etwas?" } },
      ],
    },
  ],
  endings: [{ id: "thanks", kind: "message", title: { en: "Thank you!" } }],
};

async function startReceiver() {
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return { url, received, close: () => new Promise<void>((done) => server.close(() => done())) };
}

describe.each(DATABASE_KINDS)("a submission tells the business, on %s", (kind) => {
  let testDb: TestDatabase;
  let app: ReturnType<typeof createApp>;
  let business: { id: string; key: string };
  let smtp: SmtpReceiver;
  let transport: EmailTransport;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const sealer = createLinkSealer(randomBytes(32).toString("hex"));

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    app = createApp({
      database: testDb.database,
      pages: {} as never,
      logger: createLogger("silent"),
      clock: () => NOW,
      mode: "test",
      linkSealer: sealer,
      bookingApi: { publicUrl: PUBLIC_URL, rateLimits: { bookingsPerMinute: 100_000, slotsPerMinute: 100_000 } },
    });
    business = await newBusiness(testDb.database, "Form Studio", "Europe/Berlin");
    const other = await newBusiness(testDb.database, "Other Studio");
    await testDb.database.db.insert(t.consoleUsers).values([
      { businessId: business.id, email: "owner.de@studio.example", name: "Greta", role: "owner", locale: "de" },
      { businessId: business.id, email: "owner.en@studio.example", name: "Olive", role: "owner", locale: "en" },
      // Staff and other businesses' owners are not told.
      { businessId: business.id, email: "staff@studio.example", name: "Sam", role: "staff", locale: "en" },
      { businessId: other.id, email: "owner@other.example", name: "Otto", role: "owner", locale: "en" },
    ]);
    smtp = await startSmtpReceiver();
    transport = buildTransport({ smtpUrl: smtp.url, from: "Studio <studio@studio.example>", dataDir: os.tmpdir() });
    receiver = await startReceiver();
  });
  afterAll(async () => {
    transport?.close();
    await smtp?.close();
    await receiver?.close();
    await testDb?.drop();
  });
  beforeEach(() => {
    smtp.clear();
    receiver.received.length = 0;
  });

  const worker = () =>
    createOutboxWorker({
      db: testDb.database.db,
      maxAttempts: 3,
      baseDelayMs: 0,
      handlers: {
        [FORM_SUBMITTED_TOPIC]: createSubmissionNoticeHandler({
          db: testDb.database.db,
          transport,
          clock: () => NOW,
          // As the server does (main.ts): the business's branding as its visitors' emails wear it.
          branding: createPublicPagesRepository(testDb.database.db).branding,
        }),
        [WEBHOOK_TOPIC]: createWebhookHandler({
          db: testDb.database.db,
          openSecret: sealer.openText,
          allowPrivateTargets: true,
          maxAttempts: 3,
        }),
      },
    });

  async function createForm(kindOfForm: "form" | "survey", name: string) {
    return expectStatus<Json>(201, app, "POST", "/api/business/forms", business.key, {
      kind: kindOfForm,
      name,
      definition: intake,
    });
  }

  async function submit(formId: string, kindOfForm: "form" | "survey", answers: Record<string, string>) {
    const forms = createFormDirectory(testDb.database.db);
    const found = await forms.findPublished(formId, kindOfForm);
    return submitForm(
      { forms, secret: SECRET },
      {
        businessId: found!.businessId,
        form: found!.form,
        version: found!.form.version,
        answers,
        current: "main",
        intent: "next",
        honeypot: "",
        fillToken: issueFillToken(SECRET, new Date(NOW.getTime() - MIN_FILL_MS)),
        locale: "en",
        chain: ["en"],
        now: NOW,
      },
    );
  }

  it("emails each owner in their language with the answers, and fires form.submitted once", async () => {
    const form = await createForm("form", "Intake");
    const subscription = await expectStatus<Json>(201, app, "POST", "/api/business/webhooks", business.key, {
      url: receiver.url,
      events: ["form.submitted"],
    });
    const outcome = await submit(form.id, "form", {
      name: "Ada <b>Lovelace</b>",
      email: "ada@example.com",
      goal: "calm",
      note: "",
    });
    expect(outcome.kind).toBe("done");
    const submissionId = (outcome as { submissionId: string }).submissionId;

    await worker().drain();
    await worker().drain();

    const mails = await Promise.all(smtp.messages.map((m) => parseMail(m)));
    expect(mails.map((m) => m.to && "value" in m.to && m.to.value[0]?.address).sort()).toEqual([
      "owner.de@studio.example",
      "owner.en@studio.example",
    ]);
    const german = mails.find((m) => m.subject?.includes("Intake") && m.text?.includes("Ihr Ziel"))!;
    expect(german.subject).toBe("Neue Antwort auf „Intake“");
    expect(german.text).toContain("Ihr Name: Ada <b>Lovelace</b>");
    expect(german.text).toContain("Ihr Ziel: Ruhe");
    expect(german.text).not.toContain("Sonst noch etwas?");
    // Escaped in the HTML: a visitor's answer cannot add markup to the business's email.
    expect(german.html).toContain("Ada &lt;b&gt;Lovelace&lt;/b&gt;");
    const english = mails.find((m) => m.text?.includes("Your goal"))!;
    expect(english.subject).toBe("New response to “Intake”");
    expect(english.text).toContain("Your goal: Calm");

    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    const event = new Webhook(subscription.secret).verify(
      request!.body,
      request!.headers as Record<string, string>,
    ) as Json;
    expect(event).toMatchObject({
      type: "form.submitted",
      version: 1,
      data: {
        submissionId,
        formId: form.id,
        formName: "Intake",
        formVersion: 1,
        contactEmail: "ada@example.com",
        disqualified: false,
        answers: [
          { fieldId: "name", label: "Your name", value: "Ada <b>Lovelace</b>" },
          { fieldId: "email", label: "Email", value: "ada@example.com" },
          { fieldId: "goal", label: "Your goal", value: "Calm" },
        ],
      },
    });
    const deliveries = await expectStatus<Json[]>(
      200,
      app,
      "GET",
      `/api/business/webhooks/${subscription.id}/deliveries`,
      business.key,
    );
    expect(deliveries.map((d) => [d.eventType, d.status])).toEqual([["form.submitted", "succeeded"]]);
    await expectStatus(204, app, "DELETE", `/api/business/webhooks/${subscription.id}`, business.key);
  });

  it("a survey fires survey.submitted, not form.submitted", async () => {
    const survey = await createForm("survey", "Feedback");
    const formsOnly = await expectStatus<Json>(201, app, "POST", "/api/business/webhooks", business.key, {
      url: receiver.url,
      events: ["form.submitted"],
    });
    const surveys = await expectStatus<Json>(201, app, "POST", "/api/business/webhooks", business.key, {
      url: receiver.url,
      events: ["survey.submitted"],
    });
    await submit(survey.id, "survey", { name: "Bo", email: "bo@example.com", goal: "strength" });
    await worker().drain();
    expect(receiver.received).toHaveLength(1);
    const event = new Webhook(surveys.secret).verify(
      receiver.received[0]!.body,
      receiver.received[0]!.headers as Record<string, string>,
    ) as Json;
    expect(event.type).toBe("survey.submitted");
    const mails = await Promise.all(smtp.messages.map((m) => parseMail(m)));
    expect(mails.map((m) => m.subject).sort()).toEqual([
      "Neue Umfrageantwort: „Feedback“",
      "New survey response: “Feedback”",
    ]);
    for (const id of [formsOnly.id, surveys.id])
      await expectStatus(204, app, "DELETE", `/api/business/webhooks/${id}`, business.key);
  });

  it("wears the business's name and brand colour, as its visitors' emails do, not the product's look", async () => {
    await expectStatus(200, app, "PATCH", "/api/business", business.key, { brandColour: "#0f766e" });
    try {
      const form = await createForm("form", "Branded intake");
      await submit(form.id, "form", { name: "Cy", email: "cy@example.com", goal: "calm" });
      await worker().drain();
      const mails = await Promise.all(smtp.messages.map((m) => parseMail(m)));
      expect(mails).toHaveLength(2);
      for (const mail of mails) {
        const html = String(mail.html);
        expect(html).toContain("border-top:4px solid #0f766e");
        expect(html).toContain('color:#0f766e">Form Studio</p>');
        expect(html).not.toContain("Online booking");
        // The answers still follow the masthead, escaped.
        expect(html).toMatch(/Form Studio<\/p>\n<p[^>]*>[^<]*Branded intake/);
      }
    } finally {
      await expectStatus(200, app, "PATCH", "/api/business", business.key, { brandColour: null });
    }
  });
});

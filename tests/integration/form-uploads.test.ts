/**
 * Files attached to forms (issue 15, ADR 0035): a file is checked (size, kind read from its bytes)
 * and kept when its step is posted, carried as a reference, claimed once by the submission, served
 * only to its business as a download — and deleted with the submission, or after a day unsent.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFormDirectory } from "../../src/adapters/db/forms/form-store.ts";
import { personDataStore, retentionStore } from "../../src/adapters/db/privacy/person-data-store.ts";
import { attachFiles, type PostedFile } from "../../src/app/forms/attach-files.ts";
import { issueFillToken, MIN_FILL_MS } from "../../src/app/forms/fill-token.ts";
import { submitForm } from "../../src/app/forms/submit-form.ts";
import type { Answers, FormDefinition } from "../../src/core/forms/definition.ts";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "../support/databases.ts";
import { businessApp, expectStatus, newBusiness, NOW, type App } from "./business-fixtures.ts";

const SECRET = "u".repeat(32);
const PDF = new TextEncoder().encode("%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n");
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

const application: FormDefinition = {
  formatVersion: 1,
  slides: [
    {
      id: "about",
      fields: [
        { id: "email", type: "email", label: { en: "Email" }, required: true },
        {
          id: "cv",
          type: "file",
          label: { en: "Your CV" },
          required: true,
          accept: ["application/pdf"],
          maxBytes: 2048,
        },
      ],
    },
    { id: "more", fields: [{ id: "photo", type: "file", label: { en: "A photo" }, accept: ["image/png"] }] },
  ],
  endings: [{ id: "thanks", kind: "message", title: { en: "Thank you!" } }],
};

describe.each(DATABASE_KINDS)("files on forms on %s", (kind) => {
  let testDb: TestDatabase;
  let app: App;
  let owner: { id: string; key: string };
  let other: { id: string; key: string };
  let formId: string;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    app = businessApp(testDb.database);
    owner = await newBusiness(testDb.database, "Hiring Studio");
    other = await newBusiness(testDb.database, "Other Studio");
    const created = await expectStatus(201, app, "POST", "/api/business/forms", owner.key, {
      kind: "survey",
      name: "Apply",
      definition: application,
    });
    formId = created.id;
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  const directory = () => createFormDirectory(testDb.database.db);

  /** One post of a step, as the page's action makes it: files kept first, then the step. */
  async function post(current: string, answers: Answers, posted: PostedFile[] = [], now = NOW) {
    const found = (await directory().findPublished(formId, "survey"))!;
    const attached = await attachFiles(directory().forBusiness(found.businessId), {
      formId,
      definition: found.form.definition,
      current,
      answers,
      posted,
    });
    const outcome = await submitForm(
      { forms: directory(), secret: SECRET },
      {
        businessId: found.businessId,
        form: found.form,
        version: found.form.version,
        answers: attached.answers,
        files: attached,
        current,
        intent: "next",
        honeypot: "",
        fillToken: issueFillToken(SECRET, new Date(now.getTime() - MIN_FILL_MS)),
        locale: "en",
        chain: ["en"],
        now,
      },
    );
    return { attached, outcome };
  }

  it("keeps a file on its step, carries it by reference, stores it with the submission and serves it to the business only", async () => {
    const first = await post("about", { email: "ann@example.com" }, [
      { fieldId: "cv", name: "../../CV Ann.pdf", bytes: PDF },
    ]);
    expect(first.outcome).toMatchObject({ kind: "slide", path: ["about", "more"], errors: [] });
    const reference = first.attached.answers.cv as string;
    expect(reference).toMatch(/^upload:[A-Za-z0-9_-]{43}$/);
    expect(first.attached.files).toEqual({ cv: { name: "CV Ann.pdf", byteSize: PDF.byteLength } });

    // The last slide: the earlier file travels as its reference only.
    const done = await post("more", { email: "ann@example.com", cv: reference }, [
      { fieldId: "photo", name: "me.png", bytes: PNG },
    ]);
    expect(done.outcome).toMatchObject({ kind: "done" });
    const submissionId = (done.outcome as { submissionId: string }).submissionId;

    const read = await expectStatus(
      200,
      app,
      "GET",
      `/api/business/forms/${formId}/submissions/${submissionId}`,
      owner.key,
    );
    expect(read.answers).toEqual({ email: "ann@example.com", cv: "CV Ann.pdf", photo: "me.png" });
    expect(read.files).toEqual([
      { fieldId: "cv", name: "CV Ann.pdf", contentType: "application/pdf", byteSize: PDF.byteLength },
      { fieldId: "photo", name: "me.png", contentType: "image/png", byteSize: PNG.byteLength },
    ]);

    const download = await app.request(`/api/business/forms/${formId}/submissions/${submissionId}/files/cv`, {
      headers: { authorization: `Bearer ${owner.key}` },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/pdf");
    expect(download.headers.get("content-disposition")).toBe("attachment; filename*=UTF-8''CV%20Ann.pdf");
    expect(download.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(download.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(PDF);

    // Another business sees no such submission, file or upload.
    const foreign = await app.request(`/api/business/forms/${formId}/submissions/${submissionId}/files/cv`, {
      headers: { authorization: `Bearer ${other.key}` },
    });
    expect(foreign.status).toBe(404);
    expect((await app.request(`/api/business/forms/${formId}/submissions/${submissionId}/files/cv`)).status).toBe(401);

    // The same page sent again: its files are taken, so nothing is stored twice.
    const again = await post("more", { email: "ann@example.com", cv: reference });
    expect(again.outcome).toMatchObject({
      kind: "slide",
      path: ["about"],
      errors: [{ field: "cv", code: "FILE_MISSING" }],
    });
  });

  it("refuses a file too large or of a kind the field does not take, whatever its name says, keeping the rest", async () => {
    const big = new Uint8Array(4096);
    big.set(PDF);
    const tooLarge = await post("about", { email: "bo@example.com" }, [{ fieldId: "cv", name: "cv.pdf", bytes: big }]);
    expect(tooLarge.outcome).toEqual({
      kind: "slide",
      path: ["about"],
      errors: [{ field: "cv", code: "FILE_TOO_LARGE" }],
    });
    expect(tooLarge.attached.answers).toEqual({ email: "bo@example.com" });

    const disguised = await post("about", { email: "bo@example.com" }, [{ fieldId: "cv", name: "cv.pdf", bytes: PNG }]);
    expect(disguised.outcome).toMatchObject({ errors: [{ field: "cv", code: "FILE_TYPE" }] });
    const text = await post("about", { email: "" }, [
      { fieldId: "cv", name: "cv.pdf", bytes: new TextEncoder().encode("plain text") },
    ]);
    // Every error of the slide at once: the file's and the email's.
    expect(text.outcome).toMatchObject({
      kind: "slide",
      errors: [
        { field: "cv", code: "FILE_TYPE" },
        { field: "email", code: "FIELD_REQUIRED" },
      ],
    });

    // A made-up reference is no file.
    const forged = await post("about", { email: "bo@example.com", cv: `upload:${"A".repeat(43)}` });
    expect(forged.outcome).toMatchObject({ errors: [{ field: "cv", code: "FILE_MISSING" }] });
  });

  it("deletes files never sent after a day, and a person's files with their submissions", async () => {
    const kept = await post("about", { email: "cy@example.com" }, [{ fieldId: "cv", name: "cy.pdf", bytes: PDF }]);
    const unsent = await post("about", { email: "dee@example.com" }, [{ fieldId: "cv", name: "dee.pdf", bytes: PDF }]);
    await post("more", { email: "cy@example.com", cv: kept.attached.answers.cv as string });

    const swept = await retentionStore(testDb.database.db).eraseExpired(new Date(NOW.getTime() + 25 * 3_600_000));
    expect(swept.uploads).toBeGreaterThanOrEqual(1);
    const later = await post("more", { email: "dee@example.com", cv: unsent.attached.answers.cv as string });
    expect(later.outcome).toMatchObject({ errors: [{ field: "cv", code: "FILE_MISSING" }] });

    const before = await testDb.database.execute(
      `select count(*)::int as n from form_uploads where file_name = 'cy.pdf' and submission_id is not null`,
    );
    expect((before.rows[0] as { n: number }).n).toBe(1);
    const erased = await personDataStore(testDb.database.db, owner.id).erase("cy@example.com", NOW, () => []);
    expect(erased).toBeTruthy();
    const after = await testDb.database.execute(
      `select count(*)::int as n from form_uploads where file_name = 'cy.pdf'`,
    );
    expect((after.rows[0] as { n: number }).n).toBe(0);
  });
});

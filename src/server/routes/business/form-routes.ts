/**
 * Forms and surveys on the business API (issue 15): definitions (each change a new version),
 * their submissions, and a CSV export. A definition whose logic is refused answers 400
 * VALIDATION_FAILED with one error per problem, each with its path into the body.
 */
import { z } from "zod";
import type { Context } from "hono";
import { FormDefinitionSchema } from "../../../app/forms/definition-schema.ts";
import type { FormStore, StoredForm, Submission } from "../../../app/forms/ports.ts";
import { createForm, updateForm, type SaveFormError } from "../../../app/forms/save-form.ts";
import { submissionsCsv } from "../../../core/forms/submissions-csv.ts";
import { fallbackChain, type LocaleCode } from "../../../i18n/locales.ts";
import { handle, idParam, json, problems } from "../../http/api-router.ts";
import { problem } from "../../http/problem.ts";
import { define, type BusinessApiDeps, type BusinessEnv, type BusinessRouter } from "./business-routing.ts";
import { LocaleSchema } from "./input-schemas.ts";

const name = z.string().trim().min(1, "must not be empty").max(200);
const FormCreateSchema = z.strictObject({ kind: z.enum(["form", "survey"]), name, definition: FormDefinitionSchema });
const FormUpdateSchema = z.strictObject({ name: name.optional(), definition: FormDefinitionSchema.optional() });

const timestamps = { createdAt: z.string(), updatedAt: z.string() };
const FormSummarySchema = z.object({
  id: z.string(),
  kind: z.enum(["form", "survey"]),
  name: z.string(),
  version: z.int().meta({ description: "1 for a new form; every saved change adds one" }),
  url: z.string().meta({ description: "The public page" }),
  ...timestamps,
});
const FormSchema = FormSummarySchema.extend({ definition: FormDefinitionSchema });
const ListedFormSchema = FormSummarySchema.extend({
  submissionCount: z.int().meta({ description: "Submissions of every version" }),
});
const SubmissionSchema = z.object({
  id: z.string(),
  formId: z.string(),
  version: z.int().meta({ description: "The definition version the visitor answered" }),
  answers: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
  contactEmail: z.string().nullable(),
  contactId: z.string().nullable().meta({ description: "The contact the email made or matched (`/contacts/{id}`)" }),
  bookingId: z
    .string()
    .nullable()
    .meta({ description: "Answered while booking on a calendar this form is attached to: that booking" }),
  consentText: z.string().nullable(),
  consentedAt: z.string().nullable(),
  isDisqualified: z.boolean(),
  endingId: z.string().nullable(),
  locale: z.string(),
  createdAt: z.string(),
  files: z
    .array(
      z.object({
        fieldId: z.string(),
        name: z.string(),
        contentType: z.string().meta({ description: "Read from the file's content, not from the visitor's browser" }),
        byteSize: z.int(),
      }),
    )
    .meta({ description: "Files attached to file fields; download each from `…/files/{fieldId}`" }),
});
const SubmissionPageSchema = z.object({
  items: z.array(SubmissionSchema),
  nextBefore: z.string().nullable().meta({ description: "Pass as `before` for the next, older page" }),
});

const formParams = z.object({ formId: idParam("Form or survey id") });
const submissionParams = formParams.extend({ submissionId: idParam("Submission id") });

const listForms = define.list("/forms", ListedFormSchema, "Forms and surveys");
const addForm = define.add("/forms", FormCreateSchema, FormSchema, "Add a form or survey");
const getForm = define.get("/forms/{formId}", formParams, FormSchema, "A form or survey with its current definition");
const changeForm = define.change(
  "patch",
  "/forms/{formId}",
  formParams,
  FormUpdateSchema,
  FormSchema,
  "Change a form's name or definition; a new definition becomes a new version, earlier submissions keep theirs",
);
const getFormVersion = define.route({
  method: "get",
  path: "/forms/{formId}/versions/{version}",
  summary: "One version of a form's definition, as a submission made against it saw it",
  request: {
    params: formParams.extend({ version: z.coerce.number().int().min(1).meta({ description: "Version number" }) }),
  },
  responses: { 200: json(FormSchema, "That version"), ...problems("NOT_FOUND") },
});
const listSubmissions = define.route({
  method: "get",
  path: "/forms/{formId}/submissions",
  summary: "Submissions, newest first",
  request: {
    params: formParams,
    query: z.object({
      limit: z.coerce.number().int().min(1).max(500).default(100),
      before: z.string().max(64).optional(),
    }),
  },
  responses: {
    200: json(SubmissionPageSchema, "A page of submissions"),
    ...problems("VALIDATION_FAILED", "NOT_FOUND"),
  },
});
const getSubmission = define.get(
  "/forms/{formId}/submissions/{submissionId}",
  submissionParams,
  SubmissionSchema,
  "One submission",
);
const getSubmissionFile = define.route({
  method: "get",
  path: "/forms/{formId}/submissions/{submissionId}/files/{fieldId}",
  summary: "A file a visitor attached, as a download",
  request: {
    params: submissionParams.extend({
      fieldId: z.string().max(64).meta({ description: "The file field's id" }),
    }),
  },
  responses: {
    200: {
      description: "The file, as an attachment (never shown inline on this site)",
      content: { "application/octet-stream": { schema: z.string().meta({ format: "binary" }) } },
    },
    ...problems("NOT_FOUND"),
  },
});
const exportSubmissions = define.route({
  method: "get",
  path: "/forms/{formId}/submissions.csv",
  summary: "Every submission as CSV, one column per field (headers in `lang`)",
  request: { params: formParams, query: z.object({ lang: LocaleSchema.optional() }) },
  responses: {
    200: {
      description: "RFC 4180 CSV; cells a spreadsheet would run as formulas start with an apostrophe",
      content: { "text/csv": { schema: z.string() } },
    },
    ...problems("VALIDATION_FAILED", "NOT_FOUND"),
  },
});

/** A header parameter value (RFC 5987): percent-encoded UTF-8, with the marks encodeURIComponent leaves. */
const rfc5987 = (value: string) =>
  encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function saveProblem(c: Context, error: SaveFormError) {
  if (error.code === "NOT_FOUND") return problem(c, 404, "NOT_FOUND", "No form with this id.");
  return problem(c, 400, "VALIDATION_FAILED", "The request is not valid.", {
    errors: error.problems.map((p) => ({ path: `definition.${p.where}`, code: p.code, message: p.message })),
  });
}

export function formRoutes(api: BusinessRouter, deps: BusinessApiDeps) {
  const store = (c: Context<BusinessEnv>): FormStore => deps.forms.forBusiness(c.var.repo.businessId);
  const withUrl = <T extends { id: string; kind: string }>(f: T) => ({
    ...f,
    url: `${deps.publicUrl}/widget/${f.kind}/${f.id}`,
  });
  const notFound = (c: Context) => problem(c, 404, "NOT_FOUND", "No form with this id.");
  const formJson = (c: Context, f: StoredForm | null, status: 200 | 201 = 200) =>
    f ? c.json(withUrl(f), status) : notFound(c);

  handle(api, listForms, async (c) => c.json((await store(c).listForms()).map(withUrl)));
  handle(api, addForm, async (c) => {
    const saved = await createForm(store(c), c.req.valid("json"));
    return saved.ok ? formJson(c, saved.value, 201) : saveProblem(c, saved.error);
  });
  handle(api, getForm, async (c) => formJson(c, await store(c).getForm(c.req.valid("param").formId)));
  handle(api, changeForm, async (c) => {
    const saved = await updateForm(store(c), c.req.valid("param").formId, c.req.valid("json"));
    return saved.ok ? formJson(c, saved.value) : saveProblem(c, saved.error);
  });
  handle(api, getFormVersion, async (c) => {
    const { formId, version } = c.req.valid("param");
    return formJson(c, await store(c).getFormVersion(formId, version));
  });
  handle(api, listSubmissions, async (c) => {
    const page = await store(c).listSubmissions(c.req.valid("param").formId, c.req.valid("query"));
    return page ? c.json(page) : notFound(c);
  });
  handle(api, getSubmission, async (c) => {
    const { formId, submissionId } = c.req.valid("param");
    const found: Submission | null = await store(c).getSubmission(formId, submissionId);
    return found ? c.json(found) : problem(c, 404, "NOT_FOUND", "No submission with this id.");
  });
  handle(api, getSubmissionFile, async (c) => {
    const { formId, submissionId, fieldId } = c.req.valid("param");
    const file = await store(c).submissionFile(formId, submissionId, fieldId);
    if (!file) return problem(c, 404, "NOT_FOUND", "No file for this field of this submission.");
    // A visitor's file is never rendered by this origin: a download, typed by its sniffed content.
    c.header("Content-Type", file.contentType);
    c.header("Content-Disposition", `attachment; filename*=UTF-8''${rfc5987(file.name)}`);
    c.header("Cache-Control", "private, no-store");
    return c.body(file.content as Uint8Array<ArrayBuffer>, 200);
  });
  handle(api, exportSubmissions, async (c) => {
    const { formId } = c.req.valid("param");
    const forms = store(c);
    const form = await forms.getForm(formId);
    if (!form) return notFound(c);
    const all: Submission[] = [];
    for (let before: string | undefined; ;) {
      const page = await forms.listSubmissions(formId, { limit: 500, ...(before ? { before } : {}) });
      all.push(...(page?.items ?? []));
      if (!page?.nextBefore) break;
      before = page.nextBefore;
    }
    const csv = submissionsCsv(form.definition, all, fallbackChain((c.req.valid("query").lang ?? "en") as LocaleCode));
    c.header("Content-Type", "text/csv; charset=utf-8");
    c.header("Content-Disposition", `attachment; filename="submissions-${formId}.csv"`);
    return c.body(csv, 200);
  });
}

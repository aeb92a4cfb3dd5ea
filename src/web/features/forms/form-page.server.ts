/**
 * The server side of /widget/form/:id and /widget/survey/:id: the loader (the current version, a
 * fill token, hidden fields from the URL) and the action every post goes through — with or without
 * JavaScript — which validates on the server and answers the next state of the page.
 */
import { data, redirect, type AppLoadContext } from "react-router";
import { readDefinition } from "../../../app/forms/definition-schema.ts";
import { attachFiles, type PostedFile } from "../../../app/forms/attach-files.ts";
import { issueFillToken } from "../../../app/forms/fill-token.ts";
import type { FormKind } from "../../../app/forms/ports.ts";
import { submitForm } from "../../../app/forms/submit-form.ts";
import { allFields, type AnswerValue, type Answers, type LocalizedText } from "../../../core/forms/definition.ts";
import { shownText } from "../../components/business-text.tsx";
import { fallbackChain } from "../../../i18n/locales.ts";
import type { FormActionData, FormPageData } from "./form-state.ts";

/** The current version, or null (the route answers 404) for an unknown id or a definition of an older format. */
async function published(context: AppLoadContext, id: string, kind: FormKind) {
  const found = await context.forms.directory.findPublished(id, kind);
  const definition = found ? readDefinition(found.form.definition) : null;
  if (!found || !definition) return null;
  return { businessId: found.businessId, form: { ...found.form, definition } };
}

export async function loadFormPage(
  context: AppLoadContext,
  id: string,
  kind: FormKind,
  request: Request,
): Promise<FormPageData | null> {
  const found = await published(context, id, kind);
  if (!found) return null;
  const { form } = found;
  const query = new URL(request.url).searchParams;
  const prefill: Record<string, string> = {};
  for (const field of allFields(form.definition)) {
    if (field.type !== "hidden") continue;
    const value = query.get(field.param ?? field.id);
    if (value !== null) prefill[field.id] = value.slice(0, 500);
  }
  return {
    id: form.id,
    kind,
    name: form.name,
    version: form.version,
    definition: form.definition,
    prefill,
    fill: issueFillToken(context.forms.secret, context.now()),
  };
}

/**
 * The answers of a post: every field of the definition, one value or (checkboxes) a list; nothing
 * else. A file field's text value is its kept file's reference; a file field named in `_remove`
 * loses it.
 */
function readAnswers(form: FormData, fields: ReturnType<typeof allFields>): Answers {
  const answers: Record<string, AnswerValue> = {};
  const removed = new Set(form.getAll("_remove"));
  for (const field of fields) {
    if (field.type === "file" && removed.has(field.id)) continue;
    const values = form.getAll(field.id).filter((v): v is string => typeof v === "string");
    if (values.length === 0) continue;
    answers[field.id] = field.type === "checkboxes" ? values : values[0]!;
  }
  return answers;
}

/** The files a post carries in file fields (an empty file input posts an empty file: skipped). */
async function readFiles(form: FormData, fields: ReturnType<typeof allFields>): Promise<PostedFile[]> {
  const files: PostedFile[] = [];
  for (const field of fields) {
    if (field.type !== "file") continue;
    for (const value of form.getAll(field.id)) {
      if (typeof value === "string" || value.size === 0) continue;
      files.push({ fieldId: field.id, name: value.name, bytes: new Uint8Array(await value.arrayBuffer()) });
    }
  }
  return files;
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

export async function submitFormPage(context: AppLoadContext, id: string, kind: FormKind, request: Request) {
  const found = await published(context, id, kind);
  if (!found) return null;
  const { businessId, form } = found;
  const posted = await request.formData();
  const fields = allFields(form.definition);
  const current = text(posted, "_slide");
  const isSpam = text(posted, "_website").trim() !== "";
  // Files are kept as their step is posted (never from a filled honeypot: nothing is stored then).
  const attached = await attachFiles(context.forms.directory.forBusiness(businessId), {
    formId: form.id,
    definition: form.definition,
    current,
    answers: readAnswers(posted, fields),
    posted: isSpam ? [] : await readFiles(posted, fields),
  });
  const { answers, files } = attached;
  const chain = fallbackChain(context.locale);
  const disqualified = (message: LocalizedText) => {
    const shown = shownText(message, chain);
    return { kind: "disqualified" as const, message: shown.text, messageLang: shown.lang };
  };
  const outcome = await submitForm(
    { forms: context.forms.directory, secret: context.forms.secret },
    {
      businessId,
      form,
      version: Number(text(posted, "_version")),
      answers,
      files: attached,
      current,
      intent: text(posted, "_intent") === "back" ? "back" : "next",
      honeypot: text(posted, "_website"),
      fillToken: text(posted, "_fill") || undefined,
      locale: context.locale,
      chain,
      now: context.now(),
    },
  );
  const first = form.definition.slides[0]!.id;
  // The page keeps the token it was first served with, so the fill time counts from the first view.
  const kept = text(posted, "_fill") || issueFillToken(context.forms.secret, context.now());
  switch (outcome.kind) {
    case "slide":
      return data<FormActionData>(
        {
          kind: "slide",
          current: outcome.path[outcome.path.length - 1] ?? first,
          answers,
          errors: Object.fromEntries(outcome.errors.map((e) => [e.field, e.code])),
          fill: kept,
          files,
        },
        { status: outcome.errors.length > 0 ? 400 : 200 },
      );
    case "too-fast": {
      // A valid token keeps its time (sending again later succeeds); a broken one is replaced.
      const fill = outcome.isTokenInvalid ? issueFillToken(context.forms.secret, context.now()) : kept;
      const current = outcome.path[outcome.path.length - 1] ?? first;
      return data<FormActionData>(
        { kind: "slide", current, answers, errors: {}, notice: "tooFast", fill, files },
        { status: 429 },
      );
    }
    case "changed":
      return data<FormActionData>(
        { kind: "slide", current: first, answers, errors: {}, notice: "changed", fill: kept, files },
        { status: 409 },
      );
    case "disqualified":
      return data<FormActionData>(disqualified(outcome.message));
    case "done": {
      if (outcome.ending.kind === "redirect" && outcome.disqualified === null) throw redirect(outcome.ending.url);
      if (outcome.disqualified !== null) return data<FormActionData>(disqualified(outcome.disqualified));
      if (outcome.ending.kind !== "message") return data<FormActionData>({ kind: "done", title: "", body: "" });
      const title = shownText(outcome.ending.title, chain);
      const body = shownText(outcome.ending.body, chain);
      return data<FormActionData>({
        kind: "done",
        title: title.text,
        titleLang: title.lang,
        body: body.text,
        bodyLang: body.lang,
      });
    }
  }
}

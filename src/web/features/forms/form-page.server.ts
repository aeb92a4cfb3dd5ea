/**
 * The server side of /widget/form/:id and /widget/survey/:id: the loader (the current version, a
 * fill token, hidden fields from the URL) and the action every post goes through — with or without
 * JavaScript — which validates on the server and answers the next state of the page.
 */
import { data, redirect, type AppLoadContext } from "react-router";
import { readDefinition } from "../../../app/forms/definition-schema.ts";
import { issueFillToken } from "../../../app/forms/fill-token.ts";
import type { FormKind } from "../../../app/forms/ports.ts";
import { submitForm } from "../../../app/forms/submit-form.ts";
import { allFields, localize, type AnswerValue, type Answers } from "../../../core/forms/definition.ts";
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

/** The answers of a post: every field of the definition, one value or (checkboxes) a list; nothing else. */
function readAnswers(form: FormData, fields: ReturnType<typeof allFields>): Answers {
  const answers: Record<string, AnswerValue> = {};
  for (const field of fields) {
    const values = form.getAll(field.id).filter((v): v is string => typeof v === "string");
    if (values.length === 0) continue;
    answers[field.id] = field.type === "checkboxes" ? values : values[0]!;
  }
  return answers;
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
  const answers = readAnswers(posted, allFields(form.definition));
  const chain = fallbackChain(context.locale);
  const outcome = await submitForm(
    { forms: context.forms.directory, secret: context.forms.secret },
    {
      businessId,
      form,
      version: Number(text(posted, "_version")),
      answers,
      current: text(posted, "_slide"),
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
        },
        { status: outcome.errors.length > 0 ? 400 : 200 },
      );
    case "too-fast": {
      // A valid token keeps its time (sending again later succeeds); a broken one is replaced.
      const fill = outcome.isTokenInvalid ? issueFillToken(context.forms.secret, context.now()) : kept;
      const current = outcome.path[outcome.path.length - 1] ?? first;
      return data<FormActionData>(
        { kind: "slide", current, answers, errors: {}, notice: "tooFast", fill },
        { status: 429 },
      );
    }
    case "changed":
      return data<FormActionData>(
        { kind: "slide", current: first, answers, errors: {}, notice: "changed", fill: kept },
        { status: 409 },
      );
    case "disqualified":
      return data<FormActionData>({ kind: "disqualified", message: localize(outcome.message, chain) });
    case "done":
      if (outcome.ending.kind === "redirect" && outcome.disqualified === null) throw redirect(outcome.ending.url);
      return data<FormActionData>(
        outcome.disqualified !== null
          ? { kind: "disqualified", message: localize(outcome.disqualified, chain) }
          : {
              kind: "done",
              title: outcome.ending.kind === "message" ? localize(outcome.ending.title, chain) : "",
              body: outcome.ending.kind === "message" ? localize(outcome.ending.body, chain) : "",
            },
      );
  }
}

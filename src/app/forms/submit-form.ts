/**
 * A visitor's post on a form or survey page (issue 15): one step through the slides (`advance`),
 * and on the last one the submission — stored against the version the visitor saw, with the
 * contact's email and the consent text and time. Spam protection: a filled honeypot field is
 * answered as if all went well and nothing is stored; a post faster than the minimum fill time, or
 * without a valid fill token, is refused so a person can send again.
 */
import { advance, pathTo } from "../../core/forms/advance.ts";
import {
  allFields,
  localize,
  type AnswerValue,
  type Answers,
  type Ending,
  type LocalizedText,
} from "../../core/forms/definition.ts";
import { activeFields, walk } from "../../core/forms/logic.ts";
import { validateAnswers, type AnswerError } from "../../core/forms/validate-answers.ts";
import { uploadToken, type AttachedFiles } from "./attach-files.ts";
import { checkFillToken } from "./fill-token.ts";
import { UploadGoneError, type FormDirectory, type StoredForm } from "./ports.ts";
import { hashSecretToken } from "../shared/secret-token.ts";

export interface SubmitFormInput {
  readonly businessId: string;
  readonly form: StoredForm;
  /** The version the page was rendered from; a newer current version makes the visitor start again. */
  readonly version: number;
  readonly answers: Answers;
  /** The step's files (attach-files.ts): kept ones by field, and the refused ones' errors. */
  readonly files?: Pick<AttachedFiles, "files" | "errors">;
  readonly current: string;
  readonly intent: "next" | "back";
  readonly honeypot: string;
  readonly fillToken: string | undefined;
  readonly locale: string;
  readonly chain: readonly string[];
  readonly now: Date;
}

export type SubmitFormOutcome =
  | { readonly kind: "slide"; readonly path: readonly string[]; readonly errors: readonly AnswerError[] }
  /** Sent sooner than the minimum fill time, or (`isTokenInvalid`) with a token that does not verify. */
  | { readonly kind: "too-fast"; readonly path: readonly string[]; readonly isTokenInvalid: boolean }
  | { readonly kind: "changed" }
  | {
      readonly kind: "done";
      readonly ending: Ending;
      readonly disqualified: LocalizedText | null;
      readonly submissionId: string | null;
    }
  | { readonly kind: "disqualified"; readonly message: LocalizedText };

export async function submitForm(
  deps: { forms: FormDirectory; secret: string },
  input: SubmitFormInput,
): Promise<SubmitFormOutcome> {
  const { form } = input;
  if (input.version !== form.version) return { kind: "changed" };
  if (input.honeypot.trim() !== "") {
    const walked = walk(form.definition, input.answers);
    const ending = walked.kind === "ending" ? walked.ending : form.definition.endings[0]!;
    return { kind: "done", ending, disqualified: null, submissionId: null };
  }
  const refused = input.intent === "next" ? fileErrorsOnPath(input) : null;
  if (refused) return refused;
  const step = advance(form.definition, input.answers, input.current, input.intent);
  if (step.kind !== "complete") return step;
  const fill = checkFillToken(deps.secret, input.fillToken, input.now);
  if (fill !== "ok") return { kind: "too-fast", path: step.path, isTokenInvalid: fill === "invalid" };

  const onPath = allFields(form.definition).filter((f) => step.answers[f.id] !== undefined);
  const email = onPath.find((f) => f.type === "email");
  const phone = onPath.find((f) => f.type === "phone");
  // A name is a text field the business called so (its id): forms have no dedicated name type.
  const name = onPath.find((f) => f.type === "text" && /name/i.test(f.id));
  const consents = onPath.filter((f) => f.type === "consent");
  // Each attached file is claimed for its field; the stored answer is the file's name.
  const answers: Record<string, AnswerValue> = { ...step.answers };
  const uploads: { fieldId: string; tokenHash: string }[] = [];
  for (const field of onPath.filter((f) => f.type === "file")) {
    const token = uploadToken(answers[field.id]);
    if (token === null) continue;
    uploads.push({ fieldId: field.id, tokenHash: hashSecretToken(token) });
    answers[field.id] = input.files?.files[field.id]?.name ?? "file";
  }
  const stored = await deps.forms
    .forBusiness(input.businessId)
    .addSubmission(
      {
        formId: form.id,
        version: form.version,
        answers,
        contactEmail: email ? String(step.answers[email.id]).toLowerCase() : null,
        contactName: name ? String(step.answers[name.id]) : null,
        contactPhone: phone ? String(step.answers[phone.id]) : null,
        consentText: consents.length > 0 ? consents.map((f) => localize(f.label, input.chain)).join("\n") : null,
        consentedAt: consents.length > 0 ? input.now : null,
        isDisqualified: step.disqualified !== null,
        endingId: step.ending.id,
        locale: input.locale,
        createdAt: input.now,
      },
      uploads,
    )
    .catch((error: unknown) => {
      if (!(error instanceof UploadGoneError)) throw error;
      return error;
    });
  if (stored instanceof UploadGoneError) {
    const errors = [{ field: stored.fieldId, code: "FILE_MISSING" as const }];
    return fileErrorsOnPath({ ...input, files: { files: {}, errors } }) ?? { kind: "slide", path: step.path, errors };
  }
  return { kind: "done", ending: step.ending, disqualified: step.disqualified, submissionId: stored.id };
}

/**
 * A step whose file was refused (too large, wrong kind) or is no longer kept: the first slide on the
 * visitor's way that shows such a field, with those errors; null when there is none.
 */
function fileErrorsOnPath(input: SubmitFormInput): Extract<SubmitFormOutcome, { kind: "slide" }> | null {
  const errors = input.files?.errors ?? [];
  if (errors.length === 0) return null;
  const { definition } = input.form;
  const path = pathTo(definition, input.answers, input.current);
  for (const [index, slideId] of path.entries()) {
    const slide = definition.slides.find((s) => s.id === slideId)!;
    const shown = new Set(activeFields(slide, input.answers).map((f) => f.id));
    const here = errors.filter((e) => shown.has(e.field));
    if (here.length === 0) continue;
    // With the slide's other errors, so the visitor sees everything to fix at once.
    const others = validateAnswers(definition, [slideId], input.answers).errors.filter(
      (e) => !here.some((h) => h.field === e.field),
    );
    return { kind: "slide", path: path.slice(0, index + 1), errors: [...here, ...others] };
  }
  return null;
}

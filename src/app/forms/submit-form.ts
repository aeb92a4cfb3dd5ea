/**
 * A visitor's post on a form or survey page (issue 15): one step through the slides (`advance`),
 * and on the last one the submission — stored against the version the visitor saw, with the
 * contact's email and the consent text and time. Spam protection: a filled honeypot field is
 * answered as if all went well and nothing is stored; a post faster than the minimum fill time, or
 * without a valid fill token, is refused so a person can send again.
 */
import { advance } from "../../core/forms/advance.ts";
import { allFields, localize, type Answers, type Ending, type LocalizedText } from "../../core/forms/definition.ts";
import { walk } from "../../core/forms/logic.ts";
import type { AnswerError } from "../../core/forms/validate-answers.ts";
import { checkFillToken } from "./fill-token.ts";
import type { FormDirectory, StoredForm } from "./ports.ts";

export interface SubmitFormInput {
  readonly businessId: string;
  readonly form: StoredForm;
  /** The version the page was rendered from; a newer current version makes the visitor start again. */
  readonly version: number;
  readonly answers: Answers;
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
  const step = advance(form.definition, input.answers, input.current, input.intent);
  if (step.kind !== "complete") return step;
  const fill = checkFillToken(deps.secret, input.fillToken, input.now);
  if (fill !== "ok") return { kind: "too-fast", path: step.path, isTokenInvalid: fill === "invalid" };

  const onPath = allFields(form.definition).filter((f) => step.answers[f.id] !== undefined);
  const email = onPath.find((f) => f.type === "email");
  const consents = onPath.filter((f) => f.type === "consent");
  const stored = await deps.forms.forBusiness(input.businessId).addSubmission({
    formId: form.id,
    version: form.version,
    answers: step.answers,
    contactEmail: email ? String(step.answers[email.id]).toLowerCase() : null,
    consentText: consents.length > 0 ? consents.map((f) => localize(f.label, input.chain)).join("\n") : null,
    consentedAt: consents.length > 0 ? input.now : null,
    isDisqualified: step.disqualified !== null,
    endingId: step.ending.id,
    locale: input.locale,
    createdAt: input.now,
  });
  return { kind: "done", ending: step.ending, disqualified: step.disqualified, submissionId: stored.id };
}

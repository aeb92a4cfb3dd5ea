/**
 * A form attached to a booking calendar (issue 15, "the same field engine serves a booking
 * calendar's custom questions"): its one slide is asked on the booking's details step instead of
 * the calendar's own questions, checked with the same rules and codes as on the form's page
 * (validate-answers.ts, show/hide by logic.ts), and stored with the booking and as a submission.
 */
import { allFields, localize, type AnswerValue, type Answers, type FormDefinition } from "./definition.ts";
import { validateAnswers, type AnswerError } from "./validate-answers.ts";

/** The current version of a calendar's attached form, as the booking rules read it. */
export interface AttachedForm {
  readonly id: string;
  readonly version: number;
  readonly definition: FormDefinition;
}

/**
 * Why a form cannot be attached: a survey's slides and jumps have no place in a one-page details
 * step, and a booking request is JSON that carries no files.
 */
export type AttachFormErrorCode = "FORM_IS_SURVEY" | "FORM_HAS_FILE_FIELDS";

export function attachableFormError(kind: "form" | "survey", definition: FormDefinition): AttachFormErrorCode | null {
  if (kind !== "form" || definition.slides.length !== 1) return "FORM_IS_SURVEY";
  if (allFields(definition).some((f) => f.type === "file")) return "FORM_HAS_FILE_FIELDS";
  return null;
}

/** Only strings and string lists are answers; anything else a request carries is dropped. */
function asAnswers(raw: Readonly<Record<string, unknown>> | null | undefined): Answers {
  const answers: Record<string, AnswerValue> = {};
  for (const [id, value] of Object.entries(raw ?? {})) {
    if (typeof value === "string") answers[id] = value;
    else if (typeof value === "number" || typeof value === "boolean") answers[id] = String(value);
    else if (Array.isArray(value) && value.every((v) => typeof v === "string")) answers[id] = value as string[];
  }
  return answers;
}

/**
 * The booker's answers to the attached form: the cleaned answers of the fields shown (hidden ones
 * are neither required nor kept), and one error per field. A file field (attached before the rule
 * refusing them, or added to the form since) is not asked.
 */
export function checkAttachedAnswers(
  definition: FormDefinition,
  raw: Readonly<Record<string, unknown>> | null | undefined,
): { readonly answers: Answers; readonly errors: readonly AnswerError[] } {
  const withoutFiles: FormDefinition = {
    ...definition,
    slides: definition.slides.map((s) => ({ ...s, fields: s.fields.filter((f) => f.type !== "file") })),
  };
  return validateAnswers(withoutFiles, [withoutFiles.slides[0]?.id ?? ""], asAnswers(raw));
}

/** The wording of the consent fields answered, in the visitor's language, one a line; null without one. */
export function consentWording(definition: FormDefinition, answers: Answers, chain: readonly string[]): string | null {
  const given = allFields(definition).filter((f) => f.type === "consent" && answers[f.id] !== undefined);
  return given.length > 0 ? given.map((f) => localize(f.label, chain)).join("\n") : null;
}

/**
 * The message of each form-engine refusal (core/forms/validate-answers.ts), shared by a form's own
 * page and a booking calendar's attached form (issue 15), so a field is refused in the same words in both.
 */
import type { FieldType } from "../../core/forms/definition.ts";
import type { AnswerErrorCode } from "../../core/forms/validate-answers.ts";

export const ANSWER_ERROR_MESSAGES: Readonly<Record<AnswerErrorCode, string>> = {
  FIELD_REQUIRED: "widget.validation.required",
  OPTION_REQUIRED: "widget.validation.option",
  EMAIL_INVALID: "widget.validation.emailInvalid",
  PHONE_INVALID: "widget.validation.phoneInvalid",
  OPTION_INVALID: "widget.validation.invalid",
  NUMBER_INVALID: "forms.validation.number",
  NUMBER_OUT_OF_RANGE: "forms.validation.range",
  AMOUNT_INVALID: "forms.validation.amount",
  AMOUNT_OUT_OF_RANGE: "forms.validation.amountRange",
  DATE_INVALID: "forms.validation.date",
  TEXT_TOO_LONG: "forms.validation.tooLong",
  FILE_TOO_LARGE: "forms.validation.fileTooLarge",
  FILE_TYPE: "forms.validation.fileType",
  FILE_MISSING: "forms.validation.fileMissing",
};

/** Fields that take one choice: "choose an option", not "at least one" (walk-through finding). */
const SINGLE_CHOICE: ReadonlySet<FieldType> = new Set(["radio", "dropdown", "rating"]);

/** The catalogue key of a refusal of a field of type `type` (an unknown code reads as "invalid"). */
export function answerErrorMessage(code: string, type: FieldType): string {
  if (code === "OPTION_REQUIRED" && SINGLE_CHOICE.has(type)) return "widget.validation.chooseOne";
  return ANSWER_ERROR_MESSAGES[code as AnswerErrorCode] ?? "widget.validation.invalid";
}

/**
 * A submission as the business reads it in a notification (email, webhook): one line per answered
 * field in the definition's order, labelled in the reader's language, a choice shown by its option's
 * label rather than its stored value. Answers to fields the version no longer has keep their id.
 */
import {
  allFields,
  isAnswerField,
  localize,
  type AnswerValue,
  type Answers,
  type FormDefinition,
} from "./definition.ts";

export interface AnswerLine {
  readonly fieldId: string;
  readonly label: string;
  readonly value: string;
}

/** An answer as one line of text: a list joined with "; " (also the CSV export's cell). */
export function answerText(answer: AnswerValue): string {
  return typeof answer === "string" ? answer : answer.join("; ");
}

export function answerLines(definition: FormDefinition, answers: Answers, chain: readonly string[]): AnswerLine[] {
  const fields = allFields(definition).filter(isAnswerField);
  const known = new Set(fields.map((f) => f.id));
  const lines: AnswerLine[] = [];
  for (const field of fields) {
    const answer = answers[field.id];
    if (answer === undefined || answer.length === 0) continue;
    const optionLabel =
      "options" in field
        ? (value: string) => localize(field.options.find((o) => o.value === value)?.label, chain) || value
        : (value: string) => value;
    const value = typeof answer === "string" ? optionLabel(answer) : answer.map(optionLabel).join("; ");
    lines.push({ fieldId: field.id, label: localize(field.label, chain) || field.id, value });
  }
  for (const [fieldId, answer] of Object.entries(answers))
    if (!known.has(fieldId) && answer.length > 0) lines.push({ fieldId, label: fieldId, value: answerText(answer) });
  return lines;
}

/**
 * A submission as the business reads it in a notification (email, webhook): one line per answered
 * field in the definition's order, labelled in the reader's language, a choice shown by its option's
 * label rather than its stored value. Answers to fields the version no longer has keep their id.
 */
import { formatMoney, parseAmount } from "../payments/money.ts";
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

/** A stored amount ("45.50") in the reader's language ("45,50 €"); as stored if it does not parse. */
function moneyText(value: string, currency: string, chain: readonly string[]): string {
  const minor = parseAmount(value, currency);
  return minor === null ? value : formatMoney(minor, currency, chain[0] ?? "en");
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
        : field.type === "money"
          ? (value: string) => moneyText(value, field.currency, chain)
          : (value: string) => value;
    const value = typeof answer === "string" ? optionLabel(answer) : answer.map(optionLabel).join("; ");
    lines.push({ fieldId: field.id, label: localize(field.label, chain) || field.id, value });
  }
  for (const [fieldId, answer] of Object.entries(answers))
    if (!known.has(fieldId) && answer.length > 0) lines.push({ fieldId, label: fieldId, value: answerText(answer) });
  return lines;
}

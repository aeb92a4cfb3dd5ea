/**
 * Checks a visitor's answers against the fields that take part on the path taken (visible fields and
 * hidden URL fields of those slides). Returns the cleaned answers — only those fields, trimmed —
 * and one error code per field; the UI and the HTTP edge map each code to the spec's message (§5:
 * 'This field is required.', 'Please choose at least one option', 'Email is invalid!').
 */
import { minorDigits, parseAmount } from "../payments/money.ts";
import { isAnswerField, type AnswerValue, type Answers, type Field, type FormDefinition } from "./definition.ts";
import { activeFields } from "./logic.ts";
import { UPLOAD_REFERENCE } from "./uploads.ts";

export type AnswerErrorCode =
  | "FIELD_REQUIRED"
  | "OPTION_REQUIRED"
  | "EMAIL_INVALID"
  | "PHONE_INVALID"
  | "NUMBER_INVALID"
  | "NUMBER_OUT_OF_RANGE"
  | "AMOUNT_INVALID"
  | "AMOUNT_OUT_OF_RANGE"
  | "DATE_INVALID"
  | "TEXT_TOO_LONG"
  | "OPTION_INVALID"
  | "FILE_TOO_LARGE"
  | "FILE_TYPE"
  /** The answer names no file kept for this form (never uploaded, or kept too long unsent). */
  | "FILE_MISSING";

export interface AnswerError {
  readonly field: string;
  readonly code: AnswerErrorCode;
}

/** Limits that hold for every text answer, whatever the definition says. */
export const MAX_TEXT = 5000;
export const MAX_SHORT_TEXT = 500;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9 ()./-]{5,40}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function isRealDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const [y, m, d] = value.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

function text(raw: AnswerValue | undefined): string {
  if (typeof raw === "string") return raw.trim();
  return raw?.[0]?.trim() ?? "";
}

function list(raw: AnswerValue | undefined): string[] {
  if (raw === undefined) return [];
  return (typeof raw === "string" ? [raw] : [...raw]).map((v) => v.trim()).filter((v) => v !== "");
}

/** The answer to one field, cleaned, or an error code; `null` value means "no answer". */
export function checkField(
  field: Field,
  raw: AnswerValue | undefined,
): { value: AnswerValue | null; error?: AnswerErrorCode } {
  if (!isAnswerField(field)) return { value: null };
  if (field.type === "checkboxes") {
    const chosen = list(raw);
    if (chosen.some((v) => !field.options.some((o) => o.value === v))) return { value: null, error: "OPTION_INVALID" };
    if (chosen.length === 0) return field.required ? { value: null, error: "OPTION_REQUIRED" } : { value: null };
    return { value: chosen };
  }
  const value = text(raw);
  if (value === "") {
    if (!field.required) return { value: null };
    const isChoice = field.type === "radio" || field.type === "dropdown" || field.type === "rating";
    return { value: null, error: isChoice ? "OPTION_REQUIRED" : "FIELD_REQUIRED" };
  }
  const limit = field.type === "textarea" ? MAX_TEXT : MAX_SHORT_TEXT;
  const max = field.type === "text" || field.type === "textarea" ? Math.min(field.maxLength ?? limit, limit) : limit;
  if (value.length > max) return { value: null, error: "TEXT_TOO_LONG" };
  switch (field.type) {
    case "email":
      return EMAIL.test(value) ? { value } : { value: null, error: "EMAIL_INVALID" };
    case "phone":
      return PHONE.test(value) ? { value } : { value: null, error: "PHONE_INVALID" };
    case "date":
      return isRealDate(value) ? { value } : { value: null, error: "DATE_INVALID" };
    case "number": {
      const n = Number(value);
      if (!Number.isFinite(n)) return { value: null, error: "NUMBER_INVALID" };
      if ((field.min !== undefined && n < field.min) || (field.max !== undefined && n > field.max))
        return { value: null, error: "NUMBER_OUT_OF_RANGE" };
      return { value: String(n) };
    }
    case "money": {
      const minor = parseAmount(value, field.currency);
      if (minor === null) return { value: null, error: "AMOUNT_INVALID" };
      if (
        (field.minMinor !== undefined && minor < field.minMinor) ||
        (field.maxMinor !== undefined && minor > field.maxMinor)
      )
        return { value: null, error: "AMOUNT_OUT_OF_RANGE" };
      return { value: decimalAmount(minor, field.currency) };
    }
    case "rating": {
      const n = Number(value);
      return Number.isInteger(n) && n >= 1 && n <= field.max ? { value } : { value: null, error: "OPTION_INVALID" };
    }
    case "radio":
    case "dropdown":
      return field.options.some((o) => o.value === value) ? { value } : { value: null, error: "OPTION_INVALID" };
    case "file":
      return UPLOAD_REFERENCE.test(value) ? { value } : { value: null, error: "FILE_MISSING" };
    case "consent":
      // A checked box posts "yes"; anything else is no consent.
      return value === "yes" ? { value } : field.required ? { value: null, error: "FIELD_REQUIRED" } : { value: null };
    default:
      return { value };
  }
}

/** Minor units as the stored decimal: "45.50" (EUR), "4500" (JPY), "1.250" (KWD) — no locale. */
export function decimalAmount(minor: number, currency: string): string {
  const digits = minorDigits(currency);
  return digits === 0 ? String(minor) : (minor / 10 ** digits).toFixed(digits);
}

export interface CheckedAnswers {
  readonly answers: Answers;
  readonly errors: readonly AnswerError[];
}

/**
 * Validates the fields of `slideIds` (in that order). Visibility is evaluated on the raw answers
 * as given, so a field hidden by an earlier answer is neither required nor kept.
 */
export function validateAnswers(definition: FormDefinition, slideIds: readonly string[], raw: Answers): CheckedAnswers {
  const answers: Record<string, AnswerValue> = {};
  const errors: AnswerError[] = [];
  for (const slideId of slideIds) {
    const slide = definition.slides.find((s) => s.id === slideId);
    if (!slide) continue;
    for (const field of activeFields(slide, raw)) {
      const { value, error } = checkField(field, raw[field.id]);
      if (error) errors.push({ field: field.id, code: error });
      else if (value !== null) answers[field.id] = value;
    }
  }
  return { answers, errors };
}

import type { CustomQuestion } from "../calendar/calendar.ts";
import type { FieldError, Outcome } from "./errors.ts";
import { fail, ok } from "./errors.ts";

export type Answers = Readonly<Record<string, unknown>>;

/**
 * Checks the answers to the calendar's questions and the booker's location (spec §5: 'This field
 * is required.', 'Please choose at least one option', 'Location is required.'). Unknown answers
 * are dropped; answers are stored as given (strings, or string lists for checkboxes). The location is
 * required when the booking's location may be "ask the visitor" (booking-location.ts).
 */
export function validateAnswers(
  questions: readonly CustomQuestion[],
  answers: Answers | undefined,
  asksLocation: boolean,
  bookerLocation: string | null | undefined,
): Outcome<Record<string, string | string[]>> {
  const fields: FieldError[] = [];
  const out: Record<string, string | string[]> = {};
  for (const q of questions) {
    const raw = answers?.[q.id];
    const isChoice = q.kind === "checkbox" || (q.kind === "select" && Array.isArray(raw));
    if (isChoice) {
      const list = (Array.isArray(raw) ? raw : typeof raw === "string" && raw !== "" ? [raw] : []).filter(
        (v): v is string => typeof v === "string",
      );
      const allowed = q.options ? list.filter((v) => q.options!.includes(v)) : list;
      if (q.required && allowed.length === 0) fields.push({ path: `answers.${q.id}`, code: "OPTION_REQUIRED" });
      if (allowed.length > 0) out[q.id] = allowed;
      continue;
    }
    const text = typeof raw === "string" ? raw.trim() : typeof raw === "number" ? String(raw) : "";
    if (q.kind === "select" && text !== "" && q.options && !q.options.includes(text)) {
      fields.push({ path: `answers.${q.id}`, code: "OPTION_REQUIRED" });
      continue;
    }
    if (q.required && text === "")
      fields.push({ path: `answers.${q.id}`, code: q.kind === "select" ? "OPTION_REQUIRED" : "FIELD_REQUIRED" });
    if (text !== "") out[q.id] = text;
  }
  if (asksLocation && (bookerLocation ?? "").trim() === "") {
    fields.push({ path: "contact.location", code: "LOCATION_REQUIRED" });
  }
  const first = fields[0];
  if (first) return fail(first.code, undefined, fields);
  return ok(out);
}

/**
 * Submissions as CSV (RFC 4180: comma-separated, CRLF line ends, fields quoted when they hold a
 * comma, quote or line break, quotes doubled). A cell that a spreadsheet would run as a formula
 * (starting with =, +, -, @, tab or carriage return) gets a leading apostrophe — OWASP's advice
 * against CSV injection — so an answer like `=HYPERLINK(…)` stays text.
 */
import { answerText } from "./answer-lines.ts";
import { allFields, isAnswerField, localize, type Answers, type FormDefinition } from "./definition.ts";

export interface CsvSubmission {
  readonly id: string;
  readonly createdAt: string;
  readonly version: number;
  /** The language the visitor answered in (a locale code: "de", "pt-br"). */
  readonly locale: string;
  readonly contactEmail: string | null;
  readonly isDisqualified: boolean;
  readonly consentText: string | null;
  readonly consentedAt: string | null;
  readonly answers: Answers;
}

export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/**
 * One column per answer field of the current definition (labelled in `chain`'s language), then any
 * field only earlier versions had, by id — so no answer is left out of the export.
 */
export function submissionsCsv(
  definition: FormDefinition,
  submissions: readonly CsvSubmission[],
  chain: readonly string[],
): string {
  const fields = allFields(definition).filter(isAnswerField);
  const known = new Set(fields.map((f) => f.id));
  const extra = [...new Set(submissions.flatMap((s) => Object.keys(s.answers)))].filter((id) => !known.has(id)).sort();
  const columns = [
    ...fields.map((f) => ({ id: f.id, title: localize(f.label, chain) || f.id })),
    ...extra.map((id) => ({ id, title: id })),
  ];
  const header = [
    "id",
    "created_at",
    "version",
    "language",
    "contact_email",
    "disqualified",
    "consent_text",
    "consented_at",
    ...columns.map((c) => c.title),
  ];
  const rows = submissions.map((s) => [
    s.id,
    s.createdAt,
    String(s.version),
    s.locale,
    s.contactEmail ?? "",
    s.isDisqualified ? "yes" : "no",
    s.consentText ?? "",
    s.consentedAt ?? "",
    ...columns.map((c) => {
      const answer = s.answers[c.id];
      return answer === undefined ? "" : answerText(answer);
    }),
  ]);
  return [header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

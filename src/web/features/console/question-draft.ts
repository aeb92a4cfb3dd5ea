/**
 * A calendar's questions (custom fields asked when booking) as the console's form holds them, and
 * the business API's `settings.questions`. Pure, for the calendar form and its tests.
 */
import type { CalendarView } from "../../../app/business/ports.ts";
import { slugOf } from "./slug.ts";

type Question = CalendarView["settings"]["questions"][number];
export type QuestionKind = Question["kind"];
export const QUESTION_KINDS: readonly QuestionKind[] = ["text", "textarea", "select", "checkbox"];

export interface QuestionDraft {
  /** The stored id (answers are kept under it); "" for a question not saved yet. */
  readonly id: string;
  readonly label: string;
  readonly kind: QuestionKind;
  readonly required: boolean;
  /** The choices of a select or checkbox question, one per line as typed. */
  readonly options: string;
}

export const NEW_QUESTION: QuestionDraft = { id: "", label: "", kind: "text", required: false, options: "" };

/** Whether the kind asks to choose among options (the API requires them then, and refuses them otherwise). */
export const hasOptions = (kind: QuestionKind) => kind === "select" || kind === "checkbox";

export const questionDraftOf = (q: Question): QuestionDraft => ({
  id: q.id,
  label: q.label,
  kind: q.kind,
  required: q.required,
  options: (q.options ?? []).join("\n"),
});

/** The API's id pattern (input-schemas.ts QuestionSchema): letters, digits, _ or -, at most 64. */
const ID_MAX = 64;

/**
 * The API's questions. A new question's id comes from its label ("Allergies?" → "allergies"), made
 * unique among the others with a number; a saved one keeps its id, so its past answers stay its own.
 * What the API refuses (an empty label, a choice question without choices) is sent as typed, for the
 * refusal to come back at that question's field.
 */
export function questionsBody(drafts: readonly QuestionDraft[]) {
  const taken = new Set(drafts.map((q) => q.id).filter((id) => id !== ""));
  return drafts.map((q) => {
    let id = q.id;
    if (id === "") {
      const base = (slugOf(q.label) || "question").slice(0, ID_MAX - 4).replace(/-+$/, "");
      id = base;
      for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
      taken.add(id);
    }
    const options = q.options
      .split("\n")
      .map((o) => o.trim())
      .filter((o) => o !== "");
    return {
      id,
      label: q.label.trim(),
      kind: q.kind,
      required: q.required,
      ...(hasOptions(q.kind) ? { options } : {}),
    };
  });
}

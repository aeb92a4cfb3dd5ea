/**
 * One step of a visitor through a form or survey, the same with and without JavaScript: the page
 * posts the answers so far, the slide it shows and "next" or "back"; this decides what comes next.
 * The path is never taken from the browser: it is the walk the answers themselves lead to
 * (`walk`), cut at the slide shown — so progress counts only the slides actually on the way.
 */
import type { Answers, Ending, FormDefinition, LocalizedText } from "./definition.ts";
import { fallbackTarget, nextStep, walk } from "./logic.ts";
import { validateAnswers, type AnswerError } from "./validate-answers.ts";

export type Advance =
  /** Show this slide (the last of `path`), with errors when "next" was refused. */
  | { readonly kind: "slide"; readonly path: readonly string[]; readonly errors: readonly AnswerError[] }
  /** Every slide on the path is valid: store `answers` (cleaned) and show the ending. */
  | {
      readonly kind: "complete";
      readonly path: readonly string[];
      readonly answers: Answers;
      readonly ending: Ending;
      readonly disqualified: LocalizedText | null;
    }
  | { readonly kind: "disqualified"; readonly message: LocalizedText };

/** The slides from the first up to `current` along the answers' path; just the first when `current` is not on it. */
export function pathTo(definition: FormDefinition, answers: Answers, current: string): string[] {
  const taken = walk(definition, answers).path;
  const index = taken.indexOf(current);
  return index === -1 ? taken.slice(0, 1) : taken.slice(0, index + 1);
}

export function advance(definition: FormDefinition, raw: Answers, current: string, intent: "next" | "back"): Advance {
  const path = pathTo(definition, raw, current);
  const shown = path[path.length - 1]!;
  if (intent === "back") return { kind: "slide", path: path.length > 1 ? path.slice(0, -1) : path, errors: [] };
  const { errors } = validateAnswers(definition, [shown], raw);
  if (errors.length > 0) return { kind: "slide", path, errors };
  const step = nextStep(definition, shown, raw);
  if (!step) return { kind: "slide", path, errors: [] };
  if (step.kind === "disqualified") return { kind: "disqualified", message: step.message };
  if (step.kind === "slide") return { kind: "slide", path: [...path, step.slide.id], errors: [] };
  const walked = walk(definition, raw);
  const checked = validateAnswers(definition, path, raw);
  if (walked.kind !== "ending" || checked.errors.length > 0) {
    // An earlier slide no longer validates (answers edited by hand): show the first one that fails.
    const failing = path.find((id) => validateAnswers(definition, [id], raw).errors.length > 0) ?? path[0]!;
    return {
      kind: "slide",
      path: path.slice(0, path.indexOf(failing) + 1),
      errors: validateAnswers(definition, [failing], raw).errors,
    };
  }
  return { kind: "complete", path, answers: checked.answers, ending: walked.ending, disqualified: walked.disqualified };
}

/**
 * The most slides still ahead from `slideId`, itself included (the longest way to an ending; the
 * checker guarantees there is no cycle). With the path so far it gives an honest "step n of m".
 */
export function slidesAhead(definition: FormDefinition, slideId: string): number {
  const memo = new Map<string, number>();
  const depth = (id: string, seen: ReadonlySet<string>): number => {
    const known = memo.get(id);
    if (known !== undefined) return known;
    const index = definition.slides.findIndex((s) => s.id === id);
    const slide = definition.slides[index];
    if (!slide || seen.has(id)) return 0;
    const targets = [
      fallbackTarget(definition, index),
      ...(slide.rules ?? []).map((r) => (r.action.type === "jump" ? r.action.to : null)),
    ];
    const next = new Set([...seen, id]);
    const result = 1 + Math.max(0, ...targets.map((t) => (t === null ? 0 : depth(t, next))));
    memo.set(id, result);
    return result;
  };
  return depth(slideId, new Set());
}

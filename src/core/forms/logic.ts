/**
 * The logic evaluator: which fields show, and where "Next" goes (shape after formbricks'
 * packages/surveys/src/lib/logic.ts: pure functions of the definition and the answers so far).
 * Dates compare as `YYYY-MM-DD` strings, numbers as decimal numbers; an unanswered field is empty.
 */
import type {
  AnswerValue,
  Answers,
  Condition,
  ConditionGroup,
  Ending,
  Field,
  FormDefinition,
  LocalizedText,
  Slide,
} from "./definition.ts";

function asList(value: AnswerValue | undefined): readonly string[] {
  if (value === undefined) return [];
  return typeof value === "string" ? (value === "" ? [] : [value]) : value;
}

function asNumber(value: AnswerValue | undefined): number | null {
  if (typeof value !== "string" || value.trim() === "") return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function evaluateCondition(condition: Condition, answers: Answers): boolean {
  const answer = answers[condition.field];
  const list = asList(answer);
  const expected = condition.value;
  switch (condition.op) {
    case "isEmpty":
      return list.length === 0;
    case "isNotEmpty":
      return list.length > 0;
    case "equals":
      // A multiple choice equals a value when exactly that one option is chosen.
      return list.length === 1 && list[0] === String(expected);
    case "notEquals":
      return !(list.length === 1 && list[0] === String(expected));
    case "contains": {
      const needle = String(expected ?? "").toLowerCase();
      if (typeof answer === "string") return answer.toLowerCase().includes(needle);
      return list.some((v) => v.toLowerCase() === needle);
    }
    case "oneOf": {
      const options = Array.isArray(expected) ? expected : [String(expected)];
      return list.some((v) => options.includes(v));
    }
    case "greaterThan":
    case "lessThan": {
      const n = asNumber(answer);
      const bound = typeof expected === "number" ? expected : Number(expected);
      if (n === null || !Number.isFinite(bound)) return false;
      return condition.op === "greaterThan" ? n > bound : n < bound;
    }
    case "before":
    case "after": {
      if (typeof answer !== "string" || !DATE.test(answer) || typeof expected !== "string") return false;
      return condition.op === "before" ? answer < expected : answer > expected;
    }
  }
}

export function evaluateGroup(group: ConditionGroup, answers: Answers): boolean {
  if (group.conditions.length === 0) return true;
  return group.combine === "and"
    ? group.conditions.every((c) => evaluateCondition(c, answers))
    : group.conditions.some((c) => evaluateCondition(c, answers));
}

export function isFieldVisible(field: Field, answers: Answers): boolean {
  if (field.type === "hidden") return false;
  if (!field.visibility) return true;
  const holds = evaluateGroup(field.visibility.when, answers);
  return field.visibility.mode === "show" ? holds : !holds;
}

/** Fields of a slide that take part now: visible ones and hidden (URL) fields. */
export function activeFields(slide: Slide, answers: Answers): Field[] {
  return slide.fields.filter((f) => f.type === "hidden" || isFieldVisible(f, answers));
}

export type Step =
  | { readonly kind: "slide"; readonly slide: Slide; readonly disqualified: LocalizedText | null }
  | { readonly kind: "ending"; readonly ending: Ending; readonly disqualified: LocalizedText | null }
  | { readonly kind: "disqualified"; readonly message: LocalizedText };

/** A slide or ending id resolved, or null when the id names neither (the checker refuses that). */
export function resolveTarget(definition: FormDefinition, id: string): Slide | Ending | null {
  return definition.slides.find((s) => s.id === id) ?? definition.endings.find((e) => e.id === id) ?? null;
}

/** The target of "Next" when no rule matches: `fallback`, the next slide, or the first ending. */
export function fallbackTarget(definition: FormDefinition, slideIndex: number): string | null {
  const slide = definition.slides[slideIndex];
  if (slide?.fallback) return slide.fallback;
  return definition.slides[slideIndex + 1]?.id ?? definition.endings[0]?.id ?? null;
}

/**
 * Where "Next" on `slideId` goes with these answers. An "after submit" disqualification carries on
 * along the path and marks the ending; the first of them wins. Null for an unknown slide or a
 * target the checker would have refused.
 */
export function nextStep(
  definition: FormDefinition,
  slideId: string,
  answers: Answers,
  disqualifiedBefore: LocalizedText | null = null,
): Step | null {
  const index = definition.slides.findIndex((s) => s.id === slideId);
  const slide = definition.slides[index];
  if (!slide) return null;
  let disqualified = disqualifiedBefore;
  let target = fallbackTarget(definition, index);
  for (const rule of slide.rules ?? []) {
    if (!evaluateGroup(rule.when, answers)) continue;
    if (rule.action.type === "jump") {
      target = rule.action.to;
      break;
    }
    if (rule.action.timing === "immediately") return { kind: "disqualified", message: rule.action.message };
    disqualified ??= rule.action.message;
    break;
  }
  if (target === null) return null;
  const resolved = resolveTarget(definition, target);
  if (!resolved) return null;
  if ("fields" in resolved) return { kind: "slide", slide: resolved, disqualified };
  return { kind: "ending", ending: resolved, disqualified };
}

export type Walk =
  | {
      readonly kind: "ending";
      readonly path: readonly string[];
      readonly ending: Ending;
      readonly disqualified: LocalizedText | null;
    }
  | { readonly kind: "disqualified"; readonly path: readonly string[]; readonly message: LocalizedText }
  | { readonly kind: "broken"; readonly path: readonly string[] };

/**
 * Follows the path from the first slide with a full set of answers (a no-JavaScript submission, or
 * a check of the path a survey took). Stops at an ending, a disqualification, or — for a definition
 * the checker refused — an undefined target or a revisited slide.
 */
export function walk(definition: FormDefinition, answers: Answers): Walk {
  const first = definition.slides[0];
  if (!first) return { kind: "broken", path: [] };
  const path = [first.id];
  let disqualified: LocalizedText | null = null;
  for (;;) {
    const step = nextStep(definition, path[path.length - 1]!, answers, disqualified);
    if (!step) return { kind: "broken", path };
    if (step.kind === "disqualified") return { kind: "disqualified", path, message: step.message };
    if (step.kind === "ending") return { kind: "ending", path, ending: step.ending, disqualified: step.disqualified };
    if (path.includes(step.slide.id)) return { kind: "broken", path };
    path.push(step.slide.id);
    disqualified = step.disqualified;
  }
}

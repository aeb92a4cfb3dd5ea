/**
 * Save-time checks of a definition (issue 15): beyond its shape (validated with zod at the edge),
 * every id is unique, every jump and fallback names a slide or ending, every condition names an
 * answer field, no path of jumps can cycle and every slide reaches an ending. Each problem says
 * where, as a path into the definition, so the business can fix it.
 */
import { allFields, isAnswerField, type ConditionGroup, type FormDefinition } from "./definition.ts";
import { fallbackTarget } from "./logic.ts";

export type DefinitionProblemCode =
  | "NO_SLIDES"
  | "FORM_HAS_SLIDES"
  | "DUPLICATE_ID"
  | "UNKNOWN_TARGET"
  | "UNKNOWN_FIELD"
  | "NO_OPTIONS"
  | "JUMP_CYCLE"
  | "DEAD_END";

export interface DefinitionProblem {
  readonly code: DefinitionProblemCode;
  /** A JSON path into the definition, e.g. `slides[1].rules[0].action.to`. */
  readonly where: string;
  readonly message: string;
}

export function checkDefinition(definition: FormDefinition, kind: "form" | "survey"): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  const add = (code: DefinitionProblemCode, where: string, message: string) => problems.push({ code, where, message });
  const { slides, endings } = definition;
  if (slides.length === 0) add("NO_SLIDES", "slides", "A definition needs at least one slide.");
  if (kind === "form" && slides.length > 1)
    add("FORM_HAS_SLIDES", "slides", "A form is one page: give it exactly one slide, or make it a survey.");

  const seen = new Map<string, string>();
  const claim = (id: string, where: string) => {
    const earlier = seen.get(id);
    if (earlier) add("DUPLICATE_ID", where, `The id "${id}" is already used at ${earlier}.`);
    else seen.set(id, where);
  };
  slides.forEach((s, i) => {
    claim(s.id, `slides[${i}]`);
    s.fields.forEach((f, j) => claim(f.id, `slides[${i}].fields[${j}]`));
  });
  endings.forEach((e, i) => claim(e.id, `endings[${i}]`));

  const answerIds = new Set(
    allFields(definition)
      .filter(isAnswerField)
      .map((f) => f.id),
  );
  const checkGroup = (group: ConditionGroup, where: string) =>
    group.conditions.forEach((c, k) => {
      if (!answerIds.has(c.field))
        add("UNKNOWN_FIELD", `${where}.conditions[${k}].field`, `The condition names "${c.field}", which is no field.`);
    });

  const slideIds = new Set(slides.map((s) => s.id));
  const endingIds = new Set(endings.map((e) => e.id));
  const isTarget = (id: string) => slideIds.has(id) || endingIds.has(id);
  /** Outgoing slide edges per slide id, and whether the slide can finish. */
  const edges = new Map<string, string[]>();
  slides.forEach((slide, i) => {
    const out: string[] = [];
    slide.fields.forEach((f, j) => {
      if ((f.type === "radio" || f.type === "dropdown" || f.type === "checkboxes") && f.options.length === 0)
        add("NO_OPTIONS", `slides[${i}].fields[${j}].options`, `The field "${f.id}" needs at least one option.`);
      if (f.visibility) checkGroup(f.visibility.when, `slides[${i}].fields[${j}].visibility.when`);
    });
    (slide.rules ?? []).forEach((rule, k) => {
      checkGroup(rule.when, `slides[${i}].rules[${k}].when`);
      if (rule.action.type !== "jump") return;
      const to = rule.action.to;
      if (!isTarget(to))
        add(
          "UNKNOWN_TARGET",
          `slides[${i}].rules[${k}].action.to`,
          `Slide "${slide.id}" jumps to "${to}", which is no slide or ending.`,
        );
      else if (slideIds.has(to)) out.push(to);
    });
    const fallback = fallbackTarget(definition, i);
    if (fallback === null) add("DEAD_END", `slides[${i}]`, `Slide "${slide.id}" leads nowhere: add an ending.`);
    else if (!isTarget(fallback))
      add(
        "UNKNOWN_TARGET",
        `slides[${i}].fallback`,
        `Slide "${slide.id}" falls back to "${fallback}", which is no slide or ending.`,
      );
    else if (slideIds.has(fallback)) out.push(fallback);
    edges.set(slide.id, out);
  });

  const cycle = findCycle(
    slides.map((s) => s.id),
    edges,
  );
  if (cycle) {
    const i = slides.findIndex((s) => s.id === cycle[0]);
    add("JUMP_CYCLE", `slides[${i}]`, `Jumps can go round in a circle: ${cycle.join(" → ")}.`);
  }
  return problems;
}

/** A cycle as a list of slide ids that starts and ends with the same id, or null (depth-first search). */
function findCycle(ids: readonly string[], edges: ReadonlyMap<string, readonly string[]>): string[] | null {
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (id: string): string[] | null => {
    state.set(id, "open");
    stack.push(id);
    for (const next of edges.get(id) ?? []) {
      const s = state.get(next);
      if (s === "open") return [...stack.slice(stack.indexOf(next)), next];
      if (s === undefined) {
        const found = visit(next);
        if (found) return found;
      }
    }
    stack.pop();
    state.set(id, "done");
    return null;
  };
  for (const id of ids) {
    if (state.has(id)) continue;
    const found = visit(id);
    if (found) return found;
  }
  return null;
}

import { describe, expect, it } from "vitest";
import type { Answers, Condition, FormDefinition, Operator } from "./definition.ts";
import { evaluateCondition, evaluateGroup, isFieldVisible, nextStep, walk } from "./logic.ts";

const cases: { op: Operator; value?: Condition["value"]; answer: string | string[] | undefined; holds: boolean }[] = [
  { op: "equals", value: "yes", answer: "yes", holds: true },
  { op: "equals", value: "yes", answer: "no", holds: false },
  { op: "equals", value: "a", answer: ["a", "b"], holds: false },
  { op: "equals", value: "a", answer: ["a"], holds: true },
  { op: "notEquals", value: "yes", answer: "no", holds: true },
  { op: "notEquals", value: "yes", answer: "yes", holds: false },
  { op: "notEquals", value: "yes", answer: undefined, holds: true },
  { op: "contains", value: "Pain", answer: "back pain since May", holds: true },
  { op: "contains", value: "knee", answer: "back pain", holds: false },
  { op: "contains", value: "b", answer: ["a", "b"], holds: true },
  { op: "contains", value: "c", answer: ["a", "b"], holds: false },
  { op: "isEmpty", answer: undefined, holds: true },
  { op: "isEmpty", answer: "", holds: true },
  { op: "isEmpty", answer: [], holds: true },
  { op: "isEmpty", answer: "x", holds: false },
  { op: "isNotEmpty", answer: "x", holds: true },
  { op: "isNotEmpty", answer: [], holds: false },
  { op: "greaterThan", value: 17, answer: "18", holds: true },
  { op: "greaterThan", value: 18, answer: "18", holds: false },
  { op: "greaterThan", value: 1, answer: "abc", holds: false },
  { op: "greaterThan", value: 1, answer: undefined, holds: false },
  { op: "lessThan", value: 18, answer: "17.5", holds: true },
  { op: "lessThan", value: 18, answer: "18", holds: false },
  { op: "before", value: "2026-01-01", answer: "2025-12-31", holds: true },
  { op: "before", value: "2026-01-01", answer: "2026-01-01", holds: false },
  { op: "before", value: "2026-01-01", answer: "soon", holds: false },
  { op: "after", value: "2026-01-01", answer: "2026-01-02", holds: true },
  { op: "after", value: "2026-01-01", answer: "2025-06-30", holds: false },
  { op: "oneOf", value: ["a", "c"], answer: "c", holds: true },
  { op: "oneOf", value: ["a", "c"], answer: ["b", "c"], holds: true },
  { op: "oneOf", value: ["a", "c"], answer: "b", holds: false },
  { op: "oneOf", value: ["a"], answer: undefined, holds: false },
];

describe("evaluateCondition", () => {
  it.each(cases)("$op $value on $answer → $holds", ({ op, value, answer, holds }) => {
    const answers: Answers = answer === undefined ? {} : { q: answer };
    expect(evaluateCondition({ field: "q", op, value }, answers)).toBe(holds);
  });
});

describe("evaluateGroup", () => {
  const a: Condition = { field: "a", op: "equals", value: "1" };
  const b: Condition = { field: "b", op: "equals", value: "1" };
  it("AND needs every condition, OR any", () => {
    expect(evaluateGroup({ combine: "and", conditions: [a, b] }, { a: "1", b: "2" })).toBe(false);
    expect(evaluateGroup({ combine: "and", conditions: [a, b] }, { a: "1", b: "1" })).toBe(true);
    expect(evaluateGroup({ combine: "or", conditions: [a, b] }, { a: "2", b: "1" })).toBe(true);
    expect(evaluateGroup({ combine: "or", conditions: [a, b] }, { a: "2", b: "2" })).toBe(false);
  });
});

describe("isFieldVisible", () => {
  const when = { combine: "and" as const, conditions: [{ field: "pet", op: "equals" as const, value: "dog" }] };
  it("shows a 'show' field only while its conditions hold, hides a 'hide' field while they hold", () => {
    const show = {
      id: "breed",
      type: "text" as const,
      label: { en: "Breed" },
      visibility: { mode: "show" as const, when },
    };
    const hide = {
      id: "why",
      type: "text" as const,
      label: { en: "Why" },
      visibility: { mode: "hide" as const, when },
    };
    expect(isFieldVisible(show, { pet: "dog" })).toBe(true);
    expect(isFieldVisible(show, { pet: "cat" })).toBe(false);
    expect(isFieldVisible(hide, { pet: "dog" })).toBe(false);
    expect(isFieldVisible(hide, {})).toBe(true);
    expect(isFieldVisible({ id: "src", type: "hidden", label: {} }, {})).toBe(false);
  });
});

const en = (s: string) => ({ en: s });
const survey: FormDefinition = {
  formatVersion: 1,
  slides: [
    {
      id: "start",
      fields: [{ id: "age", type: "number", label: en("Age"), required: true }],
      rules: [
        {
          when: { combine: "and", conditions: [{ field: "age", op: "lessThan", value: 18 }] },
          action: { type: "disqualify", timing: "immediately", message: en("Adults only") },
        },
        {
          when: { combine: "and", conditions: [{ field: "age", op: "greaterThan", value: 64 }] },
          action: { type: "jump", to: "senior" },
        },
      ],
    },
    {
      id: "adult",
      fields: [
        {
          id: "smoker",
          type: "radio",
          label: en("Smoker"),
          options: [
            { value: "yes", label: en("Yes") },
            { value: "no", label: en("No") },
          ],
        },
      ],
      rules: [
        {
          when: { combine: "and", conditions: [{ field: "smoker", op: "equals", value: "yes" }] },
          action: { type: "disqualify", timing: "afterSubmit", message: en("Not eligible") },
        },
      ],
      fallback: "done",
    },
    { id: "senior", fields: [{ id: "mobility", type: "text", label: en("Mobility") }] },
    { id: "extra", fields: [{ id: "notes", type: "textarea", label: en("Notes") }] },
  ],
  endings: [
    { id: "done", kind: "message", title: en("Thanks") },
    { id: "web", kind: "redirect", url: "https://example.com/thanks" },
  ],
};

describe("nextStep", () => {
  it("falls back to the next slide when no rule matches", () => {
    expect(nextStep(survey, "start", { age: "30" })).toMatchObject({ kind: "slide", slide: { id: "adult" } });
  });
  it("jumps on the first matching rule", () => {
    expect(nextStep(survey, "start", { age: "70" })).toMatchObject({ kind: "slide", slide: { id: "senior" } });
  });
  it("disqualifies immediately", () => {
    expect(nextStep(survey, "start", { age: "12" })).toEqual({ kind: "disqualified", message: en("Adults only") });
  });
  it("uses the slide's fallback, and after the last slide the first ending", () => {
    expect(nextStep(survey, "adult", { smoker: "no" })).toMatchObject({
      kind: "ending",
      ending: { id: "done" },
      disqualified: null,
    });
    expect(nextStep(survey, "extra", {})).toMatchObject({ kind: "ending", ending: { id: "done" } });
  });
  it("marks an after-submit disqualification and carries on", () => {
    expect(nextStep(survey, "adult", { smoker: "yes" })).toMatchObject({
      kind: "ending",
      disqualified: en("Not eligible"),
    });
  });
  it("returns null for an unknown slide", () => {
    expect(nextStep(survey, "nope", {})).toBeNull();
  });
});

describe("walk", () => {
  it("follows each path to its end", () => {
    expect(walk(survey, { age: "30", smoker: "no" })).toMatchObject({
      kind: "ending",
      path: ["start", "adult"],
      disqualified: null,
    });
    expect(walk(survey, { age: "30", smoker: "yes" })).toMatchObject({
      kind: "ending",
      disqualified: en("Not eligible"),
    });
    expect(walk(survey, { age: "70" })).toMatchObject({ kind: "ending", path: ["start", "senior", "extra"] });
    expect(walk(survey, { age: "10" })).toMatchObject({ kind: "disqualified", path: ["start"] });
  });
  it("reports a broken path instead of looping on a cyclic definition", () => {
    const cyclic: FormDefinition = {
      formatVersion: 1,
      slides: [
        { id: "a", fields: [], fallback: "b" },
        { id: "b", fields: [], fallback: "a" },
      ],
      endings: [{ id: "end", kind: "message", title: en("x") }],
    };
    expect(walk(cyclic, {})).toEqual({ kind: "broken", path: ["a", "b"] });
  });
});

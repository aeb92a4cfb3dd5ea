import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkDefinition } from "./check-definition.ts";
import type { Answers, FormDefinition, Slide, SlideRule } from "./definition.ts";
import { walk } from "./logic.ts";

const en = (s: string) => ({ en: s });
const end = { id: "end", kind: "message" as const, title: en("Thanks") };

describe("checkDefinition", () => {
  it("accepts a well-formed survey", () => {
    const ok: FormDefinition = {
      formatVersion: 1,
      slides: [
        {
          id: "a",
          fields: [{ id: "q", type: "text", label: en("Q") }],
          rules: [
            {
              when: { combine: "and", conditions: [{ field: "q", op: "isEmpty" }] },
              action: { type: "jump", to: "c" },
            },
          ],
        },
        { id: "b", fields: [] },
        { id: "c", fields: [] },
      ],
      endings: [end],
    };
    expect(checkDefinition(ok, "survey")).toEqual([]);
  });

  it("refuses a jump cycle and says which slides form it", () => {
    const cyclic: FormDefinition = {
      formatVersion: 1,
      slides: [
        { id: "a", fields: [{ id: "q", type: "text", label: en("Q") }] },
        {
          id: "b",
          fields: [],
          rules: [
            {
              when: { combine: "and", conditions: [{ field: "q", op: "isEmpty" }] },
              action: { type: "jump", to: "a" },
            },
          ],
        },
      ],
      endings: [end],
    };
    expect(checkDefinition(cyclic, "survey")).toEqual([
      { code: "JUMP_CYCLE", where: "slides[0]", message: "Jumps can go round in a circle: a → b → a." },
    ]);
  });

  it("refuses a slide that reaches no ending", () => {
    const deadEnd: FormDefinition = {
      formatVersion: 1,
      slides: [
        { id: "a", fields: [] },
        { id: "b", fields: [] },
      ],
      endings: [],
    };
    expect(checkDefinition(deadEnd, "survey")).toEqual([
      { code: "DEAD_END", where: "slides[1]", message: 'Slide "b" leads nowhere: add an ending.' },
    ]);
  });

  it("refuses unknown jump targets, fallbacks and condition fields, duplicate ids and empty options", () => {
    const bad: FormDefinition = {
      formatVersion: 1,
      slides: [
        {
          id: "a",
          fields: [
            { id: "q", type: "radio", label: en("Q"), options: [] },
            { id: "q", type: "static", label: en("Read me") },
          ],
          rules: [
            {
              when: { combine: "or", conditions: [{ field: "ghost", op: "isEmpty" }] },
              action: { type: "jump", to: "nowhere" },
            },
          ],
          fallback: "lost",
        },
      ],
      endings: [end],
    };
    expect(checkDefinition(bad, "survey").map((p) => [p.code, p.where])).toEqual([
      ["DUPLICATE_ID", "slides[0].fields[1]"],
      ["NO_OPTIONS", "slides[0].fields[0].options"],
      ["UNKNOWN_FIELD", "slides[0].rules[0].when.conditions[0].field"],
      ["UNKNOWN_TARGET", "slides[0].rules[0].action.to"],
      ["UNKNOWN_TARGET", "slides[0].fallback"],
    ]);
  });

  it("refuses a form of several slides and a definition without slides", () => {
    const two: FormDefinition = {
      formatVersion: 1,
      slides: [
        { id: "a", fields: [] },
        { id: "b", fields: [] },
      ],
      endings: [end],
    };
    expect(checkDefinition(two, "form").map((p) => p.code)).toEqual(["FORM_HAS_SLIDES"]);
    expect(checkDefinition({ formatVersion: 1, slides: [], endings: [end] }, "survey").map((p) => p.code)).toEqual([
      "NO_SLIDES",
    ]);
  });
});

/** Random surveys whose jumps and fallbacks name any slide, any ending or an undefined id. */
const arbitrarySurvey = fc.integer({ min: 1, max: 6 }).chain((slideCount) => {
  const slideIds = Array.from({ length: slideCount }, (_, i) => `s${i}`);
  const target = fc.constantFrom(...slideIds, "end", "web", "missing");
  const rule: fc.Arbitrary<SlideRule> = fc.record({
    when: fc.record({
      combine: fc.constantFrom("and" as const, "or" as const),
      conditions: fc.array(
        fc.record({
          field: fc.constantFrom(...slideIds.map((id) => `${id}q`)),
          op: fc.constantFrom("equals" as const, "isEmpty" as const, "greaterThan" as const),
          value: fc.constantFrom("1", "2", 1),
        }),
        { maxLength: 2 },
      ),
    }),
    action: fc.oneof(
      target.map((to) => ({ type: "jump" as const, to })),
      fc
        .constantFrom("immediately" as const, "afterSubmit" as const)
        .map((timing) => ({ type: "disqualify" as const, timing, message: en("No") })),
    ),
  });
  const slides = fc.tuple(
    ...slideIds.map((id) =>
      fc.record(
        {
          id: fc.constant(id),
          fields: fc.constant([{ id: `${id}q`, type: "text" as const, label: en("Q") }]),
          rules: fc.array(rule, { maxLength: 3 }),
          fallback: target,
        },
        { requiredKeys: ["id", "fields", "rules"] },
      ),
    ),
  );
  const endings = fc.subarray([end, { id: "web", kind: "redirect" as const, url: "https://example.com" }]);
  return fc.record({ formatVersion: fc.constant(1 as const), slides: slides.map((s): Slide[] => s), endings });
});

const arbitraryAnswers = fc.dictionary(
  fc.constantFrom("s0q", "s1q", "s2q", "s3q", "s4q", "s5q"),
  fc.constantFrom("1", "2", ""),
) as fc.Arbitrary<Answers>;

describe("a definition the checker accepts", () => {
  it("never reaches an undefined slide and always ends, whatever the answers", () => {
    fc.assert(
      fc.property(
        arbitrarySurvey,
        fc.array(arbitraryAnswers, { minLength: 1, maxLength: 4 }),
        (definition, answerSets) => {
          fc.pre(checkDefinition(definition, "survey").length === 0);
          for (const answers of answerSets) {
            const result = walk(definition, answers);
            expect(result.kind).not.toBe("broken");
            for (const id of result.path) expect(definition.slides.some((s) => s.id === id)).toBe(true);
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it("the generator reaches both accepted and refused definitions", () => {
    const verdicts = fc.sample(arbitrarySurvey, 300).map((d) => checkDefinition(d, "survey").length === 0);
    expect(verdicts).toContain(true);
    expect(verdicts).toContain(false);
  });
});

import { describe, expect, it } from "vitest";
import type { Field, FormDefinition } from "./definition.ts";
import { checkField, validateAnswers } from "./validate-answers.ts";

const en = (s: string) => ({ en: s });
const options = [
  { value: "a", label: en("A") },
  { value: "b", label: en("B") },
];
type Unlabelled<T> = T extends Field ? Omit<T, "label"> : never;
const f = (field: Unlabelled<Field>): Field => ({ label: en("L"), ...field }) as Field;

describe("checkField", () => {
  it.each([
    [f({ id: "x", type: "text", required: true }), "  ", { value: null, error: "FIELD_REQUIRED" }],
    [f({ id: "x", type: "text" }), "", { value: null }],
    [f({ id: "x", type: "text", maxLength: 3 }), "abcd", { value: null, error: "TEXT_TOO_LONG" }],
    [f({ id: "x", type: "text" }), " hi ", { value: "hi" }],
    [f({ id: "x", type: "email" }), "nope", { value: null, error: "EMAIL_INVALID" }],
    [f({ id: "x", type: "email" }), "a@b.co", { value: "a@b.co" }],
    [f({ id: "x", type: "phone" }), "call me", { value: null, error: "PHONE_INVALID" }],
    [f({ id: "x", type: "phone" }), "+49 40 1234567", { value: "+49 40 1234567" }],
    [f({ id: "x", type: "number", min: 1, max: 10 }), "11", { value: null, error: "NUMBER_OUT_OF_RANGE" }],
    [f({ id: "x", type: "number" }), "1e", { value: null, error: "NUMBER_INVALID" }],
    [f({ id: "x", type: "number" }), "007", { value: "7" }],
    [f({ id: "x", type: "date" }), "2026-02-30", { value: null, error: "DATE_INVALID" }],
    [f({ id: "x", type: "date" }), "2026-02-28", { value: "2026-02-28" }],
    [f({ id: "x", type: "radio", options, required: true }), "", { value: null, error: "OPTION_REQUIRED" }],
    [f({ id: "x", type: "dropdown", options }), "z", { value: null, error: "OPTION_INVALID" }],
    [f({ id: "x", type: "checkboxes", options, required: true }), [], { value: null, error: "OPTION_REQUIRED" }],
    [f({ id: "x", type: "checkboxes", options }), ["a", "z"], { value: null, error: "OPTION_INVALID" }],
    [f({ id: "x", type: "checkboxes", options }), ["b", "a"], { value: ["b", "a"] }],
    [f({ id: "x", type: "consent", required: true }), "", { value: null, error: "FIELD_REQUIRED" }],
    [f({ id: "x", type: "consent", required: true }), "yes", { value: "yes" }],
    [f({ id: "x", type: "rating", max: 5, required: true }), "", { value: null, error: "OPTION_REQUIRED" }],
    [f({ id: "x", type: "rating", max: 5 }), "6", { value: null, error: "OPTION_INVALID" }],
    [f({ id: "x", type: "rating", max: 5 }), "5", { value: "5" }],
    [f({ id: "x", type: "static" }), "ignored", { value: null }],
    [f({ id: "x", type: "image", src: "/a.png" }), "ignored", { value: null }],
    // Money: typed with either decimal sign, kept with the currency's own minor digits.
    [f({ id: "x", type: "money", currency: "EUR" }), "45,5", { value: "45.50" }],
    [f({ id: "x", type: "money", currency: "EUR" }), " 1 200 ", { value: "1200.00" }],
    [f({ id: "x", type: "money", currency: "JPY" }), "4500", { value: "4500" }],
    [f({ id: "x", type: "money", currency: "JPY" }), "4500.5", { value: null, error: "AMOUNT_INVALID" }],
    [f({ id: "x", type: "money", currency: "KWD" }), "1.25", { value: "1.250" }],
    [f({ id: "x", type: "money", currency: "EUR" }), "-5", { value: null, error: "AMOUNT_INVALID" }],
    [f({ id: "x", type: "money", currency: "EUR" }), "€5", { value: null, error: "AMOUNT_INVALID" }],
    [
      f({ id: "x", type: "money", currency: "EUR", minMinor: 1000 }),
      "9.99",
      { value: null, error: "AMOUNT_OUT_OF_RANGE" },
    ],
    [f({ id: "x", type: "money", currency: "EUR", maxMinor: 50000 }), "500", { value: "500.00" }],
    [f({ id: "x", type: "money", currency: "EUR", required: true }), "", { value: null, error: "FIELD_REQUIRED" }],
  ] as const)("%o with %o", (field, raw, expected) => {
    expect(checkField(field, raw)).toEqual(expected);
  });
});

describe("validateAnswers", () => {
  const definition: FormDefinition = {
    formatVersion: 1,
    slides: [
      {
        id: "one",
        fields: [
          f({
            id: "pet",
            type: "radio",
            options: [
              { value: "dog", label: en("Dog") },
              { value: "cat", label: en("Cat") },
            ],
            required: true,
          }),
          f({
            id: "breed",
            type: "text",
            required: true,
            visibility: {
              mode: "show",
              when: { combine: "and", conditions: [{ field: "pet", op: "equals", value: "dog" }] },
            },
          }),
          f({ id: "source", type: "hidden" }),
        ],
      },
      { id: "two", fields: [f({ id: "email", type: "email", required: true })] },
    ],
    endings: [{ id: "end", kind: "message", title: en("Thanks") }],
  };

  it("requires a field only while it is shown, keeps hidden URL fields, drops unknown answers", () => {
    expect(validateAnswers(definition, ["one"], { pet: "cat", breed: "poodle", source: "ad", extra: "x" })).toEqual({
      answers: { pet: "cat", source: "ad" },
      errors: [],
    });
    expect(validateAnswers(definition, ["one"], { pet: "dog" }).errors).toEqual([
      { field: "breed", code: "FIELD_REQUIRED" },
    ]);
  });

  it("validates only the slides on the path", () => {
    expect(validateAnswers(definition, ["one", "two"], { pet: "cat", email: "x" }).errors).toEqual([
      { field: "email", code: "EMAIL_INVALID" },
    ]);
  });
});

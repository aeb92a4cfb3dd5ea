import { describe, expect, it } from "vitest";
import { attachableFormError, checkAttachedAnswers, consentWording } from "./attached-form.ts";
import type { FormDefinition } from "./definition.ts";

const form: FormDefinition = {
  formatVersion: 1,
  slides: [
    {
      id: "main",
      fields: [
        { id: "goal", type: "text", label: { en: "Goal" }, required: true },
        { id: "email", type: "email", label: { en: "Work email" } },
        {
          id: "level",
          type: "radio",
          label: { en: "Level" },
          options: [
            { value: "new", label: { en: "New" } },
            { value: "some", label: { en: "Some" } },
          ],
        },
        {
          id: "injury",
          type: "text",
          label: { en: "Injury" },
          required: true,
          visibility: {
            mode: "show",
            when: { combine: "and", conditions: [{ field: "level", op: "equals", value: "some" }] },
          },
        },
        { id: "ok", type: "consent", label: { en: "I agree", de: "Ich stimme zu" } },
      ],
    },
  ],
  endings: [{ id: "thanks", kind: "message", title: { en: "Thanks" } }],
};

describe("attachableFormError", () => {
  it("takes a one-page form, refuses a survey and a form with file fields", () => {
    expect(attachableFormError("form", form)).toBeNull();
    expect(attachableFormError("survey", form)).toBe("FORM_IS_SURVEY");
    expect(attachableFormError("form", { ...form, slides: [...form.slides, { id: "two", fields: [] }] })).toBe(
      "FORM_IS_SURVEY",
    );
    const withFile: FormDefinition = {
      ...form,
      slides: [{ id: "main", fields: [{ id: "cv", type: "file", label: { en: "CV" } } as never] }],
    };
    expect(attachableFormError("form", withFile)).toBe("FORM_HAS_FILE_FIELDS");
  });
});

describe("checkAttachedAnswers", () => {
  it.each([
    ["nothing given", {}, [["goal", "FIELD_REQUIRED"]]],
    ["a shown field left empty", { goal: "x", level: "some" }, [["injury", "FIELD_REQUIRED"]]],
    ["a hidden field is not required", { goal: "x", level: "new" }, []],
    ["a bad email", { goal: "x", email: "nope" }, [["email", "EMAIL_INVALID"]]],
    ["an unknown option", { goal: "x", level: "lots" }, [["level", "OPTION_INVALID"]]],
    [
      "not strings at all",
      { goal: { evil: true }, level: 5 },
      [
        ["goal", "FIELD_REQUIRED"],
        ["level", "OPTION_INVALID"],
      ],
    ],
  ])("%s", (_, raw, errors) => {
    expect(checkAttachedAnswers(form, raw).errors.map((e) => [e.field, e.code])).toEqual(errors);
  });

  it("keeps only the shown fields' answers, trimmed", () => {
    expect(
      checkAttachedAnswers(form, { goal: "  Run ", level: "new", injury: "hidden", ok: "yes", extra: "x" }).answers,
    ).toEqual({ goal: "Run", level: "new", ok: "yes" });
  });
});

describe("consentWording", () => {
  it("names the consent given, in the visitor's language, and nothing without one", () => {
    expect(consentWording(form, { ok: "yes" }, ["de", "en"])).toBe("Ich stimme zu");
    expect(consentWording(form, {}, ["en"])).toBeNull();
  });
});

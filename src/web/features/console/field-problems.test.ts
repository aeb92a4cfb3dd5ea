import type { I18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { ApiProblem } from "./console-api.ts";
import { messageAt } from "./field-problems.ts";

/** Message ids stand for themselves: which one a refusal picks is what is tested. */
const i18n = { _: (id: string) => id } as unknown as I18n;
const refusal = (...errors: { path: string; code: string }[]) =>
  new ApiProblem(
    400,
    "SETUP_INVALID",
    "",
    errors.map((e) => ({ ...e, message: "" })),
  );

describe("messageAt", () => {
  it("says why a form cannot be attached, and the field's own message for anything else", () => {
    const fallback = "console.calendars.error.form";
    expect(messageAt(i18n, refusal({ path: "formId", code: "FORM_HAS_FILE_FIELDS" }), "formId", fallback)).toBe(
      "console.calendars.setup.FORM_HAS_FILE_FIELDS",
    );
    expect(messageAt(i18n, refusal({ path: "formId", code: "FORM_IS_SURVEY" }), "formId", fallback)).toBe(
      "console.calendars.setup.FORM_IS_SURVEY",
    );
    expect(messageAt(i18n, refusal({ path: "formId", code: "REFERENCE_NOT_FOUND" }), "formId", fallback)).toBe(
      fallback,
    );
    expect(messageAt(i18n, refusal({ path: "name", code: "too_big" }), "formId", fallback)).toBeUndefined();
  });
});

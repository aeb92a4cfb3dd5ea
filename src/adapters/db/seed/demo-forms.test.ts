import { describe, expect, it } from "vitest";
import { FormDefinitionSchema } from "../../../app/forms/definition-schema.ts";
import { checkDefinition } from "../../../core/forms/check-definition.ts";
import { walk } from "../../../core/forms/logic.ts";
import { attachableFormError } from "../../../core/forms/attached-form.ts";
import { DEMO_CONTACT_FORM, DEMO_INTAKE_FORM, DEMO_SURVEY } from "./demo-forms.ts";

describe("the demo's form and survey", () => {
  it("are definitions the business API accepts", () => {
    expect(FormDefinitionSchema.safeParse(DEMO_CONTACT_FORM).success).toBe(true);
    expect(FormDefinitionSchema.safeParse(DEMO_SURVEY).success).toBe(true);
    expect(checkDefinition(DEMO_CONTACT_FORM, "form")).toEqual([]);
    expect(checkDefinition(DEMO_SURVEY, "survey")).toEqual([]);
    expect(FormDefinitionSchema.safeParse(DEMO_INTAKE_FORM).success).toBe(true);
    expect(checkDefinition(DEMO_INTAKE_FORM, "form")).toEqual([]);
    expect(attachableFormError("form", DEMO_INTAKE_FORM)).toBeNull();
  });
  it("branch: new and returning visitors see different slides, minors are disqualified", () => {
    expect(walk(DEMO_SURVEY, { adult: "yes", firstVisit: "yes" }).path).toEqual(["about", "new", "details"]);
    expect(walk(DEMO_SURVEY, { adult: "yes", firstVisit: "no" }).path).toEqual(["about", "returning", "details"]);
    expect(walk(DEMO_SURVEY, { adult: "no", firstVisit: "no" }).kind).toBe("disqualified");
  });
});

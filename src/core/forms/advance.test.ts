import { describe, expect, it } from "vitest";
import type { FormDefinition } from "./definition.ts";
import { advance, pathTo, slidesAhead } from "./advance.ts";

const en = (s: string) => ({ en: s });
const yesNo = [
  { value: "yes", label: en("Yes") },
  { value: "no", label: en("No") },
];
const survey: FormDefinition = {
  formatVersion: 1,
  slides: [
    {
      id: "first",
      fields: [{ id: "member", type: "radio", label: en("Member?"), options: yesNo, required: true }],
      rules: [
        {
          when: { combine: "and", conditions: [{ field: "member", op: "equals", value: "yes" }] },
          action: { type: "jump", to: "last" },
        },
      ],
    },
    {
      id: "middle",
      fields: [{ id: "over18", type: "radio", label: en("18+?"), options: yesNo, required: true }],
      rules: [
        {
          when: { combine: "and", conditions: [{ field: "over18", op: "equals", value: "no" }] },
          action: { type: "disqualify", timing: "immediately", message: en("Sorry") },
        },
      ],
    },
    { id: "last", fields: [{ id: "email", type: "email", label: en("Email"), required: true }] },
  ],
  endings: [{ id: "end", kind: "message", title: en("Thanks") }],
};

describe("advance", () => {
  it("refuses next with the slide's errors and stays", () => {
    expect(advance(survey, {}, "first", "next")).toEqual({
      kind: "slide",
      path: ["first"],
      errors: [{ field: "member", code: "OPTION_REQUIRED" }],
    });
  });
  it("follows the jump and counts only the slides on the path", () => {
    expect(advance(survey, { member: "yes" }, "first", "next")).toEqual({
      kind: "slide",
      path: ["first", "last"],
      errors: [],
    });
    expect(advance(survey, { member: "no" }, "first", "next")).toEqual({
      kind: "slide",
      path: ["first", "middle"],
      errors: [],
    });
  });
  it("goes back one slide on the path, keeping answers for the page to show", () => {
    expect(advance(survey, { member: "yes", email: "a@b.co" }, "last", "back")).toEqual({
      kind: "slide",
      path: ["first"],
      errors: [],
    });
  });
  it("disqualifies immediately", () => {
    expect(advance(survey, { member: "no", over18: "no" }, "middle", "next")).toEqual({
      kind: "disqualified",
      message: en("Sorry"),
    });
  });
  it("completes with the cleaned answers of the path only", () => {
    const result = advance(survey, { member: "yes", over18: "no", email: " a@b.co " }, "last", "next");
    expect(result).toMatchObject({
      kind: "complete",
      path: ["first", "last"],
      answers: { member: "yes", email: "a@b.co" },
    });
  });
  it("sends a visitor whose earlier answer became invalid back to that slide", () => {
    expect(pathTo(survey, { member: "yes" }, "middle")).toEqual(["first"]);
    expect(pathTo(survey, { member: "maybe" }, "last")).toEqual(["first", "middle", "last"]);
    expect(advance(survey, { member: "maybe", email: "a@b.co" }, "last", "next")).toMatchObject({
      kind: "slide",
      path: ["first"],
      errors: [{ field: "member", code: "OPTION_INVALID" }],
    });
  });
});

describe("slidesAhead", () => {
  it("is the longest way to an ending", () => {
    expect(slidesAhead(survey, "first")).toBe(3);
    expect(slidesAhead(survey, "middle")).toBe(2);
    expect(slidesAhead(survey, "last")).toBe(1);
  });
});

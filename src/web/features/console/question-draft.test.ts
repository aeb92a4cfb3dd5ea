import { describe, expect, it } from "vitest";
import { NEW_QUESTION, questionDraftOf, questionsBody } from "./question-draft.ts";

describe("questionsBody", () => {
  it("gives new questions ids from their labels, unique, and keeps saved ones' ids", () => {
    const body = questionsBody([
      { ...NEW_QUESTION, id: "allergies", label: "Something else" },
      { ...NEW_QUESTION, label: " Allergies? " },
      { ...NEW_QUESTION, label: "Allergies!" },
      { ...NEW_QUESTION, label: "???" },
    ]);
    expect(body.map((q) => [q.id, q.label])).toEqual([
      ["allergies", "Something else"],
      ["allergies-2", "Allergies?"],
      ["allergies-3", "Allergies!"],
      ["question", "???"],
    ]);
    for (const q of body) expect(q.id).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
  });

  it("sends choices, one per line, only for the kinds that take them", () => {
    const [select, text] = questionsBody([
      { ...NEW_QUESTION, label: "Hair", kind: "select", required: true, options: "Short\n\n Long \n" },
      { ...NEW_QUESTION, label: "Note", options: "left over from a select" },
    ]);
    expect(select).toEqual({ id: "hair", label: "Hair", kind: "select", required: true, options: ["Short", "Long"] });
    expect(text).toEqual({ id: "note", label: "Note", kind: "text", required: false });
    // A choice question without choices is sent as it is, for the API to refuse at its options.
    expect(questionsBody([{ ...NEW_QUESTION, label: "Pick", kind: "checkbox" }])[0]!.options).toEqual([]);
  });

  it("reads a stored question back as it was", () => {
    const stored = { id: "size", label: "Size", kind: "select" as const, required: false, options: ["S", "M"] };
    expect(questionsBody([questionDraftOf(stored)])).toEqual([stored]);
  });
});
